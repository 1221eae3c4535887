import { parseTableAmount, parseTableDate, readTable } from './table';
import { decodeStatement } from './text';
import { StatementRefused, type ImportOptions, type ParsedStatement, type StatementImporter } from './types';

/**
 * Bank statements as CSV: delimiter `;`, `,` or tab, quoted fields as RFC 4180; read as a table
 * (./table.ts: header below any preamble, columns mapped or guessed, Spanish dates and amounts).
 */

export { readCsv } from '../../../lib/csv-reader';
import { guessDelimiter, readCsv } from '../../../lib/csv-reader';

export const parseCsvDate = parseTableDate;
export const parseCsvAmount = parseTableAmount;

export function parseCsv(bytes: Uint8Array, options: ImportOptions): ParsedStatement {
  const text = decodeStatement(bytes).replace(/^\uFEFF/, '');
  const delimiter = guessDelimiter(text);
  if (!delimiter) throw new StatementRefused(1, 'No column delimiter (; , or tab) in the header line');
  const rows = readCsv(text, delimiter);
  if (!rows.length) throw new StatementRefused(1, 'The file has no header line');
  return readTable(rows.map(({ line, fields }) => ({ line, cells: fields })), options);
}

export const csvImporter: StatementImporter = {
  name: 'csv',
  description: 'CSV exports (columns mapped in the request or guessed from the header, found below any preamble; Spanish dates and amounts)',
  fallback: true,
  mapped: true,
  detect: (head) => !head.includes('\u0000') && guessDelimiter(head) !== undefined,
  parse: (bytes, options) => parseCsv(bytes, options),
};
