import { ValidationFailed } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { actsAs } from '../contacts/api';
import {
  checkPostableAccounts, computeDocumentLines, documentTables, jsonOrNull, kindStore, linesFromWire, loadTaxTypes, wireTypeIds,
  type ComputedDocument, type ContactFacts, type KindStatement, type LineBasis, type Loc, type OpenItemKind, type Party, type SettlementKind, type TaxTypeInfo,
} from '../documents/api';
import { postInvoicePayment } from './posting';
import type { InvoiceLineRecord, InvoiceLineWire, InvoiceRecord } from './types';

/**
 * Sales invoices as a document kind: its table names (invoices, invoice_lines, invoice_series)
 * derive from this. A sales line says its nature (goods or services); no sale is a capital good.
 */
export const INVOICE = documentTables({ name: 'invoice', plugin: 'invoices', noun: 'Invoice', side: 'issued', lineNature: { goods: `l.nature = 'goods'` } });

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

/**
 * The invoice's share of the issue statement (plugins/documents/issue-statement.ts): the draft
 * marked issued with its parties or, `new` (create and issue), its lines and the issued invoice
 * inserted; numbered in a series whose dates never go backwards.
 */
export const INVOICE_STATEMENT = (source: 'draft' | 'new', id: string): KindStatement => ({
  kind: INVOICE, source, numbering: 'monotonic', dateLoc: ['body', 'issue_date'], conflict: `Invoice ${id} changed or was issued meanwhile: read it again`,
  issued: source === 'draft'
    ? `issued as (
      update invoices i set status = 'issued', year = :year, seq = n.seq, number = n.number, journal_entry_id = :entryId::uuid,
        customer = :customer::jsonb, issuer = :issuer::jsonb, customer_country = :country, customer_type = :customerType, customer_vat = :vat,
        issued_at = now(), updated_at = now()
      from numbered n where i.tenant_id = :tenant and i.id = :id::uuid
      returning i.issued_at, i.updated_at, i.created_at
    )`
    // the lines go in first, while their invoice is not there to guard them
    : `new_lines as (${INVOICE_STORE.linesInsertSql(':id::uuid')} where exists (select 1 from numbered) returning 1
    ), issued as (
      insert into invoices (id, tenant_id, status, series, year, seq, number, contact_id, issue_date, due_date, operation_date, notes, subtotal, tax_total,
        surcharge_total, withholding_total, total, journal_entry_id, customer, issuer, customer_country, customer_type, customer_vat, issued_at)
      select :id::uuid, :tenant, 'issued', :series, :year, n.seq, n.number, :contactId::uuid, :date::date, :dueDate::date, :operationDate::date, :notes,
        :subtotal::numeric, :taxTotal::numeric, :surchargeTotal::numeric, :withholdingTotal::numeric, :total::numeric, :entryId::uuid, :customer::jsonb,
        :issuer::jsonb, :country, :customerType, :vat, now()
      from numbered n where (select count(*) from new_lines) >= 0
      returning issued_at, updated_at, created_at
    )`,
  answer: '(select issued_at from issued) as issued_at, (select updated_at from issued) as updated_at, (select created_at from issued) as created_at',
});

/** How the documents plugin settles an invoice: collections (refunds for a negative invoice) on 4300. */
export const INVOICE_SETTLEMENT: SettlementKind = {
  documentType: INVOICE.name,
  table: INVOICE.table,
  wording: { noun: 'Invoice', draft: 'issue it first', rectified: 'record the payment on its rectifying invoice', before: 'the invoice' },
  entry: ({ item, date, amount, treasuryAccount, refund }, accounts) => postInvoicePayment({
    invoiceId: item.id, number: item.label, contactId: item.contactId, date, amount, treasuryAccount, refund,
  }, accounts),
};

/**
 * Open sales invoices brought from another system (POST /open-items/import, documents plugin):
 * the invoice keeps the previous system's number (no series counter advanced), with the customer
 * and company as printed. Its lines are the file's VAT breakdown; nothing is posted from them.
 */
export const INVOICE_OPEN_ITEMS: OpenItemKind = {
  numbering: { given: true },
  refuses: (contact) => (actsAs(contact, 'customer') ? null : `contact ${contact.name} is a supplier; make it a customer (kind customer, or customer_and_supplier true)`),
  own: ({ party, issuer }) => ({
    customer: ['jsonb', JSON.stringify(party)], issuer: ['jsonb', JSON.stringify(issuer)], customer_country: ['text', party.country],
    customer_type: ['text', party.customer_type ?? null], customer_vat: ['text', party.tax_id],
  }),
  lineOwn: { nature: ['text', 'services'], revenue_account: ['text', null] },
};
