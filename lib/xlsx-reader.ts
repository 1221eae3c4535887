import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';
/** A spreadsheet cell as read: text, number, date, or empty. */
export type Cell = string | number | Date | null | undefined;
/** A row of cells with its line (row number) in the sheet. */
export interface TableRow { line: number; cells: Cell[] }

/**
 * The cells of an .xlsx workbook's sheets (SpreadsheetML, ECMA-376 part 1 §18): shared and inline
 * strings, numbers, booleans, formulas by their cached result, and numbers whose cell style has a
 * date format as dates (1900 or 1904 date system).
 * fflate unpacks the zip: only the workbook's parts, each counted as it inflates, so a zip bomb
 * stops at the limit whatever sizes its headers declare. saxes reads their XML as a stream of
 * events, so any writer's XML is read as XML: prefixes (`<x:row>`), attributes in any order or
 * quoting, entities, CDATA; nothing but the cells is kept.
 * Why not exceljs, which writes the service's workbooks: it builds a model of every cell and style
 * and took 2.1–6.3 s to load a 100,000-row statement (bench/treasury-xlsx-import.ts, 2026-11-27),
 * more than the whole import may take at 20,000 movements/s; fflate and saxes read it in half
 * that or less (0.45–0.75× in the same runs). fast-xml-parser, the other XML parser at hand,
 * builds a tree of the whole sheet: 6.7 s for that sheet's 23 MB against saxes' 0.8 s.
 */

export class WorkbookUnreadable extends Error {}
export class WorkbookTooLarge extends Error {}

/** What unzipSync reports of one entry from the zip's central directory, before any inflating. */
interface DeclaredEntry { name: string; originalSize: number }

function declaredEntries(bytes: Uint8Array): DeclaredEntry[] {
  const entries: DeclaredEntry[] = [];
  try {
    unzipSync(bytes, { filter: ({ name, originalSize }) => { entries.push({ name, originalSize }); return false; } });
  } catch {
    throw new WorkbookUnreadable('no readable zip directory');
  }
  return entries;
}

/** The uncompressed size the zip's directory declares for all its entries. */
export const declaredUnpackedSize = (bytes: Uint8Array): number => declaredEntries(bytes).reduce((sum, e) => sum + e.originalSize, 0);

/** The entries a workbook's cells are read from; every other part (images, themes, printer settings) stays packed. */
const isWorkbookPart = (name: string) =>
  name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels' || name === 'xl/sharedStrings.xml' || name === 'xl/styles.xml' || name.startsWith('xl/worksheets/');

const SLICE_BYTES = 32 * 1024;

/** The workbook's parts, as the chunks they inflated in, each part no longer than maxEntryBytes. */
function unpack(bytes: Uint8Array, maxEntryBytes: number): Map<string, Uint8Array[]> {
  for (const entry of declaredEntries(bytes)) {
    if (isWorkbookPart(entry.name) && entry.originalSize > maxEntryBytes) throw new WorkbookTooLarge(`${entry.name} declares more than ${maxEntryBytes} bytes unpacked`);
  }
  const parts = new Map<string, Uint8Array[]>();
  let failure: Error | undefined;
  const unzip = new Unzip((file) => {
    if (!isWorkbookPart(file.name) || failure) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) { failure = new WorkbookUnreadable(`${file.name} does not unpack`); return; }
      size += chunk.length;
      if (size > maxEntryBytes) {
        failure = new WorkbookTooLarge(`${file.name} unpacks to more than ${maxEntryBytes} bytes`);
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) parts.set(file.name, chunks);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // fed in slices: fflate inflates all it is given before reporting, and one slice inflates to 33 MiB at most
    for (let at = 0; at < bytes.length && !failure; at += SLICE_BYTES) unzip.push(bytes.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= bytes.length);
  } catch {
    failure ??= new WorkbookUnreadable('a broken zip entry');
  }
  if (failure) throw failure;
  return parts;
}

type Attributes = Record<string, string>;

interface XmlEvents {
  /** An element opened, by its name without prefix. */
  open(local: string, attributes: Attributes): void;
  close?(local: string): void;
  /** Character data, entities decoded and CDATA included. */
  text?(text: string): void;
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * Reads a part's XML as events, elements known by their local name whatever their prefix
 * (`x:row` is `row`). Extension lists (`extLst`), where other namespaces' elements go, are skipped.
 * saxes resolves namespaces itself with `xmlns: true`, but that took a 100,000-row sheet 40% longer.
 */
function readXml(part: Uint8Array[] | undefined, name: string, events: XmlEvents): void {
  if (!part) return;
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  const opened: string[] = [];
  let extensions = 0;
  parser.on('opentag', (tag) => {
    const local = localName(tag.name);
    opened.push(local);
    if (local === 'extLst') extensions++;
    if (extensions === 0) events.open(local, tag.attributes);
  });
  parser.on('closetag', () => {
    // saxes has checked the end tag matches its start tag
    const local = opened.pop()!;
    if (extensions === 0) events.close?.(local);
    if (local === 'extLst') extensions--;
  });
  if (events.text) {
    const text = events.text;
    parser.on('text', text);
    parser.on('cdata', text);
  }
  try {
    const decoder = new TextDecoder();
    for (const chunk of part) parser.write(decoder.decode(chunk, { stream: true }));
    parser.write(decoder.decode()).close();
  } catch (error) {
    throw new WorkbookUnreadable(`${name} is not well-formed XML: ${(error as Error).message}`);
  }
}

/** The sheet's relationship id, `r:id` whatever prefix the relationships namespace has (SpreadsheetML's own attributes have none). */
function relationshipId(attributes: Attributes): string | undefined {
  for (const key in attributes) if (key.endsWith(':id') && !key.startsWith('xmlns:')) return attributes[key];
  return attributes.id;
}

/** OOXML's `_xHHHH_` escapes of characters XML cannot carry (ECMA-376 part 1 §22.9.2.19). */
const unescapeOoxml = (text: string): string => (text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text);

/**
 * Collects the text of string items (`<si>` in shared strings, `<is>` in a cell): their `<t>` runs
 * joined, phonetic runs (`<rPh>`, readings of East Asian text) left out.
 */
class StringItem {
  private text = '';
  private inRun = false;
  private phonetic = 0;
  start() { this.text = ''; }
  open(local: string) {
    if (local === 'rPh') this.phonetic++;
    else if (local === 't' && this.phonetic === 0) this.inRun = true;
  }
  close(local: string) {
    if (local === 'rPh') this.phonetic--;
    else if (local === 't') this.inRun = false;
  }
  add(text: string) { if (this.inRun) this.text += text; }
  value() { return unescapeOoxml(this.text); }
}

function sharedStrings(part: Uint8Array[] | undefined): string[] {
  const strings: string[] = [];
  const item = new StringItem();
  readXml(part, 'xl/sharedStrings.xml', {
    open: (local) => (local === 'si' ? item.start() : item.open(local)),
    close: (local) => (local === 'si' ? strings.push(item.value()) : item.close(local)),
    text: (text) => item.add(text),
  });
  return strings;
}

/** Built-in number formats that show a date (ECMA-376 §18.8.30). */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A format code shows a date if it has day, month or year letters outside quoted text, brackets ([Red], [$-409]) and escapes. */
const isDateFormat = (code: string) => /[dmy]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));

/** Which cell styles (index into cellXfs) show their number as a date. */
function dateStyles(part: Uint8Array[] | undefined): boolean[] {
  const custom = new Map<number, boolean>();
  const styles: number[] = [];
  let inCellXfs = false;
  readXml(part, 'xl/styles.xml', {
    open: (local, attributes) => {
      if (local === 'numFmt') custom.set(Number(attributes.numFmtId), isDateFormat(attributes.formatCode ?? ''));
      else if (local === 'cellXfs') inCellXfs = true;
      else if (local === 'xf' && inCellXfs) styles.push(Number(attributes.numFmtId ?? 0));
    },
    close: (local) => { if (local === 'cellXfs') inCellXfs = false; },
  });
  return styles.map((id) => custom.get(id) ?? BUILT_IN_DATES.has(id));
}

/** The worksheets' zip paths, in the workbook's order, and whether its dates count from 1904. */
function sheetPaths(parts: Map<string, Uint8Array[]>): { paths: string[]; date1904: boolean } {
  if (!parts.has('xl/workbook.xml')) throw new WorkbookUnreadable('no xl/workbook.xml');
  const targets = new Map<string, string>();
  readXml(parts.get('xl/_rels/workbook.xml.rels'), 'xl/_rels/workbook.xml.rels', {
    open: (local, attributes) => {
      const id = attributes.Id, target = attributes.Target;
      if (local === 'Relationship' && id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
    },
  });
  const paths: string[] = [];
  let date1904 = false;
  readXml(parts.get('xl/workbook.xml'), 'xl/workbook.xml', {
    open: (local, attributes) => {
      if (local === 'workbookPr') date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
      else if (local === 'sheet') {
        const path = targets.get(relationshipId(attributes) ?? '');
        if (path) paths.push(path);
      }
    },
  });
  return { paths, date1904 };
}

/** Zero-based column of a cell reference ("C7" is 2). */
function columnOf(reference: string): number {
  let column = 0;
  for (let i = 0; i < reference.length; i++) {
    const c = reference.charCodeAt(i);
    if (c < 65 || c > 90) break;
    column = column * 26 + (c - 64);
  }
  return column - 1;
}

const DAY_MS = 86_400_000;

/** The rows of one worksheet, each with its row number. */
function sheetRows(part: Uint8Array[], name: string, strings: string[], dates: boolean[], date1904: boolean): TableRow[] {
  const rows: TableRow[] = [];
  const epochDays = date1904 ? 24_107 : 25_569;
  const inline = new StringItem();
  let cells: Cell[] = [], lastLine = 0, nextColumn = 0;
  let column = 0, type: string | undefined, style = 0, value: string | undefined, inValue = false, inInline = false;

  const cellValue = (): Cell | undefined => {
    if (type === 'inlineStr') return inline.value();
    if (value === undefined) return undefined;
    if (type === 's') return strings[Number(value)] ?? '';
    if (type === 'str') return unescapeOoxml(value);
    if (type === 'e') return null;
    if (type === 'b') return value === '1' ? 'TRUE' : 'FALSE';
    const number = Number(value);
    if (!Number.isFinite(number)) return value;
    return dates[style] ? new Date(Math.round((number - epochDays) * DAY_MS)) : number;
  };

  readXml(part, name, {
    open: (local, attributes) => {
      switch (local) {
        case 'row':
          lastLine = Number(attributes.r ?? lastLine + 1);
          cells = [];
          nextColumn = 0;
          break;
        case 'c': {
          const reference = attributes.r;
          column = reference ? columnOf(reference) : nextColumn;
          nextColumn = column + 1;
          type = attributes.t;
          style = Number(attributes.s ?? 0);
          value = undefined;
          inline.start();
          break;
        }
        case 'v': inValue = true; value = ''; break;
        case 'is': inInline = true; inline.start(); break;
        default: if (inInline) inline.open(local);
      }
    },
    close: (local) => {
      switch (local) {
        case 'row': rows.push({ line: lastLine, cells }); break;
        case 'c': {
          const cell = cellValue();
          if (cell !== undefined) cells[column] = cell;
          type = undefined;
          break;
        }
        case 'v': inValue = false; break;
        case 'is': inInline = false; break;
        default: if (inInline) inline.close(local);
      }
    },
    text: (text) => {
      if (inValue) value += text;
      else if (inInline) inline.add(text);
    },
  });
  return rows;
}

/** Each worksheet's rows, in the workbook's order, each sheet's XML read as it is asked for. */
export function* workbookSheets(bytes: Uint8Array, maxEntryBytes: number): Generator<TableRow[]> {
  const parts = unpack(bytes, maxEntryBytes);
  const { paths, date1904 } = sheetPaths(parts);
  const strings = sharedStrings(parts.get('xl/sharedStrings.xml'));
  const dates = dateStyles(parts.get('xl/styles.xml'));
  for (const path of paths) {
    const part = parts.get(path);
    if (part) yield sheetRows(part, path, strings, dates, date1904);
  }
}
