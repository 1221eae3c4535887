import { formatRate, trimDecimal } from './calc';
import { Decimal } from '../../kernel/money';
import type { DocumentRecordCommon, LineRecordCommon } from './rows';
import type { TaxTypeInfo } from './tax-types';

/** The wire shape every document kind shares (InvoiceResponse's fields; PurchaseResponse adds its own). */

export function lineToJson(l: LineRecordCommon) {
  return {
    line_no: l.lineNo, description: l.description, quantity: trimDecimal(l.quantity.toString()), unit_price: trimDecimal(l.unitPrice.toString(), 2),
    discount_pct: formatRate(l.discountPct), tax_type_id: l.taxTypeId, tax_rate: formatRate(l.taxRate),
    surcharge_type_id: l.surchargeTypeId, surcharge_rate: l.surchargeRate ? formatRate(l.surchargeRate) : null,
    withholding_type_id: l.withholdingTypeId, withholding_rate: l.withholdingRate ? formatRate(l.withholdingRate) : null,
    base: l.base.toString(), tax_amount: l.taxAmount.toString(), surcharge_amount: l.surchargeAmount.toString(), withholding_amount: l.withholdingAmount.toString(),
  };
}

/** Fields common to InvoiceResponse and PurchaseResponse; the kind gives its breakdown and legends. */
export function documentToJson<B>(record: DocumentRecordCommon, taxBreakdown: B, legends: string[]) {
  return {
    id: record.id, series: record.series, number: record.number, status: record.status, contact_id: record.contactId, issue_date: record.issueDate,
    due_date: record.dueDate, operation_date: record.operationDate, notes: record.notes, subtotal: record.subtotal.toString(), tax_total: record.taxTotal.toString(),
    surcharge_total: record.surchargeTotal.toString(), withholding_total: record.withholdingTotal.toString(), total: record.total.toString(),
    amount_paid: record.amountPaid.toString(), amount_due: record.substituted ? '0.00' : record.total.sub(record.amountPaid).toString(),
    tax_breakdown: taxBreakdown, legends, rectifies_id: record.rectifiesId,
    rectification_mode: record.rectificationMode, rectification_reason: record.rectificationReason, journal_entry_id: record.journalEntryId,
    issued_at: record.issuedAt, created_at: record.createdAt, updated_at: record.updatedAt, migrated: record.migrated ?? false,
  };
}

type BreakdownKind = 'vat' | 'surcharge' | 'withholding';

/**
 * Per tax type: Σ bases and Σ amounts of its lines (= the tax on the summed bases), VAT types, then
 * surcharges, then withholdings. A kind that tells deductible VAT apart (purchases) gives
 * `deductible` and `selfAssessed`: its groups are split by deductibility and flagged.
 */
export function taxBreakdown<L extends LineRecordCommon>(lines: readonly L[], types: ReadonlyMap<string, TaxTypeInfo>, kind: {
  vatAmount?(line: L): Decimal; deductible?(line: L): boolean; selfAssessed?(type: TaxTypeInfo | undefined): boolean;
} = {}) {
  const groups = new Map<string, { typeId: string; kind: BreakdownKind; rate: Decimal; base: Decimal; amount: Decimal; deductible: boolean }>();
  const add = (typeId: string | null, kind: BreakdownKind, rate: Decimal | null, base: Decimal, amount: Decimal, deductible: boolean) => {
    if (!typeId) return;
    const key = `${kind}|${typeId}|${deductible}`;
    const group = groups.get(key) ?? { typeId, kind, rate: rate!, base: Decimal.zero(2), amount: Decimal.zero(2), deductible };
    group.base = group.base.add(base).rescale(2);
    group.amount = group.amount.add(amount).rescale(2);
    groups.set(key, group);
  };
  const split = !!kind.deductible;
  for (const which of ['vat', 'surcharge', 'withholding'] as const) {
    for (const l of lines) {
      if (which === 'vat') add(l.taxTypeId, which, l.taxRate, l.base, kind.vatAmount?.(l) ?? l.taxAmount, split ? kind.deductible!(l) : true);
      if (which === 'surcharge') add(l.surchargeTypeId, which, l.surchargeRate, l.base, l.surchargeAmount, !split);
      if (which === 'withholding') add(l.withholdingTypeId, which, l.withholdingRate, l.base, l.withholdingAmount, true);
    }
  }
  return [...groups.values()].map((g) => {
    const type = types.get(g.typeId);
    const shared = {
      tax_type_id: g.typeId, code: type?.code ?? '', name: type?.name ?? '', kind: g.kind, regime: type?.regime ?? 'domestic', rate: formatRate(g.rate),
      base: g.base.toString(), amount: g.amount.toString(),
    };
    return split ? { ...shared, self_assessed: g.kind === 'vat' && !!kind.selfAssessed?.(type), deductible: g.deductible } : shared;
  });
}

const ISP_SERVICES_LEGEND = 'Inversión del sujeto pasivo (art. 84.Uno.2º LIVA; art. 196 Directiva 2006/112/CE)';

/**
 * The mandatory mentions of a sales document from its lines' VAT types (art. 6.1.j RD 1619/2012):
 * each type's legend once, and for intra-EU services the customer's reverse charge instead.
 */
export function salesLegends(lines: readonly (Pick<LineRecordCommon, 'taxTypeId'> & { nature: 'goods' | 'services' })[], types: ReadonlyMap<string, TaxTypeInfo>): string[] {
  const legends: string[] = [];
  const add = (text: string | undefined) => { if (text && !legends.includes(text)) legends.push(text); };
  for (const line of lines) {
    const type = types.get(line.taxTypeId);
    if (!type) continue;
    if (type.regime === 'intra_eu' && line.nature === 'services') add(ISP_SERVICES_LEGEND);
    else add(type.sales?.legend);
  }
  return legends;
}
