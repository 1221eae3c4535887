import { inflateRawSync } from 'node:zlib';
import type { Cell, TableRow } from './table';

/**
 * The cells of an .xlsx workbook's sheets, read straight from its zip entries and XML (SpreadsheetML,
 * ECMA-376 part 1 §18): shared and inline strings, numbers, booleans, formulas by their cached
 * result, and numbers whose cell style has a date format as dates (1900 or 1904 date system).
 * Why not exceljs, which writes the service's workbooks: it builds a model of every cell and style
 * and reads a 100,000-row statement in about 3.5 s, most of an import's time; this reads only what
 * a statement needs, in a fraction of that (bench/treasury-xlsx-import.ts compares the two).
 */

export class WorkbookUnreadable extends Error {}
export class WorkbookTooLarge extends Error {}

interface ZipEntry { name: string; method: number; compressedSize: number; size: number; localOffset: number }

function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 65_557); end--) {
    if (view.getUint32(end, true) !== 0x06054b50) continue;
    const count = view.getUint16(end + 10, true);
    const entries = new Map<string, ZipEntry>();
    let at = view.getUint32(end + 16, true);
    for (let i = 0; i < count; i++) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw new WorkbookUnreadable('a broken zip directory');
      const nameLength = view.getUint16(at + 28, true);
      const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
      entries.set(name, {
        name, method: view.getUint16(at + 10, true), compressedSize: view.getUint32(at + 20, true), size: view.getUint32(at + 24, true),
        localOffset: view.getUint32(at + 42, true),
      });
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return entries;
  }
  throw new WorkbookUnreadable('no zip directory');
}

/** The uncompressed size the zip's directory declares for all its entries. */
export const declaredUnpackedSize = (bytes: Uint8Array): number => [...zipEntries(bytes).values()].reduce((sum, e) => sum + e.size, 0);

class Zip {
  private readonly entries: Map<string, ZipEntry>;
  constructor(private readonly bytes: Uint8Array, private readonly maxEntryBytes: number) { this.entries = zipEntries(bytes); }

  text(name: string): string | undefined {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const at = entry.localOffset;
    if (at + 30 > this.bytes.length || view.getUint32(at, true) !== 0x04034b50) throw new WorkbookUnreadable(`a broken zip entry ${name}`);
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const data = this.bytes.subarray(start, start + entry.compressedSize);
    let raw: Uint8Array;
    if (entry.method === 0) raw = data;
    else if (entry.method === 8) {
      try { raw = inflateRawSync(data, { maxOutputLength: this.maxEntryBytes }); } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new WorkbookTooLarge(`${name} unpacks to more than ${this.maxEntryBytes} bytes`);
        throw new WorkbookUnreadable(`${name} does not unpack`);
      }
    } else throw new WorkbookUnreadable(`${name} is compressed with method ${entry.method}`);
    return new TextDecoder().decode(raw);
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML character references and entities, then OOXML's `_xHHHH_` escapes of control characters. */
function unescape(text: string): string {
  let out = text.includes('&') ? text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, ref: string) =>
    ref[0] === '#' ? String.fromCodePoint(ref[1] === 'x' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1))) : ENTITIES[ref] ?? whole) : text;
  if (out.includes('_x')) out = out.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return out;
}

/** The text of a string item (`<si>` or `<is>`): its `<t>` runs joined, phonetic runs (`<rPh>`) left out. */
function itemText(xml: string): string {
  let out = '';
  const clean = xml.includes('<rPh') ? xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '') : xml;
  for (const m of clean.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) out += m[1];
  return unescape(out);
}

function sharedStrings(xml: string | undefined): string[] {
  if (!xml) return [];
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => (m[1] === undefined ? '' : itemText(m[1])));
}

/** Built-in number formats that show a date (ECMA-376 §18.8.30). */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Which cell styles (index into cellXfs) show their number as a date. */
function dateStyles(xml: string | undefined): boolean[] {
  if (!xml) return [];
  const custom = new Map<number, boolean>();
  for (const m of xml.matchAll(/<numFmt\s[^>]*numFmtId="(\d+)"[^>]*formatCode="([^"]*)"/g)) {
    // a date format has day, month or year letters outside quoted text and brackets ([Red], [$-409])
    const code = unescape(m[2]).replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
    custom.set(Number(m[1]), /[dmy]/i.test(code));
  }
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml)?.[1] ?? '';
  return [...xfs.matchAll(/<xf\s([^>]*?)\/?>/g)].map((m) => {
    const id = Number(/numFmtId="(\d+)"/.exec(m[1])?.[1] ?? 0);
    return custom.get(id) ?? BUILT_IN_DATES.has(id);
  });
}

/** The worksheets' zip paths, in the workbook's order. */
function sheetPaths(zip: Zip): { paths: string[]; date1904: boolean } {
  const workbook = zip.text('xl/workbook.xml');
  if (!workbook) throw new WorkbookUnreadable('no xl/workbook.xml');
  const rels = new Map<string, string>();
  for (const m of (zip.text('xl/_rels/workbook.xml.rels') ?? '').matchAll(/<Relationship\s[^>]*>/g)) {
    const id = /\bId="([^"]+)"/.exec(m[0])?.[1], target = /\bTarget="([^"]+)"/.exec(m[0])?.[1];
    if (id && target) rels.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const paths = [...workbook.matchAll(/<sheet\s[^>]*>/g)].map((m) => rels.get(/\br:id="([^"]+)"|\bid="([^"]+)"/.exec(m[0])?.slice(1).find(Boolean) ?? '')).filter((p): p is string => !!p);
  return { paths, date1904: /<workbookPr\b[^>]*date1904="(1|true)"/.test(workbook) };
}

const attribute = (tag: string, name: string): string | undefined => {
  const at = tag.indexOf(` ${name}="`);
  if (at < 0) return undefined;
  const start = at + name.length + 3;
  return tag.slice(start, tag.indexOf('"', start));
};

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

/** The rows of one worksheet's XML, each with its row number. */
function sheetRows(xml: string, strings: string[], dates: boolean[], date1904: boolean): TableRow[] {
  const rows: TableRow[] = [];
  const epochDays = date1904 ? 24_107 : 25_569;
  const start = xml.indexOf('<sheetData');
  const end = xml.lastIndexOf('</sheetData>');
  if (start < 0 || end < 0) return rows;
  let at = start, lastLine = 0;
  for (;;) {
    const rowAt = xml.indexOf('<row', at);
    if (rowAt < 0 || rowAt > end) break;
    const tagEnd = xml.indexOf('>', rowAt);
    const rowTag = xml.slice(rowAt, tagEnd);
    const line = Number(attribute(rowTag, 'r') ?? lastLine + 1);
    lastLine = line;
    if (xml[tagEnd - 1] === '/') { at = tagEnd; continue; }
    const rowEnd = xml.indexOf('</row>', tagEnd);
    const cells: Cell[] = [];
    let c = tagEnd, nextColumn = 0;
    for (;;) {
      const cellAt = xml.indexOf('<c', c);
      if (cellAt < 0 || cellAt > rowEnd) break;
      const cellTagEnd = xml.indexOf('>', cellAt);
      const cellTag = xml.slice(cellAt, cellTagEnd);
      const reference = attribute(cellTag, 'r');
      const column = reference ? columnOf(reference) : nextColumn;
      nextColumn = column + 1;
      if (xml[cellTagEnd - 1] === '/') { c = cellTagEnd; continue; }
      const cellEnd = xml.indexOf('</c>', cellTagEnd);
      const body = xml.slice(cellTagEnd + 1, cellEnd);
      c = cellEnd + 4;
      const type = attribute(cellTag, 't');
      if (type === 'inlineStr') { cells[column] = itemText(body); continue; }
      const vAt = body.indexOf('<v');
      if (vAt < 0) continue;
      const value = unescape(body.slice(body.indexOf('>', vAt) + 1, body.indexOf('</v>', vAt)));
      if (type === 's') cells[column] = strings[Number(value)] ?? '';
      else if (type === 'str' || type === 'e') cells[column] = type === 'e' ? null : value;
      else if (type === 'b') cells[column] = value === '1' ? 'TRUE' : 'FALSE';
      else {
        const number = Number(value);
        if (!Number.isFinite(number)) cells[column] = value;
        else if (dates[Number(attribute(cellTag, 's') ?? 0)]) cells[column] = new Date(Math.round((number - epochDays) * DAY_MS));
        else cells[column] = number;
      }
    }
    rows.push({ line, cells });
    at = rowEnd + 6;
  }
  return rows;
}

/** Each worksheet's rows, in the workbook's order, read one sheet at a time as they are asked for. */
export function* workbookSheets(bytes: Uint8Array, maxEntryBytes: number): Generator<TableRow[]> {
  const zip = new Zip(bytes, maxEntryBytes);
  const { paths, date1904 } = sheetPaths(zip);
  const strings = sharedStrings(zip.text('xl/sharedStrings.xml'));
  const dates = dateStyles(zip.text('xl/styles.xml'));
  for (const path of paths) {
    const xml = zip.text(path);
    if (xml) yield sheetRows(xml, strings, dates, date1904);
  }
}
