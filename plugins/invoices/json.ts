import { documentToJson, lineToJson, taxBreakdown, type TaxTypeInfo } from '../documents/api';
import { simplifiedStatus } from './legal-content';
import type { InvoiceLineRecord, InvoiceRecord, InvoiceView } from './types';

/** The invoice's JSON shape: the shared document fields, its tax breakdown, legends, parties and ground. */

const ISP_SERVICES_LEGEND = 'Inversión del sujeto pasivo (art. 84.Uno.2º LIVA; art. 196 Directiva 2006/112/CE)';

/** Mandatory mentions of the document, from its VAT types (art. 6.1.j RD 1619/2012). */
export function legendsOf(record: InvoiceRecord, types: ReadonlyMap<string, TaxTypeInfo>): string[] {
  const legends: string[] = [];
  const add = (text: string | undefined) => { if (text && !legends.includes(text)) legends.push(text); };
  for (const line of record.lines) {
    const type = types.get(line.taxTypeId);
    if (!type) continue;
    if (type.regime === 'intra_eu' && line.nature === 'services') add(ISP_SERVICES_LEGEND);
    else add(type.sales?.legend);
  }
  return legends;
}

/** Per tax type: Σ bases and Σ allocated amounts of its lines (= the tax on the summed bases). */
export const breakdownOf = (lines: readonly InvoiceLineRecord[], types: ReadonlyMap<string, TaxTypeInfo>) => taxBreakdown(lines, types);

export function invoiceToJson({ record, types }: InvoiceView) {
  return {
    ...documentToJson(record, breakdownOf(record.lines, types), legendsOf(record, types)),
    lines: record.lines.map((l) => ({ ...lineToJson(l), nature: l.nature, revenue_account: l.revenueAccount })),
    customer: record.customer,
    issuer: record.issuer,
    rectification_ground: record.rectificationGround,
    ...simplifiedStatus(record, types),
  };
}
