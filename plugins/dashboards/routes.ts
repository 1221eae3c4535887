import { CloneType } from '@sinclair/typebox';
import { Elysia, t } from 'elysia';
import { DomainError, Forbidden, ValidationFailed } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import type { Principal } from '../../kernel/principal';
import { noContent } from '../../kernel/openapi';
import { todayInSpain } from '../ledger/api';
import { queryBounds } from '../../kernel/query-bounds';
import { boardListItem, Boards, boardToJson, recommendedTemplate } from './boards';
import { stackBelow } from './grid';
import { widgetReads, type WidgetContext, type WidgetType } from './contract';
import { widgetParams } from './params';
import { CatalogResponse, dashboardModels, GRID_COLUMNS, SummaryQuery, type PeriodName } from './schemas';
import { SUMMARY_READS, yearSummary } from './widgets';

const tags = ['dashboards'];
const BoardParams = t.Object({ board_id: t.String({ format: 'uuid' }) });
const FreeForm = t.Record(t.String(), t.Unknown(), { description: 'Free-form JSON object; amounts as decimal strings' });
export const dataEndpoint = (type: string) => `/api/v1/dashboard/data/${type}`;

/** The catalogue entry of a widget type: its parameters as JSON Schema (TypeBox schemas are JSON Schema). */
function catalogEntry(widget: WidgetType) {
  const params = Object.fromEntries(Object.entries(widget.query.properties).map(([name, schema]) => [name, JSON.parse(JSON.stringify(schema))]));
  return {
    type: widget.type, title: widget.title, description: widget.description, default_size: widget.defaultSize,
    params, data_endpoint: dataEndpoint(widget.type), recommended: widget.recommended !== undefined,
  };
}

export function dashboardRoutes(kernel: Kernel) {
  const types = kernel.contributions('widget-types');
  const catalog = new Map(types.map((widget) => [widget.type, widget]));
  const boards = new Boards(catalog);
  const context = (): WidgetContext => ({ kernel, today: todayInSpain() });
  /** 403 unless the caller may read every resource the data shows, as those resources' routes check it. */
  const requireReads = (principal: Principal, permissions: readonly string[]) => {
    const refusal = permissions.map((permission) => kernel.permissions.refusal(principal, permission)).find((reason) => reason !== null);
    if (refusal) throw new Forbidden(refusal);
  };
  const catalogue = { columns: GRID_COLUMNS, items: [...recommendedTemplate(catalog), ...types.filter((w) => w.recommended === undefined)].map(catalogEntry) };

  /** The recommended widgets laid out as `append-recommended` lays them out on an empty board (ids: their types). */
  const recommended = recommendedTemplate(catalog);
  const recommendedPlaces = stackBelow(recommended.map((type) => type.defaultSize), 0);
  const recommendedLayout = () => recommended.map((type, i) => ({ id: type.type, type: type.type, params: {} as Record<string, unknown>, ...recommendedPlaces[i] }));
  /**
   * One widget's data in the caller's transaction, or why there is none: a domain error (bad
   * parameters, a read permission the caller lacks) is that widget's answer, not the board's.
   * A database error aborts the transaction, so it fails the whole request.
   */
  const widgetAnswer = async (tx: Parameters<WidgetType['data']>[0], principal: Principal, type: string, given: Record<string, unknown>, period?: PeriodName) => {
    const widget = catalog.get(type);
    if (!widget) return { params: given, error: { status: 422, detail: `Unknown widget type "${type}" (GET /dashboard/widget-types lists them)` } };
    let params = given;
    try {
      params = widgetParams(widget, period && 'period' in widget.query.properties ? { ...given, period } : given, ['params']);
      requireReads(principal, widgetReads(widget, params));
      return { params, data: await widget.data(tx, params, context()) };
    } catch (error) {
      if (!(error instanceof DomainError) || error.status >= 500) throw error;
      return { params, error: { status: error.status, detail: error.message } };
    }
  };

  let app = new Elysia({ name: 'cuadra:dashboards', prefix: '/dashboard' })
    .use(kernel.http)
    .model({ ...dashboardModels, CatalogResponse })
    .get('/widget-types', () => catalogue, {
      response: { 200: 'CatalogResponse' },
      detail: { summary: 'The widget catalogue: every widget type the installed plugins contribute, with its size, parameters and data endpoint (no authentication)', tags },
    })
    .get('/boards', async ({ uow, principal }) => uow.run(async (tx) => (await boards.list(tx, principal.userId)).map(boardListItem)), {
      permission: 'dashboards.read', response: { 200: t.Array(t.Ref('DashboardListItem')) },
      detail: { summary: 'The company\'s boards; `is_default` marks the calling user\'s default', tags },
    })
    .post('/boards', async ({ uow, principal, body, set }) => {
      const row = await uow.run((tx) => boards.create(tx, principal.userId, body));
      set.status = 201;
      return boardToJson(row);
    }, {
      permission: 'dashboards.write', body: 'DashboardCreate', response: { 201: 'DashboardOut' },
      detail: { summary: 'Create a board: widgets on a 12-column grid (x + w ≤ 12, none overlapping: 422 otherwise), each of a catalogue type with valid parameters', tags },
    })
    .get('/boards/:board_id', async ({ uow, principal, params }) => boardToJson(await uow.run((tx) => boards.get(tx, principal.userId, params.board_id))), {
      permission: 'dashboards.read', params: BoardParams, response: { 200: 'DashboardOut' },
      detail: { summary: 'One board with its widgets', tags },
    })
    .put('/boards/:board_id', async ({ uow, principal, params, body }) => boardToJson(await uow.run((tx) => boards.update(tx, principal.userId, params.board_id, body))), {
      permission: 'dashboards.write', params: BoardParams, body: 'DashboardUpdate', response: { 200: 'DashboardOut' },
      detail: { summary: 'Rename a board, replace its widgets (same grid rules) or make it (or stop it being) the calling user\'s default', tags },
    })
    .delete('/boards/:board_id', async ({ uow, principal, params, set }) => {
      await uow.run((tx) => boards.remove(tx, principal.userId, params.board_id));
      set.status = 204;
    }, {
      permission: 'dashboards.write', params: BoardParams,
      detail: { summary: 'Delete a board', tags, responses: noContent },
    })
    .post('/boards/:board_id/append-recommended', async ({ uow, principal, params }) => boardToJson(await uow.run((tx) => boards.appendRecommended(tx, principal.userId, params.board_id))), {
      permission: 'dashboards.write', params: BoardParams, response: { 200: 'DashboardOut' },
      detail: { summary: 'Add the recommended widgets whose type is not on the board yet, in fresh rows below the lowest widget; existing widgets stay put, a second call adds nothing', tags },
    })
    .post('/data', async ({ uow, principal, body }) => {
      const widget = catalog.get(body.type);
      if (!widget) throw ValidationFailed.field(['body', 'type'], `Unknown widget type "${body.type}" (GET /dashboard/widget-types lists them)`, 'value_error.widget_type');
      const params = widgetParams(widget, body.params, ['body', 'params']);
      requireReads(principal, widgetReads(widget, params));
      const data = await uow.report((tx) => widget.data(tx, params, context()));
      return { type: widget.type, params, data };
    }, {
      permission: 'dashboards.read', body: 'WidgetDataRequest', response: { 200: FreeForm },
      detail: { summary: 'The data of one widget: `type` and `params` as its data endpoint takes them (defaults applied); answers `{type, params, data}`', tags },
    })
    .post('/board-data', async ({ uow, principal, body }) => uow.report(async (tx) => {
      const chosen = body.board_id
        ? await boards.get(tx, principal.userId, body.board_id)
        : await boards.list(tx, principal.userId).then((rows) => rows.find((row) => row.is_default) ?? rows[0]);
      const board = chosen ? boardToJson(chosen) : null;
      const layout = board ? [...board.widgets].sort((a, b) => a.y - b.y || a.x - b.x) : recommendedLayout();
      const widgets = [];
      // one after the other in this transaction: one connection, no pool to fill
      for (const widget of layout) widgets.push({ ...widget, ...(await widgetAnswer(tx, principal, widget.type, widget.params, body.period)) });
      const extra = [];
      for (const wanted of body.extra ?? []) extra.push({ type: wanted.type, ...(await widgetAnswer(tx, principal, wanted.type, wanted.params ?? {})) });
      return { board: board && { id: board.id, name: board.name, is_default: board.is_default }, columns: GRID_COLUMNS, widgets, extra };
    }), {
      permission: 'dashboards.read', body: 'BoardDataRequest', response: { 200: 'BoardDataResponse' },
      detail: {
        summary: 'A board and every widget\'s data in one request: what a client draws a dashboard from',
        description: 'The board (`board_id`, else the calling user\'s default, else the company\'s first; with none, the recommended widgets as `append-recommended` would place them), its widgets in reading order, each with its data as POST /dashboard/data answers it, all read in one transaction. `period` sets the period of every widget that takes one. A widget whose data the caller may not read (403) or whose parameters are wrong (422) carries `error` instead of `data`; the others are unaffected. `extra` asks for more widgets\' data in the same answer (a series drawn beside a chart).',
        tags,
      },
    })
    .get('/summary', async ({ uow, query, principal }) => {
      requireReads(principal, SUMMARY_READS);
      const today = todayInSpain();
      return uow.report((tx) => yearSummary(tx, query.year ?? Number(today.slice(0, 4)), context()));
    }, {
      permission: 'dashboards.read', query: SummaryQuery, transform: queryBounds(SummaryQuery), response: { 200: FreeForm },
      detail: { summary: 'The year\'s figures from the books: sales, income, purchases, expenses, profit, VAT due, cash, receivables, payables and the months', tags },
    });

  for (const widget of types) {
    const query = CloneType(widget.query);
    app = app.get(`/data/${widget.type}`, async ({ uow, principal, query: given }) => {
      const params = widgetParams(widget, given as Record<string, unknown>, ['query']);
      requireReads(principal, widgetReads(widget, params));
      return uow.report((tx) => widget.data(tx, params, context()));
    }, {
      permission: 'dashboards.read', query, transform: queryBounds(query), response: { 200: FreeForm },
      detail: { summary: `${widget.title}: ${widget.description}`, tags },
    }) as any;
  }
  return app;
}
