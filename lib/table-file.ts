import { decodeText, guessDelimiter, readCsv } from './csv-reader';
import { workbookSheets, type Cell } from './xlsx-reader';

/** A row of an uploaded table file: its text cells (trimmed) and the line it starts on (CSV) or its sheet row (XLSX). */
export interface TextRow { line: number; cells: string[] }

export class TableFileUnreadable extends Error {}

const cellText = (cell: Cell): string =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : cell === null || cell === undefined ? '' : String(cell).trim();

/** Text as it was before a CSV writer made it inert (lib/spreadsheet-cells.ts: an apostrophe before a formula-looking start). */
export const asWritten = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text);

/**
 * The rows of a CSV or XLSX file as text: an XLSX workbook (a ZIP) its first sheet, anything else
 * as CSV decoded as UTF-8 or else ISO-8859-1 with its delimiter guessed (; , or tab). Throws
 * TableFileUnreadable for a workbook that cannot be read.
 */
export function tableFileRows(bytes: Uint8Array, maxUnpackedBytes: number): TextRow[] {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (isZip) {
    try {
      const first = workbookSheets(bytes, maxUnpackedBytes).next();
      return first.done ? [] : first.value.map((row) => ({ line: row.line, cells: row.cells.map(cellText) }));
    } catch {
      throw new TableFileUnreadable('Not a readable XLSX workbook');
    }
  }
  const text = decodeText(bytes).replace(/^\uFEFF/, '');
  return readCsv(text, guessDelimiter(text) ?? ',').map((row) => ({ line: row.line, cells: row.fields.map((f) => f.trim()) }));
}

/** A column heading reduced for matching: lower case, accents dropped, anything but letters and digits a single space. */
export const headingKey = (heading: string): string =>
  heading.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
