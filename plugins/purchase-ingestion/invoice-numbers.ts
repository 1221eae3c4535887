import { amountsIn } from './amounts';
import { datesAt, datesIn } from './dates';
import { sameTaxId, taxIdsIn } from './tax-ids';
import type { Line } from './text-lines';

export interface NumberRead { value: string; weight: number; line: Line }

/**
 * The labels an invoice number follows: "Nº factura", "Núm. factura", "Número de factura", "Factura nº",
 * "Factura", "Fra.", "Invoice no.", "Ticket nº", a professional's "Minuta (de honorarios) nº" and a
 * "Recibo nº" (a simplified invoice's usual names: a lawyer's or court agent's fees, a taxi, a
 * small trader), the invoice's kind also abbreviated ("Fra. simpl. nº", "Fra. rect."), and a bare
 * "Nº" / "Número" (weaker: it may number anything, so what it numbers is checked).
 */
const LABEL = /(?<![a-z])(?:(?<strong>n[uú]mero\s+de\s+(?:la\s+)?factura|n[º°o.*]\s*(?:de\s+)?(?:factura|fra\.?)|n[uú]m\.?\s*(?:de\s+)?factura|(?:factura|fra\.?|fact\.?|minuta(?:\s+de\s+honorarios)?|recibo)(?:\s+(?:simplificada|rectificativa|completa|proforma|simpl\.?|rect(?:if)?\.?))?\s*(?:n[º°o*"”“]\.?|n\?(?=\s*:?\s*\S*\d)|n\.\s?[º°]|n\.|n(?=\s*:)|n[uú]m(?:ero)?\.?|#)|(?:factura|fra\.?|fact\.?)\s+(?:simplificada|rectificativa|completa|simpl\.?|rect(?:if)?\.?)(?=\s*:)|invoice\s*(?:n[or]\.?|number|num\.?|#)|ticket\s*(?:n[º°o]\.?|#)|(?:factura|fra\.?|fact\.?)(?:\s+(?:simplificada|rectificativa|simpl\.?|rect(?:if)?\.?)(?=\s+[a-z]{0,5}[-/. ]?\d))?|invoice|ticket|recibo(?=\s*:?\s+[a-z]{0,5}[-./]?\d))|(?<weak>n[uú]mero|n[uú]m\.|n[º°]\.?|no\.))(?![a-záéíóúñ])/gi;
/** What a bare "Nº" numbers when it is not the invoice: the customer, the order, a delivery note, a page. */
const OTHER_NUMBER = /^\s*(?:de\s+)?(?:cliente|pedido|albar[aá]n|cuenta|customer|order|delivery|p[aá]gina|page|referencia|proveedor|socio|serie|tel[eé]fono|tarjeta|card|mesa|caja|operaci[oó]n|autorizaci[oó]n|registro|colegiad[oa]|inscripci[oó]n|licencia|expediente|p[oó]liza|contrato)/i;
const OTHER_BEFORE = /(?:cliente|pedido|albar[aá]n|cuenta|customer|order|delivery|p[aá]gina|page|proveedor|socio|tel[eé]fono|tarjeta|card|mesa|caja|operaci[oó]n|autorizaci[oó]n|autorizad[oa]|colegiad[oa]|\bcol|registr(?:o|ad[oa])|inscrit[oa]|inscripci[oó]n|acreditaci[oó]n|acreditad[oa]|licencia|instalador(?:a)?|habilitad[oa]|expediente|p[oó]liza|contrato)\.?\s*$/i;
const VALUE = /\s*[:.#]?\s*([A-Z0-9][A-Z0-9\-/.]*(?: \d[A-Z0-9\-/.]*)?)/iy;
const TOKEN = /[A-Z0-9][A-Z0-9\-/.]{3,}/gi;
/** A value in a header's row: a token, with the capitals of its series before it apart ("SF 26/1043"). */
const ROW_TOKEN = /(?:(?<![\p{L}\d])[A-Z]{1,5} (?=\d))?[A-Za-z0-9][A-Za-z0-9\-/.]{3,}/gu;

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
  // a number whose parts are set apart by a spaced separator ("CPL 2026 / 302"), the part after it no date
  const spaced = value === m[1] ? SPACED_PART.exec(text.slice(VALUE.lastIndex)) : null;
  if (spaced && !datesIn(spaced[1]).length) value += spaced[0];
  // a series, a year and a number set apart by spaces ("H 26 004512"), never a postcode and its town
  const rest = text.slice(VALUE.lastIndex);
  const third = value === m[1] && second !== undefined && /^[A-Z]{1,5}$/i.test(first) && /^\d{2,4}$/.test(second) ? /^ (\d{3,})(?=\s|$)/.exec(rest) : null;
  if (third && !POSTCODE_TOWN.test(rest)) value += third[0];
  const start = VALUE.lastIndex - m[1].length;
  if (/\d/.test(value) && text.slice(start, start + value.length) === value) value += digitGroupsAfter(text.slice(start + value.length));
  return withoutNumberSign(value.replace(/[.\-/]+$/, ''));
}

/**
 * A number printed in groups of digits ("0457 0031 000892", "GN 0026 3391 04"): the groups that
 * follow a value, each a run of digits alone, when what comes after them is the line's end, a word
 * or a date or amount (never another bare group, which may be a column's); never a postcode and its town.
 */
function digitGroupsAfter(rest: string): string {
  const groups = /^(?: \d{2,8}(?=\s|$))+/.exec(rest);
  if (!groups) return '';
  let run = groups[0];
  while (run) {
    const after = rest.slice(run.length);
    const last = run.slice(run.lastIndexOf(' '));
    // never a group that begins a date ("30 de junio de 2026")
    if (!POSTCODE_TOWN.test(`${last}${after}`) && !datesAt(`${last}${after}`).some((d) => d.at <= 1) && (/^\s*$/.test(after) || /^\s+\D/.test(after) || /^\s+\d[\d]*[./,:-]\d/.test(after))) return run;
    run = run.slice(0, run.lastIndexOf(' '));
  }
  return '';
}

/** "N.0043-0001-…": a "Nº" glued to the number it labels. */
const withoutNumberSign = (value: string) => value.replace(/^N[º°o]?\.(?=\d)/i, '');
/** The text before a value ends with what numbers something else ("Autorizado nº", "Pedido:"). */
const numbersOther = (before: string) => OTHER_BEFORE.test(before.replace(/\s*(?:n[º°o]\.?|n[uú]m(?:ero)?\.?)?\s*[:.#]?\s*$/i, ''));
/** Words that name the invoice a corrective one rectifies, before its "Factura". */
const RECTIFIED_BEFORE = /(?:rectifica(?:d[oa]|ci[oó]n\s+de)?|sustituye|anula|corrige|abono\s+(?:de|sobre))\s+(?:a\s+)?(?:la\s+)?$/i;
/** A year alone. */
const YEAR = /^(?:19|20)\d{2}$/;
const SPACED_PART = /^ ?[-/] ?(\d[A-Z0-9\-/.]*)/i;

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
 * The value under a label heading a column ("Nº factura   Fecha"), in one of the next three lines: a
 * customer's address may sit between the header and its row, in a column beside them. The row whose
 * values are as many as the header's labels gives the one in the label's column; else the first
 * plausible value, a line starting with a postcode and its town passed over.
 */
function valueUnder(header: Line, at: number, below: readonly Line[], taxId: string | null): { value: string; line: Line } | null {
  const column = headerColumn(header.text, at);
  // a year is the date's it is printed in ("16 de junio de 2026"), never a number under the label
  const rows = below.filter((l) => !POSTCODE_TOWN.test(l.text)).map((line) => ({
    line,
    tokens: [...line.text.matchAll(ROW_TOKEN)]
      // a postcode and its town inside an address line ("Avda. Navarra 44 · 22300 Barbastro")
      .filter((t) => !numbersOther(line.text.slice(0, t.index)) && !POSTCODE_TOWN.test(line.text.slice(t.index)))
      .map((t) => withoutNumberSign(t[0].replace(/[.\-/]+$/, '') + (/[.\-/]$/.test(t[0]) || !/\d/.test(t[0]) ? '' : digitGroupsAfter(line.text.slice(t.index! + t[0].length)))))
      .filter((t) => !(YEAR.test(t) && datesIn(line.text).length)),
  }));
  const aligned = column && rows.find((r) => r.tokens.length === column.count && plausible(r.tokens[column.index], taxId));
  const first = rows.find(({ tokens }) => tokens.some((t) => plausible(t, taxId)));
  // the row in the label's column, unless a row before it already holds a value (an item line further down may have as many words)
  if (aligned && (!first || rows.indexOf(aligned) <= rows.indexOf(first))) return { value: aligned.tokens[column.index], line: aligned.line };
  return first ? { value: first.tokens.find((t) => plausible(t, taxId))!, line: first.line } : null;
}

/**
 * The invoice number: the first value after an invoice-number label (letters of its series kept:
 * "RE20264471", "T0045119283"), or under it when the label heads a column; on OCR'd text, the
 * confusions a check allows undone.
 */
export function invoiceNumberIn(lines: readonly Line[], taxId: string | null): NumberRead | null {
  let weak: NumberRead | null = null;
  for (const [index, line] of lines.entries()) {
    // "Total factura", "Importe factura": a label of an amount, never of the number; a header row may still title its number's column before them
    const amountTitle = /\bt[o0]tal\b|importe/i.exec(line.text)?.index ?? Infinity;
    for (const m of line.text.matchAll(LABEL)) {
      if (m.index! > amountTitle) break;
      const end = m.index! + m[0].length;
      const after = line.text.slice(end);
      const strong = !!m.groups!.strong;
      if (OTHER_NUMBER.test(after) || (!strong && OTHER_BEFORE.test(line.text.slice(0, m.index!)))) continue;
      // the invoice a corrective one names ("Rectifica la factura 26-1102"), never its own number
      if (RECTIFIED_BEFORE.test(line.text.slice(0, m.index!))) continue;
      // a bare "Factura" title beside the letterhead's postcode and town ("FACTURA  28004 Madrid")
      if (/^[a-z.]+$/i.test(m[0]) && POSTCODE_TOWN.test(after)) continue;
      let value = valueAt(line.text, end);
      let from = line;
      let weight = strong ? 0.95 : 0.9;
      if (!value || !plausible(value, taxId)) {
        // a label heading a column ("Nº factura   Fecha"): the value is under it (valueUnder)
        const rest = after.replace(/^[\s:.#]*/, '');
        if (/\d/.test(line.text) || (rest && /\d/.test(rest))) continue;
        // never past a line that begins with a number labelled on it ("FACTURA" over "FACTURA Nº 73"): that one is read there
        const below = lines.slice(index + 1, index + 4);
        const labelled = below.findIndex((l) => [...l.text.matchAll(LABEL)].some((n) => {
          const own = n.groups!.strong && n.index === 0 ? valueAt(l.text, n[0].length) : null;
          return !!own && plausible(own, taxId);
        }));
        const under = valueUnder(line, m.index!, labelled < 0 ? below : below.slice(0, labelled), taxId);
        if (!under) continue;
        ({ value, line: from } = under);
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
