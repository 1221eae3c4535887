import { readTable, type TableRow } from './table';
import { decodeStatement } from './text';
import { StatementRefused, type ImportOptions, type ParsedStatement, type StatementImporter } from './types';

/**
 * The ".xls" many banks' websites download is an HTML page holding a table, which spreadsheets
 * open as a workbook: its rows (`<tr>`, cells `<td>`/`<th>` with their tags removed) are read as a
 * table (./table.ts) like CSV and XLSX. "Line" is the row's ordinal among the page's rows. A
 * `colspan` spreads a cell over that many columns, so the columns below keep their place.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', euro: '€' };

const cellText = (html: string): string => html
  .replace(/<br\s*\/?>/gi, ' ')
  .replace(/<[^>]*>/g, '')
  .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => ref[0] === '#'
    ? String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)))
    : ENTITIES[ref.toLowerCase()] ?? whole)
  .replace(/\s+/g, ' ')
  .trim();

export function htmlTableRows(html: string): TableRow[] {
  const rows: TableRow[] = [];
  let line = 0;
  for (const row of html.matchAll(/<tr\b[^>]*>([\s\S]*?)(?=<tr\b|<\/table|$)/gi)) {
    line++;
    const cells: string[] = [];
    for (const cell of row[1].matchAll(/<t([dh])\b([^>]*)>([\s\S]*?)(?=<t[dh]\b|<\/tr|$)/gi)) {
      const text = cellText(cell[3].replace(/<\/t[dh]>\s*$/i, ''));
      const span = Math.min(Number(/colspan\s*=\s*["']?(\d+)/i.exec(cell[2])?.[1] ?? 1), 50);
      cells.push(text, ...new Array(Math.max(0, span - 1)).fill(''));
    }
    rows.push({ line, cells });
  }
  return rows;
}

export function parseHtmlTable(bytes: Uint8Array, options: ImportOptions): ParsedStatement {
  const rows = htmlTableRows(decodeStatement(bytes));
  if (!rows.length) throw new StatementRefused(1, 'An HTML page without a table row (<tr>)');
  return readTable(rows, options);
}

export const htmlTableImporter: StatementImporter = {
  name: 'html-table',
  description: 'Bank ".xls" downloads that are an HTML table: read as a table like CSV and XLSX',
  mapped: true,
  detect: (head) => /<(html|table)\b/i.test(head) && !head.includes('\u0000'),
  parse: parseHtmlTable,
};
