import type { TaxRegisterEntry } from '../documents/api';

/**
 * The columns of the three VAT books (libros registro de IVA) in the tax agency's published format
 * for books kept outside the SII ("formato de los libros registro de IVA", the Excel/CSV template
 * the AEAT publishes for IVA and IRPF books, Orden HAC/773/2019 for the IRPF side; the content is
 * art. 63–65 of the VAT regulation, RD 1624/1992). The template heads each group of columns with a
 * two-row heading ("Identificación de la Factura" over "Serie", "Número"…); a flat CSV/XLSX joins
 * the two rows into one heading. Sources and what is not confirmed: docs/domain/vat-books.md.
 *
 * One column: its heading (the file's header, also the row's key), the cell type, the XLSX width and
 * the value from one register row (one invoice and VAT rate). What the register does not know is
 * empty (activity codes, description of a capital good, the day it started to be used).
 */

export type VatBook = 'issued' | 'received' | 'capital-goods';
export const VAT_BOOKS: readonly VatBook[] = ['issued', 'received', 'capital-goods'];

/** What a row's value may read besides the register row: the self-assessment period it falls in. */
export interface RowContext {
  year: string;
  period: string;
  /** The year's definitive VAT prorrata under the general prorrata (docs/domain/vat.md §3); null without one. */
  definitivePercent: number | null;
}
export interface BookColumn {
  heading: string;
  type: 'string' | 'amount';
  width: number;
  value(entry: TaxRegisterEntry, context: RowContext): string | null;
}

const EU_PREFIXES = new Set(['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'GR', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK']);

/** Identification type: empty for a Spanish NIF; 02 a VAT number of another Member State; 04 a document of another country; none without a tax id. */
export const idType = (e: TaxRegisterEntry): string | null => {
  if (!e.counterparty.taxId || e.counterparty.country === 'ES') return null;
  return EU_PREFIXES.has(e.counterparty.country) ? '02' : '04';
};
const countryCode = (e: TaxRegisterEntry) => (e.counterparty.country === 'ES' ? null : e.counterparty.country);

/** Invoice type: F1 invoice, F2 simplified, F5 import (customs document), F6 accounting voucher; R1–R5 a rectifying invoice by its ground. */
export const invoiceType = (e: TaxRegisterEntry): string => {
  if (e.kind === 'rectification') return e.rectifies?.type ?? 'R1';
  if (e.kind === 'import') return 'F5';
  if (e.kind === 'simplified') return 'F2';
  if (e.kind === 'expense') return 'F6';
  return 'F1';
};

/** Operation key (clave de régimen): 01 general, 02 export, 09 intra-EU acquisition. */
export const operationKey = (e: TaxRegisterEntry): string => (e.regime === 'export' ? '02' : e.kind === 'intra_eu_acquisition' ? '09' : '01');

/** Issued: S1 subject and not exempt, S2 the customer is liable (reverse charge), N2 not subject by place of supply; E1 exempt (art. 20), E2 export (art. 21), E5 intra-EU supply (art. 25). */
export const qualification = (e: TaxRegisterEntry): { qualification: string | null; exempt: string | null } => {
  switch (e.regime) {
    case 'exempt': return { qualification: null, exempt: 'E1' };
    case 'export': return { qualification: null, exempt: 'E2' };
    case 'intra_eu': return { qualification: null, exempt: 'E5' };
    case 'not_subject': return { qualification: 'N2', exempt: null };
    case 'reverse_charge': return { qualification: 'S2', exempt: null };
    default: return { qualification: 'S1', exempt: null };
  }
};

const selfAssessed = (e: TaxRegisterEntry) => e.kind === 'reverse_charge' || e.kind === 'intra_eu_acquisition' || (e.kind === 'rectification' && ['reverse_charge', 'intra_eu'].includes(e.regime) && e.side === 'received');
const seriesOf = (number: string) => (number.includes('-') ? number.slice(0, number.lastIndexOf('-')) : '');
const operationDate = (e: TaxRegisterEntry) => (e.operationDate && e.operationDate !== e.issueDate ? e.operationDate : null);
const none = () => null;
const text = (heading: string, width: number, value: BookColumn['value']): BookColumn => ({ heading, type: 'string', width, value });
const amount = (heading: string, value: BookColumn['value']): BookColumn => ({ heading, type: 'amount', width: 14, value });

const PERIOD_AND_ACTIVITY: BookColumn[] = [
  text('Autoliquidación Ejercicio', 8, (_e, c) => c.year),
  text('Autoliquidación Periodo', 8, (_e, c) => c.period),
  text('Actividad Tipo', 8, none),
  text('Actividad Código', 8, none),
  text('Actividad Grupo o Epígrafe del IAE', 10, none),
];

const SURCHARGE_AND_WITHHOLDING: BookColumn[] = [
  amount('Tipo de Recargo eq.', (e) => e.surchargeRate),
  amount('Cuota Recargo eq.', (e) => e.surcharge),
  amount('Tipo Retención IRPF', (e) => e.withholdingRate),
  amount('Importe Retenido IRPF', (e) => e.withholding),
];

/** Libro registro de facturas expedidas. */
const ISSUED: BookColumn[] = [
  ...PERIOD_AND_ACTIVITY,
  text('Tipo de Factura', 6, invoiceType),
  text('Concepto de Ingreso', 8, none),
  amount('Ingreso Computable', (e) => e.base),
  text('Fecha Expedición', 11, (e) => e.issueDate),
  text('Fecha Operación', 11, operationDate),
  text('Identificación de la Factura Serie', 10, (e) => seriesOf(e.number)),
  text('Identificación de la Factura Número', 16, (e) => e.number),
  text('Identificación de la Factura Número-Final', 10, none),
  text('NIF Destinatario Tipo', 6, idType),
  text('NIF Destinatario Código País', 6, countryCode),
  text('NIF Destinatario Identificación', 16, (e) => e.counterparty.taxId),
  text('Nombre Destinatario', 32, (e) => e.counterparty.name),
  text('Clave de Operación', 6, operationKey),
  text('Calificación de la Operación', 6, (e) => qualification(e).qualification),
  text('Operación Exenta', 6, (e) => qualification(e).exempt),
  amount('Total Factura', (e) => e.documentTotal),
  amount('Base Imponible', (e) => e.base),
  amount('Tipo de IVA', (e) => e.rate),
  amount('Cuota IVA Repercutida', (e) => e.quota),
  ...SURCHARGE_AND_WITHHOLDING,
  text('Factura Rectificada', 16, (e) => e.rectifies?.number ?? null),
  text('Tipo de Rectificación', 6, (e) => (e.rectifies ? (e.rectifies.mode === 'substitution' ? 'S' : 'I') : null)),
];

/** Libro registro de facturas recibidas. */
const RECEIVED: BookColumn[] = [
  ...PERIOD_AND_ACTIVITY,
  text('Tipo de Factura', 6, invoiceType),
  text('Concepto de Gasto', 8, none),
  amount('Gasto Deducible', (e) => e.base),
  text('Fecha Expedición', 11, (e) => e.issueDate),
  text('Fecha Operación', 11, operationDate),
  text('Identificación Factura del Expedidor (Serie-Número)', 18, (e) => e.supplierNumber ?? e.number),
  text('Identificación Factura del Expedidor Número-Final', 10, none),
  text('Fecha Recepción', 11, (e) => e.accountingDate),
  text('Número Recepción', 16, (e) => e.number),
  text('Número Recepción Final', 10, none),
  text('NIF Expedidor Tipo', 6, idType),
  text('NIF Expedidor Código País', 6, countryCode),
  text('NIF Expedidor Identificación', 16, (e) => e.counterparty.taxId),
  text('Nombre Expedidor', 32, (e) => e.counterparty.name),
  text('Clave de Operación', 6, operationKey),
  text('Bien de Inversión', 6, (e) => (e.capitalGood ? 'S' : 'N')),
  text('Inversión del Sujeto Pasivo', 6, (e) => (selfAssessed(e) ? 'S' : 'N')),
  text('Deducible en Periodo Posterior', 6, () => 'N'),
  text('Ejercicio Deducción', 8, (_e, c) => c.year),
  text('Periodo Deducción', 8, (_e, c) => c.period),
  amount('Total Factura', (e) => e.documentTotal),
  amount('Base Imponible', (e) => e.base),
  amount('Tipo de IVA', (e) => e.rate),
  amount('Cuota IVA Soportada', (e) => e.quota),
  amount('Cuota Deducible', (e) => e.deductibleQuota),
  ...SURCHARGE_AND_WITHHOLDING,
  text('Factura Rectificada', 16, (e) => e.rectifies?.number ?? null),
];

/**
 * Libro registro de bienes de inversión: one row per capital good as the register knows it (a
 * received invoice's VAT group flagged as a capital good), annual (period 0A). Without a prorrata
 * every deductible quota is deducted in full, so the definitive prorrata is 100; under the general
 * prorrata, the year's definitive percentage. "Regularización Anual Deducción" is the regularisation
 * of arts. 107–109 LIVA in the years after the purchase (303 box 43), which Cuadra does not keep:
 * 0.00, also in the purchase's own year, whose adjustment to the definitive percentage (art. 105) is
 * part of that year's deduction (303 box 44), not of this column.
 * A sale of the good (its delivery and the regularisation it causes) is left to the company.
 */
const CAPITAL_GOODS: BookColumn[] = [
  text('Autoliquidación Ejercicio', 8, (_e, c) => c.year),
  text('Autoliquidación Periodo', 8, () => '0A'),
  text('Actividad Tipo', 8, none),
  text('Actividad Código', 8, none),
  text('Actividad Grupo o Epígrafe del IAE', 10, none),
  text('Identificación del Bien', 20, (e) => `${e.number}/${e.groupNo}`),
  text('Descripción del Bien', 32, none),
  text('Fecha Expedición', 11, (e) => e.issueDate),
  text('Identificación Factura del Expedidor (Serie-Número)', 18, (e) => e.supplierNumber ?? e.number),
  text('Número Recepción', 16, (e) => e.number),
  text('Tipo de Factura', 6, invoiceType),
  text('NIF Expedidor Tipo', 6, idType),
  text('NIF Expedidor Código País', 6, countryCode),
  text('NIF Expedidor Identificación', 16, (e) => e.counterparty.taxId),
  text('Nombre Expedidor', 32, (e) => e.counterparty.name),
  amount('Base Imponible', (e) => e.base),
  amount('Tipo de IVA', (e) => e.rate),
  amount('Cuota IVA Soportada', (e) => e.quota),
  amount('Cuota Deducible', (e) => e.deductibleQuota),
  text('Fecha Inicio Utilización', 11, none),
  amount('Prorrata Anual Definitiva', (_e, c) => String(c.definitivePercent ?? 100)),
  amount('Regularización Anual Deducción', () => '0.00'),
  text('Identificación Entrega', 16, none),
  amount('Regularización Deducción Efectuada', none),
];

export const BOOK_LAYOUTS: Record<VatBook, readonly BookColumn[]> = { issued: ISSUED, received: RECEIVED, 'capital-goods': CAPITAL_GOODS };

/** File and sheet names of each book. */
export const BOOK_NAMES: Record<VatBook, { title: string; sheet: string; file: string }> = {
  issued: { title: 'Libro registro de facturas expedidas', sheet: 'Expedidas', file: 'libro-facturas-expedidas' },
  received: { title: 'Libro registro de facturas recibidas', sheet: 'Recibidas', file: 'libro-facturas-recibidas' },
  'capital-goods': { title: 'Libro registro de bienes de inversión', sheet: 'Bienes de inversión', file: 'libro-bienes-inversion' },
};
