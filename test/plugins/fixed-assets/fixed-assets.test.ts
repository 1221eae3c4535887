/**
 * Fixed assets through the API on a real database, with figures computed by hand: a computer bought
 * on a purchase line (25 % of the official table from 16 March), a van entered by hand (16 %, a
 * residual value) and a desk (120 months); a year depreciated once and only once, every entry
 * balanced and the accounts holding the sums; a sale below book value invoiced with its VAT and a
 * write-off; the year's register; bad input 422; another company sees none of it; 2026 closed
 * with its assets: the annual accounts line by line, 2027 opening with the closing balances, reopened;
 * and another company's whole year (sales, purchases, a computer and a van by the official
 * coefficients, the van sold at a gain) closed, its lock refusing postings, and reopened.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

let app: DocumentsTestApp;
let a: TestCompany;
let b: TestCompany;
let computer: any;
let van: any;
let desk: any;
let customer: any;

const balanceOf = async (account: string, company = a) => (await app.get(`/api/v1/ledger/account/${account}`, company.token)).body.closing_balance;

/** The trial balance's non-zero balances for a query (it must balance): account → balance. */
async function balancesOf(query: string, company = a) {
  const trial = (await app.get(`/api/v1/ledger/trial-balance?${query}`, company.token)).body;
  expect(trial.totals.debit).toBe(trial.totals.credit);
  return Object.fromEntries((trial.accounts as any[]).filter((r) => r.balance !== '0.00').map((r) => [r.account, r.balance]));
}

async function expectBalanced(entryId: string) {
  const entry = (await app.get(`/api/v1/ledger/entries/${entryId}`, a.token)).body;
  const cents = (k: 'debit' | 'credit') => entry.lines.reduce((s: bigint, l: any) => s + BigInt(l[k].replace('.', '')), 0n);
  expect(cents('debit')).toBe(cents('credit'));
  return entry;
}

beforeAll(async () => {
  app = await startDocumentsApp();
  a = await createCompany(app, 'Talleres Oca S.L.');
  b = await createCompany(app);
  const supplier = await createContact(app, a.token, { name: 'Informática Lugo S.L.', kind: 'supplier', vat: 'B86561412' });
  customer = await createContact(app, a.token, { name: 'Gráficas Levante S.L.', vat: 'B65410011' });
  const purchase = await app.post('/api/v1/purchases', {
    contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'IL-2026/77', issue_date: '2026-03-10',
    lines: [
      { description: 'Ordenador portátil', quantity: '1', unit_price: '1200.00', tax_type_id: taxId(a, 'IVA21'), expense_account: '217', capital_good: true },
      { description: 'Ratón', quantity: '1', unit_price: '20.00', tax_type_id: taxId(a, 'IVA21') },
    ],
  }, a.token);
  expect(purchase.status).toBe(201);
  const created = await app.post(`/api/v1/purchases/${purchase.body.id}/lines/1/fixed-asset`, { tax_table_code: 'equipos-proceso-informacion', start_date: '2026-03-16' }, a.token);
  expect(created.status).toBe(201);
  computer = created.body;
  expect((await app.post(`/api/v1/purchases/${purchase.body.id}/lines/1/fixed-asset`, { tax_table_code: 'equipos-proceso-informacion' }, a.token)).status).toBe(409);
  expect((await app.post(`/api/v1/purchases/${purchase.body.id}/lines/2/fixed-asset`, { useful_life_months: 12 }, a.token)).status).toBe(409);
  expect((await app.post(`/api/v1/purchases/${purchase.body.id}/lines/3/fixed-asset`, { useful_life_months: 12 }, a.token)).status).toBe(404);
}, 300_000);
afterAll(() => app?.close());

describe('register and plan', () => {
  test('a purchase line becomes an asset: its account, date, base as cost, the VAT deducted, the table\'s greatest coefficient', () => {
    expect(computer).toMatchObject({
      number: 1, name: 'Ordenador portátil', account: '217', acquisition_date: '2026-03-10', start_date: '2026-03-16', cost: '1200.00', vat_deducted: '252.00',
      residual_value: '0.00', coefficient: '25.00', tax_table_label: 'Equipos para procesos de información', status: 'active', purchase_line_no: 1,
    });
  });

  test('by hand: a van at 16 % with a residual value, a desk over ten years', async () => {
    const res = await app.post('/api/v1/fixed-assets', {
      name: 'Furgoneta 1234-KLM', account: '218', acquisition_date: '2026-01-10', start_date: '2026-02-01', cost: '30000.00', residual_value: '6000.00',
      tax_table_code: 'transporte-externo', coefficient: '16',
    }, a.token);
    expect(res.status).toBe(201);
    van = res.body;
    expect(van).toMatchObject({ number: 2, coefficient: '16.00', useful_life_months: null });
    desk = (await app.post('/api/v1/fixed-assets', { name: 'Mesa de taller', account: '216', acquisition_date: '2026-01-01', cost: '600.00', useful_life_months: 120 }, a.token)).body;
    // registered by hand: their acquisition is in the books as a manual entry (the computer's came with its purchase)
    for (const [account, amount, date] of [['218', '30000.00', '2026-01-10'], ['216', '600.00', '2026-01-01']]) {
      const entry = await app.post('/api/v1/ledger/entries', { date, description: 'Compra de inmovilizado', lines: [{ account, debit: amount }, { account: '572', credit: amount }] }, a.token);
      expect(entry.status).toBe(201);
    }
    expect(desk).toMatchObject({ number: 3, start_date: '2026-01-01', coefficient: null, useful_life_months: 120 });
  });

  test('the schedule: by month, to the cent, the last month absorbing the rounding', async () => {
    const res = await app.get(`/api/v1/fixed-assets/${computer.id}/schedule`, a.token);
    expect(res.status).toBe(200);
    expect(res.body.depreciable_base).toBe('1200.00');
    expect(res.body.items.length).toBe(49);
    expect(res.body.items[0]).toEqual({ period: '2026-03', date: '2026-03-31', amount: '12.90', accumulated: '12.90', net_book_value: '1187.10', posted: false });
    expect(res.body.items.at(-1)).toMatchObject({ period: '2030-03', amount: '12.10', accumulated: '1200.00', net_book_value: '0.00' });
  });

  test('bad terms are 422 and register nothing', async () => {
    const base = { name: 'X', account: '217', acquisition_date: '2026-01-01', cost: '100.00' };
    for (const [body, field] of [
      [{ ...base, tax_table_code: 'equipos-proceso-informacion', coefficient: '30' }, 'coefficient'],
      [{ ...base, tax_table_code: 'equipos-proceso-informacion', coefficient: '10' }, 'coefficient'],
      [{ ...base, tax_table_code: 'no-such-row' }, 'tax_table_code'],
      [{ ...base, account: '210', useful_life_months: 12 }, 'account'],
      [{ ...base, useful_life_months: 12, tax_table_code: 'mobiliario' }, 'body'],
      [{ ...base }, 'body'],
      [{ ...base, useful_life_months: 12, residual_value: '100.00' }, 'residual_value'],
      [{ ...base, useful_life_months: 12, start_date: '2025-12-31' }, 'start_date'],
      [{ ...base, useful_life_months: 12, acquisition_date: '2026-02-30' }, 'acquisition_date'],
    ] as const) {
      const res = await app.post('/api/v1/fixed-assets', body, a.token);
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect((await app.get('/api/v1/fixed-assets', a.token)).body.total).toBe(3);
  });
});

describe('posting', () => {
  test('depreciating 2026 posts each month once, balanced: 681 = 237.90 + 3520.00 + 60.00', async () => {
    const res = await app.post('/api/v1/fixed-assets/depreciate', { until: '2026-12-31' }, a.token);
    expect(res.status).toBe(200);
    // computer 12.90 + 9 × 25.00; van 11 × 320.00; desk 12 × 5.00
    expect(res.body.total).toBe('3817.90');
    expect(res.body.entries.map((e: any) => e.period)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12']);
    expect(res.body.entries[2]).toMatchObject({ date: '2026-03-31', amount: '337.90', assets: 3 });
    for (const e of res.body.entries) await expectBalanced(e.journal_entry_id);
    expect(await balanceOf('681')).toBe('3817.90');
    expect(await balanceOf('2817')).toBe('-237.90');
    expect(await balanceOf('2818')).toBe('-3520.00');
    expect(await balanceOf('2816')).toBe('-60.00');

    const again = await app.post('/api/v1/fixed-assets/depreciate', { until: '2026-12-31' }, a.token);
    expect(again.body).toEqual({ until: '2026-12-31', entries: [], total: '0.00' });
    expect(await balanceOf('681')).toBe('3817.90');
    const schedule = (await app.get(`/api/v1/fixed-assets/${computer.id}/schedule`, a.token)).body.items;
    expect(schedule.filter((i: any) => i.posted).length).toBe(10);
  });

  test('a sale below book value: depreciation to the day, the invoice with VAT, the loss on 671', async () => {
    const res = await app.post(`/api/v1/fixed-assets/${computer.id}/dispose`, {
      date: '2027-06-15', kind: 'sale', price: '700.00', contact_id: customer.id, tax_type_id: taxId(a, 'IVA21'),
    }, a.token);
    expect(res.status).toBe(200);
    // 25 × (16/31 + 14 + 15/30) = 375.40 accumulated; book value 824.60; 700.00 − 824.60
    expect(res.body).toMatchObject({ accumulated_depreciation: '375.40', net_book_value: '824.60', gain_or_loss: '-124.60' });
    expect(res.body.asset).toMatchObject({ status: 'disposed', disposed_on: '2027-06-15', disposal_kind: 'sale', disposal_price: '700.00' });
    const invoice = (await app.get(`/api/v1/invoices/${res.body.invoice_id}`, a.token)).body;
    expect(invoice).toMatchObject({ status: 'issued', subtotal: '700.00', tax_total: '147.00', total: '847.00', issue_date: '2027-06-15', contact_id: customer.id });
    const entry = await expectBalanced(res.body.journal_entry_id);
    expect(entry.lines.map((l: any) => [l.account, l.debit, l.credit])).toEqual([['2817', '375.40', '0.00'], ['771', '700.00', '0.00'], ['671', '124.60', '0.00'], ['217', '0.00', '1200.00']]);
    expect(await balanceOf('217')).toBe('0.00');
    expect(await balanceOf('2817')).toBe('0.00');
    expect(await balanceOf('771')).toBe('0.00');
    expect(await balanceOf('671')).toBe('124.60');

    const twice = await app.post(`/api/v1/fixed-assets/${computer.id}/dispose`, { date: '2027-07-01', kind: 'write_off' }, a.token);
    expect(twice.status).toBe(409);
  });

  test('a sale needs a price, a buyer and a VAT type; a disposal inside posted months is refused', async () => {
    const res = await app.post(`/api/v1/fixed-assets/${van.id}/dispose`, { date: '2027-06-15', kind: 'sale' }, a.token);
    expect(res.status).toBe(422);
    expect(res.body.detail.map((e: any) => e.loc.at(-1)).sort()).toEqual(['contact_id', 'price', 'tax_type_id']);
    const early = await app.post(`/api/v1/fixed-assets/${desk.id}/dispose`, { date: '2026-06-30', kind: 'write_off' }, a.token);
    expect(early.status).toBe(409);
    expect(early.body.detail).toContain('2026-12');
  });

  test('a write-off at year end: the book value is a loss', async () => {
    const res = await app.post(`/api/v1/fixed-assets/${desk.id}/dispose`, { date: '2026-12-31', kind: 'write_off' }, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accumulated_depreciation: '60.00', net_book_value: '540.00', gain_or_loss: '-540.00', invoice_id: null });
    const entry = await expectBalanced(res.body.journal_entry_id);
    expect(entry.lines.map((l: any) => [l.account, l.debit, l.credit])).toEqual([['2816', '60.00', '0.00'], ['671', '540.00', '0.00'], ['216', '0.00', '600.00']]);
  });

  test('the register of 2027: the computer until its sale, the van all year; the desk gone', async () => {
    const res = await app.get('/api/v1/fixed-assets/register?year=2027', a.token);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: any) => [i.number, i.accumulated_at_start, i.depreciation_of_year, i.accumulated_at_end, i.net_book_value_at_end, i.disposed_on])).toEqual([
      [1, '237.90', '137.50', '375.40', '824.60', '2027-06-15'],
      [2, '3520.00', '3840.00', '7360.00', '22640.00', null],
    ]);
    expect(res.body.totals).toEqual({ cost: '31200.00', depreciation_of_year: '3977.50', accumulated_at_end: '7735.40', net_book_value_at_end: '23464.60' });
    expect((await app.get('/api/v1/fixed-assets/register?year=2026', a.token)).body.items.length).toBe(3);
  });

  test('a period lock refuses depreciation dated inside it, and posts nothing', async () => {
    expect((await app.request('PUT', '/api/v1/ledger/lock', { body: { locked_until: '2027-03-31' }, token: a.token })).status).toBe(200);
    const res = await app.post('/api/v1/fixed-assets/depreciate', { until: '2027-12-31' }, a.token);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('2027-03-31');
    expect(await balanceOf('2818')).toBe('-3520.00');
  });

  test('a sale above book value: the gain stays on 771', async () => {
    // its months of 2027 are to be posted: the owner lifts the lock first
    expect((await app.request('PUT', '/api/v1/ledger/lock', { body: { locked_until: null }, token: a.token })).status).toBe(200);
    const res = await app.post(`/api/v1/fixed-assets/${van.id}/dispose`, {
      date: '2028-01-31', kind: 'sale', price: '25000.00', contact_id: customer.id, tax_type_id: taxId(a, 'IVA21'),
    }, a.token);
    expect(res.status).toBe(200);
    // 3520.00 (2026) + 12 × 320.00 (2027) + 320.00 (January 2028) = 7680.00; book value 22320.00; 25000.00 − 22320.00
    expect(res.body).toMatchObject({ accumulated_depreciation: '7680.00', net_book_value: '22320.00', gain_or_loss: '2680.00' });
    const entry = await expectBalanced(res.body.journal_entry_id);
    expect(entry.lines.map((l: any) => [l.account, l.debit, l.credit])).toEqual([['2818', '7680.00', '0.00'], ['771', '22320.00', '0.00'], ['218', '0.00', '30000.00']]);
    expect(await balanceOf('218')).toBe('0.00');
    expect(await balanceOf('2818')).toBe('0.00');
    // the computer's 700.00 sale is all debited back (a loss); the van leaves its gain
    expect(await balanceOf('771')).toBe('-2680.00');
  });

  test('the trial balance still balances', async () => {
    const trial = (await app.get('/api/v1/ledger/trial-balance', a.token)).body;
    expect(trial.totals.debit).toBe(trial.totals.credit);
  });
});

describe('tenancy', () => {
  test('another company sees, depreciates and disposes of none of it', async () => {
    expect((await app.get(`/api/v1/fixed-assets/${van.id}`, b.token)).status).toBe(404);
    expect((await app.get(`/api/v1/fixed-assets/${van.id}/schedule`, b.token)).status).toBe(404);
    expect((await app.post(`/api/v1/fixed-assets/${van.id}/dispose`, { date: '2027-12-31', kind: 'write_off' }, b.token)).status).toBe(404);
    expect((await app.get('/api/v1/fixed-assets', b.token)).body.total).toBe(0);
    expect((await app.post('/api/v1/fixed-assets/depreciate', { until: '2030-12-31' }, b.token)).body.total).toBe('0.00');
    expect((await app.get('/api/v1/fixed-assets/register?year=2026', b.token)).body.items).toEqual([]);
    expect((await app.get(`/api/v1/fixed-assets/${van.id}`, a.token)).status).toBe(200);
  });

  test('the official table is served', async () => {
    const rows = (await app.get('/api/v1/fixed-assets/tax-table', a.token)).body;
    expect(rows.length).toBe(33);
    expect(rows.find((r: any) => r.code === 'equipos-proceso-informacion')).toEqual({
      code: 'equipos-proceso-informacion', group: 'Equipos electrónicos e informáticos. Sistemas y programas', label: 'Equipos para procesos de información',
      max_coefficient: '25', max_years: 8, min_coefficient: '12.50',
    });
  });
});

/**
 * The year of the assets closed and reopened (issue 28, "done when"): 2026 holds the computer's
 * purchase (a 20.00 mouse as expense), the van and the desk, their depreciation by the official
 * coefficients (3,817.90) and the desk written off on 31 December (a 540.00 loss). The later years'
 * disposals (the computer sold at a loss in 2027, the van at a gain in 2028) stay outside 2026.
 */
describe('the year closed with its assets', () => {
  const statement = async (year: number, kind: 'balance-sheet' | 'profit-and-loss') => {
    const res = await app.get(`/api/v1/annual-accounts/${year}/${kind}`, a.token);
    expect(res.status).toBe(200);
    return Object.fromEntries((res.body.sides as any[]).flatMap((s) => s.lines).map((l: any) => [l.code, l.amount])) as Record<string, string>;
  };

  test('annual accounts of 2026 line by line, the close, 2027 opening with the closing balances, the reopening', async () => {
    const pl = await statement(2026, 'profit-and-loss');
    // 8. Amortización: 237.90 + 3,520.00 + 60.00; 11. the desk's write-off; D) with the mouse (20.00)
    expect([pl['8'], pl['11'], pl.D]).toEqual(['-3817.90', '-540.00', '-4377.90']);
    const bs = await statement(2026, 'balance-sheet');
    // II. Inmovilizado material: computer 1,200.00 − 237.90, van 30,000.00 − 3,520.00; the desk at zero after its write-off
    expect(bs['A.II']).toBe('27442.10');
    expect(bs['PN.A-1.VII']).toBe('-4377.90');
    expect(bs.TA).toBe(bs.TPN);

    const closed = await app.post('/api/v1/fiscal-years/2026/close', { force: true }, a.token);
    expect(closed.status).toBe(200);
    expect(closed.body.result).toBe('-4377.90');
    // the statements read the same after the close; 129 holds the result
    expect(await statement(2026, 'profit-and-loss')).toEqual(pl);
    expect(await statement(2026, 'balance-sheet')).toEqual(bs);
    const closing = await balancesOf('from=2026-01-01&to=2026-12-31&before_closing=true');
    expect(closing['129']).toBe('4377.90');
    expect(Object.keys(closing).some((account) => /^[67]/.test(account))).toBe(false);
    // 2027 opens with exactly the balances 2026 closed with
    expect(await balancesOf('from=2027-01-01&to=2027-01-01')).toEqual(closing);
    expect((await app.get('/api/v1/ledger/lock', a.token)).body.locked_until).toBe('2026-12-31');

    const reopened = await app.post('/api/v1/fiscal-years/2026/reopen', undefined, a.token);
    expect(reopened.status).toBe(200);
    expect(await balancesOf('from=2027-01-01&to=2027-01-01')).toEqual({});
    expect(await statement(2026, 'balance-sheet')).toEqual(bs);
    expect((await app.get('/api/v1/ledger/lock', a.token)).body.locked_until).toBe(null);
  });
});

/**
 * A small company's whole year in one (issue 28, "done when"), hand-computed, PYMES model:
 *   01-01 capital                Dr 572 50,000.00                       / Cr 100 50,000.00
 *   01-01 a van (by hand)        Dr 218 24,000.00                       / Cr 572 24,000.00
 *         "transporte externo", 16 % from 1 January: 320.00 a month
 *   01-15 purchase               Dr 217 2,400.00 (a computer, capital good), Dr 600 1,000.00, Dr 472 714.00
 *                                                                       / Cr supplier (a 41x creditor) 4,114.00
 *         the computer from its purchase line, "equipos para procesos de información", 25 % from
 *         1 February: 50.00 a month
 *   05-10 sale, base 10,000.00   Dr customer 12,100.00                  / Cr sales 10,000.00, Cr 477 2,100.00
 *   10-31 the van sold for 22,000.00: depreciation January–October Dr 681 3,200.00 / Cr 2818 3,200.00;
 *         Dr 2818 3,200.00, Dr 771 20,800.00 / Cr 218 24,000.00; its invoice Dr customer 26,620.00
 *         / Cr 771 22,000.00, Cr 477 4,620.00 — a gain of 1,200.00
 *   12-31 depreciation of the computer, February–December: Dr 681 550.00 / Cr 2817 550.00
 * Result: 10,000.00 − 1,000.00 − 3,750.00 + 1,200.00 = 6,450.00.
 */
describe('a small company\'s year: sales, purchases, a computer and a van, the van sold at a gain, closed and reopened', () => {
  let c: TestCompany;
  const figures = async (year: number, kind: 'balance-sheet' | 'profit-and-loss') => {
    const res = await app.get(`/api/v1/annual-accounts/${year}/${kind}`, c.token);
    expect(res.status).toBe(200);
    expect(res.body.unmapped).toEqual([]);
    return Object.fromEntries((res.body.sides as any[]).flatMap((s) => s.lines).filter((l: any) => l.amount !== '0.00').map((l: any) => [l.code, l.amount]));
  };
  const BALANCE_SHEET = {
    A: '1850.00', 'A.II': '1850.00',
    B: '65434.00', 'B.II': '39434.00', 'B.II.1': '38720.00', 'B.II.1.b': '38720.00', 'B.II.3': '714.00', 'B.VI': '26000.00',
    TA: '67284.00',
    'PN.A': '56450.00', 'PN.A-1': '56450.00', 'PN.A-1.I': '50000.00', 'PN.A-1.I.1': '50000.00', 'PN.A-1.VII': '6450.00',
    // the supplier's 4,114.00 (41x) and the VAT charged, 6,720.00 (477), are both "2. Otros acreedores"
    'PN.C': '10834.00', 'PN.C.IV': '10834.00', 'PN.C.IV.2': '10834.00',
    TPN: '67284.00',
  };
  const PROFIT_AND_LOSS = { 1: '10000.00', 4: '-1000.00', 8: '-3750.00', 11: '1200.00', A: '6450.00', C: '6450.00', D: '6450.00' };

  test('the year booked through purchases, invoices and the fixed-assets register', async () => {
    c = await createCompany(app, 'Reformas Miño S.L.');
    const supplier = await createContact(app, c.token, { name: 'Informática Lugo S.L.', kind: 'supplier', vat: 'B86561412' });
    const buyer = await createContact(app, c.token, { name: 'Gráficas Levante S.L.', vat: 'B65410011' });
    const iva = taxId(c, 'IVA21');
    for (const lines of [[{ account: '572', debit: '50000.00' }, { account: '100', credit: '50000.00' }], [{ account: '218', debit: '24000.00' }, { account: '572', credit: '24000.00' }]]) {
      expect((await app.post('/api/v1/ledger/entries', { date: '2026-01-01', description: 'Asiento', lines }, c.token)).status).toBe(201);
    }
    const van = await app.post('/api/v1/fixed-assets', {
      name: 'Furgoneta 5678-LMN', account: '218', acquisition_date: '2026-01-01', cost: '24000.00', tax_table_code: 'transporte-externo',
    }, c.token);
    expect([van.status, van.body.coefficient]).toEqual([201, '16.00']);
    const purchase = await app.post('/api/v1/purchases', {
      contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'IL-2026/12', issue_date: '2026-01-15',
      lines: [
        { description: 'Ordenador de sobremesa', quantity: '1', unit_price: '2400.00', tax_type_id: iva, expense_account: '217', capital_good: true },
        { description: 'Mercaderías', quantity: '1', unit_price: '1000.00', tax_type_id: iva, expense_account: '600' },
      ],
    }, c.token);
    expect([purchase.status, purchase.body.payable_account.slice(0, 2)]).toEqual([201, '41']);
    const computer = await app.post(`/api/v1/purchases/${purchase.body.id}/lines/1/fixed-asset`, { tax_table_code: 'equipos-proceso-informacion', start_date: '2026-02-01' }, c.token);
    expect([computer.status, computer.body.coefficient, computer.body.cost]).toEqual([201, '25.00', '2400.00']);
    const sale = await app.post('/api/v1/invoices', { contact_id: buyer.id, issue_date: '2026-05-10', lines: [{ description: 'Reforma', quantity: '1', unit_price: '10000.00', tax_type_id: iva }] }, c.token);
    expect([sale.status, sale.body.total]).toEqual([201, '12100.00']);

    const sold = await app.post(`/api/v1/fixed-assets/${van.body.id}/dispose`, { date: '2026-10-31', kind: 'sale', price: '22000.00', contact_id: buyer.id, tax_type_id: iva }, c.token);
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({ accumulated_depreciation: '3200.00', net_book_value: '20800.00', gain_or_loss: '1200.00' });
    const depreciated = await app.post('/api/v1/fixed-assets/depreciate', { until: '2026-12-31' }, c.token);
    expect([depreciated.status, depreciated.body.total]).toEqual([200, '550.00']);
  });

  test('the annual accounts of 2026, every line that is not zero; the result is 6,450.00', async () => {
    expect(await figures(2026, 'profit-and-loss')).toEqual(PROFIT_AND_LOSS);
    expect(await figures(2026, 'balance-sheet')).toEqual(BALANCE_SHEET);
    const years = (await app.get('/api/v1/fiscal-years', c.token)).body;
    expect(years.find((y: any) => y.year === 2026)).toMatchObject({ status: 'open', result: '6450.00' });
  });

  test('closed: the same accounts, 129 holds the result, 2027 opens with exactly the closing balances; reopened: as before', async () => {
    const closed = await app.post('/api/v1/fiscal-years/2026/close', {}, c.token);
    expect([closed.status, closed.body.result]).toEqual([200, '6450.00']);
    expect(await figures(2026, 'profit-and-loss')).toEqual(PROFIT_AND_LOSS);
    expect(await figures(2026, 'balance-sheet')).toEqual(BALANCE_SHEET);
    const closing = await balancesOf('from=2026-01-01&to=2026-12-31&before_closing=true', c);
    expect(closing['129']).toBe('-6450.00');
    expect(Object.keys(closing).some((account) => /^[67]/.test(account))).toBe(false);
    expect(await balancesOf('from=2027-01-01&to=2027-01-01', c)).toEqual(closing);
    // 2027 starts from those balances: its balance sheet's previous year is 2026's, its profit and loss is empty
    const next = (await app.get('/api/v1/annual-accounts/2027/balance-sheet', c.token)).body;
    expect(next.totals).toEqual({ assets: '67284.00', equity_and_liabilities: '67284.00', previous_assets: '67284.00', previous_equity_and_liabilities: '67284.00' });
    expect(await figures(2027, 'profit-and-loss')).toEqual({});
    // the close locked 2026: an asset registered now is neither depreciated nor disposed of inside it, nor is an entry posted
    const desk = await app.post('/api/v1/fixed-assets', { name: 'Mesa', account: '216', acquisition_date: '2026-06-01', cost: '600.00', useful_life_months: 120 }, c.token);
    expect(desk.status).toBe(201);
    const refused = await app.post('/api/v1/fixed-assets/depreciate', { until: '2026-12-31' }, c.token);
    expect([refused.status, String(refused.body.detail).includes('2026-12-31')]).toEqual([409, true]);
    const disposal = await app.post(`/api/v1/fixed-assets/${desk.body.id}/dispose`, { date: '2026-12-31', kind: 'write_off' }, c.token);
    expect([disposal.status, String(disposal.body.detail).includes('2026-12-31')]).toEqual([409, true]);
    const entry = await app.post('/api/v1/ledger/entries', { date: '2026-12-31', description: 'Tarde', lines: [{ account: '629', debit: '1.00' }, { account: '572', credit: '1.00' }] }, c.token);
    expect(entry.status).toBe(409);
    expect(await figures(2026, 'balance-sheet')).toEqual(BALANCE_SHEET);

    expect((await app.post('/api/v1/fiscal-years/2026/reopen', undefined, c.token)).status).toBe(200);
    expect(await balancesOf('from=2027-01-01&to=2027-01-01', c)).toEqual({});
    expect(await figures(2026, 'balance-sheet')).toEqual(BALANCE_SHEET);
    expect(await figures(2026, 'profit-and-loss')).toEqual(PROFIT_AND_LOSS);
    expect((await app.get('/api/v1/ledger/lock', c.token)).body.locked_until).toBe(null);
  });
});
