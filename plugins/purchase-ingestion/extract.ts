import { Decimal } from '../../kernel/money';
import { amountsIn, near, ratesIn } from './amounts';
import { datesIn } from './dates';
import { sameTaxId, taxIdsIn } from './tax-ids';

export type TextSource = 'text_layer' | 'ocr';

/** The text of one page and how far it can be trusted (1 for a text layer, the OCR's own confidence otherwise). */
export interface PageText { page: number; source: TextSource; text: string; confidence: number }

/** Where a field was read: a page's text layer, OCR of its image, or the structured data of an e-invoice (XML, or XML embedded in a PDF). */
export type FieldSource = TextSource | 'einvoice';
export interface Field { value: string | null; confidence: number; source: FieldSource | null; page: number | null }
/** `page` is null for a value read from an e-invoice's structured data. */
export interface TaxAmountLine { rate: string; base: string; amount: string; confidence: number; source: FieldSource; page: number | null }

export interface Extraction {
  supplier_name: Field;
  supplier_tax_id: Field;
  /** Two-letter country of the supplier's tax number (ES for a NIF/CIF). */
  supplier_country: string | null;
  invoice_number: Field;
  issue_date: Field;
  subtotal: Field;
  total: Field;
  vat: TaxAmountLine[];
  surcharge: TaxAmountLine[];
  withholding: TaxAmountLine[];
  /** Σ bases + Σ VAT + Σ recargo − Σ IRPF against the printed total. */
  cross_check: { passed: boolean; computed_total: string | null };
}

interface Line { text: string; page: number; source: TextSource; confidence: number; index: number }

const EMPTY: Field = { value: null, confidence: 0, source: null, page: null };
const round = (n: number) => Math.round(n * 100) / 100;
const fieldOf = (value: string, line: Line, weight: number): Field => ({ value, confidence: round(weight * line.confidence), source: line.source, page: line.page });

const LEGAL_FORM = /\b(S\.?\s?L\.?\s?(U\.?|P\.?|N\.?E\.?)?|S\.?\s?A\.?\s?(U\.?)?|S\.?\s?C\.?(O\.?O\.?P\.?)?|C\.?\s?B\.?|S\.?\s?COOP\.?|GmbH|AG|SARL|SAS|S\.?r\.?l\.?|S\.?p\.?A\.?|B\.?V\.?|N\.?V\.?|Ltd\.?|Limited|LLC|AB|Oy|ApS)(?=$|[\s,.])/i;
const LABEL = /\b(factura|invoice|fecha|date|cif|nif|n\.?i\.?f|vat|iva|total|base|cliente|customer|destinatario|p[aá]gina|page|tel[eé]fono|tel\.|email|e-mail|www\.|http|concepto|descripci[oó]n|importe|cantidad|ticket|recargo|irpf|retenci[oó]n|forma de pago|vencimiento|iban)\b/i;
const CUSTOMER_LABEL = /\b(cliente|customer|destinatario|facturar a|bill to|datos del cliente)\b/i;

function linesOf(pages: readonly PageText[]): Line[] {
  const lines: Line[] = [];
  for (const page of pages) {
    for (const raw of page.text.split(/\r?\n/)) {
      const text = raw.replace(/\s+/g, ' ').trim();
      if (text) lines.push({ text, page: page.page, source: page.source, confidence: page.confidence, index: lines.length });
    }
  }
  return lines;
}

function supplierTaxId(lines: Line[], ownTaxIds: readonly string[]) {
  const candidates = lines.flatMap((line) => taxIdsIn(line.text).map((id) => ({ id, line })))
    .filter(({ id }) => !ownTaxIds.some((own) => sameTaxId(own, id.value)));
  const pick = candidates.find((c) => c.id.valid) ?? candidates[0];
  if (!pick) return { field: EMPTY, country: null, line: null };
  return { field: fieldOf(pick.id.value, pick.line, !pick.id.valid ? 0.3 : pick.id.repaired ? 0.85 : 0.98), country: pick.id.country, line: pick.line };
}

/** OCR reads the "·" between two parts of a name as another lone mark; the marks a name never ends with. */
const OCR_SEPARATOR = /(?<=\S) [-–—:.•*|·] (?=\S)/g;
const TRAILING_MARKS = /[\s,;:+*~|_\-–—•·]+$/;

/**
 * A supplier's name as read: stray marks after it dropped ("Norte S.L.U," → "Norte S.L.U.": a comma
 * or semicolon after a dotted abbreviation is its misread final dot; "Ebro SL +" → "Ebro SL"); on an
 * OCR'd line, a lone mark between two words is written as the middle dot letterheads use there
 * (Tesseract's models almost never read "·"; "Abogada - Laura Gómez" → "Abogada · Laura Gómez").
 */
export function cleanSupplierName(text: string, source: TextSource): string {
  let name = source === 'ocr' ? text.replace(OCR_SEPARATOR, ' · ') : text;
  const trailing = TRAILING_MARKS.exec(name);
  if (trailing) {
    name = name.slice(0, trailing.index);
    if (/[,;]/.test(trailing[0]) && /\.[A-Z]$/i.test(name)) name += '.';
  }
  return name;
}

function supplierName(lines: Line[], taxIdLine: Line | null): Field {
  const end = taxIdLine ? taxIdLine.index : Math.min(lines.length - 1, 8);
  let customerBlock = false;
  const candidates: { name: string; line: Line; legal: boolean }[] = [];
  for (const line of lines.slice(0, end + 1)) {
    if (CUSTOMER_LABEL.test(line.text)) { customerBlock = true; continue; }
    // on the tax number's own line, what precedes the number ("Suministros SL · CIF B…")
    const text = line === taxIdLine ? line.text.replace(/\s*[-–·|,]?\s*(c\.?i\.?f|n\.?i\.?f|vat|nif-iva)?\s*[:.]?\s*(ES)?[\s-]?[A-Z0-9][\s.\-A-Z0-9]{7,14}$/i, '').trim() : line.text;
    if (customerBlock || text.length < 3 || !/[a-záéíóúñ]{2}/i.test(text)) continue;
    const legal = LEGAL_FORM.test(text);
    if (!legal && (LABEL.test(text) || /\d{2}/.test(text))) continue;
    const name = cleanSupplierName(text.replace(/^(proveedor|emisor|supplier)\s*[:.]\s*/i, ''), line.source);
    if (name.length >= 3) candidates.push({ name, line, legal });
  }
  const legal = candidates.find((c) => c.legal);
  if (legal) return fieldOf(legal.name, legal.line, 0.92);
  const first = candidates[0];
  return first ? fieldOf(first.name, first.line, 0.6) : EMPTY;
}

const NUMBER_LABEL = /\b(?:n[uú]mero\s+de\s+factura|n[º°o]\s*(?:de\s+)?factura|factura|fra\.|fact\.|fra\b|invoice|ticket|n[uú]mero\b)\s*(?:[^\s\d]{1,5}\s*)?[:.#]?\s*([A-Z0-9][A-Z0-9\-/.]*(?: \d[A-Z0-9\-/.]*)?)/i;

function invoiceNumber(lines: Line[], taxId: string | null): Field {
  for (const line of lines) {
    if (/\btotal\b|importe/i.test(line.text)) continue;
    for (const match of line.text.matchAll(new RegExp(NUMBER_LABEL, 'gi'))) {
      const value = match[1].replace(/[.\-/]+$/, '');
      if (!/\d/.test(value) || value.length > 60) continue;
      if (taxId && sameTaxId(value, taxId)) continue;
      if (datesIn(value).length && /^\d/.test(value)) continue;
      return fieldOf(value, line, 0.95);
    }
  }
  return EMPTY;
}

function issueDate(lines: Line[]): Field {
  for (const [i, line] of lines.entries()) {
    if (!/\b(fecha|date|emisi[oó]n|expedici[oó]n)\b/i.test(line.text) || /venc|vto|due|pago|entrega|operaci/i.test(line.text)) continue;
    const here = datesIn(line.text.replace(/^.*?(fecha|date|emisi[oó]n|expedici[oó]n)/i, ''));
    if (here.length) return fieldOf(here[0], line, 0.95);
    const next = lines[i + 1] && datesIn(lines[i + 1].text);
    if (next?.length) return fieldOf(next[0], lines[i + 1], 0.85);
  }
  for (const line of lines) {
    const dates = datesIn(line.text);
    if (dates.length && !/venc|vto|due/i.test(line.text)) return fieldOf(dates[0], line, 0.6);
  }
  return EMPTY;
}

/** The amounts of a line once its percentages are taken out ("IVA 21% 1.000,00 210,00" → 1000.00, 210.00). */
const amountsAfterRate = (text: string) => amountsIn(text.replace(/\d{1,2}(?:[.,]\d{1,2})?\s*%/g, ' '));

function taxLines(lines: Line[], label: RegExp, exclude: RegExp | null, baseFallback: Decimal | null): TaxAmountLine[] {
  const found: TaxAmountLine[] = [];
  for (const line of lines) {
    if (!label.test(line.text) || exclude?.test(line.text)) continue;
    const [rate] = ratesIn(line.text);
    const amounts = amountsAfterRate(line.text);
    if (!rate || !amounts.length) continue;
    const last = amounts[amounts.length - 1];
    // IRPF is often printed negative ("-150,00"): the amount is its size
    const amount = last.isNegative() ? last.negate() : last;
    const base = amounts.length >= 2 ? amounts[0] : baseFallback;
    let weight = 0.95;
    if (!base) continue;
    // the printed amount should be the base times the rate, to the cent
    if (!near(base.percent(rate), amount, 2)) weight *= 0.5;
    found.push({ rate: rate.toString(), base: base.toString(), amount: amount.toString(), confidence: round(weight * line.confidence), source: line.source, page: line.page });
  }
  return found;
}

function labelledAmount(lines: Line[], label: RegExp, exclude: RegExp | null, pick: 'first' | 'last'): Field {
  const matching = lines.filter((line) => label.test(line.text) && !exclude?.test(line.text) && amountsAfterRate(line.text).length);
  const line = pick === 'first' ? matching[0] : matching[matching.length - 1];
  if (!line) return EMPTY;
  const amounts = amountsAfterRate(line.text);
  return fieldOf(amounts[amounts.length - 1].toString(), line, 0.95);
}

const sum = (items: readonly { amount: string }[], pick: (i: any) => string = (i) => i.amount) => items.reduce((s, i) => s.add(Decimal.parse(pick(i))), Decimal.zero(2));

/**
 * Reads the fields of a purchase invoice or ticket from its text. `ownTaxIds`: the company's own
 * numbers, which are never the supplier's.
 */
export function extractPurchase(pages: readonly PageText[], ownTaxIds: readonly string[]): Extraction {
  const lines = linesOf(pages);
  const taxId = supplierTaxId(lines, ownTaxIds);
  const subtotal = labelledAmount(lines, /base\s*imponible|subtotal|base\b|importe\s*neto|net amount/i, /total\s*factura|%/i, 'first');
  const subtotalValue = subtotal.value ? Decimal.parse(subtotal.value) : null;
  // "I.V.A." as OCR also reads it: "LV.A.", "1.V.A.", "I. V. A."
  const vatLabel = /(?<![A-Z0-9])[I1L|](?:\.\s?)?V(?:\.\s?)?A(?![A-Z])|\bVAT\b|\bIGIC\b/i;
  const vatExclude = /recargo|total\s+(factura|a pagar)|incluido/i;
  // one VAT line with only its amount: its base is the printed base
  const vatLineCount = lines.filter((l) => vatLabel.test(l.text) && !vatExclude.test(l.text) && ratesIn(l.text).length).length;
  const vat = taxLines(lines, vatLabel, vatExclude, vatLineCount === 1 ? subtotalValue : null);
  const surcharge = taxLines(lines, /recargo|\bR\.?\s?E\.?\b/i, null, vat.length === 1 ? Decimal.parse(vat[0].base) : subtotalValue);
  const withholding = taxLines(lines, /\bI\.?R\.?P\.?F\.?\b|retenci[oó]n/i, null, subtotalValue);
  const total = labelledAmount(lines, /\btotal\b|importe\s*a\s*pagar|a pagar/i, /sub\s*total|total\s*(base|iva|i\.v\.a|bruto|imponible|neto|recargo|irpf|retenci)/i, 'last');

  const bases = vat.length ? sum(vat, (l) => l.base) : subtotalValue;
  const computed = bases ? bases.add(sum(vat)).add(sum(surcharge)).sub(sum(withholding)).rescale(2) : null;
  const passed = !!(computed && total.value && near(computed, Decimal.parse(total.value), Math.max(1, vat.length + surcharge.length)));
  const lower = <T extends { confidence: number }>(item: T): T => (passed ? item : { ...item, confidence: round(item.confidence * 0.5) });
  return {
    supplier_name: supplierName(lines, taxId.line),
    supplier_tax_id: taxId.field,
    supplier_country: taxId.country,
    invoice_number: invoiceNumber(lines, taxId.field.value),
    issue_date: issueDate(lines),
    subtotal: lower(subtotal.value ? subtotal : bases ? { ...EMPTY, value: bases.toString(), confidence: 0.5 } : EMPTY),
    total: lower(total),
    vat: vat.map(lower),
    surcharge: surcharge.map(lower),
    withholding: withholding.map(lower),
    cross_check: { passed, computed_total: computed?.toString() ?? null },
  };
}
