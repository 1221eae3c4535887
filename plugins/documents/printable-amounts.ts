import type { Decimal } from '../../kernel/money';
import type { PrintableDocument, PrintableLine } from './printable';
import type { LineRecordCommon } from './rows';

/** A stored line as printed (every kind's lines have these columns). */
export const printableLine = (l: LineRecordCommon): PrintableLine => ({
  description: l.description, quantity: l.quantity.toString(), unitPrice: l.unitPrice.toString(), discountPct: l.discountPct.toString(), base: l.base.toString(),
  taxRate: l.taxRate.toString(), surchargeRate: l.surchargeRate?.toString() ?? null, withholdingRate: l.withholdingRate?.toString() ?? null,
});

/** The totals before the grand total: base and VAT always, the surcharge and the withholding (negative) when there are any. */
export function printableTotals(t: { subtotal: Decimal; taxTotal: Decimal; surchargeTotal: Decimal; withholdingTotal: Decimal }): PrintableDocument['totals'] {
  const optional = (label: string, amount: Decimal, sign = '') => (amount.isZero() ? [] : [[label, `${sign}${amount}`] as const]);
  return [
    ['Base imponible', t.subtotal.toString()],
    ['Cuota de IVA', t.taxTotal.sub(t.surchargeTotal).toString()],
    ...optional('Recargo de equivalencia', t.surchargeTotal),
    ...optional('Retención IRPF', t.withholdingTotal, '-'),
  ];
}
