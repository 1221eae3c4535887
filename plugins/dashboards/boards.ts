import { NotFound, ValidationFailed } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import type { WidgetType } from './contract';
import { bottomOf, checkLayout, stackBelow } from './grid';
import { widgetParams } from './params';
import { GRID_COLUMNS } from './schemas';

export interface Widget { id: string; type: string; params: Record<string, unknown>; x: number; y: number; w: number; h: number }
interface WidgetInput { id?: string; type: string; params?: Record<string, unknown>; x: number; y: number; w: number; h: number }
interface BoardRow { id: string; name: string; widgets: Widget[] | string; created_at: unknown; updated_at: unknown; is_default: boolean }

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const widgetsOf = (row: BoardRow): Widget[] => (typeof row.widgets === 'string' ? JSON.parse(row.widgets) : row.widgets);

export const boardToJson = (row: BoardRow) => ({
  id: row.id, name: row.name, is_default: row.is_default, columns: GRID_COLUMNS, widgets: widgetsOf(row),
  created_at: iso(row.created_at), updated_at: iso(row.updated_at),
});
export const boardListItem = (row: BoardRow) => ({
  id: row.id, name: row.name, is_default: row.is_default, widget_count: widgetsOf(row).length, updated_at: iso(row.updated_at),
});

const SELECT = `select b.id::text as id, b.name, b.widgets, b.created_at, b.updated_at, (d.board_id is not null) as is_default
  from dashboard_boards b left join dashboard_default_boards d on d.tenant_id = b.tenant_id and d.board_id = b.id and d.user_id = :user`;

/** account.exporting: every board of the company with its widgets, and the users who have it as their default. */
export async function exportBoards(tx: Tx) {
  const rows = await tx.sql<BoardRow & { created_by: string | null; default_for: string[] | null }>(`
    select b.id::text as id, b.name, b.widgets, b.created_by::text as created_by, b.created_at, b.updated_at, false as is_default,
      (select array_agg(d.user_id::text order by d.user_id) from dashboard_default_boards d where d.tenant_id = b.tenant_id and d.board_id = b.id) as default_for
    from dashboard_boards b where b.tenant_id = :tenant order by b.created_at, b.id`);
  return {
    boards: rows.map((row) => {
      const { is_default: _, ...board } = boardToJson(row);
      return { ...board, created_by: row.created_by, default_for_users: row.default_for ?? [] };
    }),
  };
}

/** Boards of the company; the default flag is per user. `catalog` is the contributed widget types by type. */
export class Boards {
  constructor(private readonly catalog: ReadonlyMap<string, WidgetType>) {}

  async list(tx: Tx, userId: string) {
    return tx.sql<BoardRow>(`${SELECT} where b.tenant_id = :tenant order by b.created_at, b.id`, { user: userId });
  }

  async get(tx: Tx, userId: string, id: string) {
    const [row] = await tx.sql<BoardRow>(`${SELECT} where b.tenant_id = :tenant and b.id = :id`, { user: userId, id });
    if (!row) throw new NotFound('Board not found');
    return row;
  }

  async create(tx: Tx, userId: string, input: { name: string; widgets?: WidgetInput[]; is_default?: boolean }) {
    const widgets = this.checked(input.widgets ?? []);
    const id = crypto.randomUUID();
    await tx.sql(`insert into dashboard_boards (tenant_id, id, name, widgets, created_by) values (:tenant, :id, :name, :widgets::jsonb, :user)`,
      { id, name: input.name.trim(), widgets: JSON.stringify(widgets), user: userId });
    if (input.is_default) await this.setDefault(tx, userId, id, true);
    return this.get(tx, userId, id);
  }

  async update(tx: Tx, userId: string, id: string, input: { name?: string; widgets?: WidgetInput[]; is_default?: boolean }) {
    await this.get(tx, userId, id);
    const widgets = input.widgets === undefined ? undefined : this.checked(input.widgets);
    await tx.sql(`update dashboard_boards set name = coalesce(:name, name), widgets = coalesce(:widgets::jsonb, widgets), updated_at = now()
      where tenant_id = :tenant and id = :id`, { id, name: input.name?.trim() ?? null, widgets: widgets ? JSON.stringify(widgets) : null });
    if (input.is_default !== undefined) await this.setDefault(tx, userId, id, input.is_default);
    return this.get(tx, userId, id);
  }

  async remove(tx: Tx, userId: string, id: string) {
    await this.get(tx, userId, id);
    await tx.sql(`delete from dashboard_boards where tenant_id = :tenant and id = :id`, { id });
  }

  /** Adds the recommended widgets whose type is not on the board yet, in fresh rows below the lowest widget. */
  async appendRecommended(tx: Tx, userId: string, id: string) {
    const row = await this.get(tx, userId, id);
    const widgets = widgetsOf(row);
    const present = new Set(widgets.map((w) => w.type));
    const missing = recommendedTemplate(this.catalog).filter((type) => !present.has(type.type));
    if (!missing.length) return row;
    const placed = stackBelow(missing.map((type) => type.defaultSize), bottomOf(widgets));
    const added = missing.map((type, i) => ({ id: crypto.randomUUID(), type: type.type, params: widgetParams(type, {}, []), ...placed[i] }));
    await tx.sql(`update dashboard_boards set widgets = :widgets::jsonb, updated_at = now() where tenant_id = :tenant and id = :id`,
      { id, widgets: JSON.stringify([...widgets, ...added]) });
    return this.get(tx, userId, id);
  }

  private async setDefault(tx: Tx, userId: string, id: string, on: boolean) {
    if (on) {
      await tx.sql(`insert into dashboard_default_boards (tenant_id, user_id, board_id) values (:tenant, :user, :id)
        on conflict (tenant_id, user_id) do update set board_id = excluded.board_id`, { user: userId, id });
    } else {
      await tx.sql(`delete from dashboard_default_boards where tenant_id = :tenant and user_id = :user and board_id = :id`, { user: userId, id });
    }
  }

  private checked(input: WidgetInput[]): Widget[] {
    checkLayout(input);
    const ids = new Set<string>();
    return input.map((widget, i) => {
      const type = this.catalog.get(widget.type);
      if (!type) throw ValidationFailed.field(['body', 'widgets', i, 'type'], `Unknown widget type "${widget.type}" (GET /dashboard/widget-types lists them)`, 'value_error.widget_type');
      const id = widget.id ?? crypto.randomUUID();
      if (ids.has(id)) throw ValidationFailed.field(['body', 'widgets', i, 'id'], 'Two widgets share this id');
      ids.add(id);
      return { id, type: widget.type, params: widgetParams(type, widget.params, ['body', 'widgets', i, 'params']), x: widget.x, y: widget.y, w: widget.w, h: widget.h };
    });
  }
}

/** The recommended template: widget types with a `recommended` rank, lowest first. */
export function recommendedTemplate(catalog: ReadonlyMap<string, WidgetType>): WidgetType[] {
  return [...catalog.values()].filter((type) => type.recommended !== undefined).sort((a, b) => a.recommended! - b.recommended!);
}
