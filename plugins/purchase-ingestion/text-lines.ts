export type TextSource = 'text_layer' | 'ocr';

/** The text of one page and how far it can be trusted (1 for a text layer, the OCR's own confidence otherwise). */
export interface PageText { page: number; source: TextSource; text: string; confidence: number }

/** A piece of a printed line set apart from the rest by a wide gap; `x` and `end`: where it starts and ends, as shares of the page's width. */
export interface Cell { text: string; x: number; end: number }

/**
 * One printed line of the document; `index` counts lines across every page, in reading order.
 * `cells`: the line's pieces left to right, where the page's text marks where they lie (a text layer, OCR rows).
 */
export interface Line { text: string; page: number; source: TextSource; confidence: number; index: number; cells?: Cell[] }

/**
 * A page's text marks each cell of a line with where it starts and ends (decoder.ts, ocr-rows.ts): two unit
 * separators around the two positions in thousandths of the page's width, before the cell's text.
 */
export const cellMark = (x: number, end: number) => `\u001F${thousandths(x)},${thousandths(end)}\u001F`;
const thousandths = (share: number) => Math.round(Math.min(1, Math.max(0, share)) * 1000);
const CELL_MARK = /\u001F(\d+),(\d+)\u001F/g;

/** A page's text as printed, its cell marks (if any) taken out: each cell's text set apart by a space. */
export const withoutCellMarks = (text: string) => text.replace(CELL_MARK, ' ').replace(/^ | (?=\n)|(?<=\n) /g, '');

/**
 * Every non-blank line of every page, blanks collapsed, pages in order (an invoice's totals are on
 * its last page); where the page's text marks cells, each line's cells too.
 */
export function linesOf(pages: readonly PageText[]): Line[] {
  const lines: Line[] = [];
  for (const page of [...pages].sort((a, b) => a.page - b.page)) {
    const read = (raw: string) => {
      // a mark cut in half where a page's text was cut at its budget is dropped
      const collapsed = raw.replace(/\u001F/g, '').replace(/\s+/g, ' ').replace(HYPHENS, '-').trim();
      return page.source === 'ocr' ? withNumberSignRead(withLegalFormRead(withoutEdgeDebris(collapsed))) : withAccentsJoined(collapsed);
    };
    for (const raw of page.text.split(/\r?\n/)) {
      const marks = [...raw.matchAll(CELL_MARK)];
      const text = read(marks.length ? raw.replace(CELL_MARK, ' ') : raw);
      if (!text) continue;
      const cells = marks.map((mark, i) => ({ text: read(raw.slice(mark.index! + mark[0].length, marks[i + 1]?.index ?? raw.length)), x: Number(mark[1]) / 1000, end: Number(mark[2]) / 1000 }))
        .filter((cell) => cell.text);
      lines.push({ text, page: page.page, source: page.source, confidence: page.confidence, index: lines.length, ...(cells.length ? { cells } : {}) });
    }
  }
  return lines;
}

/**
 * The minus sign, the typographic hyphens and their full-width forms, which some writers put in a
 * text layer for every "-" (PostScript printers: "F−2026−0012", "−45,00"): the ASCII hyphen-minus.
 */
const HYPHENS = /[\u2010\u2011\u2012\u2212\uFE63\uFF0D]/g;

/** Spacing accents a text layer may carry apart from their letter, and the combining mark each stands for. */
const SPACING_ACCENTS: Record<string, string> = {
  '\u00B4': '\u0301', '\u02DD': '\u030B', '\u00A8': '\u0308', '\u02DC': '\u0303', '\u02C6': '\u0302', '\u02C7': '\u030C',
  '\u02D8': '\u0306', '\u02D9': '\u0307', '\u02DA': '\u030A', '\u00B8': '\u0327', '\u02DB': '\u0328',
};
const ACCENT = `[${Object.keys(SPACING_ACCENTS).join('')}]`;
const ANY_ACCENT = new RegExp(ACCENT, 'u');
const ACCENT_AFTER = new RegExp(`(\\p{L})(?: (${ACCENT}) (?=\\p{L})|(${ACCENT})(?=\\s|$))`, 'gu');
/** Before a letter: never the acute, which Catalan and Spanish texts also print for an apostrophe ("L´Hospitalet", "d´alta"). */
const ACCENT_BEFORE = new RegExp(`([${Object.keys(SPACING_ACCENTS).filter((a) => a !== '\u00B4').join('')}]) ?(\\p{L})`, 'gu');
/** The letter with the mark as one character, or null when no such letter exists ("H" with an acute). */
const composed = (letter: string, accent: string): string | null => {
  const one = `${letter === 'ı' ? 'i' : letter}${SPACING_ACCENTS[accent]}`.normalize('NFC');
  return [...one].length === 1 ? one : null;
};

/**
 * A letter a font lacked, drawn as the base letter and a spacing accent: groff writes "ğ" as "g ˘"
 * (spaced, after its letter), TeX "ñ" as "˜n". The accent put back on its letter and the word
 * joined again ("Çag ˘ la" → "Çağla", "Pe˜na" → "Peña"): an accent spaced on both sides, or ending a
 * word, is the letter's before it; one before a letter is that letter's. Only where the two make one
 * letter; the text is left as it is otherwise.
 */
export function withAccentsJoined(text: string): string {
  if (!ANY_ACCENT.test(text)) return text;
  return text
    .replace(ACCENT_AFTER, (match, letter: string, spaced: string | undefined, close: string | undefined) => composed(letter, spaced ?? close!) ?? match)
    .replace(ACCENT_BEFORE, (match, accent: string, letter: string) => composed(letter, accent) ?? match);
}

/**
 * A company's legal form ending a line of words, a letter of it read as the digit it looks like
 * ("DEL PICO 8.L." for S.L., "TIÉTAR S.4." for S.A., "ZAMORA C.3." for C.B.): written back. Only
 * the two-letter forms, only after a word, only at the line's end, and only when a digit is in it.
 */
export function withLegalFormRead(text: string): string {
  return text.replace(/(?<=\p{L}{2,}\s)([S58])\.\s?([LA4])\.(?=\s*$)|(?<=\p{L}{2,}\s)C\.\s?([B38])\.(?=\s*$)/u, (form, s, la, b) => {
    if (!/\d/.test(form)) return form;
    return b ? 'C.B.' : `S.${la === '4' ? 'A' : la}.`;
  });
}

/**
 * "Nº" after "Factura", "Fra." or "Ticket" with its "º" read as a "2" ("FACTURA N2 ALQ-2026-03"):
 * written back, only when a number with a digit follows it (an invoice numbered "N2" alone is kept).
 */
export function withNumberSignRead(text: string): string {
  return text.replace(/(?<=\b(?:factura|fra\.?|ticket)\s+)N2(?=\s+\S*\d)/giu, 'Nº');
}

/** Short words a printed line may begin with ("A pagar", "El importe", "La Rioja S.L."), never taken for debris. */
const LINE_OPENERS = new Set(['a', 'al', 'de', 'del', 'el', 'en', 'la', 'lo', 'los', 'las', 'mi', 'su', 'tu', 'un', 'y', 'o', 'no', 'ya', 'se', 'si', 'es', 'id', 'nº', 'n°', 'n.', 'cp', 'tl', 'tf']);
/** Units an amount or a quantity may end a line with ("6,928 kW", "25 kg"). */
const UNITS = new Set(['kg', 'g', 'l', 'cl', 'ml', 'm', 'h', 'u', 'ud', 'kw', 'km', 'm2', 'm3', 'cm', 'mm']);
/** A capital letter alone before a number may be an invoice number's series ("A 0051873"): kept. */
const SERIES_LETTER = /^\p{Lu}$/u;
/** A capital and its dot is an abbreviation ("B. IMPONIBLE", "S. Coop."), not a speck. */
const ABBREVIATION = /^\p{Lu}\.$/u;
/** A token of one or two characters with no digit and no sign an amount keeps (€, %, $, º). */
const SHORT_MARK = /^[^\d€%$º°ª]{1,2}$/u;

/**
 * A table's vertical rules, as OCR reads them between two cells: a "|", "¦" or "!" standing alone,
 * or stuck to the end or start of a cell ("21 %!", "|Base"), is a space. Never inside a word or a number.
 */
export function withoutCellRules(text: string): string {
  return text.replace(/(?:^|(?<=[\s%€\d.,]))[|¦!]+(?=\s|$)|(?:^|(?<=\s))[|¦!]+(?=[\p{L}\d%])/gu, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * An OCR'd line without the specks a scan's edges and margins leave, read as a letter or two: before
 * a name or an amount ("E Transportes Llorente S.L.", "To Neumáticos Ávila S.L.", "Ta 278,64 21% 58,51")
 * and after the line's last number ("320,45 21% 67,29 re", "Total 387,74 € E"). A short word a line
 * may begin with is kept unless a number follows it, a capital letter alone before a number (a
 * series) always; a unit after a number is kept.
 */
export function withoutEdgeDebris(text: string): string {
  const tokens = withoutCellRules(text).split(' ').filter(Boolean);
  if (!tokens.length) return '';
  while (tokens.length > 1 && SHORT_MARK.test(tokens[0]) && !ABBREVIATION.test(tokens[0]) && /^[\p{Lu}\d]/u.test(tokens[1]) && (/^\d/.test(tokens[1]) ? !SERIES_LETTER.test(tokens[0]) : !LINE_OPENERS.has(tokens[0].toLowerCase()))) tokens.shift();
  while (tokens.length > 1 && SHORT_MARK.test(tokens[tokens.length - 1]) && !UNITS.has(tokens[tokens.length - 1].toLowerCase()) && /[\d€%]$/.test(tokens[tokens.length - 2])) tokens.pop();
  // an amount's cents set apart from it by a speck read as a space ("16, 64")
  return tokens.join(' ').replace(/(?<=\d,) (?=\d{2}(?![\d,.]))/g, '');
}
