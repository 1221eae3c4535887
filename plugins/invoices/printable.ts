import { formatEuro, RECTIFICATION_GROUNDS, printableDate, printableLine, printableTotals, type Party, type PrintableDocument, type PrintableStamp, type TaxTypeInfo } from '../documents/api';
import { issuedAsSimplified, regimesOf } from './legal-content';
import { breakdownOf, legendsOf, type InvoiceRecord } from './service';

export interface InvoicePrintInput {
  record: InvoiceRecord;
  types: ReadonlyMap<string, TaxTypeInfo>;
  /** For drafts (no snapshot yet): the current data of the company and the customer. */
  issuer: Party;
  customer: Party;
  issuerRegistry?: string | null;
  paymentLines?: readonly string[];
  logo?: Uint8Array | null;
  rectified?: { number: string | null; issueDate: string } | null;
  /** Images other plugins print at the top of the first page (`invoice-pdf-stamps`), e.g. the VERI*FACTU QR code. */
  stamps?: readonly PrintableStamp[];
}

/**
 * The invoice as printed, with the content of art. 6.1 RD 1619/2012 (docs/domain/invoice-content.md §2):
 * number and series, issue date (and operation date when it differs), both parties, the lines,
 * each tax by its name with base and amount, the withholding, the totals, the mandatory mentions
 * and, for a rectifying invoice, the invoice it rectifies and why.
 */
export function invoicePrintable(input: InvoicePrintInput): PrintableDocument {
  const { record, types } = input;
  const customer = record.customer ?? input.customer;
  const simplified = !!record.customer && issuedAsSimplified(record.customer, regimesOf(record.lines, types), { total: record.total, rectifying: !!record.rectifiesId });
  const title = record.status === 'draft' ? 'BORRADOR (sin validez como factura)'
    : `${record.rectifiesId ? 'FACTURA RECTIFICATIVA' : 'FACTURA'}${simplified ? ' SIMPLIFICADA' : ''}`;
  return {
    title,
    documentTitle: `Factura ${record.number ?? 'borrador'}`,
    number: record.number,
    reference: record.number ?? 'Borrador',
    headingLines: [
      `Serie: ${record.series}`,
      `Fecha de expedición: ${printableDate(record.issueDate)}`,
      ...(record.operationDate && record.operationDate !== record.issueDate ? [`Fecha de la operación: ${printableDate(record.operationDate)}`] : []),
      ...(record.dueDate ? [`Vencimiento: ${printableDate(record.dueDate)}`] : []),
    ],
    createdAt: new Date(record.issuedAt ?? record.createdAt),
    issuer: record.issuer ?? input.issuer,
    issuerRegistry: input.issuerRegistry,
    customer,
    preamble: record.rectifiesId ? rectificationPreamble(record, input.rectified) : null,
    lines: record.lines.map(printableLine),
    taxes: breakdownOf(record.lines, types).map((item) => ({ name: item.name || item.code, rate: item.rate, base: item.base, amount: item.amount })),
    totals: printableTotals(record),
    grandTotal: ['TOTAL FACTURA', record.total.toString()],
    legends: [...legendsOf(record, types), ...euroLegends(record)],
    paymentLines: input.paymentLines,
    notes: record.notes,
    logo: input.logo,
    stamps: input.stamps,
    ...(record.fx ? { currencySymbol: record.fx.currency } : {}),
  };
}

/**
 * An invoice in another currency prints its amounts in that currency and, as art. 12 RD 1619/2012
 * requires, the VAT quota in euros, with the rate applied (art. 79.Once LIVA) and the euro base and total.
 */
export function euroLegends(record: InvoiceRecord): string[] {
  const fx = record.fx;
  if (!fx) return [];
  if (!fx.euros || !fx.rate) return [`Importes en ${fx.currency}. La cuota del impuesto se expresará en euros al tipo de cambio de la fecha de devengo al expedir la factura.`];
  const euro = (value: { toString(): string }) => `${formatEuro(value.toString())} €`;
  return [
    `Importes en ${fx.currency}. Cuota del impuesto en euros (art. 12 RD 1619/2012): ${euro(fx.euros.taxTotal)}; base imponible ${euro(fx.euros.subtotal)}; total ${euro(fx.euros.total)}.`,
    `Tipo de cambio aplicado (art. 79.Once Ley 37/1992): 1 EUR = ${fx.rate.replace('.', ',')} ${fx.currency}, publicado el ${printableDate(fx.rateDate ?? fx.accountingDate ?? record.issueDate)}.`,
  ];
}

function rectificationPreamble(record: InvoiceRecord, rectified: InvoicePrintInput['rectified']) {
  const mode = record.rectificationMode === 'substitution' ? 'por sustitución' : 'por diferencias';
  const ref = rectified ? `${rectified.number ?? '—'} de ${printableDate(rectified.issueDate)}` : '—';
  return {
    heading: `Factura rectificativa ${mode} de la factura ${ref} (art. 15 RD 1619/2012)`,
    paragraphs: [`Motivo: ${record.rectificationReason ?? ''}`, `Fundamento: ${RECTIFICATION_GROUNDS[record.rectificationGround ?? 'error'].legalBasis}`],
  };
}

/** The invoice's file name without extension: factura-F-2026-000001, or factura-borrador-<id> for a draft. */
export const invoiceFileBase = (record: InvoiceRecord) => `factura-${record.number ?? `borrador-${record.id.slice(0, 8)}`}`;
