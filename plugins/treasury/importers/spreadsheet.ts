import { PayloadTooLarge } from '../../../kernel/errors';
import { readTable } from './table';
import { StatementRefused, type ImportOptions, type ParsedStatement, type StatementImporter } from './types';
import { declaredUnpackedSize, workbookSheets, WorkbookTooLarge, WorkbookUnreadable } from '../../../lib/xlsx-reader';

/**
 * Bank statements as Excel workbooks (.xlsx, the download most Spanish banks offer): the first
 * sheet that has a header row is read as a table (./table.ts): preamble, mapping, Spanish headers,
 * real Excel dates and numbers or Spanish text, balance column and all. "Line" is the sheet's row
 * number. Legacy .xls (the Excel 97-2003 binary format, which exceljs does not read either) is
 * refused with what to do instead; a bank's ".xls" that is really delimited text is read as CSV.
 */

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Uncompressed size a workbook may declare or unpack to: a zip of a few MiB can unpack to gigabytes. */
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

export function parseSpreadsheet(bytes: Uint8Array, options: ImportOptions): ParsedStatement {
  if (startsWith(bytes, OLE2_MAGIC)) {
    throw new StatementRefused(1, 'A legacy Excel 97-2003 workbook (.xls) is not read: save it as .xlsx or CSV from the spreadsheet, or download the statement as Norma 43');
  }
  let refusal: StatementRefused | undefined;
  try {
    if (declaredUnpackedSize(bytes) > MAX_UNPACKED_BYTES) throw new WorkbookTooLarge(`the workbook declares more than ${MAX_UNPACKED_BYTES} bytes unpacked`);
    for (const rows of workbookSheets(bytes, MAX_UNPACKED_BYTES)) {
      try {
        return readTable(rows, options);
      } catch (error) {
        if (!(error instanceof StatementRefused)) throw error;
        refusal ??= error;
      }
    }
  } catch (error) {
    if (error instanceof WorkbookTooLarge) throw new PayloadTooLarge(`Statement workbook too large: ${error.message}`);
    if (error instanceof WorkbookUnreadable) throw new StatementRefused(1, `Not a readable .xlsx workbook: ${error.message}`);
    throw error;
  }
  throw refusal ?? new StatementRefused(1, 'The workbook has no sheet');
}

export const spreadsheetImporter: StatementImporter = {
  name: 'xlsx',
  mapped: true,
  description: 'Excel workbooks (.xlsx) as banks export them: header row found below any preamble, columns mapped or guessed, balance column checked',
  // a zip whose first entries are a workbook's parts, or an old binary .xls (refused with its reason)
  detect: (head, bytes) => (startsWith(bytes, ZIP_MAGIC) && /\[Content_Types\]\.xml|xl\/|docProps\//.test(head)) || startsWith(bytes, OLE2_MAGIC),
  parse: parseSpreadsheet,
};
