import { Conflict, ValidationFailed } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { rowBoolean } from '../../kernel/rows';
import { ContactService, actsAs } from '../contacts/api';
import {
  checkHeaderDates, checkLineTaxTypes, checkPostableAccounts, parseLineNumbers, computeDocumentLines, dec, documentTables, jsonOrNull, kindStore, linesFromWire, loadTaxTypes, wireTypeIds,
  type ComputedDocument, type LineBasis, type Loc, type OpenItemKind, type Party, type SettlementKind, type TaxTypeInfo,
} from '../documents/api';
import { PURCHASE_LINE_NATURE } from './nature';
import { postPurchasePayment } from './posting';
import type { PurchaseKind, PurchaseLineRecord, PurchaseLineWire, PurchaseRecord } from './types';

/** Purchases as a document kind: its table names (purchases, purchase_lines, purchase_series) derive from this. */
export const PURCHASE = documentTables({ name: 'purchase', plugin: 'purchases', noun: 'Purchase', side: 'received', lineNature: PURCHASE_LINE_NATURE,
  registerGroupBy: { capitalGood: 'l.capital_good', deductible: 'l.surcharge_type_id is null' } });

/** The purchase's own columns beside the shared ones (the documents plugin reads and writes the rest). */
export const PURCHASE_STORE = kindStore<PurchaseRecord, PurchaseLineRecord>({
  kind: PURCHASE,
  columns: (a) => `${a}.kind, ${a}.supplier_invoice_number, ${a}.source, ${a}.file_sha256, ${a}.file_key,
    ${a}.self_assessed_total::text as self_assessed_total, ${a}.payable_account, ${a}.supplier::text as supplier, ${a}.vat_deducted_percent`,
  recordOf: (common, row, lines) => ({
    ...common, kind: row.kind, supplierInvoiceNumber: row.supplier_invoice_number, source: row.source, fileSha256: row.file_sha256, fileKey: row.file_key,
    selfAssessedTotal: dec(row.self_assessed_total), payableAccount: row.payable_account, supplier: jsonOrNull<Party>(row.supplier),
    vatDeductedPercent: Number(row.vat_deducted_percent ?? 100), lines,
  }),
  lineColumns: { expense_account: 'text', capital_good: 'boolean', self_assessed_amount: 'numeric' },
  lineOf: (common, row) => ({ ...common, expenseAccount: row.expense_account, capitalGood: rowBoolean(row.capital_good), selfAssessedAmount: dec(row.self_assessed_amount) }),
  lineValues: (l) => ({ expense_account: l.expenseAccount, capital_good: l.capitalGood, self_assessed_amount: l.selfAssessedAmount.toString() }),
});

export type Computed = ComputedDocument<PurchaseLineRecord>;

export const isReverseCharge = (type: TaxTypeInfo | undefined) => !!type?.purchases?.selfAssessedAccount;

/**
 * Amounts of purchase lines: VAT per type on the summed bases, allocated to lines; reverse-charge
 * VAT is self-assessed (not owed to the supplier, not in the total).
 */
export const computePurchaseLines = (lines: LineBasis<PurchaseLineRecord>[], types: ReadonlyMap<string, TaxTypeInfo>): Computed =>
  computeDocumentLines<PurchaseLineRecord>(lines, (l) => isReverseCharge(types.get(l.taxTypeId)));

/** Registration series of received documents (libro registro de facturas recibidas). */
export const PURCHASE_SERIES = 'P';
/** The expense account when neither the line nor the supplier's history gives one (docs/domain/pgc-and-entries.md §1: otros servicios). */
export const DEFAULT_EXPENSE_ACCOUNT = '629';

/** The expense account last used with this supplier, else 629. */
async function supplierDefaultAccount(tx: Tx, contactId: string): Promise<string> {
  // the newest purchase with a line that is not a capital good, and its first such line: walked from
  // the newest through purchases_supplier_latest, so a supplier with thousands costs what one with few does
  const [row] = await tx.sql<{ account: string }>(`
    select l.account from purchases p
    cross join lateral (select expense_account as account from purchase_lines l
      where l.tenant_id = p.tenant_id and l.purchase_id = p.id and not l.capital_good order by l.line_no limit 1) l
    where p.tenant_id = :tenant and p.contact_id = :contactId::uuid
    order by p.issue_date desc, p.created_at desc limit 1`, { contactId });
  return row?.account ?? DEFAULT_EXPENSE_ACCOUNT;
}

/** Wire lines → computed lines, each with an expense account that takes postings (the line's, else the supplier's last, else 629). */
export async function buildLines(tx: Tx, wire: PurchaseLineWire[], contactId: string, loc: Loc): Promise<{ computed: Computed; types: Map<string, TaxTypeInfo> }> {
  parseLineNumbers(wire, loc);
  const types = await loadTaxTypes(tx, wireTypeIds(wire));
  const errors = checkLineTaxTypes(wire, types, 'purchases', loc, true);
  if (errors.length) throw new ValidationFailed(errors);
  const fallback = wire.some((l) => !l.expense_account) ? await supplierDefaultAccount(tx, contactId) : DEFAULT_EXPENSE_ACCOUNT;
  const accounts = wire.map((l, i) => ({ loc: [...loc, i, 'expense_account'], code: l.expense_account ?? fallback, prefixes: l.capital_good ? ['6', '2'] : ['6'] }));
  await checkPostableAccounts(tx, accounts);
  const computed = linesFromWire<PurchaseLineWire, PurchaseLineRecord>(wire, loc, types, {
    side: 'purchases', own: (w, i) => ({ expenseAccount: accounts[i].code, capitalGood: w.capital_good ?? false }), selfAssessed: (l) => isReverseCharge(types.get(l.taxTypeId)),
  });
  return { computed, types };
}

export async function supplierOf(tx: Tx, contactId: string, loc: Loc) {
  const contact = await ContactService.get(tx, contactId);
  if (!actsAs(contact, 'supplier')) {
    throw ValidationFailed.field(loc, `Contact ${contact.name} is a customer; make it a supplier (kind supplier, or customer_and_supplier true) to register its documents`, 'value_error.contact_kind');
  }
  return contact;
}

export function checkHeader(input: { issue_date?: string; due_date?: string | null; operation_date?: string | null }, issueDate: string, dueDate: string | null, kind: PurchaseKind, supplierNumber: string | null): void {
  checkHeaderDates(input, issueDate, dueDate);
  if (kind === 'invoice' && !supplierNumber) throw ValidationFailed.field(['body', 'supplier_invoice_number'], "A purchase invoice needs the supplier's invoice number (use kind expense for tickets)", 'missing');
}

/** 409 when this supplier's invoice number is already registered (a friendlier message than the unique index's). */
export async function assertSupplierNumberFree(tx: Tx, contactId: string, kind: PurchaseKind, supplierNumber: string | null, exceptId: string | null): Promise<void> {
  if (kind !== 'invoice' || !supplierNumber) return;
  const [row] = await tx.sql<{ number: string | null; status: string }>(`
    select number, status from purchases where tenant_id = :tenant and contact_id = :contactId::uuid and kind = 'invoice'
      and upper(supplier_invoice_number) = upper(:supplierNumber) and id is distinct from :exceptId::uuid limit 1`,
  { contactId, supplierNumber, exceptId });
  if (row) throw new Conflict(`Invoice ${supplierNumber} of this supplier is already registered${row.number ? ` as ${row.number}` : ' (as a draft)'}`);
}

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

/**
 * Open purchases brought from another system (POST /open-items/import, documents plugin): the
 * supplier's invoice number from the file, registered in the purchases' series like any other.
 * Its lines are the file's VAT breakdown on account 600 (nothing is posted from them: the opening
 * balance carries the debt on 400/410).
 */
export const PURCHASE_OPEN_ITEMS: OpenItemKind = {
  numbering: { series: PURCHASE_SERIES, numberColumn: 'supplier_invoice_number' },
  refuses: (contact) => (actsAs(contact, 'supplier') ? null : `contact ${contact.name} is a customer; make it a supplier (kind supplier, or customer_and_supplier true)`),
  own: ({ number, party }) => ({
    kind: ['text', 'invoice'], supplier_invoice_number: ['text', number], source: ['text', 'manual'], supplier: ['jsonb', JSON.stringify(party)],
  }),
  lineOwn: { expense_account: ['text', '600'], capital_good: ['boolean', false], self_assessed_amount: ['numeric', '0'] },
  register: ({ number }) => ({ purchaseKind: 'invoice', supplierNumber: number }),
};
