import { actsAs } from '../contacts/api';
import { Conflict, NotFound, ValidationFailed, type FieldError } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import { rowBoolean } from '../../kernel/rows';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import {
  assertUuid, blankToNull, checkDates, checkHeaderDates, checkLineTaxTypes, checkMagnitudes, checkPostableAccounts, checkRectification, checkRectificationAmounts,
  commonLineOf, commonRecordOf, computeAmounts, contextColumns, contextFromRow, contextOf, dec, documentColumns, documentToJson, eraseKind,
  documentList, everyPage, findDocumentRow, formatRate, iso, jsonOrNull, lineColumns, lineToJson, loadContext, loadLinesOf, loadTaxTypes, monotonicNumberCtes,
  completeRectification, documentEventPayload, parseLineNumbers, partyOfContact, pgArray, registerInsertSql, recordPayment, registerRows, statusAfterRectification, TaxRegister, typeIdsOf,
  type ContactFacts, type DocumentAmounts, type DocumentRecordCommon, type LineInput, type LineRecordCommon, type LinesSource, type Loc, type Party,
  type RectificationGround, type RectificationMode, type SettleInput, type SettlementKind, type TaxTypeInfo, type WireLineCommon,
  gatesHeld, issueStatementSql, lockHeld, numberMark, planIssue, prepareSteps, stepResults, type DocumentContext, type IssueAnswer, type IssuePlan, type KindStatement,
} from '../documents/api';
import { INVOICE } from './kind';
import { LedgerService, type PostingAccounts } from '../ledger/api';
import { EU_MEMBER_STATES } from '../taxes/api';
import type { InvoiceIssuedPayload } from './hooks';
import { missingPartyData, registeredAsSimplified, regimesOf } from './legal-content';
import { postInvoice, postInvoicePayment } from './posting';
import { INVOICES } from './search';

export const DEFAULT_SERIES = 'F';
/** Rectifying invoices have their own series (art. 6.1.a RD 1619/2012 and practice). */
export const RECTIFYING_SERIES = 'R';

export type InvoiceStatus = 'draft' | 'issued' | 'partially_paid' | 'paid' | 'rectified';
export type Nature = 'goods' | 'services';
export type { RectificationMode };

export interface InvoiceLineWire extends WireLineCommon {
  quantity: string;
  nature?: Nature;
  revenue_account?: string | null;
}

export interface InvoiceInput {
  contact_id: string;
  series?: string;
  issue_date: string;
  due_date?: string | null;
  operation_date?: string | null;
  notes?: string | null;
  lines: InvoiceLineWire[];
  status?: 'draft' | 'issued';
}

export type InvoicePatch = Partial<Omit<InvoiceInput, 'status'>>;

export interface RectifyInput {
  issue_date: string;
  reason: string;
  mode: RectificationMode;
  legal_ground?: RectificationGround;
  lines?: InvoiceLineWire[];
  due_date?: string | null;
  notes?: string | null;
}

export interface InvoiceLineRecord extends LineRecordCommon {
  nature: Nature;
  revenueAccount: string | null;
}

export interface InvoiceRecord extends DocumentRecordCommon {
  status: InvoiceStatus;
  customer: Party | null;
  issuer: Party | null;
  lines: InvoiceLineRecord[];
  /** A rectifying invoice's legal ground (art. 80 LIVA); null for any other invoice. */
  rectificationGround: RectificationGround | null;
  /** Just issued: what each `document-issue-steps` step answered, by step name. */
  issueResults?: Record<string, unknown>;
}

export interface InvoiceListQuery {
  limit?: number;
  offset?: number;
  from?: string;
  to?: string;
  status?: InvoiceStatus;
  contactId?: string;
  series?: string;
  search?: string;
  cursor?: string;
}

/** An invoice with the tax types its lines use (for codes, names and legends). */
export interface InvoiceView { record: InvoiceRecord; types: ReadonlyMap<string, TaxTypeInfo> }

// ------------------------------------------------------------------------------------------------
// Rows
// ------------------------------------------------------------------------------------------------

const columnsOver = (alias: string) => `${documentColumns(INVOICE.table, alias)}, ${alias}.customer::text as customer, ${alias}.issuer::text as issuer,
  ${alias}.rectification_ground`;
const INVOICE_COLUMNS = columnsOver('i');
/** The columns over the alias `d` of the list and search queries. */
const LIST_COLUMNS = columnsOver('d');

const LINE_COLUMNS = `${lineColumns(INVOICE.linesKey)}, nature, revenue_account`;

function recordOf(row: any, lines: InvoiceLineRecord[]): InvoiceRecord {
  return { ...commonRecordOf(row), customer: jsonOrNull<Party>(row.customer), issuer: jsonOrNull<Party>(row.issuer), rectificationGround: row.rectification_ground, lines };
}

const lineOf = (row: any): InvoiceLineRecord => ({ ...commonLineOf(row), nature: row.nature, revenueAccount: row.revenue_account });

const LINES: LinesSource<InvoiceLineRecord> = { table: INVOICE.linesTable, key: INVOICE.linesKey, columns: LINE_COLUMNS, lineOf };
const loadLines = (tx: Tx, ids: string[]) => loadLinesOf(tx, LINES, ids);

async function findRecord(tx: Tx, id: string, lock = false): Promise<InvoiceRecord> {
  assertUuid(id, 'Invoice');
  const row = await findDocumentRow(tx, { ...INVOICE, alias: 'i', columns: INVOICE_COLUMNS }, id, lock);
  return recordOf(row, (await loadLines(tx, [row.id])).get(row.id) ?? []);
}

// ------------------------------------------------------------------------------------------------
// Computing a document from wire lines
// ------------------------------------------------------------------------------------------------

interface Computed { lines: InvoiceLineRecord[]; amounts: DocumentAmounts; subtotal: Decimal; taxTotal: Decimal; surchargeTotal: Decimal; withholdingTotal: Decimal; total: Decimal }

const rateMapOf = (lines: readonly Pick<InvoiceLineRecord, 'taxTypeId' | 'taxRate' | 'surchargeTypeId' | 'surchargeRate' | 'withholdingTypeId' | 'withholdingRate'>[]) => {
  const rates = new Map<string, Decimal>();
  for (const l of lines) {
    rates.set(l.taxTypeId, l.taxRate);
    if (l.surchargeTypeId) rates.set(l.surchargeTypeId, l.surchargeRate!);
    if (l.withholdingTypeId) rates.set(l.withholdingTypeId, l.withholdingRate!);
  }
  return rates;
};

/** Amounts of lines whose inputs and rates are known (stored lines, or freshly parsed ones). */
export function computeLines(lines: Omit<InvoiceLineRecord, 'base' | 'taxAmount' | 'surchargeAmount' | 'withholdingAmount'>[]): Computed {
  const inputs: LineInput[] = lines.map((l) => ({
    quantity: l.quantity, unitPrice: l.unitPrice, discountPct: l.discountPct, taxTypeId: l.taxTypeId, surchargeTypeId: l.surchargeTypeId, withholdingTypeId: l.withholdingTypeId,
  }));
  const amounts = computeAmounts(inputs, rateMapOf(lines));
  const records = lines.map((l, i) => ({ ...l, ...amounts.lines[i] }));
  const taxTotal = amounts.vatTotal.add(amounts.surchargeTotal);
  return {
    lines: records, amounts, subtotal: amounts.subtotal, taxTotal, surchargeTotal: amounts.surchargeTotal, withholdingTotal: amounts.withholdingTotal,
    total: amounts.subtotal.add(taxTotal).sub(amounts.withholdingTotal),
  };
}

/** Wire lines → validated, computed lines (404 for a tax type that is not the tenant's; 422 for a misfit). */
const lineTypeIds = (wire: readonly WireLineCommon[]) => [...new Set(wire.flatMap((l) => [l.tax_type_id, l.surcharge_type_id, l.withholding_type_id].filter((x): x is string => !!x)))];

async function buildLines(tx: Tx, wire: InvoiceLineWire[], loc: Loc, preloaded?: Map<string, TaxTypeInfo>): Promise<{ computed: Computed; types: Map<string, TaxTypeInfo> }> {
  const types = preloaded ?? await loadTaxTypes(tx, lineTypeIds(wire));
  const overrides = revenueOverrides(wire, loc);
  if (overrides.length) await checkPostableAccounts(tx, overrides);
  return { computed: computeWireLines(wire, loc, types), types };
}

const revenueOverrides = (wire: InvoiceLineWire[], loc: Loc) =>
  wire.map((l, i) => ({ loc: [...loc, i, 'revenue_account'], code: l.revenue_account ?? '', prefixes: ['7'] })).filter((o) => o.code);

/** Wire lines → validated, computed lines, with their tax types at hand (422 for a misfit). */
function computeWireLines(wire: InvoiceLineWire[], loc: Loc, types: ReadonlyMap<string, TaxTypeInfo>): Computed {
  const parsed = parseLineNumbers(wire, loc);
  const errors = checkLineTaxTypes(wire, types, 'sales', loc, true);
  if (errors.length) throw new ValidationFailed(errors);
  const computed = computeLines(parsed.map((l, i) => ({
    lineNo: i + 1, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, discountPct: l.discountPct,
    nature: wire[i].nature ?? 'goods', revenueAccount: wire[i].revenue_account ?? null,
    taxTypeId: l.taxTypeId, taxRate: types.get(l.taxTypeId)!.rate,
    surchargeTypeId: l.surchargeTypeId, surchargeRate: l.surchargeTypeId ? types.get(l.surchargeTypeId)!.rate : null,
    withholdingTypeId: l.withholdingTypeId, withholdingRate: l.withholdingTypeId ? types.get(l.withholdingTypeId)!.rate : null,
  })));
  checkMagnitudes([
    ...computed.lines.map((l, i) => ({ loc: [...loc, i, 'unit_price'], value: l.base })),
    { loc, value: computed.subtotal }, { loc, value: computed.total },
  ]);
  return computed;
}

function assertCustomer(contact: ContactFacts, loc: Loc): ContactFacts {
  if (!actsAs(contact, 'customer')) {
    throw ValidationFailed.field(loc, `Contact ${contact.name} is a supplier; make it a customer (kind customer, or customer_and_supplier true) to invoice it`, 'value_error.contact_kind');
  }
  return contact;
}

async function customerOf(tx: Tx, contactId: string, loc: Loc): Promise<ContactFacts> {
  return assertCustomer((await loadContext(tx, contactId, [])).contact, loc);
}

// ------------------------------------------------------------------------------------------------
// Writes
// ------------------------------------------------------------------------------------------------

const LINES_INSERT = `
    insert into invoice_lines (tenant_id, invoice_id, line_no, description, quantity, unit_price, discount_pct, nature, revenue_account, tax_type_id, tax_rate,
      surcharge_type_id, surcharge_rate, withholding_type_id, withholding_rate, base, tax_amount, surcharge_amount, withholding_amount)
    select :tenant, :invoiceId::uuid, x.line_no, x.description, x.quantity, x.unit_price, x.discount_pct, x.nature, x.revenue_account, x.tax_type_id, x.tax_rate,
      x.surcharge_type_id, x.surcharge_rate, x.withholding_type_id, x.withholding_rate, x.base, x.tax_amount, x.surcharge_amount, x.withholding_amount
    from jsonb_to_recordset(:lines::jsonb) as x (line_no int, description text, quantity numeric, unit_price numeric, discount_pct numeric, nature text,
      revenue_account text, tax_type_id uuid, tax_rate numeric, surcharge_type_id uuid, surcharge_rate numeric, withholding_type_id uuid, withholding_rate numeric,
      base numeric, tax_amount numeric, surcharge_amount numeric, withholding_amount numeric)`;

const linesPayload = (lines: InvoiceLineRecord[]) => JSON.stringify(lines.map((l) => ({
  line_no: l.lineNo, description: l.description, quantity: l.quantity.toString(), unit_price: l.unitPrice.toString(), discount_pct: l.discountPct.toString(),
  nature: l.nature, revenue_account: l.revenueAccount, tax_type_id: l.taxTypeId, tax_rate: l.taxRate.toString(),
  surcharge_type_id: l.surchargeTypeId, surcharge_rate: l.surchargeRate?.toString() ?? null,
  withholding_type_id: l.withholdingTypeId, withholding_rate: l.withholdingRate?.toString() ?? null,
  base: l.base.toString(), tax_amount: l.taxAmount.toString(), surcharge_amount: l.surchargeAmount.toString(), withholding_amount: l.withholdingAmount.toString(),
})));

async function insertLines(tx: Tx, invoiceId: string, lines: InvoiceLineRecord[]): Promise<void> {
  await tx.sql(LINES_INSERT, { invoiceId, lines: linesPayload(lines) });
}

interface DraftFields {
  id: string; series: string; contactId: string; issueDate: string; dueDate: string | null; operationDate: string | null; notes: string | null;
  rectifiesId: string | null; rectificationMode: RectificationMode | null; rectificationReason: string | null; rectificationGround: RectificationGround | null;
}

async function insertDraft(tx: Tx, fields: DraftFields, computed: Computed): Promise<InvoiceRecord> {
  // the invoice and its lines in one statement (one round trip)
  const [row] = await tx.sql<{ created_at: unknown; updated_at: unknown }>(`
    with invoice as (
      insert into invoices (id, tenant_id, status, series, contact_id, issue_date, due_date, operation_date, notes, subtotal, tax_total, surcharge_total,
        withholding_total, total, rectifies_id, rectification_mode, rectification_reason, rectification_ground)
      values (:id::uuid, :tenant, 'draft', :series, :contactId::uuid, :issueDate::date, :dueDate::date, :operationDate::date, :notes, :subtotal::numeric,
        :taxTotal::numeric, :surchargeTotal::numeric, :withholdingTotal::numeric, :total::numeric, :rectifiesId::uuid, :mode, :reason, :ground)
      returning created_at, updated_at
    ), lines as (${LINES_INSERT})
    select created_at, updated_at from invoice`, {
    invoiceId: fields.id, lines: linesPayload(computed.lines),
    id: fields.id, series: fields.series, contactId: fields.contactId, issueDate: fields.issueDate, dueDate: fields.dueDate, operationDate: fields.operationDate,
    notes: fields.notes, subtotal: computed.subtotal.toString(), taxTotal: computed.taxTotal.toString(), surchargeTotal: computed.surchargeTotal.toString(),
    withholdingTotal: computed.withholdingTotal.toString(), total: computed.total.toString(), rectifiesId: fields.rectifiesId, mode: fields.rectificationMode,
    reason: fields.rectificationReason, ground: fields.rectificationGround,
  });
  return draftRecord(fields, computed, iso(row.created_at), iso(row.updated_at));
}

function draftRecord(fields: DraftFields, computed: Computed, createdAt: string, updatedAt: string): InvoiceRecord {
  return {
    id: fields.id, status: 'draft', series: fields.series, year: null, seq: null, number: null, contactId: fields.contactId, issueDate: fields.issueDate,
    dueDate: fields.dueDate, operationDate: fields.operationDate, notes: fields.notes, subtotal: computed.subtotal, taxTotal: computed.taxTotal,
    surchargeTotal: computed.surchargeTotal, withholdingTotal: computed.withholdingTotal, total: computed.total, amountPaid: Decimal.zero(2),
    rectifiesId: fields.rectifiesId, rectificationMode: fields.rectificationMode, rectificationReason: fields.rectificationReason, journalEntryId: null,
    rectificationGround: fields.rectificationGround, customer: null, issuer: null, issuedAt: null, createdAt, updatedAt, substituted: false, lines: computed.lines,
  };
}

// ------------------------------------------------------------------------------------------------
// Issuing
// ------------------------------------------------------------------------------------------------

/** Rules checked when an invoice is issued (art. 6.1 RD 1619/2012 and the tax types' own). */
function checkIssuable(record: InvoiceRecord, types: ReadonlyMap<string, TaxTypeInfo>, contact: ContactFacts, issuer: Party): void {
  const regimes = new Set(record.lines.map((line) => types.get(line.taxTypeId)?.regime));
  const errors: FieldError[] = missingPartyData(issuer, contact, regimes, { total: record.total, rectifying: !!record.rectifiesId });
  if (!record.rectifiesId && record.total.isNegative()) {
    errors.push({ loc: ['body', 'lines'], msg: 'An invoice cannot have a negative total: correct an issued invoice with POST /invoices/{id}/rectify', type: 'value_error.negative_total' });
  }
  const seen = new Set<string>();
  for (const line of record.lines) {
    const type = types.get(line.taxTypeId);
    if (!type || seen.has(type.id)) continue;
    seen.add(type.id);
    if ((type.regime === 'intra_eu' || type.regime === 'reverse_charge') && !contact.vat) {
      errors.push({ loc: ['body', 'contact_id'], msg: `${type.code}: the customer's tax number is mandatory on this invoice (art. 6.1.d RD 1619/2012); add it to ${contact.name}`, type: 'value_error.customer_tax_id' });
    }
    if (type.regime === 'oss' && type.country && type.country !== contact.country) {
      errors.push({ loc: ['body', 'contact_id'], msg: `${type.code} is the OSS rate of ${type.country}, but ${contact.name} is in ${contact.country}`, type: 'value_error.oss_country' });
    }
  }
  if (errors.length) throw new ValidationFailed(errors);
}

interface IssueOptions {
  /** Where a backwards issue date is reported. */
  dateLoc: Loc;
  /** Substitution: the original's entry, reversed once the rectifying invoice is numbered. */
  reverseEntryId?: string | null;
  rectifiesNumber?: string | null;
  /** The rectified invoice was registered as simplified: the rectification is R5 in the register. */
  rectifiesSimplified?: boolean;
}

/** What issuing a draft writes, all planned (by the issue steps) before the counter row is touched. */
interface InvoiceIssue { plan: IssuePlan; record: InvoiceRecord; customer: Party; issuer: Party; year: number }

/** Who takes the `invoice.issued` event the statement queues (in a unit of work nobody: it is published there). */
type EventAudience = { publish: boolean; audience: string };
const PUBLISHED_IN_TRANSACTION: EventAudience = { publish: false, audience: 'false' };

function planInvoiceIssue(record: InvoiceRecord, types: ReadonlyMap<string, TaxTypeInfo>, contact: ContactFacts, issuer: Party, accounts: PostingAccounts,
  event: EventAudience, rectifiesNumber: string | null, rectifiesSimplified = false): InvoiceIssue {
  checkIssuable(record, types, contact, issuer);
  const customer = partyOfContact(contact);
  const computed = computeLines(record.lines);
  const mark = numberMark(record.series);
  const draft = postInvoice({
    id: record.id, number: mark, issueDate: record.issueDate, contactId: record.contactId, customerName: customer.legal_name ?? customer.name,
    rectifiesNumber, total: computed.total, lines: computed.lines, groups: computed.amounts.groups, types,
  }, accounts);
  const simplified = registeredAsSimplified(customer, regimesOf(record.lines, types), { total: computed.total, rectifying: !!record.rectifiesId });
  const register = registerRows({
    documentType: 'invoice', documentId: record.id, side: 'issued', number: null, issueDate: record.issueDate, operationDate: record.operationDate,
    contactId: record.contactId, counterparty: customer, rectifiesId: record.rectifiesId, rectifiesNumber, rectificationMode: record.rectificationMode,
    rectificationGround: record.rectificationGround, total: computed.total, simplified, rectifiesSimplified,
  }, computed.lines.map((l) => ({
    taxTypeId: l.taxTypeId, taxRate: l.taxRate, surchargeRate: l.surchargeRate, withholdingRate: l.withholdingRate, base: l.base, quota: l.taxAmount,
    surcharge: l.surchargeAmount, withholding: l.withholdingAmount,
  })), types);
  const plan = planIssue({
    kind: INVOICE, record, types, counterparty: customer, issuer, simplified, posting: draft ? { draft, numberMark: mark } : null, register,
    event: { name: 'invoice.issued', payload: documentEventPayload('invoice', { ...record, status: 'issued', number: '' }), ...event },
  });
  const year = Number(record.issueDate.slice(0, 4));
  Object.assign(plan.params, {
    id: record.id, series: record.series, year, date: record.issueDate, customer: JSON.stringify(customer), issuer: JSON.stringify(issuer),
    country: customer.country, customerType: customer.customer_type ?? null, vat: customer.tax_id, seen: null,
  });
  return { plan, record, customer, issuer, year };
}

/**
 * The invoice's share of the issue statement (plugins/documents/issue-statement.ts): lock the draft
 * (still a draft, unchanged since it was read when `:seen` is given) or, `new` (create and issue),
 * insert its lines and the issued invoice; number it in a series whose dates never go backwards.
 */
function invoiceStatement(source: 'draft' | 'new'): KindStatement {
  return {
    lock: (gate) => (source === 'draft'
      ? `draft as (
      select i.id from invoices i
      where i.tenant_id = :tenant and i.id = :id::uuid and i.status = 'draft' and (:seen::timestamptz is null or i.updated_at = :seen::timestamptz) and ${gate}
      for update of i
    )`
      : `draft as (select 1 where ${gate})`),
    numbering: monotonicNumberCtes(INVOICE.seriesTable, 'draft'),
    issued: source === 'draft'
      ? `issued as (
      update invoices i set status = 'issued', year = :year, seq = n.seq, number = n.number, journal_entry_id = :entryId::uuid,
        customer = :customer::jsonb, issuer = :issuer::jsonb, customer_country = :country, customer_type = :customerType, customer_vat = :vat,
        issued_at = now(), updated_at = now()
      from numbered n where i.tenant_id = :tenant and i.id = :id::uuid
      returning i.issued_at, i.updated_at, i.created_at
    )`
      // the lines go in first, while their invoice is not there to guard them
      : `new_lines as (${LINES_INSERT.replace(':invoiceId::uuid', ':id::uuid')} where exists (select 1 from numbered) returning 1
    ), issued as (
      insert into invoices (id, tenant_id, status, series, year, seq, number, contact_id, issue_date, due_date, operation_date, notes, subtotal, tax_total,
        surcharge_total, withholding_total, total, journal_entry_id, customer, issuer, customer_country, customer_type, customer_vat, issued_at)
      select :id::uuid, :tenant, 'issued', :series, :year, n.seq, n.number, :contactId::uuid, :date::date, :dueDate::date, :operationDate::date, :notes,
        :subtotal::numeric, :taxTotal::numeric, :surchargeTotal::numeric, :withholdingTotal::numeric, :total::numeric, :entryId::uuid, :customer::jsonb,
        :issuer::jsonb, :country, :customerType, :vat, now()
      from numbered n where (select count(*) from new_lines) >= 0
      returning issued_at, updated_at, created_at
    )`,
    answer: `(select y from later) as later_year, n.seq, n.number, (select issued_at from issued) as issued_at, (select updated_at from issued) as updated_at,
      (select created_at from issued) as created_at,
      (select last_issue_date::text from invoice_series where tenant_id = :tenant and series = :series and year = :year) as last_issue_date`,
  };
}

/** Whether the issue statement queued its event (someone takes it for this tenant): the outbox is woken only then. */
const publishedEvent = (rows: IssueAnswer[]) => rowBoolean(rows[0]?.step_event);

/** The issued invoice, or the refusal the statement's answer stands for (`null`: a step's gate did not hold, e.g. accounts to create). */
function issuedFrom({ plan, record, customer, issuer, year }: InvoiceIssue, row: IssueAnswer, dateLoc: Loc): InvoiceRecord | null {
  if (!gatesHeld(row)) return null;
  if (!lockHeld(row)) throw new Conflict(`Invoice ${record.id} changed or was issued meanwhile: read it again`);
  if (row.later_year != null) {
    throw ValidationFailed.field(dateLoc, `Series ${record.series} already has invoices of ${row.later_year}: an invoice of ${year} cannot be issued after them (issue dates never go backwards within a series)`, 'value_error.issue_date_backwards');
  }
  if (row.seq == null) {
    throw ValidationFailed.field(dateLoc, `Series ${record.series} already has an invoice dated ${row.last_issue_date}: the issue date cannot go backwards within a series`, 'value_error.issue_date_backwards');
  }
  return {
    ...record, status: 'issued', year, seq: Number(row.seq), number: row.number as string, journalEntryId: plan.journalEntryId,
    customer, issuer, issuedAt: iso(row.issued_at), updatedAt: iso(row.updated_at), createdAt: iso(row.created_at), issueResults: stepResults(plan, row),
  };
}

/** Runs the statement as its own transaction (uow.write); null when it must go through a unit of work instead. */
async function issueInOneWrite(uow: UnitOfWork, record: InvoiceRecord, context: DocumentContext, source: 'draft' | 'new', extra: Record<string, unknown>): Promise<InvoiceRecord | null> {
  const contact = assertCustomer(context.contact, ['body', 'contact_id']);
  const publish = uow.hasEventSubscribers('invoice.issued');
  const issue = planInvoiceIssue(record, context.types, contact, context.issuer, await LedgerService.postingAccounts(uow), { publish, audience: uow.eventAudienceSql('invoice.issued') }, null);
  Object.assign(issue.plan.params, extra);
  const [answer] = await uow.write<IssueAnswer>(issueStatementSql(issue.plan, invoiceStatement(source)), issue.plan.params, { publishes: publish && publishedEvent });
  return issuedFrom(issue, answer, ['body', 'issue_date']);
}

/** The `invoice.issued` hook's payload. */
function issuedPayload(tenantId: string, issued: InvoiceRecord): InvoiceIssuedPayload {
  return {
    tenantId, invoiceId: issued.id, series: issued.series, number: issued.number!, issueDate: issued.issueDate, contactId: issued.contactId,
    subtotal: issued.subtotal.toString(), taxTotal: issued.taxTotal.toString(), total: issued.total.toString(), rectifiesId: issued.rectifiesId,
    rectificationMode: issued.rectificationMode, journalEntryId: issued.journalEntryId,
  };
}

/** Was this issued invoice registered as simplified (F2)? Its rectifications are then R5. */
const wasRegisteredSimplified = (tx: Tx, invoice: InvoiceRecord) =>
  TaxRegister.isSimplified(tx, { side: 'issued', accountingDate: invoice.issueDate, documentId: invoice.id });

/**
 * Issues a draft inside the caller's unit of work (the draft read and locked, or inserted, in it):
 * the issue statement, then the `invoice.issued` hook and event. Any failure rolls the whole
 * transaction back, number included.
 */
async function issueLoaded(tx: Tx, record: InvoiceRecord, types: ReadonlyMap<string, TaxTypeInfo>, contact: ContactFacts, issuer: Party, options: IssueOptions): Promise<InvoiceRecord> {
  const issue = planInvoiceIssue(record, types, contact, issuer, await LedgerService.postingAccounts(tx), PUBLISHED_IN_TRANSACTION, options.rectifiesNumber ?? null, options.rectifiesSimplified);
  await prepareSteps(tx, issue.plan);
  const [row] = await tx.sql<IssueAnswer>(issueStatementSql(issue.plan, invoiceStatement('draft')), issue.plan.params);
  const issued = issuedFrom(issue, row, options.dateLoc);
  if (!issued) throw new Error('Issuing refused what its steps prepared');
  if (options.reverseEntryId) {
    await LedgerService.reverse(tx, options.reverseEntryId, record.issueDate, `Anulación por sustitución: rectificativa ${issued.number} (${options.rectifiesNumber ?? ''})`.slice(0, 500));
  }
  const payload = issuedPayload(tx.tenantId, issued);
  await tx.hook('invoice.issued', payload);
  tx.publish('invoice.issued', documentEventPayload('invoice', issued));
  return issued;
}

/** The header of a new invoice, checked (series R is reserved, dates valid and in order). */
function checkedHeader(input: InvoiceInput): DraftFields {
  const series = input.series ?? DEFAULT_SERIES;
  if (series === RECTIFYING_SERIES) throw ValidationFailed.field(['body', 'series'], `Series ${RECTIFYING_SERIES} is reserved for rectifying invoices: use POST /invoices/{id}/rectify`, 'value_error.series_reserved');
  const dueDate = input.due_date ?? null;
  checkHeaderDates(input, input.issue_date, dueDate);
  return {
    id: crypto.randomUUID(), series, contactId: input.contact_id, issueDate: input.issue_date, dueDate, operationDate: input.operation_date ?? null,
    notes: blankToNull(input.notes), rectifiesId: null, rectificationMode: null, rectificationReason: null, rectificationGround: null,
  };
}

/** A draft with its lines, customer, company and tax types in one statement (`lock`: FOR UPDATE, inside a transaction). */
const issueReadSql = (lock: boolean) => `
  select ${INVOICE_COLUMNS}, i.updated_at::text as seen,
    (select coalesce(json_agg(l order by l.line_no), '[]') from (select ${LINE_COLUMNS} from invoice_lines where tenant_id = i.tenant_id and invoice_id = i.id) l) as lines,
    ${contextColumns('i.contact_id', `array(
      select unnest(array[tax_type_id, surcharge_type_id, withholding_type_id]) from invoice_lines where tenant_id = i.tenant_id and invoice_id = i.id)`)}
  from invoices i where i.tenant_id = :tenant and i.id = :id::uuid${lock ? ' for update of i' : ''}`;

function draftOf(row: any): { record: InvoiceRecord; seen: string } {
  if (!row) throw new NotFound('Invoice not found');
  const record = recordOf(row, (jsonOrNull<any[]>(row.lines) ?? []).map(lineOf));
  if (record.status !== 'draft') throw new Conflict(`Invoice ${record.number} is already issued`);
  return { record, seen: row.seen };
}

// ------------------------------------------------------------------------------------------------
// The service
// ------------------------------------------------------------------------------------------------

/** Sales invoices. Every function runs in the caller's unit of work; other plugins reach it through ./api.ts. */
export const InvoiceService = {
  async create(tx: Tx, input: InvoiceInput): Promise<InvoiceView> {
    const header = checkedHeader(input);
    const context = await loadContext(tx, input.contact_id, lineTypeIds(input.lines));
    const contact = assertCustomer(context.contact, ['body', 'contact_id']);
    const { computed, types } = await buildLines(tx, input.lines, ['body', 'lines'], context.types);
    const draft = await insertDraft(tx, header, computed);
    if ((input.status ?? 'issued') === 'draft') return { record: draft, types };
    return { record: await issueLoaded(tx, draft, types, contact, context.issuer, { dateLoc: ['body', 'issue_date'] }), types };
  },

  /**
   * `create` of an invoice issued at once (POST /invoices), in two round trips with no transaction
   * open between them: a read of the customer, company and tax types, then ONE statement that
   * inserts the lines and the issued invoice, numbers it and posts its entry (uow.write). Goes
   * through `create` in a unit of work where `issueDraft` would, and for revenue-account overrides.
   */
  async createIssued(uow: UnitOfWork, input: InvoiceInput): Promise<InvoiceView> {
    const inTransaction = () => uow.run((tx) => InvoiceService.create(tx, input));
    if (uow.hasSyncSubscribers('invoice.issued') || revenueOverrides(input.lines, ['body', 'lines']).length) return inTransaction();
    const header = checkedHeader(input);
    assertUuid(input.contact_id, 'Contact');
    const typeIds = lineTypeIds(input.lines);
    const [row] = await uow.read<any>(`select ${contextColumns()}`, { contactId: input.contact_id, typeIds: pgArray(typeIds) });
    const { context, missingTypeIds } = contextFromRow(row, typeIds);
    if (missingTypeIds.length) return inTransaction();
    assertCustomer(context.contact, ['body', 'contact_id']);
    const computed = computeWireLines(input.lines, ['body', 'lines'], context.types);
    const now = new Date().toISOString();
    const record = draftRecord(header, computed, now, now);
    const issued = await issueInOneWrite(uow, record, context, 'new', {
      lines: linesPayload(computed.lines), contactId: header.contactId, dueDate: header.dueDate, operationDate: header.operationDate, notes: header.notes,
      subtotal: computed.subtotal.toString(), taxTotal: computed.taxTotal.toString(), surchargeTotal: computed.surchargeTotal.toString(),
      withholdingTotal: computed.withholdingTotal.toString(), total: computed.total.toString(),
    });
    if (!issued) return inTransaction();
    return { record: issued, types: context.types };
  },

  async get(tx: Tx, id: string): Promise<InvoiceView> {
    const record = await findRecord(tx, id);
    return { record, types: await loadTaxTypes(tx, typeIdsOf([record])) };
  },

  async list(tx: Tx, query: InvoiceListQuery): Promise<{ items: InvoiceView[]; total: number; limit: number; offset: number; next_cursor: string | null }> {
    const { records, types, ...page } = await documentList<InvoiceLineRecord, InvoiceRecord>(tx, INVOICES, query, {
      columns: LIST_COLUMNS, lines: LINES, recordOf, typeIdsOf,
      filter: (where, params) => (query.series ? (params.series = query.series, `${where} and d.series = :series`) : where),
    });
    return { items: records.map((record) => ({ record, types })), ...page };
  },

  /** Changes a draft (409 once issued). Lines, when sent, replace every line. */
  async update(tx: Tx, id: string, patch: InvoicePatch): Promise<InvoiceView> {
    const current = await findRecord(tx, id, true);
    if (current.status !== 'draft') throw new Conflict(`Invoice ${current.number} is issued and cannot be changed: issue a rectifying invoice (POST /invoices/${id}/rectify)`);
    if (Object.values(patch).every((v) => v === undefined)) throw ValidationFailed.field(['body'], 'Send at least one field to change', 'missing');
    if (patch.issue_date === null) throw ValidationFailed.field(['body', 'issue_date'], 'Cannot be null', 'value_error.none');
    const series = patch.series ?? current.series;
    if (patch.series !== undefined && series === RECTIFYING_SERIES && !current.rectifiesId) {
      throw ValidationFailed.field(['body', 'series'], `Series ${RECTIFYING_SERIES} is reserved for rectifying invoices`, 'value_error.series_reserved');
    }
    if (current.rectifiesId && patch.series !== undefined && series !== RECTIFYING_SERIES) {
      throw ValidationFailed.field(['body', 'series'], `A rectifying invoice stays in series ${RECTIFYING_SERIES}`, 'value_error.series_reserved');
    }
    const issueDate = patch.issue_date ?? current.issueDate;
    const dueDate = patch.due_date !== undefined ? patch.due_date : current.dueDate;
    checkHeaderDates(patch, issueDate, dueDate);
    let contactId = current.contactId;
    if (patch.contact_id !== undefined) contactId = (await customerOf(tx, patch.contact_id, ['body', 'contact_id'])).id;
    let lines = current.lines;
    let computed: Computed | undefined;
    if (patch.lines !== undefined) {
      computed = (await buildLines(tx, patch.lines, ['body', 'lines'])).computed;
      lines = computed.lines;
    }
    const totals = computed ?? computeLines(current.lines);
    const [row] = await tx.sql<{ updated_at: unknown }>(`
      update invoices set series = :series, contact_id = :contactId::uuid, issue_date = :issueDate::date, due_date = :dueDate::date,
        operation_date = :operationDate::date, notes = :notes, subtotal = :subtotal::numeric, tax_total = :taxTotal::numeric,
        surcharge_total = :surchargeTotal::numeric, withholding_total = :withholdingTotal::numeric, total = :total::numeric, updated_at = now()
      where tenant_id = :tenant and id = :id::uuid and status = 'draft' returning updated_at`, {
      id, series, contactId, issueDate, dueDate, operationDate: patch.operation_date !== undefined ? patch.operation_date : current.operationDate,
      notes: patch.notes !== undefined ? blankToNull(patch.notes) : current.notes, subtotal: totals.subtotal.toString(), taxTotal: totals.taxTotal.toString(),
      surchargeTotal: totals.surchargeTotal.toString(), withholdingTotal: totals.withholdingTotal.toString(), total: totals.total.toString(),
    });
    if (!row) throw new Conflict('The invoice is no longer a draft');
    if (computed) {
      await tx.sql(`delete from invoice_lines where tenant_id = :tenant and invoice_id = :id::uuid`, { id });
      await insertLines(tx, id, lines);
    }
    return InvoiceService.get(tx, id);
  },

  /** Deletes a draft; an issued invoice is 409 (it is corrected by a rectifying invoice, never deleted). */
  async delete(tx: Tx, id: string): Promise<void> {
    const current = await findRecord(tx, id, true);
    if (current.status !== 'draft') throw new Conflict(`Invoice ${current.number} is issued and cannot be deleted: issue a rectifying invoice (POST /invoices/${id}/rectify)`);
    await tx.sql(`delete from invoices where tenant_id = :tenant and id = :id::uuid and status = 'draft'`, { id });
  },

  /** Issues a draft: number, snapshot, posting and `invoice.issued`, all in this transaction. */
  async issue(tx: Tx, id: string): Promise<InvoiceView> {
    assertUuid(id, 'Invoice');
    const [row] = await tx.sql<any>(issueReadSql(true), { id });
    const { record } = draftOf(row);
    const context = await contextOf(tx, row, typeIdsOf([record]));
    const contact = assertCustomer(context.contact, ['body', 'contact_id']);
    const rectified = record.rectifiesId ? await findRecord(tx, record.rectifiesId) : null;
    const rectifies = rectified ? { rectifiesNumber: rectified.number, rectifiesSimplified: await wasRegisteredSimplified(tx, rectified) } : {};
    return { record: await issueLoaded(tx, record, context.types, contact, context.issuer, { dateLoc: ['body', 'issue_date'], ...rectifies }), types: context.types };
  },

  /**
   * `issue` for POST /invoices/{id}/issue, in two round trips with no transaction open between
   * them: a read of the draft and its context, then the issue statement as a transaction of its
   * own (uow.write) that re-checks that the draft is unchanged. The counter row is then held only
   * while PostgreSQL runs that statement and commits, not while JavaScript runs. Whatever needs
   * more goes through `issue` in a unit of work, with the same statement: in-transaction
   * subscribers of `invoice.issued`, a rectifying draft, a tax type or an account still to create.
   */
  async issueDraft(uow: UnitOfWork, id: string): Promise<InvoiceView> {
    const inTransaction = () => uow.run((tx) => InvoiceService.issue(tx, id));
    if (uow.hasSyncSubscribers('invoice.issued')) return inTransaction();
    assertUuid(id, 'Invoice');
    const [row] = await uow.read<any>(issueReadSql(false), { id });
    const { record, seen } = draftOf(row);
    if (record.rectifiesId) return inTransaction();
    const { context, missingTypeIds } = contextFromRow(row, typeIdsOf([record]));
    if (missingTypeIds.length) return inTransaction();
    const issued = await issueInOneWrite(uow, record, context, 'draft', { seen });
    if (!issued) return inTransaction();
    return { record: issued, types: context.types };
  },

  /**
   * Issues a rectifying invoice in series R for an issued invoice (art. 15 RD 1619/2012):
   * - `differences`: its lines are the corrections; the original becomes `rectified` when the
   *   corrections bring its total to zero. The corrections may not take it below zero.
   * - `substitution`: its lines are the full corrected invoice (none: a cancellation); the original's
   *   entry is reversed and the original becomes `rectified`. Refused (409) once payments exist.
   */
  async rectify(tx: Tx, id: string, input: RectifyInput): Promise<InvoiceView> {
    const original = await findRecord(tx, id, true);
    checkRectification(original, input, {
      itself: `Invoice ${original.number} is itself a rectifying invoice: rectify the original invoice instead`,
      rectifiedAlready: `Invoice ${original.number} has already been fully rectified`,
      datedBefore: 'A rectifying invoice cannot be dated before the invoice it rectifies',
    });
    if (input.due_date && input.due_date < input.issue_date) throw ValidationFailed.field(['body', 'due_date'], 'The due date cannot be before the issue date', 'value_error.due_date');
    const wireLines = input.lines ?? [];
    checkRectificationAmounts(original, input.mode, wireLines.length, 'Invoice');
    const context = await loadContext(tx, original.contactId, lineTypeIds(wireLines));
    const built = wireLines.length ? await buildLines(tx, wireLines, ['body', 'lines'], context.types) : { computed: computeLines([]), types: new Map<string, TaxTypeInfo>() };
    const originalStatus = await statusAfterRectification(tx, INVOICE, original, input.mode, built.computed.total, `invoice ${original.number}`);
    const draft = await insertDraft(tx, {
      id: crypto.randomUUID(), series: RECTIFYING_SERIES, contactId: original.contactId, issueDate: input.issue_date, dueDate: input.due_date ?? null,
      operationDate: null, notes: blankToNull(input.notes), rectifiesId: original.id, rectificationMode: input.mode, rectificationReason: input.reason.trim(),
      rectificationGround: input.legal_ground ?? 'error',
    }, built.computed);
    const issued = await issueLoaded(tx, draft, built.types, context.contact, context.issuer, {
      dateLoc: ['body', 'issue_date'], rectifiesNumber: original.number, rectifiesSimplified: await wasRegisteredSimplified(tx, original),
      reverseEntryId: input.mode === 'substitution' ? original.journalEntryId : null,
    });
    const events = await completeRectification(tx, INVOICE, { original, rectifying: issued, originalStatus, mode: input.mode, rectifiesNumber: original.number });
    tx.publish('invoice.rectified', events.rectified);
    if (events.cancelled) tx.publish('invoice.cancelled', events.cancelled);
    return { record: issued, types: built.types };
  },

  /**
   * Records a collection (or the refund of a negative invoice) through the documents plugin's
   * settlement: Dr treasury / Cr 4300, then amount_paid and the status (partially_paid / paid).
   */
  registerPayment: (tx: Tx, id: string, input: SettleInput): Promise<InvoiceView> =>
    recordPayment(tx, INVOICE_SETTLEMENT, id, input, { lock: (t, key) => findRecord(t, key, true), read: (t, key) => InvoiceService.get(t, key) }),

  /** The rectified invoice's number and date, for printing a rectifying invoice. */
  async rectified(tx: Tx, record: InvoiceRecord): Promise<{ number: string | null; issueDate: string } | null> {
    if (!record.rectifiesId) return null;
    const [row] = await tx.sql<{ number: string | null; issue_date: string }>(`select number, issue_date::text as issue_date from invoices where tenant_id = :tenant and id = :id::uuid`, { id: record.rectifiesId });
    return row ? { number: row.number, issueDate: row.issue_date } : null;
  },

  // ----------------------------------------------------------------------------------------------
  // Hooks answered for other plugins (the contact hooks: the documents plugin's contactHooks)
  // ----------------------------------------------------------------------------------------------

  /**
   * taxes.distance-sales: bases of the year's issued invoices to customers in another Member State
   * without an EU VAT number or flagged as consumers (as printed on the invoice), net of
   * rectifications. Lines are not told apart by goods/TBE services: every line of such an invoice counts.
   */
  async distanceSales(tx: Tx, year: number): Promise<Decimal> {
    const [row] = await tx.sql<{ s: string }>(`
      select coalesce(sum(i.subtotal), 0)::text as s from invoices i
      where i.tenant_id = :tenant and i.status <> 'draft' and i.issue_date between make_date(:year, 1, 1) and make_date(:year, 12, 31)
        and i.customer_country <> 'ES' and i.customer_country = any(:eu::text[])
        -- invoices issued before contacts took the value 'individual' keep 'consumer' in their snapshot
        and (i.customer_type in ('individual', 'consumer') or i.customer_vat is null)
        and not exists (select 1 from invoices r where r.tenant_id = i.tenant_id and r.rectifies_id = i.id and r.rectification_mode = 'substitution')`,
    { year, eu: pgArray(EU_MEMBER_STATES) });
    return dec(row.s);
  },

  /** account.exporting: every invoice of the tenant with its lines. */
  exportAll: (tx: Tx) => everyPage((page) => InvoiceService.list(tx, page)),

  /** tenant.erasing: the database allows deleting issued invoices only in the erasure transaction. */
  eraseTenant: (tx: Tx) => eraseKind(tx, INVOICE),
};

/** How the documents plugin settles an invoice: collections (refunds for a negative invoice) on 4300. */
export const INVOICE_SETTLEMENT: SettlementKind = {
  documentType: INVOICE.name,
  table: INVOICE.table,
  wording: { noun: 'Invoice', draft: 'issue it first', rectified: 'record the payment on its rectifying invoice', before: 'the invoice' },
  entry: ({ item, date, amount, treasuryAccount, refund }, accounts) => postInvoicePayment({
    invoiceId: item.id, number: item.label, contactId: item.contactId, date, amount, treasuryAccount, refund,
  }, accounts),
};

// ------------------------------------------------------------------------------------------------
// Wire shape
// ------------------------------------------------------------------------------------------------

const ISP_SERVICES_LEGEND = 'Inversión del sujeto pasivo (art. 84.Uno.2º LIVA; art. 196 Directiva 2006/112/CE)';

/** Mandatory mentions of the document, from its VAT types (art. 6.1.j RD 1619/2012). */
export function legendsOf(record: InvoiceRecord, types: ReadonlyMap<string, TaxTypeInfo>): string[] {
  const legends: string[] = [];
  const add = (text: string | undefined) => { if (text && !legends.includes(text)) legends.push(text); };
  for (const line of record.lines) {
    const type = types.get(line.taxTypeId);
    if (!type) continue;
    if (type.regime === 'intra_eu' && line.nature === 'services') add(ISP_SERVICES_LEGEND);
    else add(type.sales?.legend);
  }
  return legends;
}

/** Per tax type: Σ bases and Σ allocated amounts of its lines (= the tax on the summed bases). */
export function breakdownOf(lines: readonly InvoiceLineRecord[], types: ReadonlyMap<string, TaxTypeInfo>) {
  const groups = new Map<string, { typeId: string; kind: 'vat' | 'surcharge' | 'withholding'; rate: Decimal; base: Decimal; amount: Decimal }>();
  const add = (typeId: string | null, kind: 'vat' | 'surcharge' | 'withholding', rate: Decimal | null, base: Decimal, amount: Decimal) => {
    if (!typeId) return;
    const key = `${kind}|${typeId}`;
    const group = groups.get(key) ?? { typeId, kind, rate: rate!, base: Decimal.zero(2), amount: Decimal.zero(2) };
    group.base = group.base.add(base).rescale(2);
    group.amount = group.amount.add(amount).rescale(2);
    groups.set(key, group);
  };
  for (const kind of ['vat', 'surcharge', 'withholding'] as const) {
    for (const l of lines) {
      if (kind === 'vat') add(l.taxTypeId, kind, l.taxRate, l.base, l.taxAmount);
      if (kind === 'surcharge') add(l.surchargeTypeId, kind, l.surchargeRate, l.base, l.surchargeAmount);
      if (kind === 'withholding') add(l.withholdingTypeId, kind, l.withholdingRate, l.base, l.withholdingAmount);
    }
  }
  return [...groups.values()].map((g) => {
    const type = types.get(g.typeId);
    return {
      tax_type_id: g.typeId, code: type?.code ?? '', name: type?.name ?? '', kind: g.kind, regime: type?.regime ?? 'domestic',
      rate: formatRate(g.rate), base: g.base.toString(), amount: g.amount.toString(),
    };
  });
}

export function invoiceToJson({ record, types }: InvoiceView) {
  return {
    ...documentToJson(record, breakdownOf(record.lines, types), legendsOf(record, types)),
    lines: record.lines.map((l) => ({ ...lineToJson(l), nature: l.nature, revenue_account: l.revenueAccount })),
    customer: record.customer,
    issuer: record.issuer,
    rectification_ground: record.rectificationGround,
  };
}
