import { currencyToJson, documentToJson, lineToJson, salesLegends, taxBreakdown, type TaxTypeInfo } from '../documents/api';
import { simplifiedStatus } from './legal-content';
import type { InvoiceLineRecord, InvoiceRecord, InvoiceView } from './types';

/** The invoice's JSON shape: the shared document fields, its tax breakdown, legends, parties and ground. */

/** Mandatory mentions of the invoice, from its VAT types (art. 6.1.j RD 1619/2012). */
export const legendsOf = (record: InvoiceRecord, types: ReadonlyMap<string, TaxTypeInfo>): string[] => salesLegends(record.lines, types);

/** Per tax type: Σ bases and Σ allocated amounts of its lines (= the tax on the summed bases). */
export const breakdownOf = (lines: readonly InvoiceLineRecord[], types: ReadonlyMap<string, TaxTypeInfo>) => taxBreakdown(lines, types);

export function invoiceToJson({ record, types }: InvoiceView) {
  return {
    ...documentToJson(record, breakdownOf(record.lines, types), legendsOf(record, types)),
    ...currencyToJson(record.fx),
    lines: record.lines.map((l) => ({ ...lineToJson(l), nature: l.nature, revenue_account: l.revenueAccount })),
    customer: record.customer,
    issuer: record.issuer,
    rectification_ground: record.rectificationGround,
    ...simplifiedStatus(record, types),
  };
}
