import { Conflict, NotFound, ValidationFailed } from '../../kernel/errors';
import { rowBoolean, rowInteger, rowIntegerOrNull, rowJson } from '../../kernel/rows';
import type { Tx } from '../../kernel/uow';
import { actsAs } from '../contacts/api';
import { assertUuid, blankToNull, checkDates, checkLineTaxTypes, checkPostableAccounts, iso, loadContext, parseLineNumbers, pgArray, withTaxTypeIds, type Loc } from '../documents/api';
import { DEFAULT_SERIES, RECTIFYING_SERIES, type InvoiceService } from '../invoices/api';
import { nextPeriod, type Schedule } from './schedule';

/** What InvoiceService.create takes: the job hands each period's invoice to it. */
export type InvoiceInput = Parameters<typeof InvoiceService.create>[1];
export type InvoiceLineWire = InvoiceInput['lines'][number];

export type Frequency = 'monthly' | 'yearly';
export type Action = 'issue' | 'draft';

export interface TemplateInput {
  contact_id: string;
  series?: string;
  frequency?: Frequency;
  interval_months?: number;
  start_date: string;
  end_date?: string | null;
  day_of_month?: number;
  action?: Action;
  send?: boolean;
  due_days?: number | null;
  notes?: string | null;
  lines: InvoiceLineWire[];
}

export type TemplatePatch = Partial<TemplateInput>;

/** A template as stored, dates as `YYYY-MM-DD`. */
export interface Template {
  id: string;
  contactId: string;
  series: string;
  frequency: Frequency;
  intervalMonths: number;
  startDate: string;
  endDate: string | null;
  dayOfMonth: number;
  action: Action;
  send: boolean;
  dueDays: number | null;
  notes: string | null;
  lines: InvoiceLineWire[];
  status: 'active' | 'paused';
  pausedOn: string | null;
  skipped: { from: string; to: string }[];
  nextDue: string | null;
  createdAt: string;
  updatedAt: string;
}

const COLUMNS = `id, contact_id, series, frequency, interval_months, start_date::text as start_date, end_date::text as end_date, day_of_month, action, send,
  due_days, notes, lines, status, paused_on::text as paused_on, skipped, next_due::text as next_due, created_at, updated_at`;

const templateOf = (row: any): Template => ({
  id: row.id, contactId: row.contact_id, series: row.series, frequency: row.frequency, intervalMonths: rowInteger(row.interval_months), startDate: row.start_date,
  endDate: row.end_date ?? null, dayOfMonth: rowInteger(row.day_of_month), action: row.action, send: rowBoolean(row.send),
  dueDays: rowIntegerOrNull(row.due_days), notes: row.notes ?? null, lines: rowJson(row.lines),
  status: row.status, pausedOn: row.paused_on ?? null, skipped: rowJson(row.skipped), nextDue: row.next_due ?? null, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at),
});

export const scheduleOf = (template: Pick<Template, 'startDate' | 'endDate' | 'frequency' | 'intervalMonths' | 'dayOfMonth' | 'skipped'>): Schedule => ({
  startDate: template.startDate, endDate: template.endDate, stepMonths: template.frequency === 'yearly' ? 12 : template.intervalMonths,
  dayOfMonth: template.dayOfMonth, skipped: template.skipped,
});

export const templateToJson = (t: Template) => ({
  id: t.id, contact_id: t.contactId, series: t.series, frequency: t.frequency, interval_months: t.frequency === 'yearly' ? 12 : t.intervalMonths,
  start_date: t.startDate, end_date: t.endDate, day_of_month: t.dayOfMonth, action: t.action, send: t.send, due_days: t.dueDays, notes: t.notes,
  lines: t.lines, status: t.status, paused_on: t.pausedOn, next_period: t.nextDue, created_at: t.createdAt, updated_at: t.updatedAt,
});

const BODY: Loc = ['body'];

/**
 * The customer and lines checked as an invoice's would be when it is created (the documents
 * plugin's public checks): a customer, numbers that parse, tax types usable on sales and active,
 * revenue accounts that take postings. What only issuing checks (the company's data) is checked
 * when each invoice is made, and recorded on its run.
 */
async function checkCustomerAndLines(tx: Tx, contactId: string, lines: InvoiceLineWire[]): Promise<void> {
  const typeIds = lines.flatMap((l) => [l.tax_type_id, l.surcharge_type_id, l.withholding_type_id]).filter((id): id is string => !!id);
  const { contact, types } = await loadContext(tx, contactId, typeIds);
  if (!actsAs(contact, 'customer')) {
    throw ValidationFailed.field([...BODY, 'contact_id'], `Contact ${contact.name} is a supplier; make it a customer (kind customer, or customer_and_supplier true) to invoice it`, 'value_error.contact_kind');
  }
  parseLineNumbers(lines, [...BODY, 'lines']);
  const errors = checkLineTaxTypes(lines, types, 'sales', [...BODY, 'lines'], true);
  if (errors.length) throw new ValidationFailed(errors);
  const overrides = lines.map((l, i) => ({ loc: [...BODY, 'lines', i, 'revenue_account'], code: l.revenue_account ?? '', prefixes: ['7'] })).filter((o) => o.code);
  if (overrides.length) await checkPostableAccounts(tx, overrides);
}

function checkSchedule(t: Pick<Template, 'series' | 'startDate' | 'endDate'>): void {
  if (t.series === RECTIFYING_SERIES) throw ValidationFailed.field([...BODY, 'series'], `Series ${RECTIFYING_SERIES} is reserved for rectifying invoices`, 'value_error.series_reserved');
  checkDates([{ loc: [...BODY, 'start_date'], value: t.startDate }, { loc: [...BODY, 'end_date'], value: t.endDate }]);
  if (t.endDate !== null && t.endDate < t.startDate) throw ValidationFailed.field([...BODY, 'end_date'], 'The end date precedes the start date', 'value_error.date_order');
}

async function find(tx: Tx, id: string, lock = false): Promise<Template> {
  assertUuid(id, 'Recurring invoice');
  const [row] = await tx.sql(`select ${COLUMNS} from recurring_invoice_templates where tenant_id = :tenant and id = :id::uuid${lock ? ' for update' : ''}`, { id });
  if (!row) throw new NotFound('Recurring invoice not found');
  return templateOf(row);
}

/** The latest period whose invoice was made, or null. */
export async function lastMadePeriod(tx: Tx, templateId: string): Promise<string | null> {
  const [row] = await tx.sql<{ last: string | null }>(`select max(period)::text as last from recurring_invoice_runs
    where tenant_id = :tenant and template_id = :id::uuid and status = 'created'`, { id: templateId });
  return row?.last ?? null;
}

async function store(tx: Tx, t: Template, insert: boolean): Promise<Template> {
  const params = {
    id: t.id, contactId: t.contactId, series: t.series, frequency: t.frequency, intervalMonths: t.intervalMonths, startDate: t.startDate, endDate: t.endDate,
    dayOfMonth: t.dayOfMonth, action: t.action, send: t.send, dueDays: t.dueDays, notes: t.notes, lines: JSON.stringify(t.lines), status: t.status,
    pausedOn: t.pausedOn, skipped: JSON.stringify(t.skipped), nextDue: nextPeriod(scheduleOf(t), insert ? null : await lastMadePeriod(tx, t.id)),
  };
  const [row] = insert
    ? await tx.sql(`insert into recurring_invoice_templates (id, tenant_id, contact_id, series, frequency, interval_months, start_date, end_date, day_of_month,
          action, send, due_days, notes, lines, status, paused_on, skipped, next_due)
        values (:id::uuid, :tenant, :contactId::uuid, :series, :frequency, :intervalMonths::int, :startDate::date, :endDate::date, :dayOfMonth::int,
          :action, :send::boolean, :dueDays::int, :notes, :lines::jsonb, :status, :pausedOn::date, :skipped::jsonb, :nextDue::date) returning ${COLUMNS}`, params)
    : await tx.sql(`update recurring_invoice_templates set contact_id = :contactId::uuid, series = :series, frequency = :frequency,
          interval_months = :intervalMonths::int, start_date = :startDate::date, end_date = :endDate::date, day_of_month = :dayOfMonth::int, action = :action,
          send = :send::boolean, due_days = :dueDays::int, notes = :notes, lines = :lines::jsonb, status = :status, paused_on = :pausedOn::date,
          skipped = :skipped::jsonb, next_due = :nextDue::date, updated_at = now()
        where tenant_id = :tenant and id = :id::uuid returning ${COLUMNS}`, params);
  return templateOf(row);
}

/** Recurring invoice templates. Every function runs in the caller's unit of work. */
export const Templates = {
  async create(tx: Tx, input: TemplateInput): Promise<Template> {
    input = await withTaxTypeIds(tx, input);
    const frequency = input.frequency ?? 'monthly';
    const template: Template = {
      id: crypto.randomUUID(), contactId: input.contact_id, series: input.series ?? DEFAULT_SERIES, frequency,
      intervalMonths: frequency === 'yearly' ? 12 : input.interval_months ?? 1, startDate: input.start_date, endDate: input.end_date ?? null,
      dayOfMonth: input.day_of_month ?? Number(input.start_date.slice(8, 10)), action: input.action ?? 'issue', send: input.send ?? false,
      dueDays: input.due_days ?? null, notes: blankToNull(input.notes), lines: input.lines, status: 'active', pausedOn: null, skipped: [], nextDue: null,
      createdAt: '', updatedAt: '',
    };
    checkSchedule(template);
    await checkCustomerAndLines(tx, template.contactId, template.lines);
    return store(tx, template, true);
  },

  get: (tx: Tx, id: string) => find(tx, id),

  async list(tx: Tx, query: { limit: number; offset: number; status?: string }) {
    const filter = query.status ? ' and status = :status' : '';
    const rows = await tx.sql(`select ${COLUMNS} from recurring_invoice_templates where tenant_id = :tenant${filter}
      order by created_at, id limit :limit offset :offset`, { ...query, status: query.status ?? null });
    const [{ total }] = await tx.sql<{ total: number }>(`select count(*)::int as total from recurring_invoice_templates where tenant_id = :tenant${filter}`, { status: query.status ?? null });
    return { items: rows.map(templateOf), total: rowInteger(total), limit: query.limit, offset: query.offset, next_cursor: null };
  },

  /** Changes the template for the periods not made yet; the invoices already made stay as they are. */
  async update(tx: Tx, id: string, patch: TemplatePatch): Promise<Template> {
    if (Object.values(patch).every((v) => v === undefined)) throw ValidationFailed.field(BODY, 'Send at least one field to change', 'missing');
    const current = await find(tx, id, true);
    patch = await withTaxTypeIds(tx, patch);
    const frequency = patch.frequency ?? current.frequency;
    const next: Template = {
      ...current, contactId: patch.contact_id ?? current.contactId, series: patch.series ?? current.series, frequency,
      intervalMonths: frequency === 'yearly' ? 12 : patch.interval_months ?? (patch.frequency ? 1 : current.intervalMonths),
      startDate: patch.start_date ?? current.startDate, endDate: patch.end_date !== undefined ? patch.end_date : current.endDate,
      dayOfMonth: patch.day_of_month ?? current.dayOfMonth, action: patch.action ?? current.action, send: patch.send ?? current.send,
      dueDays: patch.due_days !== undefined ? patch.due_days : current.dueDays, notes: patch.notes !== undefined ? blankToNull(patch.notes) : current.notes,
      lines: patch.lines ?? current.lines,
    };
    checkSchedule(next);
    if (patch.contact_id !== undefined || patch.lines !== undefined) await checkCustomerAndLines(tx, next.contactId, next.lines);
    return store(tx, next, false);
  },

  async remove(tx: Tx, id: string): Promise<void> {
    await find(tx, id, true);
    await tx.sql(`delete from recurring_invoice_templates where tenant_id = :tenant and id = :id::uuid`, { id });
  },

  /** No invoice is made from `today` until resumed (409 when already paused). */
  async pause(tx: Tx, id: string, today: string): Promise<Template> {
    const current = await find(tx, id, true);
    if (current.status === 'paused') throw new Conflict('The recurring invoice is already paused');
    return store(tx, { ...current, status: 'paused', pausedOn: today }, false);
  },

  /** Makes invoices again from `today` on: the periods from the pause to yesterday are skipped, never made (409 when not paused). */
  async resume(tx: Tx, id: string, today: string): Promise<Template> {
    const current = await find(tx, id, true);
    if (current.status !== 'paused') throw new Conflict('The recurring invoice is not paused');
    const skipped = current.pausedOn && current.pausedOn < today ? [...current.skipped, { from: current.pausedOn, to: today }] : current.skipped;
    return store(tx, { ...current, status: 'active', pausedOn: null, skipped }, false);
  },

  /** The template as the job reads it: locked, so that two runners make its periods one after the other. Null once deleted or paused. */
  async lockActive(tx: Tx, id: string): Promise<Template | null> {
    const [row] = await tx.sql(`select ${COLUMNS} from recurring_invoice_templates where tenant_id = :tenant and id = :id::uuid and status = 'active' for update`, { id });
    return row ? templateOf(row) : null;
  },

  async setNextDue(tx: Tx, id: string, nextDue: string | null): Promise<void> {
    await tx.sql(`update recurring_invoice_templates set next_due = :nextDue::date where tenant_id = :tenant and id = :id::uuid`, { id, nextDue });
  },

  /** contact.merging: the duplicates' templates invoice the survivor from now on. */
  async repointContact(tx: Tx, survivorId: string, duplicateIds: string[]): Promise<void> {
    await tx.sql(`update recurring_invoice_templates set contact_id = :survivor::uuid, updated_at = now() where tenant_id = :tenant and contact_id = any(:ids::uuid[])`,
      { survivor: survivorId, ids: pgArray(duplicateIds) });
  },

  /** contact.deleting: a template keeps its customer (delete or change the template first, or merge the contact). */
  async countForContact(tx: Tx, contactId: string): Promise<number> {
    const [row] = await tx.sql<{ n: number }>(`select count(*)::int as n from recurring_invoice_templates where tenant_id = :tenant and contact_id = :id::uuid`, { id: contactId });
    return rowInteger(row.n);
  },

  exportAll: async (tx: Tx) => (await tx.sql(`select ${COLUMNS} from recurring_invoice_templates where tenant_id = :tenant order by created_at, id`)).map((row) => templateToJson(templateOf(row))),

  async eraseTenant(tx: Tx): Promise<void> {
    await tx.sql(`delete from recurring_invoice_runs where tenant_id = :tenant`);
    await tx.sql(`delete from recurring_invoice_templates where tenant_id = :tenant`);
  },
};
