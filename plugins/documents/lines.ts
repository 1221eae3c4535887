import { ValidationFailed } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import { computeAmounts, type DocumentAmounts } from './calc';
import { checkMagnitudes, parseLineNumbers, type Loc, type WireLineCommon } from './document';
import type { LineRecordCommon } from './rows';
import { checkLineTaxTypes, type DocumentSide, type TaxTypeInfo } from './tax-types';

/**
 * A document's lines, from the wire to their amounts, as every kind computes them: the shared
 * fields parsed and checked against the tax types, the kind's own fields added (`own`), then VAT
 * per type on the summed bases. A kind whose VAT may be self-assessed (reverse charge on
 * purchases) says which lines (`selfAssessed`): their VAT is not owed to the counterparty and is
 * not in the total.
 */

/** A line before its amounts: what `computeDocumentLines` takes. */
export type LineBasis<L extends LineRecordCommon> = Omit<L, 'base' | 'taxAmount' | 'surchargeAmount' | 'withholdingAmount' | 'selfAssessedAmount'>;

export interface ComputedDocument<L> {
  lines: L[];
  amounts: DocumentAmounts;
  subtotal: Decimal;
  /** VAT owed to the counterparty plus surcharge. */
  taxTotal: Decimal;
  surchargeTotal: Decimal;
  withholdingTotal: Decimal;
  selfAssessedTotal: Decimal;
  total: Decimal;
}

const ZERO = Decimal.zero(2);

export function computeDocumentLines<L extends LineRecordCommon>(lines: readonly LineBasis<L>[], selfAssessed?: (line: LineBasis<L>) => boolean): ComputedDocument<L> {
  const rates = new Map<string, Decimal>();
  for (const l of lines) {
    rates.set(l.taxTypeId, l.taxRate);
    if (l.surchargeTypeId) rates.set(l.surchargeTypeId, l.surchargeRate!);
    if (l.withholdingTypeId) rates.set(l.withholdingTypeId, l.withholdingRate!);
  }
  const amounts = computeAmounts(lines.map((l) => ({
    quantity: l.quantity, unitPrice: l.unitPrice, discountPct: l.discountPct, taxTypeId: l.taxTypeId, surchargeTypeId: l.surchargeTypeId, withholdingTypeId: l.withholdingTypeId,
  })), rates);
  let vat = ZERO;
  let selfAssessedTotal = ZERO;
  const records = lines.map((l, i) => {
    const a = amounts.lines[i];
    if (!selfAssessed) { vat = vat.add(a.taxAmount); return { ...l, ...a } as unknown as L; }
    const reverse = selfAssessed(l);
    const line = { ...l, ...a, taxAmount: reverse ? ZERO : a.taxAmount, selfAssessedAmount: reverse ? a.taxAmount : ZERO };
    vat = vat.add(line.taxAmount);
    selfAssessedTotal = selfAssessedTotal.add(line.selfAssessedAmount);
    return line as unknown as L;
  });
  const taxTotal = vat.rescale(2).add(amounts.surchargeTotal);
  return {
    lines: records, amounts, subtotal: amounts.subtotal, taxTotal, surchargeTotal: amounts.surchargeTotal, withholdingTotal: amounts.withholdingTotal,
    selfAssessedTotal: selfAssessedTotal.rescale(2), total: amounts.subtotal.add(taxTotal).sub(amounts.withholdingTotal),
  };
}

/** Every tax type (VAT, surcharge, withholding) wire lines name. */
export const wireTypeIds = (wire: readonly WireLineCommon[]) =>
  [...new Set(wire.flatMap((l) => [l.tax_type_id, l.surcharge_type_id, l.withholding_type_id].filter((x): x is string => !!x)))];

/**
 * Wire lines → computed lines (422 for a misfit, located under `loc`): the shared fields parsed,
 * tax types usable on `side`, the kind's `own` fields, the amounts within bounds.
 */
export function linesFromWire<W extends WireLineCommon, L extends LineRecordCommon>(wire: readonly W[], loc: Loc, types: ReadonlyMap<string, TaxTypeInfo>, kind: {
  side: DocumentSide; own(wire: W, index: number): Omit<LineBasis<L>, keyof LineRecordCommon>; selfAssessed?: (line: LineBasis<L>) => boolean;
}): ComputedDocument<L> {
  const parsed = parseLineNumbers(wire, loc);
  const errors = checkLineTaxTypes(wire, types, kind.side, loc, true);
  if (errors.length) throw new ValidationFailed(errors);
  const rate = (id: string | null) => (id ? types.get(id)!.rate : null);
  const computed = computeDocumentLines<L>(parsed.map((l, i) => ({
    lineNo: i + 1, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, discountPct: l.discountPct,
    taxTypeId: l.taxTypeId, taxRate: types.get(l.taxTypeId)!.rate, surchargeTypeId: l.surchargeTypeId, surchargeRate: rate(l.surchargeTypeId),
    withholdingTypeId: l.withholdingTypeId, withholdingRate: rate(l.withholdingTypeId), ...kind.own(wire[i], i),
  }) as LineBasis<L>), kind.selfAssessed);
  checkMagnitudes([
    ...computed.lines.map((l, i) => ({ loc: [...loc, i, 'unit_price'], value: l.base })),
    { loc, value: computed.subtotal }, { loc, value: computed.total },
  ]);
  return computed;
}
