import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';
import { BBVA, KUTXABANK, SANTANDER, workbook, type Layout } from './bank-spreadsheets';
import { camt053 } from './camt-builder';
import { movementsOf, treasuryAgreesWithBooks, uploadStatement } from './import-support';

let app: TestApp;
let company: TestCompany;
beforeAll(async () => {
  app = await startTestApp();
  company = await createCompany(app);
}, 120_000);
afterAll(() => app?.close());

const treasury = async (name: string) => {
  const res = await app.post('/api/v1/treasuries', { kind: 'bank', name }, company.token);
  expect(res.status).toBe(201);
  return res.body.id as string;
};

test('a bank\'s workbook imports through the statement pipeline: stored, posted, duplicates skipped on a second import', async () => {
  const id = await treasury('BBVA');
  const file = await workbook(BBVA);
  const first = await uploadStatement(app, company.token, id, file, 'movimientos.xlsx');
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ format: 'xlsx', imported: 3, duplicates: 0, rejected: 0, balance_differences: [], from: '2026-02-01', to: '2026-02-05' });
  expect((await uploadStatement(app, company.token, id, file, 'movimientos.xlsx')).body).toMatchObject({ imported: 0, duplicates: 3 });
  expect(await treasuryAgreesWithBooks(app, company.token, id)).toBe('1403.65');
});

test('a row whose currency column is not the treasury\'s is rejected with its row and the reason, never booked as euros', async () => {
  const id = await treasury('BBVA divisas');
  const rows = BBVA.rows.map((row, i) => (i === 1 ? [...row.slice(0, 5), 'USD', ...row.slice(6)] : row));
  const res = await uploadStatement(app, company.token, id, await workbook({ ...BBVA, rows }), 'movimientos.xlsx');
  expect(res.body).toMatchObject({ imported: 2, rejected: 1, rejected_lines: [{ line: 6, reason: 'Amount 1500.00 in USD; the treasury is in EUR: not booked' }] });
  expect(await treasuryAgreesWithBooks(app, company.token, id)).toBe('-96.35');
});

test('a balance column that is not the running balance is reported in the answer; the movements are imported', async () => {
  const id = await treasury('Santander');
  const res = await uploadStatement(app, company.token, id, await workbook(SANTANDER), 'export.xlsx');
  expect(res.body).toMatchObject({ imported: 3, balance_differences: [{ line: 8, stated: '8800.00', expected: '8819.45' }] });
  await treasuryAgreesWithBooks(app, company.token, id);
});

test('a mapping given once is saved on the treasury and read the next files; a new one replaces it', async () => {
  const id = await treasury('Caja rural');
  const camt = camt053('08', 'ES9121000418450200051332');
  const layout = (rows: Layout['rows']): Layout => ({ preamble: [['Extracto'], []], header: ['Día contable', 'Texto libre', 'Euros'], rows });
  const january = await workbook(layout([[new Date('2026-01-05T00:00:00Z'), 'Cuota enero', -30]]));
  expect((await uploadStatement(app, company.token, id, january)).status).toBe(422);
  const mapping = { date: 'Día contable', description: 'Texto libre', amount: 'Euros' };
  const given = await uploadStatement(app, company.token, id, january, 'enero.xlsx', JSON.stringify(mapping));
  expect(given.body).toMatchObject({ imported: 1, mapping });
  const february = await workbook(layout([[new Date('2026-02-05T00:00:00Z'), 'Cuota febrero', -30], [new Date('2026-02-09T00:00:00Z'), 'Cobro', 90]]));
  const reused = await uploadStatement(app, company.token, id, february, 'febrero.xlsx');
  expect(reused.body).toMatchObject({ imported: 2, mapping });
  // the same mapping serves a CSV export of the same bank
  const march = 'Extracto\n\nDía contable;Texto libre;Euros\n05/03/2026;Cuota marzo;-30,00\n';
  expect((await uploadStatement(app, company.token, id, march, 'marzo.csv')).body).toMatchObject({ format: 'csv', imported: 1, mapping });
  const other = await treasury('Otra caja');
  expect((await uploadStatement(app, company.token, other, february)).status).toBe(422);
  // a Norma 43 or CAMT file neither uses nor replaces the saved mapping
  expect((await uploadStatement(app, company.token, id, camt, 'camt.xml', JSON.stringify({ date: 'X' }))).body).toMatchObject({ format: 'camt053', imported: 5 });
  expect((await uploadStatement(app, company.token, id, march, 'marzo.csv')).body).toMatchObject({ duplicates: 1, mapping });
  const misfit = await uploadStatement(app, company.token, id, 'Fecha;Concepto;Importe\n05/04/2026;Cuota abril;-30,00\n', 'abril.csv');
  expect(misfit.body.detail[0].msg).toBe('Line 1: The mapping names column "Día contable", which the header does not have (with the mapping saved on this treasury by an earlier import: give this file its own)');
  const renamed = { date: 'Fecha', description: 'Concepto', amount: 'Importe' };
  const april = 'Fecha;Concepto;Importe\n05/04/2026;Cuota abril;-30,00\n';
  expect((await uploadStatement(app, company.token, id, april, 'abril.csv', JSON.stringify(renamed))).body).toMatchObject({ imported: 1, mapping: renamed });
  expect((await uploadStatement(app, company.token, id, april, 'abril.csv')).body).toMatchObject({ duplicates: 1, mapping: renamed });
  expect(await treasuryAgreesWithBooks(app, company.token, id)).toBe('1177.50');
});

test('a CSV with account data above its header, and Debe/Haber columns, is read like the workbook', async () => {
  const id = await treasury('Kutxabank');
  const csv = [
    'KUTXABANK', 'Extracto de cuenta;ES79 2100 0813 6101 2345 6789', 'Periodo;01/07/2026 - 31/07/2026', '',
    'Fecha operación;Fecha valor;Concepto;Debe;Haber;Saldo',
    '01/07/2026;01/07/2026;RECIBO COMUNIDAD;75,00;;925,00',
    '15/07/2026;15/07/2026;ABONO TRANSFERENCIA FRA 2026-0077;;1.210,00;2.135,00',
    '20/07/2026;21/07/2026;COMISION TRANSFERENCIA;1,50;;2.130,00',
  ].join('\r\n');
  const res = await uploadStatement(app, company.token, id, csv, 'kutxabank.csv');
  expect(res.body).toMatchObject({ format: 'csv', imported: 3, rejected: 0, balance_differences: [{ line: 8, stated: '2130.00', expected: '2133.50' }] });
  const xlsx = await uploadStatement(app, company.token, id, await workbook(KUTXABANK), 'kutxabank.xlsx');
  expect(xlsx.body).toMatchObject({ format: 'xlsx', imported: 0, duplicates: 3, balance_differences: [] });
  expect((await movementsOf(app, company.token, id)).map((m) => m.amount).sort()).toEqual(['-1.50', '-75.00', '1210.00']);
  await treasuryAgreesWithBooks(app, company.token, id);
});

test('a legacy .xls is a 422 that says what to do, not a 415 or an empty success', async () => {
  const id = await treasury('Antiguo');
  const xls = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);
  const res = await uploadStatement(app, company.token, id, xls, 'movimientos.xls');
  expect(res.status).toBe(422);
  expect(res.body.detail[0].msg).toMatch(/^Line 1: A legacy Excel 97-2003 workbook \(\.xls\) is not read/);
});

test('a bank\'s ".xls" that is an HTML page holding a table is read as a table, preamble, entities and line breaks in cells and all', async () => {
  const id = await treasury('Banco web');
  const page = `<html><head><meta charset="utf-8"><style>td { mso-number-format: "\\@"; }</style></head><body>
    <table><tr><td colspan="2"><b>Movimientos de la cuenta</b></td></tr>
    <tr><td>Cuenta</td><td>ES79 2100 0813 6101 2345 6789</td></tr>
    <tr><th>Fecha</th><th>F. Valor</th><th>Concepto</th><th>Importe</th><th>Saldo</th></tr>
    <tr><td>02/11/2026</td><td>02/11/2026</td><td>Recibo Agua &amp; Saneamiento</td><td>-23,10</td><td>976,90</td></tr>
    <tr><td>03/11/2026</td><td>04/11/2026</td><td>Transferencia<br>Cliente Uno</td><td>1.000,00</td><td>1.976,90</td></tr>
    </table></body></html>`;
  const res = await uploadStatement(app, company.token, id, page, 'movimientos.xls');
  expect(res.body).toMatchObject({ format: 'html-table', imported: 2, rejected: 0, balance_differences: [] });
  expect((await movementsOf(app, company.token, id)).map((m) => [m.date, m.value_date, m.description, m.amount])).toEqual([
    ['2026-11-03', '2026-11-04', 'Transferencia Cliente Uno', '1000.00'],
    ['2026-11-02', '2026-11-02', 'Recibo Agua & Saneamiento', '-23.10'],
  ]);
  await treasuryAgreesWithBooks(app, company.token, id);
});

