/**
 * The one rule for every CSV and XLSX the service writes (CSV or formula injection).
 *
 * A spreadsheet runs a CSV cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return
 * before one) as a formula: `=HYPERLINK(…)` in a counterparty's name would become a link, `+SUM(…)`
 * a sum. Such text is written with a leading apostrophe, which spreadsheets show as the text
 * itself. A cell without a letter cannot name a function or another cell, so amounts, dates and
 * phone numbers ("-12.50", "+34 600 000 000") are written as they are.
 *
 * XLSX keeps text and formulas apart: a string cell is never evaluated, so XLSX writers hand
 * exceljs text as plain strings, never as `{ formula }` objects, and add no apostrophe.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NO_NAMES = /^[+-]?[\d\s().,-]*$/;

/** Text as a spreadsheet must show it: formula-looking text gets a leading apostrophe. */
export function inertText(text: string): string {
  // most cells start with none of = + - @ tab CR: one character compared, no pattern run
  const first = text.charCodeAt(0);
  if (first !== 61 && first !== 43 && first !== 45 && first !== 64 && first !== 9 && first !== 13) return text;
  return FORMULA_START.test(text) && !NO_NAMES.test(text) ? `'${text}` : text;
}

export type CsvSeparator = ';' | ',';
/** What makes a field quoted, one pattern per separator (a book of a year is millions of cells: one scan each). */
const NEEDS_QUOTES: Record<CsvSeparator, RegExp> = { ';': /[;"\r\n]/, ',': /[,"\r\n]/ };

/** One CSV field (RFC 4180 quoting for the separator, quotes and line breaks), formula-safe; null and undefined are empty. */
export function csvCell(value: string | number | null | undefined, separator: CsvSeparator = ';'): string {
  if (value === null || value === undefined) return '';
  const text = inertText(String(value));
  return NEEDS_QUOTES[separator].test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line of fields, without its line break. */
export function csvLine(values: readonly (string | number | null | undefined)[], separator: CsvSeparator = ';'): string {
  return values.map((value) => csvCell(value, separator)).join(separator);
}

