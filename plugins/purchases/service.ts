import { Conflict, ValidationFailed, type FieldError } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { rowBoolean } from '../../kernel/rows';
import { ContactService, actsAs } from '../contacts/api';
import {
  assertUuid, blankToNull, checkDates, checkHeaderDates, checkLineTaxTypes, checkMagnitudes, checkPostableAccounts, checkRectification, checkRectificationAmounts,
  commonLineOf, commonRecordOf, computeAmounts, dec, documentColumns, documentEventPayload, documentList, documentToJson, eraseKind, everyPage, findDocumentRow, formatRate, iso,
  jsonOrNull, lineColumns, lineToJson, loadLinesOf, loadTaxTypes, parseLineNumbers, partyOfContact, recordPayment, registerRows,
  completeRectification, statusAfterRectification, typeIdsOf, gatesHeld, issueStatementSql, lockHeld, numberCtes, numberMark, planIssue, prepareSteps,
  type IssueAnswer, type KindStatement,
  type DocumentRecordCommon, type LineRecordCommon, type LinesSource, type Loc, type Party, type RectificationMode, type SettleInput, type SettlementKind,
  type TaxTypeInfo, type WireLineCommon,
} from '../documents/api';
import { PURCHASE } from './kind';
import { LedgerService, type PostingAccounts } from '../ledger/api';
import type { PurchaseIssuedPayload } from './hooks';
import { nonDeductible, payableAccountOf, postPurchase, postPurchasePayment } from './posting';
import { PURCHASES } from './search';

/** Registration series of received documents (libro registro de facturas recibidas). */
export const PURCHASE_SERIES = 'P';
/** The expense account when neither the line nor the supplier's history gives one (docs/domain/pgc-and-entries.md §1: otros servicios). */
export const DEFAULT_EXPENSE_ACCOUNT = '629';

export type PurchaseKind = 'invoice' | 'expense';
export type PurchaseStatus = 'draft' | 'issued' | 'partially_paid' | 'paid' | 'rectified';
export type { RectificationMode };
/** The documents plugin's view of this kind's table. */

export interface PurchaseLineWire extends WireLineCommon {
  expense_account?: string | null;
  capital_good?: boolean;
}

export interface PurchaseInput {
  contact_id: string;
  kind: PurchaseKind;
  supplier_invoice_number?: string | null;
  issue_date: string;
  due_date?: string | null;
  operation_date?: string | null;
  notes?: string | null;
  lines: PurchaseLineWire[];
  status?: 'draft' | 'issued';
}
export type PurchasePatch = Partial<Omit<PurchaseInput, 'status'>>;

export interface PurchaseRectifyInput {
  issue_date: string;
  reason: string;
  mode: RectificationMode;
  supplier_invoice_number?: string | null;
  lines?: PurchaseLineWire[];
  due_date?: string | null;
  notes?: string | null;
}

export interface PurchaseLineRecord extends LineRecordCommon {
  expenseAccount: string;
  capitalGood: boolean;
  selfAssessedAmount: Decimal;
}

export interface PurchaseRecord extends DocumentRecordCommon {
  kind: PurchaseKind;
  status: PurchaseStatus;
  supplierInvoiceNumber: string | null;
  source: 'manual' | 'ocr';
  fileSha256: string | null;
  /** The original file's key in the kernel's file store, when it was kept. */
  fileKey: string | null;
  selfAssessedTotal: Decimal;
  payableAccount: string | null;
  supplier: Party | null;
  lines: PurchaseLineRecord[];
}

export interface PurchaseView { record: PurchaseRecord; types: ReadonlyMap<string, TaxTypeInfo> }

export interface PurchaseListQuery {
  limit?: number; offset?: number; from?: string; to?: string; status?: PurchaseStatus; contactId?: string; kind?: PurchaseKind; search?: string; cursor?: string;
}

// ------------------------------------------------------------------------------------------------
// Rows
// ------------------------------------------------------------------------------------------------

const columnsOver = (a: string) => `${documentColumns(PURCHASE.table, a)}, ${a}.kind, ${a}.supplier_invoice_number, ${a}.source, ${a}.file_sha256, ${a}.file_key,
  ${a}.self_assessed_total::text as self_assessed_total, ${a}.payable_account, ${a}.supplier::text as supplier`;
const PURCHASE_COLUMNS = columnsOver('p');
/** The columns over the alias `d` of the list and search queries. */
const LIST_COLUMNS = columnsOver('d');

const LINE_COLUMNS = `${lineColumns(PURCHASE.linesKey)}, expense_account, capital_good, self_assessed_amount::text as self_assessed_amount`;

function recordOf(row: any, lines: PurchaseLineRecord[]): PurchaseRecord {
  return {
    ...commonRecordOf(row), kind: row.kind, supplierInvoiceNumber: row.supplier_invoice_number, source: row.source, fileSha256: row.file_sha256, fileKey: row.file_key,
    selfAssessedTotal: dec(row.self_assessed_total), payableAccount: row.payable_account, supplier: jsonOrNull<Party>(row.supplier), lines,
  };
}

const lineOf = (row: any): PurchaseLineRecord => ({
  ...commonLineOf(row), expenseAccount: row.expense_account, capitalGood: rowBoolean(row.capital_good), selfAssessedAmount: dec(row.self_assessed_amount),
});

const LINES: LinesSource<PurchaseLineRecord> = { table: PURCHASE.linesTable, key: PURCHASE.linesKey, columns: LINE_COLUMNS, lineOf };

async function findRecord(tx: Tx, id: string, lock = false): Promise<PurchaseRecord> {
  assertUuid(id, 'Purchase');
  const row = await findDocumentRow(tx, { ...PURCHASE, alias: 'p', columns: PURCHASE_COLUMNS }, id, lock);
  return recordOf(row, (await loadLinesOf(tx, LINES, [row.id])).get(row.id) ?? []);
}

// ------------------------------------------------------------------------------------------------
// Computing
// ------------------------------------------------------------------------------------------------

type LineBasis = Omit<PurchaseLineRecord, 'base' | 'taxAmount' | 'selfAssessedAmount' | 'surchargeAmount' | 'withholdingAmount'>;

interface Computed { lines: PurchaseLineRecord[]; subtotal: Decimal; taxTotal: Decimal; surchargeTotal: Decimal; withholdingTotal: Decimal; selfAssessedTotal: Decimal; total: Decimal }

const isReverseCharge = (type: TaxTypeInfo | undefined) => !!type?.purchases?.selfAssessedAccount;

/**
 * Amounts of purchase lines: VAT per type on the summed bases, allocated to lines; reverse-charge
 * VAT is self-assessed (not owed to the supplier, not in the total).
 */
export function computePurchaseLines(lines: LineBasis[], types: ReadonlyMap<string, TaxTypeInfo>): Computed {
  const rates = new Map<string, Decimal>();
  for (const l of lines) {
    rates.set(l.taxTypeId, l.taxRate);
    if (l.surchargeTypeId) rates.set(l.surchargeTypeId, l.surchargeRate!);
    if (l.withholdingTypeId) rates.set(l.withholdingTypeId, l.withholdingRate!);
  }
  const amounts = computeAmounts(lines.map((l) => ({
    quantity: l.quantity, unitPrice: l.unitPrice, discountPct: l.discountPct, taxTypeId: l.taxTypeId, surchargeTypeId: l.surchargeTypeId, withholdingTypeId: l.withholdingTypeId,
  })), rates);
  const records: PurchaseLineRecord[] = lines.map((l, i) => {
    const a = amounts.lines[i];
    const reverse = isReverseCharge(types.get(l.taxTypeId));
    return { ...l, base: a.base, taxAmount: reverse ? Decimal.zero(2) : a.taxAmount, selfAssessedAmount: reverse ? a.taxAmount : Decimal.zero(2), surchargeAmount: a.surchargeAmount, withholdingAmount: a.withholdingAmount };
  });
  const sum = (pick: (l: PurchaseLineRecord) => Decimal) => records.reduce((s, l) => s.add(pick(l)), Decimal.zero(2)).rescale(2);
  const vat = sum((l) => l.taxAmount);
  const taxTotal = vat.add(amounts.surchargeTotal);
  return {
    lines: records, subtotal: amounts.subtotal, taxTotal, surchargeTotal: amounts.surchargeTotal, withholdingTotal: amounts.withholdingTotal,
    selfAssessedTotal: sum((l) => l.selfAssessedAmount), total: amounts.subtotal.add(taxTotal).sub(amounts.withholdingTotal),
  };
}

/** The expense account last used with this supplier, else 629. */
async function supplierDefaultAccount(tx: Tx, contactId: string): Promise<string> {
  const [row] = await tx.sql<{ account: string }>(`
    select l.expense_account as account from purchase_lines l join purchases p on p.tenant_id = l.tenant_id and p.id = l.purchase_id
    where p.tenant_id = :tenant and p.contact_id = :contactId::uuid and not l.capital_good
    order by p.issue_date desc, p.created_at desc, l.line_no limit 1`, { contactId });
  return row?.account ?? DEFAULT_EXPENSE_ACCOUNT;
}

async function buildLines(tx: Tx, wire: PurchaseLineWire[], contactId: string, loc: Loc): Promise<{ computed: Computed; types: Map<string, TaxTypeInfo> }> {
  const parsed = parseLineNumbers(wire, loc);
  const types = await loadTaxTypes(tx, parsed.flatMap((l) => [l.taxTypeId, l.surchargeTypeId, l.withholdingTypeId].filter((x): x is string => !!x)));
  const errors: FieldError[] = checkLineTaxTypes(wire, types, 'purchases', loc, true);
  if (errors.length) throw new ValidationFailed(errors);
  const fallback = wire.some((l) => !l.expense_account) ? await supplierDefaultAccount(tx, contactId) : DEFAULT_EXPENSE_ACCOUNT;
  const accounts = wire.map((l, i) => ({ loc: [...loc, i, 'expense_account'], code: l.expense_account ?? fallback, prefixes: l.capital_good ? ['6', '2'] : ['6'] }));
  await checkPostableAccounts(tx, accounts);
  const computed = computePurchaseLines(parsed.map((l, i) => ({
    lineNo: i + 1, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, discountPct: l.discountPct,
    expenseAccount: accounts[i].code, capitalGood: wire[i].capital_good ?? false,
    taxTypeId: l.taxTypeId, taxRate: types.get(l.taxTypeId)!.rate,
    surchargeTypeId: l.surchargeTypeId, surchargeRate: l.surchargeTypeId ? types.get(l.surchargeTypeId)!.rate : null,
    withholdingTypeId: l.withholdingTypeId, withholdingRate: l.withholdingTypeId ? types.get(l.withholdingTypeId)!.rate : null,
  })), types);
  checkMagnitudes([
    ...computed.lines.map((l, i) => ({ loc: [...loc, i, 'unit_price'], value: l.base })),
    { loc, value: computed.subtotal }, { loc, value: computed.total },
  ]);
  return { computed, types };
}

async function supplierOf(tx: Tx, contactId: string, loc: Loc) {
  const contact = await ContactService.get(tx, contactId);
  if (!actsAs(contact, 'supplier')) {
    throw ValidationFailed.field(loc, `Contact ${contact.name} is a customer; make it a supplier (kind supplier, or customer_and_supplier true) to register its documents`, 'value_error.contact_kind');
  }
  return contact;
}

function checkHeader(input: { issue_date?: string; due_date?: string | null; operation_date?: string | null }, issueDate: string, dueDate: string | null, kind: PurchaseKind, supplierNumber: string | null): void {
  checkHeaderDates(input, issueDate, dueDate);
  if (kind === 'invoice' && !supplierNumber) throw ValidationFailed.field(['body', 'supplier_invoice_number'], "A purchase invoice needs the supplier's invoice number (use kind expense for tickets)", 'missing');
}

/** 409 when this supplier's invoice number is already registered (a friendlier message than the unique index's). */
async function assertSupplierNumberFree(tx: Tx, contactId: string, kind: PurchaseKind, supplierNumber: string | null, exceptId: string | null): Promise<void> {
  if (kind !== 'invoice' || !supplierNumber) return;
  const [row] = await tx.sql<{ number: string | null; status: string }>(`
    select number, status from purchases where tenant_id = :tenant and contact_id = :contactId::uuid and kind = 'invoice'
      and upper(supplier_invoice_number) = upper(:supplierNumber) and id is distinct from :exceptId::uuid limit 1`,
  { contactId, supplierNumber, exceptId });
  if (row) throw new Conflict(`Invoice ${supplierNumber} of this supplier is already registered${row.number ? ` as ${row.number}` : ' (as a draft)'}`);
}

// ------------------------------------------------------------------------------------------------
// Writes
// ------------------------------------------------------------------------------------------------

async function insertLines(tx: Tx, purchaseId: string, lines: PurchaseLineRecord[]): Promise<void> {
  const payload = lines.map((l) => ({
    line_no: l.lineNo, description: l.description, quantity: l.quantity.toString(), unit_price: l.unitPrice.toString(), discount_pct: l.discountPct.toString(),
    expense_account: l.expenseAccount, capital_good: l.capitalGood, tax_type_id: l.taxTypeId, tax_rate: l.taxRate.toString(),
    surcharge_type_id: l.surchargeTypeId, surcharge_rate: l.surchargeRate?.toString() ?? null,
    withholding_type_id: l.withholdingTypeId, withholding_rate: l.withholdingRate?.toString() ?? null,
    base: l.base.toString(), tax_amount: l.taxAmount.toString(), self_assessed_amount: l.selfAssessedAmount.toString(),
    surcharge_amount: l.surchargeAmount.toString(), withholding_amount: l.withholdingAmount.toString(),
  }));
  await tx.sql(`
    insert into purchase_lines (tenant_id, purchase_id, line_no, description, quantity, unit_price, discount_pct, expense_account, capital_good, tax_type_id,
      tax_rate, surcharge_type_id, surcharge_rate, withholding_type_id, withholding_rate, base, tax_amount, self_assessed_amount, surcharge_amount, withholding_amount)
    select :tenant, :purchaseId::uuid, x.line_no, x.description, x.quantity, x.unit_price, x.discount_pct, x.expense_account, x.capital_good, x.tax_type_id,
      x.tax_rate, x.surcharge_type_id, x.surcharge_rate, x.withholding_type_id, x.withholding_rate, x.base, x.tax_amount, x.self_assessed_amount,
      x.surcharge_amount, x.withholding_amount
    from jsonb_to_recordset(:lines::jsonb) as x (line_no int, description text, quantity numeric, unit_price numeric, discount_pct numeric,
      expense_account text, capital_good boolean, tax_type_id uuid, tax_rate numeric, surcharge_type_id uuid, surcharge_rate numeric, withholding_type_id uuid,
      withholding_rate numeric, base numeric, tax_amount numeric, self_assessed_amount numeric, surcharge_amount numeric, withholding_amount numeric)`,
  { purchaseId, lines: JSON.stringify(payload) });
}

/** Where a purchase came from: typed in, or read from a file (the SHA-256 of its bytes). */
export interface PurchaseOrigin { source: 'manual' | 'ocr'; fileSha256: string | null; fileKey?: string | null }
const MANUAL: PurchaseOrigin = { source: 'manual', fileSha256: null, fileKey: null };

interface DraftFields {
  id: string; kind: PurchaseKind; contactId: string; supplierInvoiceNumber: string | null; issueDate: string; dueDate: string | null; operationDate: string | null;
  notes: string | null; rectifiesId: string | null; rectificationMode: RectificationMode | null; rectificationReason: string | null;
}

async function insertDraft(tx: Tx, fields: DraftFields, computed: Computed, origin: PurchaseOrigin = MANUAL): Promise<PurchaseRecord> {
  await assertSupplierNumberFree(tx, fields.contactId, fields.kind, fields.supplierInvoiceNumber, null);
  const [row] = await tx.sql<{ created_at: unknown; updated_at: unknown }>(`
    insert into purchases (id, tenant_id, kind, status, series, contact_id, supplier_invoice_number, issue_date, due_date, operation_date, notes, subtotal,
      tax_total, surcharge_total, withholding_total, self_assessed_total, total, rectifies_id, rectification_mode, rectification_reason, source, file_sha256, file_key)
    values (:id::uuid, :tenant, :kind, 'draft', :series, :contactId::uuid, :supplierNumber, :issueDate::date, :dueDate::date, :operationDate::date, :notes,
      :subtotal::numeric, :taxTotal::numeric, :surchargeTotal::numeric, :withholdingTotal::numeric, :selfAssessedTotal::numeric, :total::numeric,
      :rectifiesId::uuid, :mode, :reason, :source, :fileSha256, :fileKey)
    returning created_at, updated_at`, {
    id: fields.id, kind: fields.kind, series: PURCHASE_SERIES, contactId: fields.contactId, supplierNumber: fields.supplierInvoiceNumber, issueDate: fields.issueDate,
    dueDate: fields.dueDate, operationDate: fields.operationDate, notes: fields.notes, subtotal: computed.subtotal.toString(), taxTotal: computed.taxTotal.toString(),
    surchargeTotal: computed.surchargeTotal.toString(), withholdingTotal: computed.withholdingTotal.toString(), selfAssessedTotal: computed.selfAssessedTotal.toString(),
    total: computed.total.toString(), rectifiesId: fields.rectifiesId, mode: fields.rectificationMode, reason: fields.rectificationReason,
    source: origin.source, fileSha256: origin.fileSha256, fileKey: origin.fileKey ?? null,
  });
  await insertLines(tx, fields.id, computed.lines);
  return {
    id: fields.id, kind: fields.kind, status: 'draft', series: PURCHASE_SERIES, year: null, seq: null, number: null, contactId: fields.contactId,
    supplierInvoiceNumber: fields.supplierInvoiceNumber, source: origin.source, fileSha256: origin.fileSha256, fileKey: origin.fileKey ?? null, issueDate: fields.issueDate, dueDate: fields.dueDate,
    operationDate: fields.operationDate, notes: fields.notes, subtotal: computed.subtotal, taxTotal: computed.taxTotal, surchargeTotal: computed.surchargeTotal,
    withholdingTotal: computed.withholdingTotal, selfAssessedTotal: computed.selfAssessedTotal, total: computed.total, amountPaid: Decimal.zero(2),
    payableAccount: null, rectifiesId: fields.rectifiesId, rectificationMode: fields.rectificationMode, rectificationReason: fields.rectificationReason,
    journalEntryId: null, supplier: null, issuedAt: null, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at), substituted: false, lines: computed.lines,
  };
}

// ------------------------------------------------------------------------------------------------
// Registering (issuing)
// ------------------------------------------------------------------------------------------------

/** The purchase's share of the issue statement: the draft locked, numbered in its series (any date), marked registered. */
const PURCHASE_STATEMENT: KindStatement = {
  lock: (gate) => `draft as (
      select p.id from purchases p where p.tenant_id = :tenant and p.id = :id::uuid and p.status = 'draft' and ${gate} for update of p
    )`,
  numbering: numberCtes(PURCHASE.seriesTable, 'draft'),
  issued: `issued as (
      update purchases p set status = 'issued', year = :year, seq = n.seq, number = n.number, journal_entry_id = :entryId::uuid, supplier = :supplier::jsonb,
        payable_account = :payable, issued_at = now(), updated_at = now()
      from numbered n where p.tenant_id = :tenant and p.id = :id::uuid
      returning p.issued_at, p.updated_at
    )`,
  answer: 'n.seq, n.number, (select issued_at from issued) as issued_at, (select updated_at from issued) as updated_at',
};

/**
 * Registers a draft in the caller's unit of work through the issue steps (number, posting, tax
 * register in one statement), then the substituted original's reversal, `purchase.issued` and
 * `purchase.registered`.
 */
async function issueLoaded(tx: Tx, record: PurchaseRecord, types: ReadonlyMap<string, TaxTypeInfo>, contact: Awaited<ReturnType<typeof ContactService.get>>,
  options: { reverseEntryId?: string | null; rectifiesNumber?: string | null } = {}): Promise<PurchaseRecord> {
  if (!record.rectifiesId && record.total.isNegative()) {
    throw ValidationFailed.field(['body', 'lines'], "A purchase cannot have a negative total: register the supplier's rectifying invoice with POST /purchases/{id}/rectify", 'value_error.negative_total');
  }
  const supplier = partyOfContact(contact);
  const accounts: PostingAccounts = await LedgerService.postingAccounts(tx);
  const payableAccount = payableAccountOf(record.lines, accounts);
  const mark = numberMark(record.series);
  const draft = postPurchase({
    id: record.id, number: mark, kind: record.kind, supplierInvoiceNumber: record.supplierInvoiceNumber, issueDate: record.issueDate,
    contactId: record.contactId, supplierName: supplier.legal_name ?? supplier.name, total: record.total, payableAccount, rectifiesNumber: options.rectifiesNumber ?? null,
    lines: record.lines, types,
  }, accounts);
  const register = registerRows({
    documentType: 'purchase', documentId: record.id, side: 'received', purchaseKind: record.kind, number: null, supplierNumber: record.supplierInvoiceNumber,
    issueDate: record.issueDate, operationDate: record.operationDate, contactId: record.contactId, counterparty: supplier, rectifiesId: record.rectifiesId,
    rectifiesNumber: options.rectifiesNumber ?? null, rectificationMode: record.rectificationMode, total: record.total,
  }, record.lines.map((l) => ({
    taxTypeId: l.taxTypeId, taxRate: l.taxRate, surchargeRate: l.surchargeRate, withholdingRate: l.withholdingRate, base: l.base,
    quota: l.taxAmount.add(l.selfAssessedAmount), surcharge: l.surchargeAmount, withholding: l.withholdingAmount, capitalGood: l.capitalGood, deductible: !nonDeductible(l),
  })), types);
  const plan = planIssue({
    kind: PURCHASE, record, types, counterparty: supplier, issuer: supplier, simplified: false, posting: draft ? { draft, numberMark: mark } : null, register,
    event: { name: 'purchase.registered', payload: null, publish: false, audience: 'false' },
  });
  const year = Number(record.issueDate.slice(0, 4));
  Object.assign(plan.params, { id: record.id, series: record.series, year, date: record.issueDate, supplier: JSON.stringify(supplier), payable: payableAccount });
  await prepareSteps(tx, plan);
  const [row] = await tx.sql<IssueAnswer>(issueStatementSql(plan, PURCHASE_STATEMENT), plan.params);
  if (!gatesHeld(row)) throw new Error('Registering refused what its steps prepared');
  if (!lockHeld(row)) throw new Conflict('The purchase is no longer a draft');
  const number = row.number as string;
  if (options.reverseEntryId) {
    await LedgerService.reverse(tx, options.reverseEntryId, record.issueDate, `Anulación por sustitución: ${number} (${options.rectifiesNumber ?? ''})`.slice(0, 500));
  }
  const issued: PurchaseRecord = {
    ...record, status: 'issued', year, seq: Number(row.seq), number, journalEntryId: plan.journalEntryId, supplier, payableAccount,
    issuedAt: iso(row.issued_at), updatedAt: iso(row.updated_at),
  };
  const payload: PurchaseIssuedPayload = {
    tenantId: tx.tenantId, purchaseId: issued.id, kind: issued.kind, number, supplierInvoiceNumber: issued.supplierInvoiceNumber,
    issueDate: issued.issueDate, contactId: issued.contactId, total: issued.total.toString(), rectifiesId: issued.rectifiesId, journalEntryId: issued.journalEntryId,
  };
  await tx.hook('purchase.issued', payload);
  tx.publish('purchase.registered', documentEventPayload('purchase', issued));
  return issued;
}

// ------------------------------------------------------------------------------------------------
// The service
// ------------------------------------------------------------------------------------------------

/** Purchase invoices and expenses. Every function runs in the caller's unit of work. */
export const PurchaseService = {
  /** `origin`: for plugins that create purchases from a file (purchase ingestion); the API creates manual ones. */
  async create(tx: Tx, input: PurchaseInput, origin: PurchaseOrigin = MANUAL): Promise<PurchaseView> {
    const supplierNumber = blankToNull(input.supplier_invoice_number);
    checkHeader(input, input.issue_date, input.due_date ?? null, input.kind, supplierNumber);
    const contact = await supplierOf(tx, input.contact_id, ['body', 'contact_id']);
    const { computed, types } = await buildLines(tx, input.lines, contact.id, ['body', 'lines']);
    const draft = await insertDraft(tx, {
      id: crypto.randomUUID(), kind: input.kind, contactId: contact.id, supplierInvoiceNumber: supplierNumber, issueDate: input.issue_date,
      dueDate: input.due_date ?? null, operationDate: input.operation_date ?? null, notes: blankToNull(input.notes), rectifiesId: null, rectificationMode: null, rectificationReason: null,
    }, computed, origin);
    if ((input.status ?? 'issued') === 'draft') return { record: draft, types };
    return { record: await issueLoaded(tx, draft, types, contact), types };
  },

  async get(tx: Tx, id: string): Promise<PurchaseView> {
    const record = await findRecord(tx, id);
    return { record, types: await loadTaxTypes(tx, typeIdsOf([record])) };
  },

  async list(tx: Tx, query: PurchaseListQuery) {
    const { records, types, ...page } = await documentList<PurchaseLineRecord, PurchaseRecord>(tx, PURCHASES, query, {
      columns: LIST_COLUMNS, lines: LINES, recordOf, typeIdsOf,
      filter: (where, params) => (query.kind ? (params.kind = query.kind, `${where} and d.kind = :kind`) : where),
    });
    return { items: records.map((record) => ({ record, types }) as PurchaseView), ...page };
  },

  async update(tx: Tx, id: string, patch: PurchasePatch): Promise<PurchaseView> {
    const current = await findRecord(tx, id, true);
    if (current.status !== 'draft') throw new Conflict(`Purchase ${current.number} is registered and cannot be changed: register the supplier's rectifying invoice (POST /purchases/${id}/rectify)`);
    if (Object.values(patch).every((v) => v === undefined)) throw ValidationFailed.field(['body'], 'Send at least one field to change', 'missing');
    if (patch.issue_date === null) throw ValidationFailed.field(['body', 'issue_date'], 'Cannot be null', 'value_error.none');
    const kind = patch.kind ?? current.kind;
    const supplierNumber = patch.supplier_invoice_number !== undefined ? blankToNull(patch.supplier_invoice_number) : current.supplierInvoiceNumber;
    const issueDate = patch.issue_date ?? current.issueDate;
    const dueDate = patch.due_date !== undefined ? patch.due_date : current.dueDate;
    checkHeader(patch, issueDate, dueDate, kind, supplierNumber);
    let contactId = current.contactId;
    if (patch.contact_id !== undefined) contactId = (await supplierOf(tx, patch.contact_id, ['body', 'contact_id'])).id;
    await assertSupplierNumberFree(tx, contactId, kind, supplierNumber, id);
    let computed: Computed;
    if (patch.lines !== undefined) computed = (await buildLines(tx, patch.lines, contactId, ['body', 'lines'])).computed;
    else computed = computePurchaseLines(current.lines, await loadTaxTypes(tx, typeIdsOf([current])));
    const [row] = await tx.sql<{ updated_at: unknown }>(`
      update purchases set kind = :kind, contact_id = :contactId::uuid, supplier_invoice_number = :supplierNumber, issue_date = :issueDate::date,
        due_date = :dueDate::date, operation_date = :operationDate::date, notes = :notes, subtotal = :subtotal::numeric, tax_total = :taxTotal::numeric,
        surcharge_total = :surchargeTotal::numeric, withholding_total = :withholdingTotal::numeric, self_assessed_total = :selfAssessedTotal::numeric,
        total = :total::numeric, updated_at = now()
      where tenant_id = :tenant and id = :id::uuid and status = 'draft' returning updated_at`, {
      id, kind, contactId, supplierNumber, issueDate, dueDate, operationDate: patch.operation_date !== undefined ? patch.operation_date : current.operationDate,
      notes: patch.notes !== undefined ? blankToNull(patch.notes) : current.notes, subtotal: computed.subtotal.toString(), taxTotal: computed.taxTotal.toString(),
      surchargeTotal: computed.surchargeTotal.toString(), withholdingTotal: computed.withholdingTotal.toString(), selfAssessedTotal: computed.selfAssessedTotal.toString(),
      total: computed.total.toString(),
    });
    if (!row) throw new Conflict('The purchase is no longer a draft');
    if (patch.lines !== undefined) {
      await tx.sql(`delete from purchase_lines where tenant_id = :tenant and purchase_id = :id::uuid`, { id });
      await insertLines(tx, id, computed.lines);
    }
    return PurchaseService.get(tx, id);
  },

  async delete(tx: Tx, id: string): Promise<void> {
    const current = await findRecord(tx, id, true);
    if (current.status !== 'draft') throw new Conflict(`Purchase ${current.number} is registered and cannot be deleted: register the supplier's rectifying invoice`);
    await tx.sql(`delete from purchases where tenant_id = :tenant and id = :id::uuid and status = 'draft'`, { id });
  },

  /** Registers a draft: registration number, posting and `purchase.issued`, in this transaction. */
  async issue(tx: Tx, id: string): Promise<PurchaseView> {
    const record = await findRecord(tx, id, true);
    if (record.status !== 'draft') throw new Conflict(`Purchase ${record.number} is already registered`);
    const types = await loadTaxTypes(tx, typeIdsOf([record]));
    const contact = await supplierOf(tx, record.contactId, ['body', 'contact_id']);
    return { record: await issueLoaded(tx, record, types, contact), types };
  },

  /**
   * Registers the supplier's rectifying invoice for a registered purchase: by differences (the
   * corrections; the original becomes `rectified` when they bring it to zero) or by substitution
   * (the original's entry is reversed; refused once payments exist).
   */
  async rectify(tx: Tx, id: string, input: PurchaseRectifyInput): Promise<PurchaseView> {
    const original = await findRecord(tx, id, true);
    checkRectification(original, input, {
      itself: `Purchase ${original.number} is itself a rectification: rectify the original document`,
      rectifiedAlready: `Purchase ${original.number} has already been fully rectified`,
      datedBefore: 'A rectification cannot be dated before the document it rectifies',
    });
    const supplierNumber = blankToNull(input.supplier_invoice_number);
    if (original.kind === 'invoice' && !supplierNumber) throw ValidationFailed.field(['body', 'supplier_invoice_number'], "The supplier's rectifying invoice number is required", 'missing');
    const wireLines = input.lines ?? [];
    checkRectificationAmounts(original, input.mode, wireLines.length, 'Purchase');
    const contact = await ContactService.get(tx, original.contactId);
    const built = wireLines.length ? await buildLines(tx, wireLines, original.contactId, ['body', 'lines']) : { computed: computePurchaseLines([], new Map()), types: new Map<string, TaxTypeInfo>() };
    const originalStatus = await statusAfterRectification(tx, PURCHASE, original, input.mode, built.computed.total, `${original.number}`);
    const draft = await insertDraft(tx, {
      id: crypto.randomUUID(), kind: original.kind, contactId: original.contactId, supplierInvoiceNumber: supplierNumber, issueDate: input.issue_date,
      dueDate: input.due_date ?? null, operationDate: null, notes: blankToNull(input.notes), rectifiesId: original.id, rectificationMode: input.mode,
      rectificationReason: input.reason.trim(),
    }, built.computed);
    const issued = await issueLoaded(tx, draft, built.types, contact, {
      rectifiesNumber: original.supplierInvoiceNumber ?? original.number, reverseEntryId: input.mode === 'substitution' ? original.journalEntryId : null,
    });
    const events = await completeRectification(tx, PURCHASE, {
      original, rectifying: issued, originalStatus, mode: input.mode, rectifiesNumber: original.supplierInvoiceNumber ?? original.number,
    });
    tx.publish('purchase.rectified', events.rectified);
    if (events.cancelled) tx.publish('purchase.cancelled', events.cancelled);
    return { record: issued, types: built.types };
  },

  /** Records a payment to the supplier (the documents plugin's settlement): Dr 4000/4100 / Cr treasury; amount_paid and status follow. */
  registerPayment: (tx: Tx, id: string, input: SettleInput): Promise<PurchaseView> =>
    recordPayment(tx, PURCHASE_SETTLEMENT, id, input, { lock: (t, key) => findRecord(t, key, true), read: (t, key) => PurchaseService.get(t, key) }),

  // ----------------------------------------------------------------------------------------------
  // Hooks answered for other plugins
  // ----------------------------------------------------------------------------------------------

  exportAll: (tx: Tx) => everyPage((page) => PurchaseService.list(tx, page)),
  eraseTenant: (tx: Tx) => eraseKind(tx, PURCHASE),
};

/** How the documents plugin settles a purchase: payments (refunds for a negative document) on its payable account. */
export const PURCHASE_SETTLEMENT: SettlementKind = {
  documentType: PURCHASE.name,
  table: PURCHASE.table,
  labelSql: 'coalesce(d.supplier_invoice_number, d.number)',
  accountSql: 'd.payable_account',
  wording: { noun: 'Purchase', draft: 'register it first', rectified: 'record the payment on its rectification', before: 'the document' },
  entry: ({ item, date, amount, treasuryAccount, refund }, accounts) => postPurchasePayment({
    purchaseId: item.id, number: item.label, contactId: item.contactId, payableAccount: item.account ?? accounts.serviceCreditors,
    date, amount, treasuryAccount, refund,
  }),
};

// ------------------------------------------------------------------------------------------------
// Wire shape
// ------------------------------------------------------------------------------------------------

/** Per tax type (and deductibility): Σ bases and Σ amounts of its lines; reverse-charge VAT is flagged self-assessed. */
export function purchaseBreakdown(lines: readonly PurchaseLineRecord[], types: ReadonlyMap<string, TaxTypeInfo>) {
  const groups = new Map<string, { typeId: string; kind: 'vat' | 'surcharge' | 'withholding'; rate: Decimal; base: Decimal; amount: Decimal; deductible: boolean }>();
  const add = (typeId: string | null, kind: 'vat' | 'surcharge' | 'withholding', rate: Decimal | null, base: Decimal, amount: Decimal, deductible: boolean) => {
    if (!typeId) return;
    const key = `${kind}|${typeId}|${deductible}`;
    const group = groups.get(key) ?? { typeId, kind, rate: rate!, base: Decimal.zero(2), amount: Decimal.zero(2), deductible };
    group.base = group.base.add(base).rescale(2);
    group.amount = group.amount.add(amount).rescale(2);
    groups.set(key, group);
  };
  for (const kind of ['vat', 'surcharge', 'withholding'] as const) {
    for (const l of lines) {
      const deductible = !nonDeductible(l);
      if (kind === 'vat') add(l.taxTypeId, kind, l.taxRate, l.base, l.taxAmount.add(l.selfAssessedAmount), deductible);
      if (kind === 'surcharge') add(l.surchargeTypeId, kind, l.surchargeRate, l.base, l.surchargeAmount, false);
      if (kind === 'withholding') add(l.withholdingTypeId, kind, l.withholdingRate, l.base, l.withholdingAmount, true);
    }
  }
  return [...groups.values()].map((g) => {
    const type = types.get(g.typeId);
    return {
      tax_type_id: g.typeId, code: type?.code ?? '', name: type?.name ?? '', kind: g.kind, regime: type?.regime ?? 'domestic', rate: formatRate(g.rate),
      base: g.base.toString(), amount: g.amount.toString(), self_assessed: g.kind === 'vat' && isReverseCharge(type), deductible: g.deductible,
    };
  });
}

export function purchaseToJson({ record, types }: PurchaseView) {
  return {
    ...documentToJson(record, purchaseBreakdown(record.lines, types), [] as string[]),
    kind: record.kind, supplier_invoice_number: record.supplierInvoiceNumber, source: record.source, file_sha256: record.fileSha256,
    self_assessed_total: record.selfAssessedTotal.toString(), payable_account: record.payableAccount,
    lines: record.lines.map((l) => ({
      ...lineToJson(l), expense_account: l.expenseAccount,
      capital_good: l.capitalGood, self_assessed_amount: l.selfAssessedAmount.toString(), deductible: !nonDeductible(l),
    })),
    supplier: record.supplier,
  };
}
