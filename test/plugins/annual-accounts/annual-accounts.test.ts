import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, VALID_CIFS, type TestCompany } from '../../support/factories';
import { download, hasBinary, pdfTexts } from '../../support/documents';

/**
 * The annual accounts end to end over HTTP, with figures worked out by hand
 * (docs/domain/annual-accounts.md).
 *
 * Company A, 2025 (closed through POST /fiscal-years/2025/close):
 *   01-01 capital            Dr 572 3,000.00                 / Cr 100 3,000.00
 *   05-10 sale               Dr 4300 1,210.00                / Cr 7000 1,000.00, Cr 477 210.00
 *   05-20 sale collected     Dr 572 1,210.00                 / Cr 4300 1,210.00
 *   06-15 purchase           Dr 600 400.00, Dr 472 84.00     / Cr 4000 484.00
 *   result 600.00; at 31-12: 572 4,210 Dr, 472 84 Dr, 100 3,000 Cr, 477 210 Cr, 4000 484 Cr, 129 600 Cr.
 * 2026:
 *   02-01 result applied     Dr 129 600.00                   / Cr 112 60.00, Cr 113 440.00,
 *                                                              Cr 1146 100.00 (reserva de capitalización, a sub-account the company adds)
 *   02-15 a computer         Dr 217 2,000.00, Dr 472 420.00  / Cr 523 2,420.00
 *   03-01 bank loan          Dr 572 5,000.00                 / Cr 170 4,000.00 (long term), Cr 5200 1,000.00 (short term)
 *   03-05 computer paid      Dr 523 2,420.00                 / Cr 572 2,420.00
 *   04-10 sale               Dr 4300 3,025.00                / Cr 7000 2,500.00, Cr 477 525.00
 *   05-10 part collected     Dr 572 2,000.00                 / Cr 4300 2,000.00
 *   06-01 purchase           Dr 600 800.00, Dr 472 168.00    / Cr 4000 968.00
 *   07-01 services paid      Dr 629 100.00, Dr 472 21.00     / Cr 572 121.00
 *   12-31 depreciation       Dr 681 400.00                   / Cr 2817 400.00
 *   12-31 loan interest      Dr 662 50.00                    / Cr 572 50.00
 *   result 2,500 − 800 − 100 − 400 − 50 = 1,150.00; at 31-12: 572 8,619 Dr, 4300 1,025 Dr, 472 693 Dr,
 *   217 2,000 Dr, 2817 400 Cr, 100 3,000 Cr, 112 60 Cr, 113 440 Cr, 1146 100 Cr, 170 4,000 Cr, 5200 1,000 Cr,
 *   4000 1,452 Cr, 477 735 Cr, and groups 6/7 1,150 Cr: they add up to zero.
 * Company B: 2026-03-01 Dr 572 700.00 / Cr 133 700.00 (an account the PYMES model has no line for;
 * the abreviado and normal models put it under A-2 Ajustes por cambios de valor).
 */

let app: TestApp;
let a: TestCompany, b: TestCompany;

beforeAll(async () => {
  app = await startTestApp();
  a = await createCompany(app, 'Cuentas Anuales SL', VALID_CIFS[1]);
  b = await createCompany(app, 'Otra Empresa SL', VALID_CIFS[2]);
}, 300_000);
afterAll(() => app?.close());

type Lines = [string, string?, string?][];
const entry = async (company: TestCompany, date: string, lines: Lines) => {
  const res = await app.post('/api/v1/ledger/entries', {
    date, description: 'Asiento', lines: lines.map(([account, debit, credit]) => ({ account, ...(debit ? { debit } : {}), ...(credit ? { credit } : {}) })),
  }, company.token);
  expect(res.status).toBe(201);
};
const statement = async (company: TestCompany, year: number, kind: 'balance-sheet' | 'profit-and-loss', model = 'pymes') => {
  const res = await app.get(`/api/v1/annual-accounts/${year}/${kind}?model=${model}`, company.token);
  expect(res.status).toBe(200);
  return res.body;
};
/** The non-zero lines of a statement: code → [this year, previous year]. */
const figures = (view: any): Record<string, string[]> => Object.fromEntries((view.sides as any[]).flatMap((s) => s.lines)
  .filter((l: any) => l.amount !== '0.00' || l.previous_amount !== '0.00').map((l: any) => [l.code, [l.amount, l.previous_amount]]));

const PYMES_BS_2026 = {
  A: ['1600.00', '0.00'], 'A.II': ['1600.00', '0.00'],
  B: ['10337.00', '4294.00'], 'B.II': ['1718.00', '84.00'], 'B.II.1': ['1025.00', '0.00'], 'B.II.1.b': ['1025.00', '0.00'], 'B.II.3': ['693.00', '84.00'],
  'B.VI': ['8619.00', '4210.00'],
  TA: ['11937.00', '4294.00'],
  'PN.A': ['4750.00', '3600.00'], 'PN.A-1': ['4750.00', '3600.00'], 'PN.A-1.I': ['3000.00', '3000.00'], 'PN.A-1.I.1': ['3000.00', '3000.00'],
  'PN.A-1.III': ['600.00', '0.00'], 'PN.A-1.III.1': ['100.00', '0.00'], 'PN.A-1.III.2': ['500.00', '0.00'], 'PN.A-1.VII': ['1150.00', '600.00'],
  'PN.B': ['4000.00', '0.00'], 'PN.B.II': ['4000.00', '0.00'], 'PN.B.II.1': ['4000.00', '0.00'],
  'PN.C': ['3187.00', '694.00'], 'PN.C.II': ['1000.00', '0.00'], 'PN.C.II.1': ['1000.00', '0.00'],
  'PN.C.IV': ['2187.00', '694.00'], 'PN.C.IV.1': ['1452.00', '484.00'], 'PN.C.IV.1.b': ['1452.00', '484.00'], 'PN.C.IV.2': ['735.00', '210.00'],
  TPN: ['11937.00', '4294.00'],
};
// the abreviado balance sheet: the same figures, current assets and liabilities one numeral further down
const ABREVIADO_BS_2026 = Object.fromEntries(Object.entries(PYMES_BS_2026).map(([code, v]) => [code
  .replace(/^B\.(II|VI)\b/, (_m, r) => `B.${r === 'II' ? 'III' : 'VII'}`)
  .replace(/^PN\.C\.(II|IV)\b/, (_m, r) => `PN.C.${r === 'II' ? 'III' : 'V'}`), v]));
const PYMES_PL_2026 = {
  1: ['2500.00', '1000.00'], 4: ['-800.00', '-400.00'], 7: ['-100.00', '0.00'], 8: ['-400.00', '0.00'], A: ['1200.00', '600.00'],
  14: ['-50.00', '0.00'], B: ['-50.00', '0.00'], C: ['1150.00', '600.00'], D: ['1150.00', '600.00'],
};

const NORMAL_BS_2026 = {
  A: ['1600.00', '0.00'], 'A.II': ['1600.00', '0.00'], 'A.II.2': ['1600.00', '0.00'],
  B: ['10337.00', '4294.00'], 'B.III': ['1718.00', '84.00'], 'B.III.1': ['1025.00', '0.00'], 'B.III.1.b': ['1025.00', '0.00'], 'B.III.6': ['693.00', '84.00'],
  'B.VII': ['8619.00', '4210.00'], 'B.VII.1': ['8619.00', '4210.00'],
  TA: ['11937.00', '4294.00'],
  'PN.A': ['4750.00', '3600.00'], 'PN.A-1': ['4750.00', '3600.00'], 'PN.A-1.I': ['3000.00', '3000.00'], 'PN.A-1.I.1': ['3000.00', '3000.00'],
  'PN.A-1.III': ['600.00', '0.00'], 'PN.A-1.III.1': ['60.00', '0.00'], 'PN.A-1.III.2': ['440.00', '0.00'], 'PN.A-1.III.4': ['100.00', '0.00'],
  'PN.A-1.VII': ['1150.00', '600.00'],
  'PN.B': ['4000.00', '0.00'], 'PN.B.II': ['4000.00', '0.00'], 'PN.B.II.2': ['4000.00', '0.00'],
  'PN.C': ['3187.00', '694.00'], 'PN.C.III': ['1000.00', '0.00'], 'PN.C.III.2': ['1000.00', '0.00'],
  'PN.C.V': ['2187.00', '694.00'], 'PN.C.V.1': ['1452.00', '484.00'], 'PN.C.V.1.b': ['1452.00', '484.00'], 'PN.C.V.6': ['735.00', '210.00'],
  TPN: ['11937.00', '4294.00'],
};
const NORMAL_PL_2026 = {
  1: ['2500.00', '1000.00'], '1.a': ['2500.00', '1000.00'], 4: ['-800.00', '-400.00'], '4.a': ['-800.00', '-400.00'], 7: ['-100.00', '0.00'], '7.a': ['-100.00', '0.00'],
  8: ['-400.00', '0.00'], 'A.1': ['1200.00', '600.00'], 15: ['-50.00', '0.00'], '15.b': ['-50.00', '0.00'], 'A.2': ['-50.00', '0.00'],
  'A.3': ['1150.00', '600.00'], 'A.4': ['1150.00', '600.00'], 'A.5': ['1150.00', '600.00'],
};

describe('a small company\'s annual accounts', () => {
  test('2025 booked and closed through the fiscal-years close; 2026 booked', async () => {
    await entry(a, '2025-01-01', [['572', '3000.00'], ['100', undefined, '3000.00']]);
    await entry(a, '2025-05-10', [['4300', '1210.00'], ['7000', undefined, '1000.00'], ['477', undefined, '210.00']]);
    await entry(a, '2025-05-20', [['572', '1210.00'], ['4300', undefined, '1210.00']]);
    await entry(a, '2025-06-15', [['600', '400.00'], ['472', '84.00'], ['4000', undefined, '484.00']]);
    const closed = await app.post('/api/v1/fiscal-years/2025/close', {}, a.token);
    expect(closed.status).toBe(200);
    expect(closed.body.result).toBe('600.00');
    expect((await app.post('/api/v1/ledger/accounts', { code: '1146', name: 'Reserva de capitalización' }, a.token)).status).toBe(201);
    await entry(a, '2026-02-01', [['129', '600.00'], ['112', undefined, '60.00'], ['113', undefined, '440.00'], ['1146', undefined, '100.00']]);
    await entry(a, '2026-02-15', [['217', '2000.00'], ['472', '420.00'], ['523', undefined, '2420.00']]);
    await entry(a, '2026-03-01', [['572', '5000.00'], ['170', undefined, '4000.00'], ['5200', undefined, '1000.00']]);
    await entry(a, '2026-03-05', [['523', '2420.00'], ['572', undefined, '2420.00']]);
    await entry(a, '2026-04-10', [['4300', '3025.00'], ['7000', undefined, '2500.00'], ['477', undefined, '525.00']]);
    await entry(a, '2026-05-10', [['572', '2000.00'], ['4300', undefined, '2000.00']]);
    await entry(a, '2026-06-01', [['600', '800.00'], ['472', '168.00'], ['4000', undefined, '968.00']]);
    await entry(a, '2026-07-01', [['629', '100.00'], ['472', '21.00'], ['572', undefined, '121.00']]);
    await entry(a, '2026-12-31', [['681', '400.00'], ['2817', undefined, '400.00']]);
    await entry(a, '2026-12-31', [['662', '50.00'], ['572', undefined, '50.00']]);
    await entry(b, '2026-03-01', [['572', '700.00'], ['133', undefined, '700.00']]);
  });

  test('PYMES balance sheet of the open year 2026 beside the closed 2025: every non-zero line, totals equal, result = groups 7 − 6', async () => {
    const view = await statement(a, 2026, 'balance-sheet');
    expect(view).toMatchObject({ statement: 'balance_sheet', model: 'pymes', year: 2026, start_date: '2026-01-01', end_date: '2026-12-31', previous: { year: 2025 } });
    expect(view.company.tax_id).toBe(VALID_CIFS[1]);
    expect(figures(view)).toEqual(PYMES_BS_2026);
    expect(view.totals).toEqual({ assets: '11937.00', equity_and_liabilities: '11937.00', previous_assets: '4294.00', previous_equity_and_liabilities: '4294.00' });
    expect(view.result).toEqual({ amount: '1150.00', previous_amount: '600.00' });
    expect(view.unmapped).toEqual([]);
    const line = (view.sides[0].lines as any[]).find((l) => l.code === 'A.II');
    expect(line).toMatchObject({ label: 'II. Inmovilizado material', level: 1, kind: 'line' });
    expect(line.accounts).toContain('(281)');
  });

  test('PYMES profit and loss of 2026 beside 2025 (its regularisation left out): D) equals the balance sheet\'s result', async () => {
    const view = await statement(a, 2026, 'profit-and-loss');
    expect(figures(view)).toEqual(PYMES_PL_2026);
    expect(view.result).toEqual({ amount: '1150.00', previous_amount: '600.00' });
    expect((view.sides[0].lines as any[]).find((l) => l.code === 'D').label).toBe('D) RESULTADO DEL EJERCICIO (C + 19)');
    expect(view.unmapped).toEqual([]);
  });

  test('normal: every arabic and letter line', async () => {
    const bs = await statement(a, 2026, 'balance-sheet', 'normal');
    expect(figures(bs)).toEqual(NORMAL_BS_2026);
    expect(bs.totals.assets).toBe(bs.totals.equity_and_liabilities);
    const pl = await statement(a, 2026, 'profit-and-loss', 'normal');
    expect(figures(pl)).toEqual(NORMAL_PL_2026);
    expect(pl.result).toEqual({ amount: '1150.00', previous_amount: '600.00' });
  });

  test('abreviado: the same figures under the abreviado numbering', async () => {
    expect(figures(await statement(a, 2026, 'balance-sheet', 'abreviado'))).toEqual(ABREVIADO_BS_2026);
    const pl = figures(await statement(a, 2026, 'profit-and-loss', 'abreviado'));
    expect(pl).toEqual({ 1: ['2500.00', '1000.00'], 4: ['-800.00', '-400.00'], 7: ['-100.00', '0.00'], 8: ['-400.00', '0.00'], A: ['1200.00', '600.00'], 15: ['-50.00', '0.00'], B: ['-50.00', '0.00'], C: ['1150.00', '600.00'], D: ['1150.00', '600.00'] });
  });

  test('after closing 2026 the statements are unchanged; the result is 129; 2027 opens without counting twice', async () => {
    const closed = await app.post('/api/v1/fiscal-years/2026/close', {}, a.token);
    expect(closed.status).toBe(200);
    expect(closed.body.result).toBe('1150.00');
    const bs = await statement(a, 2026, 'balance-sheet');
    expect(figures(bs)).toEqual(PYMES_BS_2026);
    expect(bs.totals.assets).toBe(bs.totals.equity_and_liabilities);
    const pl = await statement(a, 2026, 'profit-and-loss');
    expect(figures(pl)).toEqual(PYMES_PL_2026);
    expect(figures(await statement(a, 2026, 'balance-sheet', 'normal'))).toEqual(NORMAL_BS_2026);
    expect(figures(await statement(a, 2026, 'profit-and-loss', 'normal'))).toEqual(NORMAL_PL_2026);
    // 129 after the regularisation, from the trial balance of the ledger (closing entry left out)
    const trial = await app.get('/api/v1/ledger/trial-balance?from=2026-12-31&to=2026-12-31&level=3', a.token);
    expect(trial.status).toBe(200);
    expect((trial.body.accounts as any[]).find((r) => r.account === '129')?.credit).toBe('1150.00');
    // 2027: the opening entry brings the balances back once; the 2026 result, not yet applied, stays in 129
    const next = await statement(a, 2027, 'balance-sheet');
    for (const [code, [, previous]] of Object.entries(figures(next))) expect(figures(next)[code][0]).toBe(previous);
    expect(figures(next).TA).toEqual(['11937.00', '11937.00']);
    expect(next.result).toEqual({ amount: '1150.00', previous_amount: '1150.00' });
    expect((await statement(a, 2027, 'profit-and-loss')).result).toEqual({ amount: '0.00', previous_amount: '1150.00' });
    // reopened: the reversals carry the year-end source types, so the statements still read the same
    expect((await app.post('/api/v1/fiscal-years/2026/reopen', {}, a.token)).status).toBe(200);
    expect(figures(await statement(a, 2026, 'balance-sheet'))).toEqual(PYMES_BS_2026);
    expect((await statement(a, 2026, 'profit-and-loss')).result.amount).toBe('1150.00');
  });

  test('an account no line of the model takes is reported with its balance; another company\'s figures never show', async () => {
    const pymes = await statement(b, 2026, 'balance-sheet');
    expect(pymes.unmapped).toEqual([{ account: '133', balance: '-700.00', year: 2026 }]);
    expect(pymes.totals).toEqual({ assets: '700.00', equity_and_liabilities: '0.00', previous_assets: '0.00', previous_equity_and_liabilities: '0.00' });
    // the abreviado model has the line (A-2 Ajustes por cambios de valor)
    const abreviado = await statement(b, 2026, 'balance-sheet', 'abreviado');
    expect(abreviado.unmapped).toEqual([]);
    expect(figures(abreviado)['PN.A-2']).toEqual(['700.00', '0.00']);
    expect(abreviado.totals.assets).toBe(abreviado.totals.equity_and_liabilities);
    expect(figures(await statement(b, 2026, 'balance-sheet', 'normal'))['PN.A-2.I']).toEqual(['700.00', '0.00']);
    expect(figures(await statement(b, 2026, 'profit-and-loss'))).toEqual({});
    // and B's figures never reach A
    expect((await statement(a, 2026, 'balance-sheet')).totals.assets).toBe('11937.00');
  });

  test('a company whose year starts in July: fiscal year 2025 runs to 2026-06-30 and holds the March 2026 entry', async () => {
    expect((await app.patch('/api/v1/tenants/me', { fiscal_year_start_month: 7 }, b.token)).status).toBe(200);
    const y2025 = await statement(b, 2025, 'balance-sheet', 'abreviado');
    expect(y2025).toMatchObject({ start_date: '2025-07-01', end_date: '2026-06-30', previous: { year: 2024, start_date: '2024-07-01', end_date: '2025-06-30' } });
    expect(figures(y2025)['PN.A-2']).toEqual(['700.00', '0.00']);
    expect(figures(await statement(b, 2026, 'balance-sheet', 'abreviado'))['PN.A-2']).toEqual(['700.00', '700.00']);
  });

  test('XLSX and PDF: company, year, model, both years', async () => {
    const xlsx = await download(app, '/api/v1/annual-accounts/2026/balance-sheet?format=xlsx&model=abreviado', a.token);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes.buffer as ArrayBuffer);
    const rows = workbook.worksheets[0].getSheetValues().filter(Boolean).map((r: any) => (r as unknown[]).slice(1));
    expect(String(rows[0][0])).toBe('Balance abreviado del ejercicio 2026');
    expect(String(rows[1][0])).toContain(VALID_CIFS[1]);
    expect(rows.find((r) => r[0] === 'TA')).toEqual(['TA', 'TOTAL ACTIVO (A + B)', '', '11937.00', '4294.00']);
    expect(rows.find((r) => r[0] === 'B.VII')?.slice(3)).toEqual(['8619.00', '4210.00']);

    const pdf = await download(app, '/api/v1/annual-accounts/2026/profit-and-loss?format=pdf', a.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    if (hasBinary('pdftotext')) {
      const text = pdfTexts(pdf.bytes, 'raw').join('\n');
      expect(text).toContain('Cuenta de pérdidas y ganancias de PYMES del ejercicio 2026');
      expect(text).toContain('Cuentas Anuales SL');
      expect(text).toContain('Modelo de PYMES');
      expect(text).toMatch(/D\) RESULTADO DEL EJERCICIO \(C \+ 19\) 1\.150,00 600,00/);
    } else {
      expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
    }
  });

  test('bad model, format or year → 422 with the field named; no token → 401', async () => {
    for (const [path, field] of [['2026/balance-sheet?model=big', 'model'], ['2026/balance-sheet?model=NORMAL', 'model'], ['2026/profit-and-loss?format=csv', 'format'], ['abc/balance-sheet', 'year'], ['1800/balance-sheet', 'year'], ['2999/profit-and-loss', 'year']]) {
      const res = await app.get(`/api/v1/annual-accounts/${path}`, a.token);
      expect(`${path} ${res.status}`).toBe(`${path} 422`);
      if (field !== 'year') expect(JSON.stringify(res.body.detail)).toContain(field);
    }
    expect((await app.get('/api/v1/annual-accounts/2026/balance-sheet')).status).toBe(401);
  });
});
