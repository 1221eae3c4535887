import { Decimal } from '../../kernel/money';
import { deductiblePart, registerRowDeductible, type TaxRegisterEntry } from '../documents/api';
import type { CapitalGoodYear } from '../tax-models/api';
import { chargesSpanishVat, issuedQualification, issuedRegimeKey, type TaxRegime } from '../taxes/api';

/**
 * The columns of the three VAT books (libros registro de IVA) in the tax agency's common format for
 * books kept outside the SII ("Formato Electrónico Común Libros Registro x IVA e IRPF", the design
 * of 21 March 2025 for 2025, the latest published): one design for the IVA and IRPF books, the
 * same columns in the same order whether the books are kept apart or together. These are the IVA
 * books kept apart (file types E, R and S): the columns only the IRPF books use stay empty, as the
 * design requires. The content is art. 63–65 of the VAT regulation (RD 1624/1992). Every column,
 * heading and code below was checked against the design: docs/domain/vat-books.md.
 *
 * One column: its two heading rows (a group's title over the column's own heading), the cell type,
 * the XLSX width and the value from one register row (one invoice and VAT rate), as the format's
 * text writes it (amounts with a decimal comma, dates dd/mm/yyyy: the CSV) and as a typed cell's
 * value (an exact decimal, an ISO date: the XLSX's numeric and date cells). What the register does
 * not know is empty (activity, cash-basis collections, properties, the capital good's use).
 */

export type VatBook = 'issued' | 'received' | 'capital-goods';
export const VAT_BOOKS: readonly VatBook[] = ['issued', 'received', 'capital-goods'];

/** What a row's value may read besides the register row: the self-assessment period it falls in. */
export interface RowContext {
  year: string;
  period: string;
  /** The year's definitive VAT prorrata under the general prorrata (docs/domain/vat.md §3); null without one. */
  definitivePercent: number | null;
  /**
   * The capital goods book's row of a good bought in an earlier year and still in its
   * regularisation period: its regularisation of the book's year (arts. 107–109 LIVA).
   */
  regularisation?: CapitalGoodYear;
}
export interface BookColumn {
  /** The format's two heading rows: a group's title over the column's own heading; the same text twice for a column without a group. */
  headings: readonly [string, string];
  /** The one-line heading (the CSV's header, a row's key): the group's title and the column's heading, or the heading alone. */
  heading: string;
  /** `amount` an amount, rate or percentage (Decimal(n,2)); `date` a date; `year` a year (Decimal(4,0)); `string` text. */
  type: 'string' | 'amount' | 'date' | 'year';
  width: number;
  /** A column the register cannot fill (activity, cash basis, the IRPF book's columns…): always empty, never asked for a value. */
  empty: boolean;
  /** The value as the format's text writes it (the CSV): amounts with a decimal comma and two decimals, dates dd/mm/yyyy. */
  value(entry: TaxRegisterEntry, context: RowContext): string | null;
  /**
   * The value for a typed cell (the XLSX): an amount as an exact decimal string with a dot and two
   * decimals ("-502.36"), a date as ISO yyyy-mm-dd, a year or text as in `value`.
   */
  cell(entry: TaxRegisterEntry, context: RowContext): string | null;
}

/**
 * An amount, rate or percentage as the format writes it (its validation 3): no thousands separator,
 * a comma before exactly two decimals, a minus on the left: "66325,12", "135,00", "10,50", "-502,36".
 */
export function bookDecimal(text: string | null): string | null {
  const amount = bookAmount(text);
  return amount == null ? null : amount.replace('.', ',');
}

/** An amount, rate or percentage with exactly two decimals and a dot ("135.00", "-0.13"): the number of an XLSX cell. */
export function bookAmount(text: string | null): string | null {
  if (text == null) return null;
  const dot = text.indexOf('.');
  if (dot < 0) return `${text}.00`;
  const decimals = text.length - dot - 1;
  if (decimals === 2) return text;
  return Decimal.parse(text, Math.max(decimals, 2)).round(2).toString();
}

/** A date as the format writes it (its validation 5): dd/mm/yyyy. */
export const bookDate = (iso: string | null): string | null => (iso == null ? null : `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`);

const EU_PREFIXES = new Set(['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'GR', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK']);

/** Identification type: empty for a Spanish NIF; 02 a VAT number of another Member State; 04 an official document of another country; none without a tax id. */
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

/**
 * Operation key (clave de operación): issued, the regime key VERI*FACTU writes too (01 general, 02
 * export, 17 a sale under the EU one-stop shop, chapter XI of title IX LIVA); received, 09 an
 * intra-EU acquisition of goods or services (also its rectification), else 01.
 */
export const operationKey = (e: TaxRegisterEntry): string => {
  if (e.side === 'issued') return issuedRegimeKey(e.regime as TaxRegime);
  return e.regime === 'intra_eu' ? '09' : '01';
};

/**
 * Issued: the qualification (S1, S2, N2) or, instead, the exemption (E1, E2, E5) of the row's
 * regime, the one mapping the taxes plugin gives VERI*FACTU as well (plugins/taxes/qualification.ts).
 */
export const qualification = (e: TaxRegisterEntry): { qualification: string | null; exempt: string | null } => {
  const q = issuedQualification(e.regime as TaxRegime);
  return { qualification: q.qualification, exempt: q.exemption };
};
/**
 * The issued row's Spanish rate and quota: empty on an exempt or not-subject row (E*, N2), as the
 * agency's answers on this book allow ("Tipo de IVA" and "Cuota" empty or zero there). An OSS
 * row's register rate and quota are the destination country's, declared in the modelo 369, not
 * Spanish output VAT: written here they would make the book's output VAT differ from the 303's.
 */
const spanishOnly = (value: (e: TaxRegisterEntry) => string): BookColumn['value'] => (e) => (chargesSpanishVat(issuedQualification(e.regime as TaxRegime)) ? value(e) : null);

/**
 * "Total Factura" of one row, a line of the invoice: the line's own subtotal, so that an invoice's
 * lines add up to its total (the design's validations 7 and 8 for an invoice of several rates),
 * never the whole invoice's total repeated. Issued (validation 37): base + the Spanish quota and
 * the surcharge the row writes on an S1/S2 row, the base alone on an exempt or not-subject row
 * (E*, N1, N2: an OSS sale's foreign VAT is not in it). Received (validation 32): base + quota +
 * surcharge, the base alone with reverse charge (ISP S) or key 09 (an intra-EU acquisition). An IRPF
 * withholding is not subtracted (the IRPF columns carry it).
 */
export const lineTotal = (e: TaxRegisterEntry): string => {
  const base = Decimal.parse(e.base);
  const vat = e.side === 'issued' ? chargesSpanishVat(issuedQualification(e.regime as TaxRegime)) : !reverseCharged(e) && e.regime !== 'intra_eu';
  return (vat ? base.add(Decimal.parse(e.quota)).add(Decimal.parse(e.surcharge)) : base).rescale(2).toString();
};

/** Received "Inversión del Sujeto Pasivo": S for a domestic reverse charge or a service from outside the EU; an intra-EU acquisition (key 09) is N, as the design requires. */
const reverseCharged = (e: TaxRegisterEntry) => e.regime === 'reverse_charge';
const seriesOf = (number: string) => (number.includes('-') ? number.slice(0, number.lastIndexOf('-')) : '');
const operationDate = (e: TaxRegisterEntry) => (e.operationDate && e.operationDate !== e.issueDate ? e.operationDate : null);
/** Names are at most 40 characters in the format. */
const name40 = (name: string) => (name.length > 40 ? name.slice(0, 40) : name);
/** A simplified invoice (or its rectification) without the customer's tax id names the customer as the design asks. */
const customerName = (e: TaxRegisterEntry) => (!e.counterparty.taxId && (e.kind === 'simplified' || e.rectifies?.simplified) ? 'VENTAS A CONSUMIDOR FINAL' : name40(e.counterparty.name));
/** The surcharge's rate and quota only on rows that carry one: empty, not zero, on the others (validation 3). */
const surchargeQuota = (e: TaxRegisterEntry) => (e.surchargeRate == null ? null : e.surcharge);

/**
 * The year's definitive prorrata: 100 without one (every deductible quota deducted in full), else the
 * general prorrata's (docs/domain/vat.md §3); empty on a row that deducts nothing (a prorrata there
 * would say a part of its quota is deducted).
 */
const definitiveProrrata: BookColumn['value'] = (e, c) => (registerRowDeductible(e) ? String(c.definitivePercent ?? 100) : null);
/**
 * The quota the good's first year finally deducts: under the general prorrata its quota at the
 * year's definitive percentage (the register holds it at the provisional one; the 303's box 44
 * regularises the difference), else the register's deductible quota.
 */
const firstYearDeduction: BookColumn['value'] = (e, c) =>
  (c.regularisation ? c.regularisation.deducted.toString()
    : c.definitivePercent === null || !registerRowDeductible(e) ? e.deductibleQuota : deductiblePart(Decimal.parse(e.quota, 6), c.definitivePercent).rescale(2).toString());
/** The purchase year's definitive percentage: the book's year's for a good bought in it, the good's purchase year's for an earlier one. */
const firstYearProrrata: BookColumn['value'] = (e, c) => (c.regularisation ? String(c.regularisation.purchasePercent) : definitiveProrrata(e, c));
/** The book's year: its definitive percentage, the quota at it and (a good of an earlier year) the regularisation of art. 109. */
const yearProrrata: BookColumn['value'] = (e, c) => (c.regularisation ? String(c.regularisation.yearPercent) : definitiveProrrata(e, c));
const yearDeduction: BookColumn['value'] = (e, c) => (c.regularisation ? c.regularisation.yearDeduction.toString() : firstYearDeduction(e, c));
const toRegularise: BookColumn['value'] = (_e, c) => (c.regularisation ? c.regularisation.amount.toString() : '0.00');

const none = () => null;
/** A column under a group's title, or (`title` null) a column whose heading fills both rows. */
/**
 * A column under a group's title, or (`title` null) a column whose heading fills both rows. `value`
 * gives the register's value: an amount as a decimal string, a date ISO; the column writes it as the
 * format's text (`value`) and as a typed cell's value (`cell`).
 */
function column(title: string | null, heading: string, type: BookColumn['type'], width: number, value: BookColumn['value']): BookColumn {
  const empty = value === none;
  const headings = { headings: [title ?? heading, heading] as const, heading: title ? `${title} ${heading}` : heading, type, width, empty };
  if (empty || type === 'string' || type === 'year') return { ...headings, value, cell: value };
  if (type === 'date') return { ...headings, value: (e, c) => bookDate(value(e, c)), cell: value };
  return { ...headings, value: (e, c) => bookDecimal(value(e, c)), cell: (e, c) => bookAmount(value(e, c)) };
}
const text = (heading: string, width: number, value: BookColumn['value']) => column(null, heading, 'string', width, value);
const amount = (heading: string, value: BookColumn['value']) => column(null, heading, 'amount', 14, value);
/** A date column: its value is the ISO date, written dd/mm/yyyy (bookDate) or as a date cell. */
const date = (heading: string, value: BookColumn['value']) => column(null, heading, 'date', 11, value);
const under = (title: string) => ({
  text: (heading: string, width: number, value: BookColumn['value']) => column(title, heading, 'string', width, value),
  amount: (heading: string, value: BookColumn['value']) => column(title, heading, 'amount', 14, value),
  date: (heading: string, value: BookColumn['value']) => column(title, heading, 'date', 11, value),
  year: (heading: string, value: BookColumn['value']) => column(title, heading, 'year', 9, value),
});

const selfAssessment = under('Autoliquidación');
const activity = under('Actividad');
/** Ejercicio and periodo of the self-assessment, then the activity (Código A–D, Tipo, IAE epigraph: the register does not know it). */
const PERIOD_AND_ACTIVITY = (period: BookColumn['value']): BookColumn[] => [
  selfAssessment.year('Ejercicio', (_e, c) => c.year),
  selfAssessment.text('Periodo', 8, period),
  activity.text('Código', 7, none),
  activity.text('Tipo', 6, none),
  activity.text('Grupo o Epígrafe del IAE', 10, none),
];
const quarterOf: BookColumn['value'] = (_e, c) => c.period;

/** A cash-basis operation's collections (issued, "Cobro") or payments (received, "Pago"): none, the books are not kept on a cash basis. */
const CASH_BASIS = (title: 'Cobro' | 'Pago'): BookColumn[] => {
  const group = under(`${title} (Operación Criterio de Caja de IVA y/o artículo 7.2.1º de Reglamento del IRPF)`);
  return [group.date('Fecha', none), group.amount('Importe', none), group.text('Medio Utilizado', 7, none), group.text('Identificación Medio Utilizado', 16, none)];
};
const property = under('Inmueble');
/**
 * The columns that end both invoice books: the surcharge, the cash-basis collections or payments,
 * the IRPF withholding (an IRPF book's columns, empty in the VAT books kept apart), the billing
 * agreement, the property and an external reference.
 */
const INVOICE_BOOK_END = (cash: 'Cobro' | 'Pago'): BookColumn[] => [
  amount('Tipo de Recargo Eq.', (e) => e.surchargeRate),
  amount('Cuota Recargo Eq.', surchargeQuota),
  ...CASH_BASIS(cash),
  amount('Tipo Retención del IRPF', none),
  amount('Importe Retenido del IRPF', none),
  text('Registro Acuerdo Facturación', 15, none),
  property.text('Situación', 8, none),
  property.text('Referencia Catastral', 20, none),
  text('Referencia Externa', 16, none),
];

const invoiceId = under('Identificación de la Factura');
const customer = under('NIF Destinatario');
/** Libro registro de facturas expedidas: the design's 36 columns, A–AJ. */
const ISSUED: BookColumn[] = [
  ...PERIOD_AND_ACTIVITY(quarterOf),
  text('Tipo de Factura', 7, invoiceType),
  text('Concepto de Ingreso', 8, none),
  amount('Ingreso Computable', none),
  date('Fecha Expedición', (e) => e.issueDate),
  date('Fecha Operación', operationDate),
  invoiceId.text('Serie', 10, (e) => seriesOf(e.number)),
  invoiceId.text('Número', 16, (e) => e.number),
  invoiceId.text('Número-Final', 10, none),
  customer.text('Tipo', 6, idType),
  customer.text('Código País', 7, countryCode),
  customer.text('Identificación', 16, (e) => e.counterparty.taxId),
  text('Nombre Destinatario', 32, customerName),
  text('Clave de Operación', 8, operationKey),
  text('Calificación de la Operación', 10, (e) => qualification(e).qualification),
  text('Operación Exenta', 8, (e) => qualification(e).exempt),
  amount('Total Factura', lineTotal),
  amount('Base Imponible', (e) => e.base),
  amount('Tipo de IVA', spanishOnly((e) => e.rate)),
  amount('Cuota IVA Repercutida', spanishOnly((e) => e.quota)),
  ...INVOICE_BOOK_END('Cobro'),
];

const supplierInvoice = under('Identificación Factura del Expedidor');
const supplier = under('NIF Expedidor');
const laterDeduction = under('Periodo Deducción');
/** Libro registro de facturas recibidas: the design's 42 columns, A–AP. */
const RECEIVED: BookColumn[] = [
  ...PERIOD_AND_ACTIVITY(quarterOf),
  text('Tipo de Factura', 7, invoiceType),
  text('Concepto de Gasto', 8, none),
  amount('Gasto Deducible', none),
  date('Fecha Expedición', (e) => e.issueDate),
  date('Fecha Operación', operationDate),
  supplierInvoice.text('(Serie-Número)', 18, (e) => e.supplierNumber ?? e.number),
  supplierInvoice.text('Número-Final', 10, none),
  date('Fecha Recepción', (e) => e.accountingDate),
  text('Número Recepción', 16, (e) => e.number),
  text('Número Recepción Final', 10, none),
  supplier.text('Tipo', 6, idType),
  supplier.text('Código País', 7, countryCode),
  supplier.text('Identificación', 16, (e) => e.counterparty.taxId),
  text('Nombre Expedidor', 32, (e) => name40(e.counterparty.name)),
  text('Clave de Operación', 8, operationKey),
  text('Bien de Inversión', 8, (e) => (e.capitalGood ? 'S' : 'N')),
  text('Inversión del Sujeto Pasivo', 10, (e) => (reverseCharged(e) ? 'S' : 'N')),
  // deducted in the period of the accounting date: N, and the later period's two columns empty (the design's validation 35)
  text('Deducible en Periodo Posterior', 10, () => 'N'),
  laterDeduction.year('Ejercicio', none),
  laterDeduction.text('Periodo', 8, none),
  amount('Total Factura', lineTotal),
  amount('Base Imponible', (e) => e.base),
  amount('Tipo de IVA', (e) => e.rate),
  amount('Cuota IVA Soportado', (e) => e.quota),
  amount('Cuota Deducible', (e) => e.deductibleQuota),
  ...INVOICE_BOOK_END('Pago'),
];

const goodDescription = under('Descripción del Bien');
const depreciation = under('Amortización');
const firstYear = under('Año de Inicio Utilización');
const regularisation = under('Regularización Anual');
const writeOff = under('Baja del Bien');
const saleInvoice = under('Identificación de la Factura de Transmisión del Bien');
/**
 * Libro registro de bienes de inversión: the design's 40 columns, A–AN; one row per capital good
 * as the register knows it (a received invoice's VAT group flagged as a capital good), annual
 * (period 0A). The good's description, value and depreciation are the IRPF book's columns and stay
 * empty; the good is known by its invoice, and by Cuadra's `<receipt number>/<group>` in
 * "Referencia Externa". A good bought in the year has no regularisation yet: the year's deductible
 * quota equals the first year's and the quota to regularise is zero. A good bought in an earlier
 * year and still in its regularisation period (5 years, 10 for land and buildings) comes first,
 * with its purchase year's percentage and deduction under "Año de Inicio Utilización" and the
 * book's year's percentage, the quota at it and the regularisation of art. 109 LIVA (the 303's box
 * 43) under "Regularización Anual". The good's type, the day its use began and its write-off are
 * left to the company.
 */
const CAPITAL_GOODS: BookColumn[] = [
  ...PERIOD_AND_ACTIVITY(() => '0A'),
  text('Tipo de Bien', 7, none),
  goodDescription.text('Identificador', 16, none),
  goodDescription.text('Literal', 24, none),
  date('Fecha Inicio Utilización', none),
  amount('Valor Adquisición', none),
  amount('Valor Amortizable', none),
  text('Método de Amortización', 8, none),
  amount('Porcentaje de Amortización', none),
  depreciation.amount('Acumulada al Inicio', none),
  depreciation.amount('Cuota Resultante', none),
  depreciation.amount('Acumulada al final', none),
  depreciation.amount('Pendiente', none),
  date('Fecha Expedición', (e) => e.issueDate),
  supplierInvoice.text('(Serie-Número)', 18, (e) => e.supplierNumber ?? e.number),
  supplierInvoice.text('Número-Final', 10, none),
  text('Número Recepción', 16, none),
  text('Número Recepción Final', 10, none),
  supplier.text('Tipo', 6, idType),
  supplier.text('Código País', 7, countryCode),
  supplier.text('Identificación', 16, (e) => e.counterparty.taxId),
  text('Nombre Expedidor', 32, (e) => name40(e.counterparty.name)),
  firstYear.amount('Base Imponible', (e) => e.base),
  firstYear.amount('Tipo de IVA', (e) => e.rate),
  firstYear.amount('Prorrata Definitiva', firstYearProrrata),
  firstYear.amount('Cuota Deducible', firstYearDeduction),
  regularisation.amount('Prorrata Definitiva', yearProrrata),
  regularisation.amount('Cuota Deducible', yearDeduction),
  regularisation.amount('Cuota a Regularizar', toRegularise),
  writeOff.date('Fecha', none),
  writeOff.text('Causa', 6, none),
  saleInvoice.text('Serie', 10, none),
  saleInvoice.text('Número', 16, none),
  saleInvoice.text('Número-Final', 10, none),
  text('Registro Acuerdo Facturación', 15, none),
  text('Referencia Externa', 20, (e) => `${e.number}/${e.groupNo}`),
];

export const BOOK_LAYOUTS: Record<VatBook, readonly BookColumn[]> = { issued: ISSUED, received: RECEIVED, 'capital-goods': CAPITAL_GOODS };

/**
 * Each book's title, its sheet as the format names it, its letter in the format's file name
 * (`<ejercicio><NIF><letter><name>`: E expedidas, R recibidas, S bienes de inversión of the VAT
 * books) and the file name used when the company has no tax id.
 */
export const BOOK_NAMES: Record<VatBook, { title: string; sheet: string; letter: string; file: string }> = {
  issued: { title: 'Libro registro de facturas expedidas', sheet: 'EXPEDIDAS', letter: 'E', file: 'libro-facturas-expedidas' },
  received: { title: 'Libro registro de facturas recibidas', sheet: 'RECIBIDAS', letter: 'R', file: 'libro-facturas-recibidas' },
  'capital-goods': { title: 'Libro registro de bienes de inversión', sheet: 'BIENES-INVERSIÓN', letter: 'S', file: 'libro-bienes-inversion' },
};

/**
 * The format's file name without its extension: year, NIF, the book's letter and the company's
 * legal name (its name without one), run together ("2027B12345678EEmpresa SL"). The name is kept
 * to letters, digits, spaces and `.,&-` without accents, since it travels in a header, and loses
 * trailing dots ("Empresa S.L." → "Empresa S.L": no ".." before the extension, and a name Windows
 * keeps as written); without a tax id, `<file>-<year>`.
 */
export function bookFileName(book: VatBook, year: number, company: { name: string; taxId: string | null }): string {
  const names = BOOK_NAMES[book];
  if (!company.taxId) return `${names.file}-${year}`;
  const name = company.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9 .,&-]+/g, ' ').replace(/\s+/g, ' ').replace(/[. ]+$/, '').trim();
  return `${year}${company.taxId}${names.letter}${name}`;
}
