import { allocate, Decimal } from '../../kernel/money';

/**
 * Document arithmetic, pure and exact (bigint decimals, never JS numbers):
 *
 * - a line's base is quantity × unit price × (100 − discount) / 100, rounded half away from zero
 *   to the cent;
 * - each tax type's amount is its rate applied to the SUM of the bases of the lines that carry it,
 *   rounded half away from zero to the cent (VAT per type on the summed bases, as Spanish
 *   invoicing does);
 * - that amount is then allocated back to the lines in proportion to their bases (largest
 *   remainder, kernel/money.ts `allocate`), so the lines always add up to the totals exactly.
 *
 * Used by sales invoices and by purchases alike.
 */

export type TaxKind = 'vat' | 'surcharge' | 'withholding';

export interface LineInput {
  quantity: Decimal;
  unitPrice: Decimal;
  discountPct: Decimal;
  taxTypeId: string;
  surchargeTypeId: string | null;
  withholdingTypeId: string | null;
}

export interface LineAmounts {
  base: Decimal;
  taxAmount: Decimal;
  surchargeAmount: Decimal;
  withholdingAmount: Decimal;
}

export interface TaxGroup {
  typeId: string;
  kind: TaxKind;
  rate: Decimal;
  /** Σ bases of the lines carrying the type. */
  base: Decimal;
  /** rate × base, rounded to the cent. */
  amount: Decimal;
  /** The lines carrying the type, in order, with their allocated share of `amount`. */
  lines: { index: number; share: Decimal }[];
}

export interface DocumentAmounts {
  lines: LineAmounts[];
  groups: TaxGroup[];
  subtotal: Decimal;
  vatTotal: Decimal;
  surchargeTotal: Decimal;
  withholdingTotal: Decimal;
}

const HUNDRED = Decimal.parse('100');
const ZERO = Decimal.zero(2);

/** quantity × unit price × (100 − discount%) / 100, rounded half away from zero to the cent. */
export function lineBase(quantity: Decimal, unitPrice: Decimal, discountPct: Decimal): Decimal {
  const gross = quantity.mul(unitPrice).mul(HUNDRED.sub(discountPct));
  return Decimal.of(gross.units, gross.scale + 2).round(2);
}

/**
 * Computes every line's base and tax shares and the per-type groups. `rates` gives each tax type's
 * rate (percent). Groups come in order: VAT types, then surcharges, then withholdings, each in the
 * order they first appear on the lines.
 */
export function computeAmounts(lines: readonly LineInput[], rates: ReadonlyMap<string, Decimal>): DocumentAmounts {
  const amounts: LineAmounts[] = lines.map((l) => ({
    base: lineBase(l.quantity, l.unitPrice, l.discountPct), taxAmount: ZERO, surchargeAmount: ZERO, withholdingAmount: ZERO,
  }));
  const groups: TaxGroup[] = [];
  const field: Record<TaxKind, keyof LineAmounts> = { vat: 'taxAmount', surcharge: 'surchargeAmount', withholding: 'withholdingAmount' };
  for (const kind of ['vat', 'surcharge', 'withholding'] as const) {
    const byType = new Map<string, number[]>();
    lines.forEach((l, i) => {
      const typeId = kind === 'vat' ? l.taxTypeId : kind === 'surcharge' ? l.surchargeTypeId : l.withholdingTypeId;
      if (!typeId) return;
      const list = byType.get(typeId) ?? [];
      list.push(i);
      byType.set(typeId, list);
    });
    for (const [typeId, indexes] of byType) {
      const rate = rates.get(typeId);
      if (!rate) throw new Error(`No rate for tax type ${typeId}`);
      const base = indexes.reduce((sum, i) => sum.add(amounts[i].base), ZERO).round(2);
      const amount = base.percent(rate, 2);
      const shares = allocate(amount, indexes.map((i) => amounts[i].base));
      indexes.forEach((i, k) => { (amounts[i] as any)[field[kind]] = shares[k]; });
      groups.push({ typeId, kind, rate, base, amount, lines: indexes.map((index, k) => ({ index, share: shares[k] })) });
    }
  }
  const sum = (values: Decimal[]) => values.reduce((a, b) => a.add(b), ZERO).round(2);
  return {
    lines: amounts,
    groups,
    subtotal: sum(amounts.map((a) => a.base)),
    vatTotal: sum(groups.filter((g) => g.kind === 'vat').map((g) => g.amount)),
    surchargeTotal: sum(groups.filter((g) => g.kind === 'surcharge').map((g) => g.amount)),
    withholdingTotal: sum(groups.filter((g) => g.kind === 'withholding').map((g) => g.amount)),
  };
}

/** Quantities and prices as stored (numeric(18,6) text) → the shortest faithful decimal string. */
export function trimDecimal(text: string, minDecimals = 0): string {
  const value = Decimal.parse(text, 6);
  let s = value.toString();
  if (s.includes('.')) {
    s = s.replace(/0+$/, '');
    if (s.endsWith('.')) s = s.slice(0, -1);
  }
  const [whole, fraction = ''] = s.split('.');
  if (fraction.length < minDecimals) return `${whole}.${fraction.padEnd(minDecimals, '0')}`;
  return s;
}

export const formatRate = (rate: Decimal): string => rate.rescale(2).toString();
