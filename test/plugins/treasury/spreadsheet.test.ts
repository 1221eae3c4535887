import { describe, expect, test } from 'bun:test';
import ExcelJS from 'exceljs';
import { parseSpreadsheet, spreadsheetImporter } from '../../../plugins/treasury/importers/spreadsheet';
import { StatementRefused } from '../../../plugins/treasury/importers/types';
import { PayloadTooLarge } from '../../../kernel/errors';
import { workbookSheets, WorkbookTooLarge } from '../../../lib/xlsx-reader';
import { pickImporter } from '../../../plugins/treasury/import';
import { camt053Importer } from '../../../plugins/treasury/importers/camt053';
import { csvImporter } from '../../../plugins/treasury/importers/csv';
import { norma43Importer } from '../../../plugins/treasury/importers/norma43';
import { BBVA, CAIXABANK, ING, KUTXABANK, SABADELL, SANTANDER, workbook, type Layout } from './bank-spreadsheets';

const summary = async (layout: Layout, mapping?: Record<string, string>) => {
  const parsed = parseSpreadsheet(await workbook(layout), mapping ? { mapping } : {});
  return {
    movements: parsed.movements.map((m) => [m.line, m.bookingDate, m.valueDate, m.amount.toString(), m.description]),
    rejected: parsed.rejected,
    differences: parsed.balanceDifferences,
    parsed,
  };
};

describe('bank workbooks (.xlsx): header found below the preamble, Spanish headers, balance checked', () => {
  test('BBVA: value date before the operation date, real Excel dates and numbers, newest first, "Disponible" the balance', async () => {
    const { movements, rejected, differences, parsed } = await summary(BBVA);
    expect(movements).toEqual([
      [5, '2026-02-05', '2026-02-05', '-84.35', 'RECIBO ENDESA ENERGIA'],
      [6, '2026-02-02', '2026-02-03', '1500.00', 'TRANSFERENCIA DE CLIENTE EJEMPLO SL'],
      [7, '2026-02-01', '2026-02-01', '-12.00', 'COMISION MANTENIMIENTO'],
    ]);
    expect(parsed.movements.map((m) => m.currency)).toEqual(['EUR', 'EUR', 'EUR']);
    expect([rejected, differences]).toEqual([[], []]);
  });

  test('Santander: header on the fifth row, Spanish text dates and amounts; a balance that is not the running one is reported', async () => {
    const { movements, rejected, differences } = await summary(SANTANDER);
    expect(movements).toEqual([
      [6, '2026-03-02', '2026-03-02', '-1234.56', 'Transferencia a favor de Proveedor Uno SL'],
      [7, '2026-03-03', '2026-03-04', '100.00', 'Abono nómina devuelta'],
      [8, '2026-03-05', '2026-03-05', '-45.99', 'Pago con tarjeta Librería Cañada'],
    ]);
    expect(rejected).toEqual([]);
    expect(differences).toEqual([{ line: 8, stated: '8800.00', expected: '8819.45' }]);
  });

  test('CaixaBank: "Movimiento" is the text, a balance in the preamble is not a header', async () => {
    const { movements, differences } = await summary(CAIXABANK);
    expect(movements).toEqual([
      [6, '2026-04-10', '2026-04-10', '2420.00', 'TRANSF OTRAS ENTID'],
      [7, '2026-04-09', '2026-04-09', '180.40', 'TPV COMERCIO'],
      [8, '2026-04-08', '2026-04-07', '-480.00', 'PRESTAMO'],
    ]);
    expect(differences).toEqual([]);
  });

  test('Sabadell: "F. Operativa", the value date after the text, references', async () => {
    const { movements, differences, parsed } = await summary(SABADELL);
    expect(movements).toEqual([
      [5, '2026-05-12', '2026-05-12', '-310.25', 'ADEUDO SEGUROS GENERALES'],
      [6, '2026-05-14', '2026-05-14', '600.00', 'INGRESO EFECTIVO'],
    ]);
    expect(parsed.movements[0].reference).toBe('POL-778812');
    expect(differences).toEqual([]);
  });

  test('ING: dated by the value date alone; "IMPORTE (€)" and "SALDO (€)"', async () => {
    const { movements, differences } = await summary(ING);
    expect(movements).toEqual([
      [4, '2026-06-03', '2026-06-03', '950.00', 'Transferencia recibida de Cliente Tres'],
      [5, '2026-06-01', '2026-06-01', '-49.90', 'Recibo Telefónica'],
    ]);
    expect(differences).toEqual([]);
  });

  test('Kutxabank: "Debe" is money out and "Haber" money in', async () => {
    const { movements, differences } = await summary(KUTXABANK);
    expect(movements.map((m) => m[3])).toEqual(['-75.00', '1210.00', '-1.50']);
    expect(differences).toEqual([]);
  });

  test('a wrong balance in the middle of a newest-first file is reported on its row', async () => {
    const broken: Layout = { ...CAIXABANK, rows: CAIXABANK.rows.map((row, i) => (i === 1 ? [...row.slice(0, 5), 700.41] : row)) };
    const { differences } = await summary(broken);
    // the row after it in time (line 6) no longer follows, nor does the row itself from the one before it
    expect(differences).toEqual([{ line: 6, stated: '3120.40', expected: '3120.41' }, { line: 7, stated: '700.41', expected: '700.40' }]);
  });

  test('a mapping names the columns of a layout no guess knows; unreadable rows are rejected with their row number', async () => {
    const layout: Layout = {
      preamble: [['Exportación'], []],
      header: ['Día contable', 'Texto libre', 'Euros'],
      rows: [[new Date('2026-08-01T00:00:00Z'), 'Cuota', -30], ['no es fecha', 'Roto', 1], [new Date('2026-08-02T00:00:00Z'), 'Sin importe', 'abc']],
    };
    const file = await workbook(layout);
    expect(() => parseSpreadsheet(file, {})).toThrow('No date column');
    const { movements, rejected } = await summary(layout, { date: 'Día contable', description: 'Texto libre', amount: 'Euros' });
    expect(movements).toEqual([[4, '2026-08-01', null, '-30.00', 'Cuota']]);
    expect(rejected).toEqual([{ line: 5, reason: 'Not a date: "no es fecha"' }, { line: 6, reason: 'Not an amount: "abc"' }]);
  });

  test('a legacy binary .xls is refused with the reason; a zip that is no workbook is refused; detection picks xlsx before CSV', async () => {
    const xls = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);
    const refusal = (() => { try { return parseSpreadsheet(xls, {}); } catch (e) { return e; } })() as any;
    expect(refusal).toBeInstanceOf(StatementRefused);
    expect(refusal.reason).toMatch(/^A legacy Excel 97-2003 workbook \(\.xls\) is not read: save it as \.xlsx or CSV/);
    const importers = [csvImporter, norma43Importer, camt053Importer, spreadsheetImporter];
    expect(pickImporter(importers, await workbook(BBVA)).name).toBe('xlsx');
    expect(pickImporter(importers, xls).name).toBe('xlsx');
    const notAWorkbook = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode('xl/worksheets/sheet1.xml'), 0, 0]);
    expect(() => parseSpreadsheet(notAWorkbook, {})).toThrow(StatementRefused);
  });
});

describe('the workbook reader', () => {
  const header = ['Fecha', 'Concepto', 'Importe', 'Saldo'];

  test('a cover sheet before the movements, rich text, formulas by their result, links, escaped characters and the 1904 date system', async () => {
    const book = new ExcelJS.Workbook();
    book.properties.date1904 = true;
    book.addWorksheet('Portada').addRow(['Extracto de cuenta', 'Empresa & Cía <SL>']);
    const sheet = book.addWorksheet('Movimientos');
    sheet.addRow(header);
    const rows = [
      [new Date('2026-09-01T00:00:00Z'), { richText: [{ text: 'Recibo ' }, { text: 'AGUA & LUZ', font: { bold: true } }] }, -40.5, { formula: 'D3-C2', result: 959.5 }],
      [new Date('2026-09-02T00:00:00Z'), { text: 'Cobro <web>', hyperlink: 'https://example.com' }, { formula: '100+20', result: 120 }, 1079.5],
    ];
    for (const row of rows) sheet.addRow(row as any).getCell(1).numFmt = 'd-mmm-yy';
    sheet.getCell('D1').value = 'Saldo';
    const parsed = parseSpreadsheet(new Uint8Array(await book.xlsx.writeBuffer()), {});
    expect(parsed.movements.map((m) => [m.line, m.bookingDate, m.description, m.amount.toString()])).toEqual([
      [2, '2026-09-01', 'Recibo AGUA & LUZ', '-40.50'],
      [3, '2026-09-02', 'Cobro <web>', '120.00'],
    ]);
    expect(parsed.balanceDifferences).toEqual([]);
  });

  test('inline strings (a streaming writer without shared strings) and cells left out of sparse rows', async () => {
    const chunks: Uint8Array[] = [];
    const { Writable } = await import('node:stream');
    const sink = new Writable({ write(chunk, _enc, done) { chunks.push(chunk); done(); } });
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false, useStyles: true });
    const sheet = book.addWorksheet('Hoja1');
    sheet.addRow(['Cuenta ES79 2100 0813 6101 2345 6789']).commit();
    sheet.addRow([]).commit();
    sheet.addRow(['F.Valor', 'Concepto', null, 'Cargo', 'Abono']).commit();
    sheet.addRow(['03/10/2026', 'Cuota "socio"', null, '12,00', null]).commit();
    sheet.addRow(['04/10/2026', 'Ingreso', null, null, '1.000,00']).commit();
    sheet.commit();
    await book.commit();
    const parsed = parseSpreadsheet(new Uint8Array(Buffer.concat(chunks)), {});
    expect(parsed.movements.map((m) => [m.line, m.bookingDate, m.description, m.amount.toString()])).toEqual([
      [4, '2026-10-03', 'Cuota "socio"', '-12.00'],
      [5, '2026-10-04', 'Ingreso', '1000.00'],
    ]);
  });

  test('a workbook whose zip declares more than it may unpack to is a 413 before anything is inflated', async () => {
    const file = await workbook(BBVA);
    const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
    // every central directory entry (signature PK\x01\x02) claims 100 MiB uncompressed
    for (let at = 0; at + 46 <= file.length; at++) if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 100 * 1024 * 1024, true);
    expect(() => parseSpreadsheet(file, {})).toThrow(PayloadTooLarge);
  });

  test('an entry that inflates past the limit, whatever its zip declares, stops there', async () => {
    const file = await workbook(BBVA);
    expect([...workbookSheets(file, 1 << 20)]).toHaveLength(1);
    expect(() => [...workbookSheets(file, 200)]).toThrow(WorkbookTooLarge);
  });
});
