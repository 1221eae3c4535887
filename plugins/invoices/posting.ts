import { Decimal } from '../../kernel/money';
import type { JournalDraft, JournalDraftLine, PostingAccounts } from '../ledger/api';
import { SERVICE_REVENUE_ACCOUNT } from '../taxes/api';
import { sided, type TaxGroup, type TaxTypeInfo } from '../documents/api';

/**
 * Posting rules of sales invoices: pure functions from a document to the journal entry it
 * produces (docs/domain/pgc-and-entries.md §3). The ledger validates the balance and stores the entry.
 *
 *   Dr 4300 Clientes                      total (base + VAT + RE − IRPF), with the contact
 *   Dr 473  HP retenciones y pagos a cuenta  IRPF withheld by the customer, per withholding type
 *     Cr 700x/705x revenue                base, per revenue account (exempt intra-EU 7001/7051,
 *                                         export 7002/7052, as the tax type's revenueAccount says)
 *     Cr 477  HP IVA repercutido          VAT, one line per VAT type (base on the line)
 *     Cr 477  (RE)                        recargo de equivalencia, one line per surcharge type
 *
 * Negative amounts (rectifications by differences) swap sides. Tax models read the ledger's tax
 * lines by type: every tax type of the document is carried by exactly one journal line with its
 * `tax_type_id` and `tax_base` — its tax line, or, for a type that posts no tax (exempt, export,
 * intra-EU supply, reverse-charge sale, a zero rate), the revenue line of its lines.
 */

export interface SalesPostingLine {
  base: Decimal;
  nature: 'goods' | 'services';
  revenueAccount: string | null;
  taxTypeId: string;
}

export interface SalesPostingDoc {
  id: string;
  /** "F-2026-000123" */
  number: string;
  issueDate: string;
  contactId: string;
  customerName: string;
  /** The rectified invoice's number, for a rectifying invoice. */
  rectifiesNumber?: string | null;
  total: Decimal;
  lines: SalesPostingLine[];
  groups: TaxGroup[];
  types: ReadonlyMap<string, TaxTypeInfo>;
}

/** The revenue account of a sales line: its override, else the tax type's (goods 700x, services 705x). */
export function revenueAccountOf(line: Pick<SalesPostingLine, 'nature' | 'revenueAccount'>, type: TaxTypeInfo | undefined, accounts: PostingAccounts): string {
  if (line.revenueAccount) return line.revenueAccount;
  const goods = type?.sales?.revenueAccount ?? accounts.salesGoods;
  if (line.nature === 'goods') return goods;
  // a type whose default is already a services account (NOSUJETO: 7052) keeps it
  if (Object.values(SERVICE_REVENUE_ACCOUNT).includes(goods)) return goods;
  return SERVICE_REVENUE_ACCOUNT[goods] ?? accounts.salesServices;
}

const truncate = (text: string, max = 500) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The sales invoice entry, or null when every amount is zero (nothing to post). */
export function postInvoice(doc: SalesPostingDoc, accounts: PostingAccounts): JournalDraft | null {
  const taxLineTypes = new Set<string>();
  const vatLines: JournalDraftLine[] = [];
  const surchargeLines: JournalDraftLine[] = [];
  const withholdingLines: JournalDraftLine[] = [];
  for (const group of doc.groups) {
    const type = doc.types.get(group.typeId);
    const extra = { taxTypeId: group.typeId, taxBase: group.base };
    if (group.kind === 'withholding') {
      const line = sided(type?.sales?.account ?? accounts.withholdingsReceivable, group.amount, 'debit', extra);
      if (line) withholdingLines.push(line);
    } else if (group.kind === 'surcharge') {
      const account = type?.sales?.account ?? accounts.vatOutput;
      const line = sided(account, group.amount, 'credit', { ...extra, createAccount: { name: accountName(type) } });
      if (line) surchargeLines.push(line);
    } else if (type?.sales?.account && !group.amount.isZero()) {
      const line = sided(type.sales.account, group.amount, 'credit', { ...extra, createAccount: { name: accountName(type) } });
      if (line) { vatLines.push(line); taxLineTypes.add(group.typeId); }
    }
  }

  // Revenue per account; the lines of a VAT type without a tax line stay apart and carry the type.
  const revenue = new Map<string, { account: string; amount: Decimal; taxTypeId: string | null }>();
  for (const line of doc.lines) {
    const account = revenueAccountOf(line, doc.types.get(line.taxTypeId), accounts);
    const tagged = taxLineTypes.has(line.taxTypeId) ? null : line.taxTypeId;
    const key = `${account}|${tagged ?? ''}`;
    const bucket = revenue.get(key) ?? { account, amount: Decimal.zero(2), taxTypeId: tagged };
    bucket.amount = bucket.amount.add(line.base).rescale(2);
    revenue.set(key, bucket);
  }
  const revenueLines = [...revenue.values()].map((r) => sided(r.account, r.amount, 'credit', r.taxTypeId ? { taxTypeId: r.taxTypeId, taxBase: r.amount } : {}));

  const lines = [
    sided(accounts.customers, doc.total, 'debit', { contactId: doc.contactId }),
    ...withholdingLines,
    ...revenueLines,
    ...vatLines,
    ...surchargeLines,
  ].filter((l): l is JournalDraftLine => l !== null);
  if (lines.length === 0) return null;
  const what = doc.rectifiesNumber ? `Factura rectificativa ${doc.number} (rectifica ${doc.rectifiesNumber})` : `Factura ${doc.number}`;
  return { date: doc.issueDate, description: truncate(`${what} – ${doc.customerName}`), sourceType: 'invoice', sourceId: doc.id, lines };
}

/** A collection (or, for a negative invoice, a refund): Dr treasury / Cr 4300 with the contact. */
export function postInvoicePayment(payment: { invoiceId: string; number: string; contactId: string; date: string; amount: Decimal; treasuryAccount: string; refund: boolean }, accounts: PostingAccounts): JournalDraft {
  const sign = payment.refund ? payment.amount.negate() : payment.amount;
  return {
    date: payment.date,
    description: `${payment.refund ? 'Devolución' : 'Cobro'} factura ${payment.number}`,
    sourceType: 'invoice.payment',
    sourceId: payment.invoiceId,
    lines: [sided(payment.treasuryAccount, sign, 'debit')!, sided(accounts.customers, sign, 'credit', { contactId: payment.contactId })!],
  };
}

function accountName(type: TaxTypeInfo | undefined): string {
  return type ? `${type.name} (${type.code})`.slice(0, 200) : 'Impuesto';
}
