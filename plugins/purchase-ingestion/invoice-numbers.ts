import { amountsIn } from './amounts';
import { datesIn } from './dates';
import { sameTaxId, taxIdsIn } from './tax-ids';
import type { Line } from './text-lines';

export interface NumberRead { value: string; weight: number; line: Line }

/**
 * The labels an invoice number follows: "Nº factura", "Núm. factura", "Número de factura", "Factura nº",
 * "Factura", "Fra.", "Invoice no.", "Ticket nº", and a bare "Nº" / "Número" (weaker: it may number
 * anything, so what it numbers is checked).
 */
const LABEL = /(?<![a-z])(?:(?<strong>n[uú]mero\s+de\s+(?:la\s+)?factura|n[º°o.*]\s*(?:de\s+)?(?:factura|fra\.?)|n[uú]m\.?\s*(?:de\s+)?factura|(?:factura|fra\.?|fact\.?)(?:\s+(?:simplificada|rectificativa|completa|proforma))?\s*(?:n[º°o*"”“]\.?|n\.|n(?=\s*:)|n[uú]m(?:ero)?\.?|#)|invoice\s*(?:n[or]\.?|number|num\.?|#)|ticket\s*(?:n[º°o]\.?|#)|factura|fra\.?|fact\.?|invoice|ticket)|(?<weak>n[uú]mero|n[uú]m\.|n[º°]\.?|no\.))(?![a-záéíóúñ])/gi;
/** What a bare "Nº" numbers when it is not the invoice: the customer, the order, a delivery note, a page. */
const OTHER_NUMBER = /^\s*(?:de\s+)?(?:cliente|pedido|albar[aá]n|cuenta|customer|order|delivery|p[aá]gina|page|referencia|proveedor|socio|serie|tel[eé]fono|tarjeta|card|mesa|caja|operaci[oó]n|autorizaci[oó]n)/i;
const OTHER_BEFORE = /(?:cliente|pedido|albar[aá]n|cuenta|customer|order|delivery|p[aá]gina|page|proveedor|socio|tel[eé]fono|tarjeta|card|mesa|caja|operaci[oó]n|autorizaci[oó]n)\.?\s*$/i;
const VALUE = /\s*[:.#]?\s*([A-Z0-9][A-Z0-9\-/.]*(?: \d[A-Z0-9\-/.]*)?)/iy;
const TOKEN = /[A-Z0-9][A-Z0-9\-/.]{3,}/gi;

/** A value that is a number of the invoice, not a date, an amount, a tax number or a word. */
function plausible(value: string, taxId: string | null): boolean {
  if (!/\d/.test(value) || value.length > 40 || value.length < 1) return false;
  if (taxId && sameTaxId(value, taxId)) return false;
  if (taxIdsIn(value).some((t) => t.valid)) return false;
  if (/^\d/.test(value) && datesIn(value).length) return false;
  if (amountsIn(value).length && /^[\d.,]+$/.test(value)) return false;
  return true;
}

/** The value after the label: the series and number, with a second part only when it is no date ("F-2026 0012"). */
function valueAt(text: string, from: number): string | null {
  VALUE.lastIndex = from;
  const m = VALUE.exec(text);
  if (!m) return null;
  let value = m[1];
  const [first, second] = value.split(' ');
  // a second part only after a series of letters or a separator ("FV 2026/12", "A- 0012"), never a postcode after a number
  if (second !== undefined && (datesIn(second).length || amountsIn(second).length || (/\d/.test(first) && !/[-/]$/.test(first)))) value = first;
  return value.replace(/[.\-/]+$/, '');
}

/**
 * OCR's "O" and "I"/"l" between two digits are the digits 0 and 1 ("2O26-0O1" is 2026-001): letters
 * a series never puts inside a run of digits. Other letters (a series "B" or "S") are kept.
 */
const digitsInsideRuns = (value: string) => value.replace(/(?<=\d)[OoIl](?=\d)/g, (c) => (/[Oo]/.test(c) ? '0' : '1')).replace(/(?<=\d)[OoIl](?=\d)/g, (c) => (/[Oo]/.test(c) ? '0' : '1'));

/** The characters OCR confuses, each mapped to one class: "T0045119283" and "10045119283" are alike. */
const CLASS: Record<string, string> = { I: '1', L: '1', T: '1', 7: '1', O: '0', D: '0', Q: '0', S: '5', B: '8', Z: '2', G: '6' };
const alike = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '').replace(/[ILT7ODQSBZG]/g, (c) => CLASS[c]);

/**
 * A number read by OCR with a letter of its series read as a digit ("T0045119283" as "10045119283")
 * is repaired only when the document prints the same number elsewhere (a payment reference, a
 * footer, another page) read with the letter where this reading has a digit: the two readings
 * agree everywhere else.
 */
function confirmedReading(value: string, lines: readonly Line[]): string {
  const key = alike(value);
  for (const line of lines) {
    for (const m of line.text.matchAll(TOKEN)) {
      const other = m[0].replace(/[.\-/]+$/, '');
      if (other === value || other.length !== value.length || alike(other) !== key || digitsInsideRuns(other) !== other) continue;
      // the other reading has a letter where this one has a digit, and nowhere the reverse
      const gains = [...other].some((c, i) => /[A-Z]/i.test(c) && /\d/.test(value[i]));
      const losses = [...other].some((c, i) => /\d/.test(c) && /[A-Z]/i.test(value[i]));
      if (gains && !losses) return other;
    }
  }
  return value;
}

/** Words that head a column of a document's header row (its number, dates, customer code, page…). */
const HEADER_WORD = /n[º°]\s*(?:de\s+)?(?:factura|fra\.?|cliente|pedido|albar[aá]n)|n[uú]m(?:ero|\.)?(?:\s+(?:de\s+)?(?:factura|cliente|pedido))?|factura(?:\s+n[º°o]\.?)?|fecha(?:\s+(?:de\s+)?(?:factura|emisi[oó]n|expedici[oó]n|pedido|albar[aá]n|vencimiento|operaci[oó]n))?|vencimiento|vto\.?|albar[aá]n|pedido|cliente|c[oó]d\.?\s+cliente|n\.?\s?i\.?\s?f\.?|c\.?\s?i\.?\s?f\.?|p[aá]gina|forma\s+de\s+pago|referencia|serie/gi;

/** Which column of a header row the label at `at` heads, and how many the row has. */
function headerColumn(text: string, at: number): { index: number; count: number } | null {
  const starts = [...text.matchAll(HEADER_WORD)].map((m) => m.index!);
  const index = starts.findIndex((start, i) => start <= at && (starts[i + 1] ?? Infinity) > at);
  return starts.length >= 2 && index >= 0 ? { index, count: starts.length } : null;
}

/**
 * The invoice number: the first value after an invoice-number label (letters of its series kept:
 * "RE20264471", "T0045119283"), or under it when the label heads a column; on OCR'd text, the
 * confusions a check allows undone.
 */
export function invoiceNumberIn(lines: readonly Line[], taxId: string | null): NumberRead | null {
  let weak: NumberRead | null = null;
  for (const [index, line] of lines.entries()) {
    if (/\bt[o0]tal\b|importe/i.test(line.text)) continue;
    for (const m of line.text.matchAll(LABEL)) {
      const end = m.index! + m[0].length;
      const after = line.text.slice(end);
      const strong = !!m.groups!.strong;
      if (OTHER_NUMBER.test(after) || (!strong && OTHER_BEFORE.test(line.text.slice(0, m.index!)))) continue;
      // a bare "Factura" title beside the letterhead's postcode and town ("FACTURA  28004 Madrid")
      if (/^[a-z.]+$/i.test(m[0]) && POSTCODE_TOWN.test(after)) continue;
      let value = valueAt(line.text, end);
      let from = line;
      let weight = strong ? 0.95 : 0.9;
      if (!value || !plausible(value, taxId)) {
        // a label heading a column ("Nº factura   Fecha"): the value is under it, on the next line
        const rest = after.replace(/^[\s:.#]*/, '');
        const next = lines[index + 1];
        if (!next || /\d/.test(line.text) || (rest && /\d/.test(rest))) continue;
        const tokens = [...next.text.matchAll(TOKEN)].map((t) => t[0].replace(/[.\-/]+$/, ''));
        // the token in the label's column when the header's labels and the row's values are as many
        const column = headerColumn(line.text, m.index!);
        const below = column && column.count === tokens.length && plausible(tokens[column.index], taxId) ? tokens[column.index] : tokens.find((t) => plausible(t, taxId));
        if (!below) continue;
        value = below;
        from = next;
        weight = 0.85;
      }
      if (from.source === 'ocr') value = confirmedReading(digitsInsideRuns(value), lines);
      const read = { value, weight, line: from };
      if (strong) return read;
      weak ??= read;
    }
  }
  return weak ?? unlabelledNumber(lines, taxId);
}

/** A Spanish postcode (01000–52999) and the town's name after it. */
const POSTCODE_TOWN = /^\s*(?:0[1-9]|[1-4]\d|5[0-2])\d{3}\s+(?!(?:de|del|fecha|date)\b)\p{Lu}\p{Ll}+/u;
/** A series of letters and a number ("INV-0042", "FV 2026/12"), as a number printed without a label is shaped. */
const SERIES_NUMBER = /^[A-Z]{1,5}[\s\-/.]?\d[\d\-/.]{2,}$/;

/**
 * A number printed without a label (a modern layout's "INV-0042 · 12 abr 2026" under its title):
 * the first series-and-number beside a date, in the document's top lines.
 */
function unlabelledNumber(lines: readonly Line[], taxId: string | null): NumberRead | null {
  for (const line of lines.slice(0, 15)) {
    if (!datesIn(line.text).length) continue;
    for (const token of line.text.matchAll(TOKEN)) {
      const value = token[0].replace(/[.\-/]+$/, '');
      if (SERIES_NUMBER.test(value) && plausible(value, taxId)) return { value, weight: 0.6, line };
    }
  }
  return null;
}
