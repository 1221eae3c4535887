import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { csvCell } from '../spreadsheet-cells';
import { embedFonts, pdfLine } from '../pdf-fonts';
import type { ExportChannel } from './channel';

/**
 * Tables written to a file as they are read: CSV, JSON, XLSX and PDF writers over columns of any
 * row shape, filling an ExportChannel batch by batch (the contacts export, the legal books).
 */
export type ExportFormat = 'xlsx' | 'csv' | 'json' | 'pdf';

export interface TableColumn<R> {
  /** The row's field, also the CSV/JSON/XLSX header unless `header` is given. */
  key: string;
  /** The CSV and XLSX header when it is not the key (rows keyed by position, e.g. arrays). */
  header?: string;
  /** Spanish label for the PDF. */
  label: string;
  /**
   * `amount`: an exact decimal string (kept as text in XLSX: a float cell could round it), right-aligned in the PDF.
   * `decimal`: an exact decimal string with a dot ("-502.36", "2027") written in XLSX as a numeric cell whose
   * number is that text itself, never a float's rendering, shown with `decimals` places and no thousands
   * separator. `date`: an ISO date (yyyy-mm-dd) written in XLSX as a date cell (its day number) shown
   * dd/mm/yyyy. The other formats write both as the value's text.
   */
  type: 'string' | 'boolean' | 'datetime' | 'amount' | 'decimal' | 'date';
  /** `decimal` only: the places its XLSX number format shows (2 unless given: "0.00"; 0: "0"). */
  decimals?: number;
  /** XLSX column width in characters; the PDF shares the page in proportion to it. */
  width: number;
  /**
   * XLSX only: the column's two heading rows, a group's title over the column's own heading
   * ("NIF Destinatario" over "Tipo"), for files whose format heads columns that way (the VAT
   * books). Neighbouring columns with the same title share it, merged across; a column whose two
   * rows are equal has no group and is merged down. The CSV keeps the one-line `header`.
   */
  headingRows?: readonly [string, string];
  /** What the PDF shows for the row's value, when not the value itself. */
  display?(row: R): string;
}

export interface ExportHeading {
  /** The PDF's first line and metadata title, e.g. "Contactos - Empresa S.L.". */
  title: string;
  /** The PDF's second line, e.g. "Exportado el … · 12 contactos". */
  subtitle: string;
  /** The XLSX sheet's name. */
  sheet: string;
  generatedAt: Date;
}

/**
 * Renders rows into the channel: `begin` once, `rows` per batch, `settled` after each batch (waits
 * while the writer's own buffers are full), `end` once (it flushes everything). `bold` rows (the
 * PDF and XLSX) are headings and totals inside the table.
 */
export interface ExportWriter<R> {
  readonly contentType: string;
  begin(): void;
  rows(batch: readonly R[], options?: { bold?: boolean }): void;
  settled(): Promise<void>;
  end(): Promise<void>;
}

const nothingBuffered = async () => {};

/** An exact decimal as a spreadsheet number's text: digits with an optional sign and a dot, no exponent. */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The XML text of a `decimal` cell: the decimal string itself (a leading zero run and a negative zero
 * dropped), so 123456789.01 is stored as those digits and no float ever rounds it. Anything else is a
 * programming error, not bad input: it throws.
 */
export function xlsxNumberText(text: string): string {
  if (!DECIMAL_TEXT.test(text)) throw new Error(`Not a decimal for a spreadsheet number: ${JSON.stringify(text)}`);
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).replace(/^0+(?=\d)/, '');
  return negative && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

/** The day number of an ISO date in the 1900 date system (1899-12-30 is day 0): whole days, so exact. */
export function xlsxDateSerial(iso: string): string {
  const m = ISO_DATE.exec(iso);
  if (!m) throw new Error(`Not an ISO date for a spreadsheet date: ${JSON.stringify(iso)}`);
  return String(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000 + 25_569);
}

/** The XLSX number format of a column's type: two decimals (or `decimals`) without thousands separator; dates day first. */
function xlsxNumFmt<R>(c: TableColumn<R>): string | undefined {
  if (c.type === 'datetime') return 'yyyy-mm-dd hh:mm:ss';
  if (c.type === 'date') return 'dd/mm/yyyy';
  if (c.type === 'decimal') return (c.decimals ?? 2) === 0 ? '0' : `0.${'0'.repeat(c.decimals ?? 2)}`;
  return undefined;
}

const encoder = new TextEncoder();
const valueOf = <R>(row: R, column: TableColumn<R>) => (row as unknown as Record<string, unknown>)[column.key];
const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

function textOf<R>(value: unknown, column: TableColumn<R>): string {
  if (value === null || value === undefined) return '';
  if (column.type === 'datetime') return asDate(value).toISOString();
  return String(value);
}

/** A Node stream whose bytes go to the channel; `finished` resolves once everything went through. */
function pipeToChannel(channel: ExportChannel) {
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => channel.write(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
  const finished = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  return { sink, finished };
}

/** The writer of a format. */
export function tableWriter<R>(format: ExportFormat, channel: ExportChannel, columns: readonly TableColumn<R>[], heading: ExportHeading): ExportWriter<R> | Promise<ExportWriter<R>> {
  switch (format) {
    case 'csv': return csvWriter(channel, columns);
    case 'json': return jsonWriter(channel, columns);
    case 'pdf': return pdfWriter(channel, columns, heading);
    case 'xlsx': return xlsxWriter(channel, columns, heading);
  }
}

// ------------------------------------------------------------------------------------------------
// CSV: UTF-8 with a BOM (Excel then reads the accents right), ';' separated, CRLF lines.
// ------------------------------------------------------------------------------------------------

export function csvWriter<R>(channel: ExportChannel, columns: readonly TableColumn<R>[]): ExportWriter<R> {
  // a row keyed by position (an array) is read by number: the same property, without turning "12" into an index each time
  const keys = columns.map((c) => (/^(0|[1-9]\d*)$/.test(c.key) ? Number(c.key) : c.key));
  return {
    contentType: 'text/csv; charset=utf-8',
    begin() {
      channel.write(encoder.encode(`\uFEFF${columns.map((c) => csvCell(c.header ?? c.key)).join(';')}\r\n`));
    },
    rows(batch) {
      // lines joined once per batch: appending millions of cells to one string (+=) was three times slower
      const lines = new Array<string>(batch.length + 1);
      const cells = new Array<string>(columns.length);
      for (let r = 0; r < batch.length; r++) {
        const row = batch[r] as unknown as Record<string | number, unknown>;
        for (let i = 0; i < columns.length; i++) {
          const value = row[keys[i]];
          cells[i] = value === null || value === undefined ? '' : csvCell(textOf(value, columns[i]));
        }
        lines[r] = cells.join(';');
      }
      lines[batch.length] = '';
      channel.write(encoder.encode(lines.join('\r\n')));
    },
    settled: nothingBuffered,
    async end() {},
  };
}

// ------------------------------------------------------------------------------------------------
// JSON: one array of objects with the chosen keys, in order.
// ------------------------------------------------------------------------------------------------

export function jsonWriter<R>(channel: ExportChannel, columns: readonly TableColumn<R>[]): ExportWriter<R> {
  let first = true;
  return {
    contentType: 'application/json; charset=utf-8',
    begin() { channel.write(encoder.encode('[')); },
    rows(batch) {
      let text = '';
      for (const row of batch) {
        const object: Record<string, unknown> = {};
        for (const column of columns) {
          const value = valueOf(row, column);
          object[column.key] = value === null || value === undefined ? null : column.type === 'datetime' ? asDate(value).toISOString() : value;
        }
        text += (first ? '\n' : ',\n') + JSON.stringify(object);
        first = false;
      }
      channel.write(encoder.encode(text));
    },
    settled: nothingBuffered,
    async end() { channel.write(encoder.encode(first ? ']\n' : '\n]\n')); },
  };
}

// ------------------------------------------------------------------------------------------------
// XLSX: exceljs's streaming writer; each row is committed (written out) as soon as it is added.
// ------------------------------------------------------------------------------------------------

/** Uncompressed sheet XML allowed to wait for the zip compressor before the next batch is read. */
const XLSX_PENDING_LIMIT = 1 << 20;

/**
 * exceljs hands committed rows to the zip compressor without waiting for it (its sheet stream
 * ignores back-pressure), so a fast producer piles megabytes of XML up in memory. The sheet
 * stream's single consumer is the zip entry's input stream; its buffered length is the backlog.
 * (exceljs 4.4 internals: `worksheet.stream.pipes[0]`.)
 */
function sheetBacklog(sheet: ExcelJS.Worksheet): number {
  const entry = (sheet as any).stream?.pipes?.[0];
  return entry?.writableLength ?? entry?._writableState?.length ?? 0;
}

/** The two heading rows of `headingRows`, merged as that field says; a merge's text is in its first cell only. */
function writeHeadingRows<R>(sheet: ExcelJS.Worksheet, columns: readonly TableColumn<R>[]) {
  const rowsOf = (c: TableColumn<R>) => c.headingRows ?? [c.header ?? c.key, c.header ?? c.key];
  const top: (string | null)[] = [];
  const bottom: (string | null)[] = [];
  const merges: [number, number, number, number][] = [];
  for (let i = 0; i < columns.length;) {
    const [title, own] = rowsOf(columns[i]);
    if (title === own) {
      top.push(title);
      bottom.push(null);
      merges.push([1, i + 1, 2, i + 1]);
      i += 1;
      continue;
    }
    let end = i + 1;
    while (end < columns.length && rowsOf(columns[end])[0] === title && rowsOf(columns[end])[1] !== title) end += 1;
    for (let k = i; k < end; k++) {
      top.push(k === i ? title : null);
      bottom.push(rowsOf(columns[k])[1]);
    }
    if (end - i > 1) merges.push([1, i + 1, 1, end]);
    i = end;
  }
  const rows = [top, bottom].map((values) => {
    const row = sheet.addRow(values);
    row.font = { bold: true };
    row.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
    return row;
  });
  // the streaming writer merges only rows not yet committed
  for (const [fromRow, fromColumn, toRow, toColumn] of merges) sheet.mergeCells(fromRow, fromColumn, toRow, toColumn);
  for (const row of rows) row.commit();
}

export async function xlsxWriter<R>(channel: ExportChannel, columns: readonly TableColumn<R>[], heading: ExportHeading): Promise<ExportWriter<R>> {
  const { default: ExcelJS } = await import('exceljs');
  const { sink, finished } = pipeToChannel(channel);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Cuadra';
  workbook.created = heading.generatedAt;
  const twoRows = columns.some((c) => c.headingRows);
  const sheet = workbook.addWorksheet(heading.sheet, { views: [{ state: 'frozen', ySplit: twoRows ? 2 : 1 }] });
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    begin() {
      sheet.columns = columns.map((c) => {
        const numFmt = xlsxNumFmt(c);
        return { ...(twoRows ? {} : { header: c.header ?? c.key }), key: c.key, width: c.width, style: numFmt ? { numFmt } : {} };
      });
      if (twoRows) writeHeadingRows(sheet, columns);
      else {
        const header = sheet.getRow(1);
        header.font = { bold: true };
        header.commit();
      }
    },
    rows(batch, options) {
      for (const row of batch) {
        const numbers: [number, string][] = [];
        const added = sheet.addRow(columns.map((c, i) => {
          const value = valueOf(row, c);
          if (value === null || value === undefined) return null;
          if (c.type === 'datetime') return asDate(value);
          if (c.type === 'boolean') return Boolean(value);
          if (c.type === 'decimal') numbers.push([i + 1, xlsxNumberText(String(value))]);
          else if (c.type === 'date') numbers.push([i + 1, xlsxDateSerial(String(value))]);
          else return String(value);
          return null;
        }));
        // a numeric cell whose number is our text: exceljs writes a Number cell's value into <v> as it is,
        // so the decimal string goes there without becoming a float (its style, the column's format, is kept)
        for (const [column, text] of numbers) {
          const cell = added.getCell(column);
          cell.model = { address: cell.address, type: ExcelJS.ValueType.Number, value: text, style: cell.style } as unknown as ExcelJS.CellModel;
        }
        if (options?.bold) added.font = { bold: true };
        added.commit();
      }
    },
    async settled() {
      while (sheetBacklog(sheet) > XLSX_PENDING_LIMIT) await Bun.sleep(1);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
      await finished;
    },
  };
}

// ------------------------------------------------------------------------------------------------
// PDF: a table on landscape A4 pages with the company and date on top, set in the embedded Unicode
// fonts of lib/pdf-fonts.ts (subsets), uncompressed. Pages are written out as they fill up.
// ------------------------------------------------------------------------------------------------

export async function pdfWriter<R>(channel: ExportChannel, columns: readonly TableColumn<R>[], heading: ExportHeading): Promise<ExportWriter<R>> {
  const { default: PDFDocument } = await import('pdfkit');
  const { sink, finished } = pipeToChannel(channel);
  const margin = 36;
  // The bottom margin is small so that the footer line does not make pdfkit open a page by itself.
  const doc = new PDFDocument({
    size: 'A4', layout: 'landscape', margins: { top: margin, left: margin, right: margin, bottom: 8 }, compress: false, bufferPages: false,
    info: { Title: pdfLine(heading.title), Creator: 'Cuadra', CreationDate: heading.generatedAt },
  });
  doc.pipe(sink);
  const fonts = embedFonts(doc);
  const fontSize = 8;
  const rowHeight = 13;
  const tableWidth = doc.page.width - margin * 2;
  const totalWeight = columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => (c.width / totalWeight) * tableWidth);
  const bottom = () => doc.page.height - margin - 6;
  let page = 1;
  let y = 0;

  const fit = (text: string, width: number) => {
    if (doc.widthOfString(text) <= width) return text;
    let low = 0, high = text.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (doc.widthOfString(`${text.slice(0, middle)}…`) <= width) low = middle;
      else high = middle - 1;
    }
    return `${text.slice(0, low)}…`;
  };
  const cellsLine = (cells: string[], bold: boolean) => {
    doc.fontSize(fontSize);
    let x = margin;
    cells.forEach((cell, i) => {
      const line = pdfLine(cell);
      const weight = bold ? 'bold' : 'regular';
      fonts.select(line, weight);
      const text = fit(line, widths[i] - 4);
      // amounts line up on the right edge of their column
      const left = columns[i].type === 'amount' ? x + widths[i] - 4 - doc.widthOfString(text) : x;
      fonts.draw(text, left, y, { lineBreak: false }, weight);
      x += widths[i];
    });
    y += rowHeight;
  };
  const footer = () => {
    doc.fontSize(7);
    fonts.draw(`Página ${page}`, margin, doc.page.height - margin + 4, { lineBreak: false });
  };
  const tableHeader = () => {
    cellsLine(columns.map((c) => c.label), true);
    doc.moveTo(margin, y - 3).lineTo(margin + tableWidth, y - 3).lineWidth(0.5).stroke();
  };
  const newPage = () => {
    footer();
    doc.addPage();
    page += 1;
    y = margin;
    tableHeader();
  };
  const display = (row: R, column: TableColumn<R>) => {
    if (column.display) return column.display(row);
    const value = valueOf(row, column);
    if (value === null || value === undefined) return '';
    if (column.type === 'boolean') return value ? 'Sí' : 'No';
    if (column.type === 'datetime') return asDate(value).toISOString().slice(0, 16).replace('T', ' ');
    return String(value);
  };

  return {
    contentType: 'application/pdf',
    begin() {
      y = margin;
      doc.fontSize(14);
      fonts.draw(pdfLine(heading.title), margin, y, { lineBreak: false }, 'bold');
      y += 20;
      doc.fontSize(9);
      fonts.draw(pdfLine(heading.subtitle), margin, y, { lineBreak: false });
      y += 20;
      tableHeader();
    },
    rows(batch, options) {
      for (const row of batch) {
        if (y + rowHeight > bottom()) newPage();
        cellsLine(columns.map((c) => display(row, c)), !!options?.bold);
      }
    },
    // pdfkit writes each finished page straight into the channel, which applies back-pressure.
    settled: nothingBuffered,
    async end() {
      footer();
      doc.end();
      await finished;
    },
  };
}
