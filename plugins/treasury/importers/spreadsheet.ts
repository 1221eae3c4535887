import type ExcelJS from 'exceljs';
import { PayloadTooLarge } from '../../../kernel/errors';
import { readTable, type Cell, type TableRow } from './table';
import { StatementRefused, type ImportOptions, type ParsedStatement, type StatementImporter } from './types';

/**
 * Bank statements as Excel workbooks (.xlsx, the download most Spanish banks offer), read with
 * exceljs: the first sheet that has a header row is read as a table (./table.ts), preamble,
 * mapping, Spanish headers, real Excel dates and numbers or text, balance column and all. "Line"
 * is the sheet's row number. Legacy .xls (Excel 97-2003 binary) is not read by exceljs: refused
 * with a reason (save it as .xlsx or CSV); a bank's ".xls" that is really text is read as CSV.
 */

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Uncompressed size a workbook may declare: a zip of a few MiB can unpack to gigabytes. */
const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;

/** The uncompressed size the zip's central directory declares for all its entries. */
function declaredUnpackedSize(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 65_557); end--) {
    if (view.getUint32(end, true) !== 0x06054b50) continue;
    const entries = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true), total = 0;
    for (let i = 0; i < entries && at + 46 <= bytes.length; i++) {
      if (view.getUint32(at, true) !== 0x02014b50) break;
      total += view.getUint32(at + 24, true);
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return total;
  }
  throw new StatementRefused(1, 'Not a readable .xlsx workbook (no zip directory)');
}

/** The plain value of an exceljs cell: formulas by their result, rich text and links by their text. */
function plain(value: ExcelJS.CellValue): Cell {
  if (value == null || typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value as Cell;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('result' in value) return plain(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((run) => run.text).join('');
    if ('text' in value) return plain(value.text as ExcelJS.CellValue);
    if ('error' in value) return null;
  }
  return String(value);
}

function rowsOf(sheet: ExcelJS.Worksheet): TableRow[] {
  const rows: TableRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const values = row.values as ExcelJS.CellValue[];
    const cells: Cell[] = new Array(Math.max(0, values.length - 1));
    for (let i = 1; i < values.length; i++) cells[i - 1] = plain(values[i]);
    rows.push({ line, cells });
  });
  return rows;
}

export async function parseSpreadsheet(bytes: Uint8Array, options: ImportOptions): Promise<ParsedStatement> {
  if (startsWith(bytes, OLE2_MAGIC)) {
    throw new StatementRefused(1, 'A legacy Excel 97-2003 workbook (.xls) is not read: save it as .xlsx or CSV from the spreadsheet, or download the statement as Norma 43');
  }
  if (declaredUnpackedSize(bytes) > MAX_UNPACKED_BYTES) throw new PayloadTooLarge(`The workbook unpacks to more than ${MAX_UNPACKED_BYTES} bytes`);
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new StatementRefused(1, `Not a readable .xlsx workbook: ${(error as Error).message ?? error}`.slice(0, 300));
  }
  let refusal: StatementRefused | undefined;
  for (const sheet of workbook.worksheets) {
    try {
      return readTable(rowsOf(sheet), options);
    } catch (error) {
      if (!(error instanceof StatementRefused)) throw error;
      refusal ??= error;
    }
  }
  throw refusal ?? new StatementRefused(1, 'The workbook has no sheet');
}

export const spreadsheetImporter: StatementImporter = {
  name: 'xlsx',
  description: 'Excel workbooks (.xlsx) as banks export them: header row found below any preamble, columns mapped or guessed, balance column checked',
  // a zip whose first entry is a workbook part, or an old binary .xls (refused with its reason)
  detect: (head, bytes) => (startsWith(bytes, ZIP_MAGIC) && /\[Content_Types\]\.xml|xl\/|docProps\//.test(head)) || startsWith(bytes, OLE2_MAGIC),
  parse: parseSpreadsheet,
};
