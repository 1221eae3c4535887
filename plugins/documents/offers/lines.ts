import { ValidationFailed } from '../../../kernel/errors';
import type { Decimal } from '../../../kernel/money';
import type { Tx } from '../../../kernel/uow';
import { computeAmounts, formatRate, type DocumentAmounts } from '../calc';
import { checkMagnitudes, parseLineNumbers, type Loc, type WireLineCommon } from '../document';
import { lineToJson } from '../json';
import { commonLineOf, lineColumns, loadLinesOf, type LineRecordCommon, type LinesSource } from '../rows';
import { checkLineTaxTypes, loadTaxTypes, type TaxTypeInfo } from '../tax-types';
import type { OfferTables } from './kind';

/**
 * An offer's lines: the invoice line shape (tax type, surcharge, withholding, discount, nature)
 * and the documents plugin's arithmetic, so a converted invoice has the same lines and totals.
 */
export interface OfferLineWire extends WireLineCommon { nature?: 'goods' | 'services' }
export interface OfferLine extends LineRecordCommon { nature: 'goods' | 'services' }

/** The stored line's columns, name and SQL type, in order: the table, the insert and the read derive from them. */
export const OFFER_LINE_COLUMNS: readonly (readonly [string, string])[] = [
  ['line_no', 'integer'], ['description', 'text'], ['quantity', 'numeric(18,6)'], ['unit_price', 'numeric(18,6)'], ['discount_pct', 'numeric(5,2)'],
  ['nature', 'text'], ['tax_type_id', 'uuid'], ['tax_rate', 'numeric(5,2)'], ['surcharge_type_id', 'uuid'], ['surcharge_rate', 'numeric(5,2)'],
  ['withholding_type_id', 'uuid'], ['withholding_rate', 'numeric(5,2)'], ['base', 'numeric(18,2)'], ['tax_amount', 'numeric(18,2)'],
  ['surcharge_amount', 'numeric(18,2)'], ['withholding_amount', 'numeric(18,2)'],
];

export interface Totals { subtotal: Decimal; taxTotal: Decimal; surchargeTotal: Decimal; withholdingTotal: Decimal; total: Decimal }

/** Lines whose inputs and rates are known → their amounts, the tax groups and the totals. */
export function amountsOf<L extends Omit<OfferLine, 'base' | 'taxAmount' | 'surchargeAmount' | 'withholdingAmount'>>(lines: readonly L[]): {
  lines: (L & Pick<OfferLine, 'base' | 'taxAmount' | 'surchargeAmount' | 'withholdingAmount'>)[]; amounts: DocumentAmounts; totals: Totals;
} {
  const rates = new Map<string, Decimal>();
  for (const l of lines) {
    rates.set(l.taxTypeId, l.taxRate);
    if (l.surchargeTypeId && l.surchargeRate) rates.set(l.surchargeTypeId, l.surchargeRate);
    if (l.withholdingTypeId && l.withholdingRate) rates.set(l.withholdingTypeId, l.withholdingRate);
  }
  const amounts = computeAmounts(lines, rates);
  const taxTotal = amounts.vatTotal.add(amounts.surchargeTotal);
  return {
    lines: lines.map((l, i) => ({ ...l, ...amounts.lines[i] })),
    amounts,
    totals: {
      subtotal: amounts.subtotal, taxTotal, surchargeTotal: amounts.surchargeTotal, withholdingTotal: amounts.withholdingTotal,
      total: amounts.subtotal.add(taxTotal).sub(amounts.withholdingTotal),
    },
  };
}

const typeIdsOfWire = (wire: readonly WireLineCommon[]) =>
  [...new Set(wire.flatMap((l) => [l.tax_type_id, l.surcharge_type_id ?? null, l.withholding_type_id ?? null]).filter((id): id is string => !!id))];

/** Wire lines → computed lines (404 for a tax type that is not the company's, 422 for a misfit), with their tax types. */
export async function linesFromWire(tx: Tx, wire: OfferLineWire[], loc: Loc) {
  const types = await loadTaxTypes(tx, typeIdsOfWire(wire));
  const parsed = parseLineNumbers(wire, loc);
  const errors = checkLineTaxTypes(wire, types, 'sales', loc, true);
  if (errors.length) throw new ValidationFailed(errors);
  const rateOf = (id: string | null) => (id ? types.get(id)!.rate : null);
  const computed = amountsOf(parsed.map((l, i) => ({
    ...l, lineNo: i + 1, nature: wire[i].nature ?? 'goods' as const,
    taxRate: types.get(l.taxTypeId)!.rate, surchargeRate: rateOf(l.surchargeTypeId), withholdingRate: rateOf(l.withholdingTypeId),
  })));
  checkMagnitudes([{ loc, value: computed.totals.subtotal }, { loc, value: computed.totals.total }, ...computed.lines.map((l, i) => ({ loc: [...loc, i, 'unit_price'], value: l.base }))]);
  return { ...computed, types };
}

/** Reads the lines of an offer kind's documents. */
export const offerLinesSource = (tables: OfferTables): LinesSource<OfferLine> => ({
  table: tables.linesTable, key: tables.linesKey, columns: `${lineColumns(tables.linesKey)}, nature`,
  lineOf: (row) => ({ ...commonLineOf(row), nature: row.nature }),
});
export const loadOfferLines = (tx: Tx, tables: OfferTables, ids: string[]) => loadLinesOf(tx, offerLinesSource(tables), ids);

/** Replaces (or writes) an offer's lines: one statement from a JSON array of the stored columns. */
export async function writeOfferLines(tx: Tx, tables: OfferTables, documentId: string, lines: readonly OfferLine[], replace: boolean): Promise<void> {
  if (replace) await tx.sql(`delete from ${tables.linesTable} where tenant_id = :tenant and ${tables.linesKey} = :id::uuid`, { id: documentId });
  const names = OFFER_LINE_COLUMNS.map(([name]) => name);
  await tx.sql(`insert into ${tables.linesTable} (tenant_id, ${tables.linesKey}, ${names.join(', ')})
    select :tenant, :id::uuid, ${names.map((n) => `x.${n}`).join(', ')}
    from jsonb_to_recordset(:lines::jsonb) as x (${OFFER_LINE_COLUMNS.map(([n, type]) => `${n} ${type}`).join(', ')})`, {
    id: documentId,
    lines: JSON.stringify(lines.map((l) => Object.fromEntries(names.map((n) => [n, storedValue(l, n)])))),
  });
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
function storedValue(line: OfferLine, column: string): unknown {
  const value = (line as unknown as Record<string, unknown>)[camel(column)];
  return value == null || typeof value === 'string' || typeof value === 'number' ? value ?? null : String(value);
}

export const offerLineToJson = (l: OfferLine) => ({ ...lineToJson(l), nature: l.nature });

/** Per tax type of the document: its rate, the summed bases and the tax on that sum. */
export function taxBreakdown(amounts: DocumentAmounts, types: ReadonlyMap<string, TaxTypeInfo>) {
  return amounts.groups.map((g) => {
    const type = types.get(g.typeId);
    return {
      tax_type_id: g.typeId, code: type?.code ?? '', name: type?.name ?? '', kind: g.kind, regime: type?.regime ?? 'domestic',
      rate: formatRate(g.rate), base: g.base.toString(), amount: g.amount.toString(),
    };
  });
}

/** The invoice lines a conversion sends: the same inputs, so the invoice computes the same amounts. */
export const invoiceLinesOf = (lines: readonly OfferLine[]) => lines.map((l) => ({
  description: l.description, quantity: l.quantity.toString(), unit_price: l.unitPrice.toString(), discount_pct: l.discountPct.toString(), nature: l.nature,
  tax_type_id: l.taxTypeId, surcharge_type_id: l.surchargeTypeId, withholding_type_id: l.withholdingTypeId,
}));
