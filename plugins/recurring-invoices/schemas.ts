import { t } from 'elysia';
import { literalUnion } from '../../kernel/schemas';
import { IsoDate, Notes, Nullable, paginated, Uuid } from '../documents/api';
import { InvoiceSchemas } from '../invoices/api';

export const FREQUENCIES = ['monthly', 'yearly'] as const;
export const ACTIONS = ['issue', 'draft'] as const;
export const TEMPLATE_STATUSES = ['active', 'paused'] as const;
export const RUN_STATUSES = ['created', 'failed'] as const;

// A default fills a field the client left out: right when creating, wrong when changing (it would reset the field).
const Frequency = (fill = true) => literalUnion(FREQUENCIES, { description: '`monthly`: every `interval_months` months; `yearly`: once a year', ...(fill ? { default: 'monthly' } : {}) });
const IntervalMonths = (fill = true) => t.Integer({ minimum: 1, maximum: 12, description: 'With `monthly`: every how many months (1 to 12)', ...(fill ? { default: 1 } : {}) });
const DayOfMonth = t.Integer({ minimum: 1, maximum: 31, description: 'The day each invoice is dated; a shorter month takes its last day (31 → 28 or 29 February). Defaults to the start date\'s day.' });
const Action = (fill = true) => literalUnion(ACTIONS, { description: '`issue`: each invoice is issued (numbered, posted); `draft`: left as a draft to review and issue', ...(fill ? { default: 'issue' } : {}) });
const Send = (fill = true) => t.Boolean({ description: 'Send each issued invoice to the customer by email (done by the document-sending plugin when installed)', ...(fill ? { default: false } : {}) });
const DueDays = Nullable(t.Integer({ minimum: 0, maximum: 365 }), { description: 'Each invoice is due this many days after its date; null: no due date' });
const Lines = t.Array(InvoiceSchemas.InvoiceLine, { minItems: 1, maxItems: 500, description: 'The lines of each invoice, as in InvoiceCreate' });

export const RecurringInvoiceCreate = t.Object({
  contact_id: t.String({ format: 'uuid', description: 'A customer (kind customer, or flagged customer_and_supplier)' }),
  series: t.Optional(InvoiceSchemas.Series),
  frequency: t.Optional(Frequency()),
  interval_months: t.Optional(IntervalMonths()),
  start_date: t.String({ ...IsoDate, description: 'The first period\'s month (a day of month before this date starts the month after)' }),
  end_date: t.Optional(Nullable(IsoDate, { description: 'No period after this date (included); null: no end' })),
  day_of_month: t.Optional(DayOfMonth),
  action: t.Optional(Action()),
  send: t.Optional(Send()),
  due_days: t.Optional(DueDays),
  notes: t.Optional(Nullable(Notes)),
  lines: Lines,
}, { additionalProperties: false, description: 'A template of invoices made every period by the background job' });

export const RecurringInvoiceUpdate = t.Object({
  contact_id: t.Optional(Uuid),
  series: t.Optional(InvoiceSchemas.Series),
  frequency: t.Optional(Frequency(false)),
  interval_months: t.Optional(IntervalMonths(false)),
  start_date: t.Optional(IsoDate),
  end_date: t.Optional(Nullable(IsoDate)),
  day_of_month: t.Optional(DayOfMonth),
  action: t.Optional(Action(false)),
  send: t.Optional(Send(false)),
  due_days: t.Optional(DueDays),
  notes: t.Optional(Nullable(Notes)),
  lines: t.Optional(Lines),
}, { additionalProperties: false, description: 'Any create field, at least one. Only periods not made yet change: invoices already made stay as they are.' });

export const RecurringInvoiceResponse = t.Object({
  id: Uuid,
  contact_id: Uuid,
  series: t.String(),
  frequency: Frequency(false),
  interval_months: t.Integer(),
  start_date: IsoDate,
  end_date: Nullable(IsoDate),
  day_of_month: t.Integer(),
  action: Action(false),
  send: t.Boolean(),
  due_days: Nullable(t.Integer()),
  notes: Nullable(t.String()),
  lines: Lines,
  status: literalUnion(TEMPLATE_STATUSES, { description: '`paused`: no invoice is made; periods that fall due while paused are skipped, not made on resume' }),
  paused_on: Nullable(IsoDate),
  next_period: Nullable(IsoDate, { description: 'The date of the next invoice to make (null: the schedule has ended)' }),
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});

export const RecurringInvoiceRunResponse = t.Object({
  id: Uuid,
  template_id: Uuid,
  period: IsoDate,
  status: literalUnion(RUN_STATUSES, { description: '`created`: the invoice was made; `failed`: it could not be (see `error`), retried on the next pass' }),
  invoice_id: Nullable(Uuid),
  invoice_number: Nullable(t.String(), { description: 'As issued; null for a draft' }),
  invoice_status: Nullable(t.String(), { description: 'The invoice\'s status when it was made (`issued` or `draft`)' }),
  error: Nullable(t.String()),
  attempts: t.Integer(),
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});

const Limit = t.Optional(t.Integer({ minimum: 1, maximum: 200, default: 50 }));
const Offset = t.Optional(t.Integer({ minimum: 0, default: 0 }));

export const RecurringInvoiceListQuery = t.Object({ limit: Limit, offset: Offset, status: t.Optional(literalUnion(TEMPLATE_STATUSES)) });
export const RecurringInvoiceRunListQuery = t.Object({ limit: Limit, offset: Offset });

export const recurringInvoiceModels = {
  RecurringInvoiceCreate, RecurringInvoiceUpdate, RecurringInvoiceResponse, RecurringInvoiceRunResponse,
  PaginatedResponse_RecurringInvoiceResponse_: paginated(RecurringInvoiceResponse),
  PaginatedResponse_RecurringInvoiceRunResponse_: paginated(RecurringInvoiceRunResponse),
};
