/**
 * The official books through the API on a real database: a small journal with one entry posted
 * late for an earlier day; the Libro Diario in date order with its totals, the Libro Mayor with
 * balances carried in and running balances, Sumas y Saldos by account and by group, as CSV, XLSX
 * and PDF; the ledger's pages joined equal one read and leave out entries posted after the book
 * started; bad queries 422; another company's entries never show.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BookPages, type BookLine, type BookRange } from '../../../plugins/ledger/api';
import { createCompany, type TestCompany } from '../../support/factories';
import { download, pdfTexts, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';

let app: DocumentsTestApp;
let a: TestCompany;
let b: TestCompany;

const post = async (company: TestCompany, date: string, description: string, lines: { account: string; debit?: string; credit?: string }[]) => {
  const res = await app.post('/api/v1/ledger/entries', { date, description, lines }, company.token);
  expect(res.status).toBe(201);
  return res.body;
};

/** The CSV's rows as objects by header. */
async function csv(path: string, company = a): Promise<Record<string, string>[]> {
  const file = await download(app, path, company.token);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toContain('text/csv');
  const [header, ...rows] = new TextDecoder().decode(file.bytes).replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(';'));
  return rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
}

beforeAll(async () => {
  app = await startDocumentsApp();
  a = await createCompany(app, 'Libros Ejemplo S.L.');
  b = await createCompany(app);
  await post(a, '2026-01-01', 'Aportación de capital', [{ account: '572', debit: '3000.00' }, { account: '100', credit: '3000.00' }]);
  await post(a, '2026-02-10', 'Venta F-1', [{ account: '4300', debit: '1210.00' }, { account: '7000', credit: '1000.00' }, { account: '477', credit: '210.00' }]);
  await post(a, '2026-03-05', 'Compra FR-7', [{ account: '600', debit: '500.00' }, { account: '472', debit: '105.00' }, { account: '4000', credit: '605.00' }]);
  await post(a, '2026-03-10', 'Cobro F-1', [{ account: '572', debit: '1210.00' }, { account: '4300', credit: '1210.00' }]);
  // posted last, dated earlier: the Diario lists it by its date
  await post(a, '2026-01-15', 'Gasto de caja', [{ account: '600', debit: '10.00' }, { account: '570', credit: '10.00' }]);
  await post(b, '2026-02-01', 'De otra empresa', [{ account: '572', debit: '99.00' }, { account: '100', credit: '99.00' }]);
}, 120_000);
afterAll(() => app?.close());

describe('Libro Diario', () => {
  test('every line in date order, then number; the totals at the end', async () => {
    const rows = await csv('/api/v1/legal-books/journal?format=csv');
    const lines = rows.slice(0, -1);
    expect(lines.map((r) => r.number)).toEqual(['1', '1', '5', '5', '2', '2', '2', '3', '3', '3', '4', '4']);
    expect(lines[2]).toMatchObject({ date: '2026-01-15', account: '600', description: 'Gasto de caja', debit: '10.00', credit: '0.00' });
    expect(rows.at(-1)).toMatchObject({ account_name: 'Total', description: '5 asientos', debit: '6035.00', credit: '6035.00' });
    expect(lines.some((r) => r.description === 'De otra empresa')).toBe(false);
  });

  test('a period: only its entries and their totals', async () => {
    const rows = await csv('/api/v1/legal-books/journal?format=csv&from=2026-02-01&to=2026-03-31');
    expect([...new Set(rows.slice(0, -1).map((r) => r.number))]).toEqual(['2', '3', '4']);
    expect(rows.at(-1)).toMatchObject({ debit: '3025.00', credit: '3025.00' });
  });

  test('as PDF and XLSX', async () => {
    const pdf = await download(app, '/api/v1/legal-books/journal', a.token);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfTexts(pdf.bytes).join('\n');
    expect(text).toContain('Libro Diario - Libros Ejemplo S.L.');
    expect(text).toContain('Gasto de caja');
    expect(text).toContain('6035.00');

    const xlsx = await download(app, '/api/v1/legal-books/journal?format=xlsx', a.token);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as any);
    const sheet = workbook.getWorksheet('Diario')!;
    expect(sheet.rowCount).toBe(14);
    expect(sheet.getRow(14).getCell(6).value).toBe('6035.00');
  });
});

describe('Libro Mayor', () => {
  test('from February: balances carried in, running balances, accounts with no movement but a balance', async () => {
    const rows = await csv('/api/v1/legal-books/general-ledger?format=csv&from=2026-02-01&to=2026-03-31');
    const of = (account: string) => rows.filter((r) => r.account === account).map((r) => [r.description, r.debit, r.credit, r.balance]);
    expect(of('572')).toEqual([['Saldo anterior', '', '', '3000.00'], ['Cobro F-1', '1210.00', '0.00', '4210.00'], ['Total cuenta', '1210.00', '0.00', '4210.00']]);
    expect(of('100')).toEqual([['Saldo anterior', '', '', '-3000.00'], ['Total cuenta', '0.00', '0.00', '-3000.00']]);
    expect(of('600')).toEqual([['Saldo anterior', '', '', '10.00'], ['Compra FR-7', '500.00', '0.00', '510.00'], ['Total cuenta', '500.00', '0.00', '510.00']]);
    expect(of('4300').map((r) => r[3])).toEqual(['0.00', '1210.00', '0.00', '0.00']);
    expect(rows.filter((r) => r.description === 'Saldo anterior').map((r) => r.account)).toEqual(['100', '4000', '4300', '472', '477', '570', '572', '600', '7000']);
    expect(rows.at(-1)).toMatchObject({ account_name: 'Total', debit: '3025.00', credit: '3025.00' });
  });

  test('one account group only', async () => {
    const rows = await csv('/api/v1/legal-books/general-ledger?format=csv&account=57');
    expect([...new Set(rows.slice(0, -1).map((r) => r.account))]).toEqual(['570', '572']);
    expect(rows.at(-1)).toMatchObject({ debit: '4210.00', credit: '10.00' });
  });
});

describe('Sumas y Saldos', () => {
  test('by account: opening, the period\'s sums, the closing balance; the totals balance', async () => {
    const rows = await csv('/api/v1/legal-books/trial-balance?format=csv&from=2026-02-01&to=2026-03-31');
    const row = (account: string) => rows.find((r) => r.account === account)!;
    expect(row('100')).toMatchObject({ opening: '-3000.00', debit: '0.00', credit: '0.00', debit_balance: '0.00', credit_balance: '3000.00' });
    expect(row('4300')).toMatchObject({ opening: '0.00', debit: '1210.00', credit: '1210.00', debit_balance: '0.00', credit_balance: '0.00' });
    expect(row('572')).toMatchObject({ opening: '3000.00', debit: '1210.00', debit_balance: '4210.00' });
    const total = rows.at(-1)!;
    expect(total).toMatchObject({ account_name: 'Total', opening: '0.00', debit: '3025.00', credit: '3025.00' });
    expect(total.debit_balance).toBe(total.credit_balance);
  });

  test('by group', async () => {
    const rows = await csv('/api/v1/legal-books/trial-balance?format=csv&level=1');
    expect(rows.slice(0, -1).map((r) => [r.account, r.debit_balance, r.credit_balance])).toEqual([
      ['1', '0.00', '3000.00'], ['4', '0.00', '710.00'], ['5', '4200.00', '0.00'], ['6', '510.00', '0.00'], ['7', '0.00', '1000.00'],
    ]);
  });
});

describe('the Mayor and the Sumas y Saldos in every format', () => {
  test('as PDF and XLSX, with the same totals as the CSV', async () => {
    const { default: ExcelJS } = await import('exceljs');
    for (const [path, title, sheetName] of [
      ['/api/v1/legal-books/general-ledger', 'Libro Mayor - Libros Ejemplo S.L.', 'Mayor'],
      ['/api/v1/legal-books/trial-balance', 'Balance de Sumas y Saldos - Libros Ejemplo S.L.', 'Sumas y saldos'],
    ] as const) {
      const pdf = await download(app, path, a.token);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const text = pdfTexts(pdf.bytes).join('\n');
      expect(text).toContain(title);
      expect(text).toContain('6035.00');
      expect(text).not.toContain('De otra empresa');

      const xlsx = await download(app, `${path}?format=xlsx`, a.token);
      expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.bytes as any);
      const sheet = workbook.getWorksheet(sheetName)!;
      const last = sheet.getRow(sheet.rowCount).values as unknown[];
      const totals = (await csv(`${path}?format=csv`)).at(-1)!;
      expect(last).toContain(totals.debit);
      expect(last).toContain(totals.credit);
      expect(totals.debit).toBe('6035.00');
    }
  });
});

describe('Libro de Inventarios y Cuentas Anuales', () => {
  test('the year\'s book: initial balance, quarterly trial balances, closing inventory, annual accounts', async () => {
    const pdf = await download(app, '/api/v1/legal-books/inventories/2026', a.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    // raw: the text in the order it is drawn, each table row's cells one after the other
    const text = pdfTexts(pdf.bytes, 'raw').join('\n');
    for (const heading of ['Libro de Inventarios y Cuentas Anuales', '1. Balance inicial detallado', '2. Balances de comprobación trimestrales', '1.º trimestre',
      '4.º trimestre', '3. Inventario de cierre del ejercicio', '4. Cuentas anuales', 'Balance', 'Cuenta de pérdidas y ganancias']) expect(text).toContain(heading);
    // the quarters' sums: every entry of the year falls in the first quarter
    expect(text).toContain('6.035,00');
    // the closing inventory: the bank 3000.00 + 1210.00, the capital 3000.00
    expect(text).toMatch(/572[^\n]*4\.210,00/);
    expect(text).toMatch(/100[^\n]*3\.000,00/);
    expect(text).not.toContain('99,00');
  });

  test('a year that is not a number, or an unknown model, is 422', async () => {
    expect((await app.get('/api/v1/legal-books/inventories/abc', a.token)).status).toBe(422);
    expect((await app.get('/api/v1/legal-books/inventories/2026?model=grande', a.token)).status).toBe(422);
  });
});

describe('pages and limits', () => {
  const read = <T>(work: (tx: any) => Promise<T>) => app.kernel.unitOfWork(null).run(work, { tenantId: a.tenantId });

  test('the journal and the ledger read in small pages equal one read, and leave out entries posted after the book started', async () => {
    const range: BookRange = { upTo: await read((tx) => BookPages.lastNumber(tx)) };
    await post(a, '2026-01-02', 'Posterior al inicio del libro', [{ account: '600', debit: '1.00' }, { account: '570', credit: '1.00' }]);
    const whole = await read((tx) => BookPages.journal(tx, range, null, 100));
    const paged: BookLine[] = [];
    for (let page = await read((tx) => BookPages.journal(tx, range, null, 2)); page.length; ) {
      paged.push(...page);
      const last = page.at(-1)!;
      page = await read((tx) => BookPages.journal(tx, range, { date: last.date, number: last.number }, 2));
    }
    expect(paged).toEqual(whole);
    expect(whole.length).toBe(12);
    expect(whole.some((l) => l.description === 'Posterior al inicio del libro')).toBe(false);

    const ledger = await read((tx) => BookPages.ledger(tx, range, null, 100));
    const ledgerPaged: BookLine[] = [];
    for (let page = await read((tx) => BookPages.ledger(tx, range, null, 3)); page.length; ) {
      ledgerPaged.push(...page);
      const last = page.at(-1)!;
      page = await read((tx) => BookPages.ledger(tx, range, { account: last.account, date: last.date, number: last.number, lineNo: last.line_no }, 3));
    }
    expect(ledgerPaged).toEqual(ledger);
    expect(ledger.map((l) => l.account)).toEqual([...ledger.map((l) => l.account)].sort());
  });

  test('bad queries are 422', async () => {
    for (const query of ['from=2026-02-30', 'from=2026-03-01&to=2026-02-01', 'format=doc', 'to=yesterday']) {
      expect((await app.get(`/api/v1/legal-books/journal?${query}`, a.token)).status).toBe(422);
    }
    expect((await app.get('/api/v1/legal-books/general-ledger?account=abc', a.token)).status).toBe(422);
    expect((await app.get('/api/v1/legal-books/trial-balance?level=13', a.token)).status).toBe(422);
    expect((await app.get('/api/v1/legal-books/journal')).status).toBe(401);
  });

  test('another company\'s books hold only its own entry', async () => {
    const rows = await csv('/api/v1/legal-books/journal?format=csv', b);
    expect(rows.slice(0, -1).map((r) => r.description)).toEqual(['De otra empresa', 'De otra empresa']);
  });
});
