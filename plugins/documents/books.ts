import { csvLine } from '../../lib/spreadsheet-cells';
import { Decimal } from '../../kernel/money';
import type { RegisterSide, TaxRegisterEntry } from './tax-register';

/**
 * The VAT record books (libros registro de facturas expedidas y recibidas) from the tax register,
 * with the column layout of the tax agency's common format for the books (the one the AEAT
 * publishes for IVA and IRPF books): one row per invoice and VAT rate, in order of dates.
 *
 * What the register does not know is left empty (activity codes, cash-basis collections, property
 * references): the books stay loadable by tools that read the format and the company fills those
 * columns in only when it needs them.
 */

type Cell = string | null;
interface Column { header: string; value: (e: TaxRegisterEntry, period: { year: string; quarter: string }) => Cell; money?: boolean }


const EU = new Set(['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'GR', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK']);

/** The identification type of the book: empty for a Spanish NIF, 02 an EU VAT number, 04 a foreign document, 06 another identifier. */
const idType = (e: TaxRegisterEntry): Cell => {
  if (!e.counterparty.taxId) return null;
  if (e.counterparty.country === 'ES') return null;
  return EU.has(e.counterparty.country) ? '02' : '04';
};

/** Invoice type: F1 invoice, F2 simplified, F5 import (customs document), R1–R5 rectifying invoice (by its ground), F6 accounting voucher (tickets). */
const invoiceType = (e: TaxRegisterEntry): string => {
  if (e.kind === 'rectification') return e.rectifies?.type ?? 'R1';
  if (e.kind === 'import') return 'F5';
  if (e.kind === 'simplified') return 'F2';
  if (e.kind === 'expense') return 'F6';
  return 'F1';
};

/** Operation key: 01 general; 02 export; 09 intra-EU acquisition; 17 a sale under the EU one-stop shop (OSS); for received reverse charge, 01 with the ISP flag. */
const operationKey = (e: TaxRegisterEntry): string => {
  if (e.regime === 'export') return '02';
  if (e.regime === 'oss') return '17';
  if (e.kind === 'intra_eu_acquisition') return '09';
  return '01';
};

/** Issued: S1 subject and not exempt; S2 reverse charge (the customer accounts for the VAT); E1–E6 exempt; N1/N2 not subject
 *  (an OSS sale is N2: taxed in the customer's member state by the place-of-supply rules, declared in the OSS return, not in the 303's 01–09). */
const qualification = (e: TaxRegisterEntry): { qualification: Cell; exempt: Cell } => {
  if (e.regime === 'exempt') return { qualification: null, exempt: 'E1' };
  if (e.regime === 'export') return { qualification: null, exempt: 'E2' };
  if (e.regime === 'intra_eu') return { qualification: null, exempt: 'E5' };
  if (e.regime === 'not_subject' || e.regime === 'oss') return { qualification: 'N2', exempt: null };
  if (e.regime === 'reverse_charge') return { qualification: 'S2', exempt: null };
  return { qualification: 'S1', exempt: null };
};

const blank = () => null;
const period = (_e: TaxRegisterEntry, p: { year: string; quarter: string }) => p.quarter;
const year = (_e: TaxRegisterEntry, p: { year: string; quarter: string }) => p.year;
const seriesOf = (number: string) => number.split('-')[0] ?? '';
const rateOrNull = (rate: string | null) => (rate == null ? null : rate);

/** The self-assessment period, the activity (left to the company) and the invoice type open both books. */
const LEADING: Column[] = [
  { header: 'Autoliquidación Ejercicio', value: year },
  { header: 'Autoliquidación Periodo', value: period },
  { header: 'Actividad Tipo', value: blank },
  { header: 'Actividad Código', value: blank },
  { header: 'Actividad Grupo o Epígrafe del IAE', value: blank },
  { header: 'Tipo de Factura', value: invoiceType },
];

/** Recargo de equivalencia, IRPF withheld and the rectified invoice close both books. */
const SURCHARGE_AND_WITHHOLDING: Column[] = [
  { header: 'Tipo de Recargo eq.', value: (e) => rateOrNull(e.surchargeRate), money: true },
  { header: 'Cuota Recargo eq.', value: (e) => e.surcharge, money: true },
  { header: 'Tipo Retención IRPF', value: (e) => rateOrNull(e.withholdingRate), money: true },
  { header: 'Importe Retenido IRPF', value: (e) => e.withholding, money: true },
  { header: 'Factura Rectificada', value: (e) => e.rectifies?.number ?? null },
];

const ISSUED: Column[] = [
  ...LEADING,
  { header: 'Concepto de Ingreso', value: blank },
  { header: 'Ingreso Computable', value: (e) => e.base, money: true },
  { header: 'Fecha Expedición', value: (e) => e.issueDate },
  { header: 'Fecha Operación', value: (e) => (e.operationDate && e.operationDate !== e.issueDate ? e.operationDate : null) },
  { header: 'Identificación de la Factura Serie', value: (e) => seriesOf(e.number) },
  { header: 'Identificación de la Factura Número', value: (e) => e.number },
  { header: 'Identificación de la Factura Número-Final', value: blank },
  { header: 'NIF Destinatario Tipo', value: idType },
  { header: 'NIF Destinatario Código País', value: (e) => (e.counterparty.country === 'ES' ? null : e.counterparty.country) },
  { header: 'NIF Destinatario Identificación', value: (e) => e.counterparty.taxId },
  { header: 'Nombre Destinatario', value: (e) => e.counterparty.name },
  { header: 'Clave de Operación', value: operationKey },
  { header: 'Calificación de la Operación', value: (e) => qualification(e).qualification },
  { header: 'Operación Exenta', value: (e) => qualification(e).exempt },
  { header: 'Total Factura', value: (e) => e.documentTotal, money: true },
  { header: 'Base Imponible', value: (e) => e.base, money: true },
  { header: 'Tipo de IVA', value: (e) => e.rate, money: true },
  { header: 'Cuota IVA Repercutida', value: (e) => e.quota, money: true },
  ...SURCHARGE_AND_WITHHOLDING,
  { header: 'Tipo de Rectificación', value: (e) => (e.rectifies ? (e.rectifies.mode === 'substitution' ? 'S' : 'I') : null) },
];

const RECEIVED: Column[] = [
  ...LEADING,
  { header: 'Concepto de Gasto', value: blank },
  { header: 'Gasto Deducible', value: (e) => e.base, money: true },
  { header: 'Fecha Expedición', value: (e) => e.issueDate },
  { header: 'Fecha Operación', value: (e) => (e.operationDate && e.operationDate !== e.issueDate ? e.operationDate : null) },
  { header: 'Identificación Factura del Expedidor (Serie-Número)', value: (e) => e.supplierNumber ?? e.number },
  { header: 'Identificación Factura del Expedidor Número-Final', value: blank },
  { header: 'Fecha Recepción', value: (e) => e.accountingDate },
  { header: 'Número Recepción', value: (e) => e.number },
  { header: 'Número Recepción Final', value: blank },
  { header: 'NIF Expedidor Tipo', value: idType },
  { header: 'NIF Expedidor Código País', value: (e) => (e.counterparty.country === 'ES' ? null : e.counterparty.country) },
  { header: 'NIF Expedidor Identificación', value: (e) => e.counterparty.taxId },
  { header: 'Nombre Expedidor', value: (e) => e.counterparty.name },
  { header: 'Clave de Operación', value: operationKey },
  { header: 'Bien de Inversión', value: (e) => (e.capitalGood ? 'S' : 'N') },
  { header: 'Inversión del Sujeto Pasivo', value: (e) => (e.kind === 'reverse_charge' || e.kind === 'intra_eu_acquisition' ? 'S' : 'N') },
  { header: 'Deducible en Periodo Posterior', value: () => 'N' },
  { header: 'Ejercicio Deducción', value: year },
  { header: 'Periodo Deducción', value: period },
  { header: 'Total Factura', value: (e) => e.documentTotal, money: true },
  { header: 'Base Imponible', value: (e) => e.base, money: true },
  { header: 'Tipo de IVA', value: (e) => e.rate, money: true },
  { header: 'Cuota IVA Soportada', value: (e) => e.quota, money: true },
  { header: 'Cuota Deducible', value: (e) => e.deductibleQuota, money: true },
  ...SURCHARGE_AND_WITHHOLDING,
];

export const BOOK_COLUMNS: Record<RegisterSide, readonly Column[]> = { issued: ISSUED, received: RECEIVED };

/** The period of the self-assessment an accounting date falls in: year and quarter (1T–4T). */
const periodOf = (date: string) => ({ year: date.slice(0, 4), quarter: `${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}T` });

export function bookRows(side: RegisterSide, entries: readonly TaxRegisterEntry[]): Cell[][] {
  const columns = BOOK_COLUMNS[side];
  return entries.map((e) => {
    const p = periodOf(e.accountingDate);
    return columns.map((c) => c.value(e, p));
  });
}

/** The book's totals: base, quota (repercutida / soportada), deductible quota, surcharge and withholding. */
export function bookTotals(entries: readonly TaxRegisterEntry[]) {
  const sum = (pick: (e: TaxRegisterEntry) => string) => entries.reduce((s, e) => s.add(Decimal.parse(pick(e), 2)), Decimal.zero(2)).toString();
  return { base: sum((e) => e.base), quota: sum((e) => e.quota), deductibleQuota: sum((e) => e.deductibleQuota), surcharge: sum((e) => e.surcharge), withholding: sum((e) => e.withholding) };
}

/** CSV with `;` separators and decimal points (UTF-8 with BOM, CRLF), as spreadsheet imports of the books expect. */
export function bookCsv(side: RegisterSide, entries: readonly TaxRegisterEntry[]): string {
  const lines = [csvLine(BOOK_COLUMNS[side].map((c) => c.header)), ...bookRows(side, entries).map((row) => csvLine(row))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function bookXlsx(side: RegisterSide, entries: readonly TaxRegisterEntry[]): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cuadra';
  const sheet = workbook.addWorksheet(side === 'issued' ? 'Expedidas' : 'Recibidas', { views: [{ state: 'frozen', ySplit: 1 }] });
  const columns = BOOK_COLUMNS[side];
  sheet.columns = columns.map((c) => ({ header: c.header, width: Math.min(40, Math.max(12, c.header.length + 2)) }));
  sheet.getRow(1).font = { bold: true };
  // amounts stay the exact decimal strings of the register (a float cell could round them)
  for (const row of bookRows(side, entries)) sheet.addRow(row);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
