import { ValidationFailed } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { actsAs } from '../contacts/api';
import {
  checkPostableAccounts, computeDocumentLines, documentTables, jsonOrNull, kindStore, linesFromWire, loadTaxTypes, wireTypeIds,
  type ComputedDocument, type ContactFacts, type LineBasis, type Loc, type Party, type SettlementKind, type TaxTypeInfo,
} from '../documents/api';
import { postInvoicePayment } from './posting';
import type { InvoiceLineRecord, InvoiceLineWire, InvoiceRecord } from './types';

/** Sales invoices as a document kind: its table names (invoices, invoice_lines, invoice_series) derive from this. */
export const INVOICE = documentTables({ name: 'invoice', plugin: 'invoices', noun: 'Invoice', side: 'issued' });

export const DEFAULT_SERIES = 'F';
/** Rectifying invoices have their own series (art. 6.1.a RD 1619/2012 and practice). */
export const RECTIFYING_SERIES = 'R';

/** The invoice's own columns beside the shared ones (the documents plugin reads and writes the rest). */
export const INVOICE_STORE = kindStore<InvoiceRecord, InvoiceLineRecord>({
  kind: INVOICE,
  columns: (a) => `${a}.customer::text as customer, ${a}.issuer::text as issuer, ${a}.rectification_ground`,
  recordOf: (common, row, lines) => ({ ...common, customer: jsonOrNull<Party>(row.customer), issuer: jsonOrNull<Party>(row.issuer), rectificationGround: row.rectification_ground, lines }),
  lineColumns: { nature: 'text', revenue_account: 'text' },
  lineOf: (common, row) => ({ ...common, nature: row.nature, revenueAccount: row.revenue_account }),
  lineValues: (l) => ({ nature: l.nature, revenue_account: l.revenueAccount }),
});

export type Computed = ComputedDocument<InvoiceLineRecord>;

/** Amounts of lines whose inputs and rates are known (stored lines, or freshly parsed ones). */
export const computeLines = (lines: LineBasis<InvoiceLineRecord>[]): Computed => computeDocumentLines<InvoiceLineRecord>(lines);

/** Wire lines → validated, computed lines, with their tax types at hand (422 for a misfit). */
export const computeWireLines = (wire: InvoiceLineWire[], loc: Loc, types: ReadonlyMap<string, TaxTypeInfo>): Computed =>
  linesFromWire<InvoiceLineWire, InvoiceLineRecord>(wire, loc, types, { side: 'sales', own: (w) => ({ nature: w.nature ?? 'goods', revenueAccount: w.revenue_account ?? null }) });

export const revenueOverrides = (wire: InvoiceLineWire[], loc: Loc) =>
  wire.map((l, i) => ({ loc: [...loc, i, 'revenue_account'], code: l.revenue_account ?? '', prefixes: ['7'] })).filter((o) => o.code);

/** Wire lines → computed lines (404 for a tax type that is not the tenant's; 422 for a misfit or an account that takes no postings). */
export async function buildLines(tx: Tx, wire: InvoiceLineWire[], loc: Loc, preloaded?: Map<string, TaxTypeInfo>): Promise<{ computed: Computed; types: Map<string, TaxTypeInfo> }> {
  const types = preloaded ?? await loadTaxTypes(tx, wireTypeIds(wire));
  const overrides = revenueOverrides(wire, loc);
  if (overrides.length) await checkPostableAccounts(tx, overrides);
  return { computed: computeWireLines(wire, loc, types), types };
}

export function assertCustomer(contact: ContactFacts, loc: Loc): ContactFacts {
  if (!actsAs(contact, 'customer')) {
    throw ValidationFailed.field(loc, `Contact ${contact.name} is a supplier; make it a customer (kind customer, or customer_and_supplier true) to invoice it`, 'value_error.contact_kind');
  }
  return contact;
}

/** How the documents plugin settles an invoice: collections (refunds for a negative invoice) on 4300. */
export const INVOICE_SETTLEMENT: SettlementKind = {
  documentType: INVOICE.name,
  table: INVOICE.table,
  wording: { noun: 'Invoice', draft: 'issue it first', rectified: 'record the payment on its rectifying invoice', before: 'the invoice' },
  entry: ({ item, date, amount, treasuryAccount, refund }, accounts) => postInvoicePayment({
    invoiceId: item.id, number: item.label, contactId: item.contactId, date, amount, treasuryAccount, refund,
  }, accounts),
};
