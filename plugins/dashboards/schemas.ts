import { t } from 'elysia';
import { literalUnion } from '../../kernel/schemas';

export const GRID_COLUMNS = 12;
export const MAX_ROWS = 200;
export const MAX_WIDGETS = 50;

export const PERIODS = ['this_month', 'last_month', 'this_quarter', 'last_quarter', 'this_year', 'last_year', 'last_12m', 'ytd'] as const;
export type PeriodName = (typeof PERIODS)[number];
export const PeriodParam = (defaultValue: PeriodName) => literalUnion(PERIODS, { default: defaultValue, description: 'Period relative to today (Spain)' });

const WidgetType = t.String({ minLength: 1, maxLength: 64, description: 'A type of GET /dashboard/widget-types' });
const Params = t.Record(t.String(), t.Unknown(), { description: 'The widget type\'s parameters (its data endpoint\'s query); defaults apply to the missing ones' });

export const WidgetIn = t.Object({
  id: t.Optional(t.String({ format: 'uuid', description: 'Kept when given (an edit); assigned otherwise' })),
  type: WidgetType,
  params: t.Optional(Params),
  x: t.Integer({ minimum: 0, maximum: GRID_COLUMNS - 1, description: 'Column of the left edge, 0–11' }),
  y: t.Integer({ minimum: 0, maximum: MAX_ROWS - 1, description: 'Row of the top edge' }),
  w: t.Integer({ minimum: 1, maximum: GRID_COLUMNS, description: 'Width in columns; x + w ≤ 12' }),
  h: t.Integer({ minimum: 1, maximum: 24, description: 'Height in rows' }),
});

export const WidgetOut = t.Object({
  id: t.String({ format: 'uuid' }), type: t.String(), params: t.Record(t.String(), t.Unknown()),
  x: t.Integer(), y: t.Integer(), w: t.Integer(), h: t.Integer(),
});

const Name = t.String({ minLength: 1, maxLength: 120 });
const Widgets = t.Array(WidgetIn, { maxItems: MAX_WIDGETS, description: 'Inside the 12-column grid, none overlapping (422 otherwise)' });

export const DashboardCreate = t.Object({
  name: Name,
  widgets: t.Optional(Widgets),
  is_default: t.Optional(t.Boolean({ description: 'Make it the calling user\'s default board' })),
});

export const DashboardUpdate = t.Object({
  name: t.Optional(Name),
  widgets: t.Optional(t.Array(WidgetIn, { maxItems: MAX_WIDGETS, description: 'Replaces the widgets: inside the grid, none overlapping' })),
  is_default: t.Optional(t.Boolean({ description: 'true: the calling user\'s default board; false: no longer their default' })),
});

export const DashboardOut = t.Object({
  id: t.String({ format: 'uuid' }),
  name: t.String(),
  is_default: t.Boolean({ description: 'Whether it is the calling user\'s default board' }),
  columns: t.Integer({ description: 'Grid width (12)' }),
  widgets: t.Array(WidgetOut),
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});

export const DashboardListItem = t.Object({
  id: t.String({ format: 'uuid' }),
  name: t.String(),
  is_default: t.Boolean(),
  widget_count: t.Integer(),
  updated_at: t.String({ format: 'date-time' }),
});

export const WidgetTypeOut = t.Object({
  type: t.String(),
  title: t.String(),
  description: t.String(),
  default_size: t.Object({ w: t.Integer(), h: t.Integer() }),
  params: t.Record(t.String(), t.Unknown(), { description: 'JSON Schema of each parameter (type, default, enum, limits)' }),
  data_endpoint: t.String({ description: 'GET endpoint answering the widget\'s data' }),
  recommended: t.Boolean({ description: 'Part of the recommended template (append-recommended)' }),
});

export const CatalogResponse = t.Object({ columns: t.Integer(), items: t.Array(WidgetTypeOut) });

export const WidgetDataRequest = t.Object({
  type: WidgetType,
  params: t.Optional(Params),
});

export const BoardDataRequest = t.Object({
  board_id: t.Optional(t.String({ format: 'uuid', description: 'The board to show; default: the calling user\'s default board, else the company\'s first, else the recommended widgets' })),
  period: t.Optional(literalUnion(PERIODS, { description: 'Sets `period` of every widget that takes one (the board\'s own otherwise)' })),
  extra: t.Optional(t.Array(WidgetDataRequest, { maxItems: 10, description: 'More widgets\' data in the same answer (a series drawn beside a chart of the board)' })),
}, { additionalProperties: false });

const WidgetAnswer = {
  data: t.Optional(t.Record(t.String(), t.Unknown(), { description: 'As POST /dashboard/data answers it; absent when `error` is given' })),
  error: t.Optional(t.Object({ status: t.Integer(), detail: t.String() }, { description: 'Why this widget has no data (403: a read permission the caller lacks; 422: bad parameters); the other widgets are unaffected' })),
};

export const BoardDataResponse = t.Object({
  board: t.Union([t.Object({ id: t.String({ format: 'uuid' }), name: t.String(), is_default: t.Boolean() }), t.Null()], { description: 'The board shown; null: the company has none and the recommended widgets are shown' }),
  columns: t.Integer({ description: 'Grid width (12)' }),
  widgets: t.Array(t.Object({
    id: t.String({ description: 'The widget\'s id on the board (its type for a recommended widget)' }), type: t.String(), params: t.Record(t.String(), t.Unknown(), { description: 'As used: defaults and the requested period applied' }),
    x: t.Integer(), y: t.Integer(), w: t.Integer(), h: t.Integer(), ...WidgetAnswer,
  })),
  extra: t.Array(t.Object({ type: t.String(), params: t.Record(t.String(), t.Unknown()), ...WidgetAnswer })),
});

export const SummaryQuery = t.Object({ year: t.Optional(t.Integer({ minimum: 2000, maximum: 2100, description: 'Calendar year; default the current one' })) });

export const dashboardModels = { DashboardCreate, DashboardUpdate, DashboardOut, DashboardListItem, CatalogResponse, WidgetDataRequest, BoardDataRequest, BoardDataResponse };
