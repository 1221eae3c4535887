import { allocate, Decimal } from '../../kernel/money';
import { deductiblePart, sided, type TaxTypeInfo } from '../documents/api';
import type { JournalDraft, JournalDraftLine, PostingAccounts } from '../ledger/api';

/**
 * Posting rules of purchase invoices and expenses: pure functions from a document to its journal
 * entry (docs/domain/pgc-and-entries.md §2 and §3). The ledger validates the balance and stores it.
 *
 *   Dr 6xx (or the capital good's 2xx)  base, per expense account; plus VAT and RE when the
 *                                       company bears recargo de equivalencia (not deductible)
 *   Dr 472  HP IVA soportado            deductible VAT per type (capital goods on 4729, so that
 *                                       model 303 can put them in 30/31, 38/39 or 34/35)
 *     Cr 4751 HP retenciones practicadas  IRPF withheld from the supplier, per withholding type
 *     Cr 4000 Proveedores / 4100 Acreedores  total (base + VAT + RE − IRPF), with the contact
 *     Cr 477  HP IVA repercutido          self-assessed VAT of intra-EU acquisitions and reverse
 *                                       charge (the matching 472 debit makes it neutral); imports
 *                                       post the customs VAT to 472 only.
 *
 * As on sales, every tax type is carried by exactly one line per (type, account) with its
 * `tax_type_id` and `tax_base`: its tax line(s), or — for a type that posts no tax (exempt, not
 * subject, a zero rate) — the expense line of its lines. Non-deductible VAT carries no type (the
 * retailer in recargo de equivalencia declares none of it).
 *
 * Under the VAT prorrata (`deductiblePercent` below 100, art. 104 LIVA) only that part of each
 * deductible group's VAT goes to 472/4729, rounded as the tax register rounds it (`deductiblePart`);
 * the rest is part of the cost (PGC, norma de registro y valoración 12ª): it is added to the
 * group's expense or asset accounts in proportion to their bases. Self-assessed VAT is still
 * credited to 477 in full.
 */

export interface PurchasePostingLine {
  base: Decimal;
  taxAmount: Decimal;
  selfAssessedAmount: Decimal;
  surchargeAmount: Decimal;
  withholdingAmount: Decimal;
  expenseAccount: string;
  capitalGood: boolean;
  taxTypeId: string;
  surchargeTypeId: string | null;
  withholdingTypeId: string | null;
}

export interface PurchasePostingDoc {
  id: string;
  /** Registration number, "P-2026-000001". */
  number: string;
  kind: 'invoice' | 'expense';
  supplierInvoiceNumber: string | null;
  issueDate: string;
  contactId: string;
  supplierName: string;
  total: Decimal;
  payableAccount: string;
  rectifiesNumber?: string | null;
  lines: PurchasePostingLine[];
  types: ReadonlyMap<string, TaxTypeInfo>;
  /** The percentage of deductible VAT deducted (the year's provisional prorrata); 100 when not given. */
  deductiblePercent?: number;
}

/** Goods bought for resale or production (60x) are owed on 4000 Proveedores; anything else on 4100 Acreedores. */
export function payableAccountOf(lines: readonly Pick<PurchasePostingLine, 'expenseAccount'>[], accounts: PostingAccounts): string {
  return lines.length > 0 && lines.every((l) => l.expenseAccount.startsWith('60')) ? accounts.suppliers : accounts.serviceCreditors;
}

/** Where deductible VAT on capital goods is posted: a sub-account of 472 (created on first use). */
export const capitalGoodsVatAccount = (accounts: PostingAccounts): string => `${accounts.vatInput}9`;
export const CAPITAL_GOODS_VAT_NAME = 'Hacienda Pública, IVA soportado en bienes de inversión';

const ZERO = Decimal.zero(2);

/** A line bears recargo de equivalencia: neither its VAT nor its RE is deductible. */
export const nonDeductible = (line: Pick<PurchasePostingLine, 'surchargeTypeId'>): boolean => line.surchargeTypeId !== null;

const truncate = (text: string, max = 500) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

type VatLine = Pick<PurchasePostingLine, 'base' | 'taxAmount' | 'selfAssessedAmount' | 'capitalGood' | 'taxTypeId' | 'surchargeTypeId'>;
interface VatGroup { typeId: string; capital: boolean; base: Decimal; amount: Decimal; lines: number[] }

/** The deductible VAT of a purchase per (type, capital good) that the entry posts: types with a purchases account and a non-zero amount; `lines` are indexes into `lines`. */
function vatGroupsOf(lines: readonly VatLine[], types: ReadonlyMap<string, TaxTypeInfo>): Map<string, VatGroup> {
  const groups = new Map<string, VatGroup>();
  lines.forEach((line, i) => {
    if (nonDeductible(line)) return;
    const key = `${line.taxTypeId}|${line.capitalGood}`;
    const group = groups.get(key) ?? { typeId: line.taxTypeId, capital: line.capitalGood, base: ZERO, amount: ZERO, lines: [] };
    group.base = group.base.add(line.base).rescale(2);
    group.amount = group.amount.add(line.taxAmount).add(line.selfAssessedAmount).rescale(2);
    group.lines.push(i);
    groups.set(key, group);
  });
  for (const [key, group] of groups) if (!types.get(group.typeId)?.purchases?.account || group.amount.isZero()) groups.delete(key);
  return groups;
}

/**
 * The VAT of each line that the prorrata leaves undeducted (art. 104 LIVA), as the entry puts it in
 * the line's account: per (type, capital good) the group's VAT less its `deductiblePart` at
 * `percent`, shared among the group's lines in proportion to their bases. Zero at 100 %, and for
 * lines whose VAT is not deductible at all (recargo de equivalencia: already in the expense).
 */
export function undeductedVat(lines: readonly VatLine[], types: ReadonlyMap<string, TaxTypeInfo>, percent: number): Decimal[] {
  const result = lines.map(() => ZERO);
  for (const group of vatGroupsOf(lines, types).values()) {
    const rest = group.amount.sub(deductiblePart(group.amount, percent));
    if (rest.isZero()) continue;
    const shares = allocate(rest, group.lines.map((i) => lines[i].base));
    group.lines.forEach((lineIndex, k) => { result[lineIndex] = shares[k].rescale(2); });
  }
  return result;
}

/** A purchase's deductible VAT split as its entry posts it: `deducted` on 472/4729, `undeducted` in the lines' accounts (with each line's part). */
export function vatDeduction(lines: readonly VatLine[], types: ReadonlyMap<string, TaxTypeInfo>, percent: number): { deducted: Decimal; undeducted: Decimal; lines: Decimal[] } {
  const byLine = undeductedVat(lines, types, percent);
  const undeducted = byLine.reduce((sum, part) => sum.add(part), ZERO).rescale(2);
  const deductible = [...vatGroupsOf(lines, types).values()].reduce((sum, group) => sum.add(group.amount), ZERO).rescale(2);
  return { deducted: deductible.sub(undeducted).rescale(2), undeducted, lines: byLine };
}

/** The purchase entry, or null when every amount is zero. */
export function postPurchase(doc: PurchasePostingDoc, accounts: PostingAccounts): JournalDraft | null {
  const capitalAccount = capitalGoodsVatAccount(accounts);

  const percent = doc.deductiblePercent ?? 100;
  const undeductedByLine = undeductedVat(doc.lines, doc.types, percent);
  const vatLines: JournalDraftLine[] = [];
  const selfAssessedLines: JournalDraftLine[] = [];
  const posted = new Set<string>();
  for (const [key, group] of vatGroupsOf(doc.lines, doc.types)) {
    const type = doc.types.get(group.typeId)!;
    const purchases = type.purchases!;
    const extra = { taxTypeId: group.typeId, taxBase: group.base };
    const account = group.capital ? capitalAccount : purchases.account!;
    const deducted = deductiblePart(group.amount, percent);
    const debit = sided(account, deducted, 'debit', { ...extra, createAccount: { name: group.capital ? CAPITAL_GOODS_VAT_NAME : `${type.name} (${type.code})`.slice(0, 200) } });
    if (debit) vatLines.push(debit);
    if (purchases.selfAssessedAccount) {
      const credit = sided(purchases.selfAssessedAccount, group.amount, 'credit', { ...extra, createAccount: { name: `${type.name} (${type.code}), autorrepercutido`.slice(0, 200) } });
      if (credit) selfAssessedLines.push(credit);
    }
    posted.add(key);
  }
  // the VAT the prorrata leaves undeducted, per expense account: part of the cost
  const undeducted = new Map<string, Decimal>();
  doc.lines.forEach((l, i) => {
    if (!undeductedByLine[i].isZero()) undeducted.set(l.expenseAccount, (undeducted.get(l.expenseAccount) ?? ZERO).add(undeductedByLine[i]).rescale(2));
  });

  // Expenses per account; the lines of a type without a tax line stay apart and carry the type.
  const expenses = new Map<string, { account: string; amount: Decimal; taxTypeId: string | null }>();
  for (const line of doc.lines) {
    const bears = nonDeductible(line);
    const tagged = bears || posted.has(`${line.taxTypeId}|${line.capitalGood}`) ? null : line.taxTypeId;
    const amount = bears ? line.base.add(line.taxAmount).add(line.surchargeAmount) : line.base;
    const key = `${line.expenseAccount}|${tagged ?? ''}`;
    const bucket = expenses.get(key) ?? { account: line.expenseAccount, amount: ZERO, taxTypeId: tagged };
    bucket.amount = bucket.amount.add(amount).rescale(2);
    expenses.set(key, bucket);
  }
  for (const [account, amount] of undeducted) {
    const bucket = expenses.get(`${account}|`) ?? { account, amount: ZERO, taxTypeId: null };
    bucket.amount = bucket.amount.add(amount).rescale(2);
    expenses.set(`${account}|`, bucket);
  }
  const expenseLines = [...expenses.values()].map((e) => sided(e.account, e.amount, 'debit', e.taxTypeId ? { taxTypeId: e.taxTypeId, taxBase: e.amount } : {}));

  // Withholdings per type.
  const withholdings = new Map<string, { base: Decimal; amount: Decimal }>();
  for (const line of doc.lines) {
    if (!line.withholdingTypeId) continue;
    const group = withholdings.get(line.withholdingTypeId) ?? { base: ZERO, amount: ZERO };
    group.base = group.base.add(line.base).rescale(2);
    group.amount = group.amount.add(line.withholdingAmount).rescale(2);
    withholdings.set(line.withholdingTypeId, group);
  }
  const withholdingLines = [...withholdings].map(([typeId, group]) =>
    sided(doc.types.get(typeId)?.purchases?.account ?? accounts.withholdingsPayable, group.amount, 'credit', { taxTypeId: typeId, taxBase: group.base }));

  const lines = [
    ...expenseLines,
    ...vatLines,
    ...withholdingLines,
    sided(doc.payableAccount, doc.total, 'credit', { contactId: doc.contactId }),
    ...selfAssessedLines,
  ].filter((l): l is JournalDraftLine => l !== null);
  if (lines.length === 0) return null;
  const what = doc.kind === 'invoice'
    ? `Factura recibida ${doc.supplierInvoiceNumber ?? ''}${doc.rectifiesNumber ? ` (rectifica ${doc.rectifiesNumber})` : ''}`
    : `Gasto${doc.rectifiesNumber ? ` (rectifica ${doc.rectifiesNumber})` : ''}`;
  return { date: doc.issueDate, description: truncate(`${what} – ${doc.supplierName} [${doc.number}]`), sourceType: 'purchase', sourceId: doc.id, lines };
}

/** A payment to the supplier (or a refund from them, for a negative document): Dr 4000/4100 / Cr treasury. */
export function postPurchasePayment(payment: { purchaseId: string; number: string; contactId: string; payableAccount: string; date: string; amount: Decimal; treasuryAccount: string; refund: boolean }): JournalDraft {
  const sign = payment.refund ? payment.amount.negate() : payment.amount;
  return {
    date: payment.date,
    description: `${payment.refund ? 'Devolución del proveedor' : 'Pago'} ${payment.number}`,
    sourceType: 'purchase.payment',
    sourceId: payment.purchaseId,
    lines: [sided(payment.payableAccount, sign, 'debit', { contactId: payment.contactId })!, sided(payment.treasuryAccount, sign, 'credit')!],
  };
}
