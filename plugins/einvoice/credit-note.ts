import { Decimal } from '../../kernel/money';
import type { EInvoice } from './model';

/**
 * The model's credit note (381) carries positive amounts, the credit (EN 16931); a syntax whose
 * rectifications carry the signed amounts (Facturae: a rectification by differences that takes back
 * is negative) writes `negatedAmounts(invoice)` and reads a negative rectification back through it.
 * Quantities, bases, taxes, withholdings and totals change sign; unit prices and rates do not (the
 * sign of a line is its quantity's, BR-27).
 */
export function negatedAmounts(invoice: EInvoice): EInvoice {
  const neg = (text: string): string => {
    const value = Decimal.parse(text, 12);
    return value.isZero() ? text : value.negate().toString();
  };
  const negOrNull = (text: string | null | undefined) => (text == null ? text ?? null : neg(text));
  const t = invoice.totals;
  return {
    ...invoice,
    lines: invoice.lines.map((line) => ({ ...line, quantity: neg(line.quantity), discountAmount: negOrNull(line.discountAmount), netAmount: neg(line.netAmount) })),
    vat: invoice.vat.map((group) => ({ ...group, base: neg(group.base), amount: neg(group.amount), ...(group.surchargeAmount != null ? { surchargeAmount: neg(group.surchargeAmount) } : {}) })),
    withholdings: invoice.withholdings.map((w) => ({ ...w, base: neg(w.base), amount: neg(w.amount) })),
    totals: {
      lineTotal: neg(t.lineTotal), taxExclusive: neg(t.taxExclusive), vatTotal: neg(t.vatTotal), surchargeTotal: neg(t.surchargeTotal),
      taxInclusive: neg(t.taxInclusive), withholdingTotal: neg(t.withholdingTotal), prepaid: neg(t.prepaid), payable: neg(t.payable),
    },
  };
}
