/**
 * The regularisation of capital goods in the years after their purchase (arts. 107–109 LIVA),
 * through the 303's box 43, its settlement entry, the 390's box 63 and the capital goods book,
 * over three years, every figure worked out by hand below.
 *
 * 2024 under the general prorrata, provisional and definitive 80 %: a machine (PGC 213) of
 * 10,000.00 at 21 % (quota 2,100.00, deducted 1,680.00) and a building (PGC 211) of 100,000.00 at
 * 21 % (quota 21,000.00, deducted 16,800.00).
 * 2025, definitive 60 %: 20 points from 80, more than 10, so both regularise:
 *   machine (2,100.00 × 60 % − 1,680.00) / 5 = (1,260.00 − 1,680.00) / 5 = −84.00;
 *   building (21,000.00 × 60 % − 16,800.00) / 10 = (12,600.00 − 16,800.00) / 10 = −420.00;
 *   box 43 = −504.00, an expense on 6342.
 * A furnace (PGC 213) of 5,000.00 at 21 % bought in 2024 too (quota 1,050.00, deducted 840.00),
 * registered as a fixed asset and sold on 30-06-2025 with VAT (art. 110): regularised once, in
 * 2025, for 2025 and the 3 years left, as if used only with the right to deduct:
 *   (1,050.00 × 100 % − 840.00) × 4 / 5 = 168.00.
 * 2025's box 43 = −84.00 + 168.00 − 420.00 = −336.00, an expense on 6342.
 * 2026, definitive 75 %: 5 points from 80, not more than 10: nothing (box 43 = 0.00); the furnace,
 * sold, is no longer regularised.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { documentBooker, entryLines, startDocumentsApp, vatReturnContacts, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  const prorrata = (year: number, provisional: number, definitive: number) =>
    app.request('PUT', `/api/v1/aeat/prorrata?year=${year}`, { body: { method: 'general', provisional_percent: provisional, definitive_percent: definitive, activity: 'Taller y alquiler de viviendas', cnae: '256' }, token: company.token });
  expect((await prorrata(2024, 80, 80)).status).toBe(200);
  expect((await prorrata(2025, 80, 60)).status).toBe(200);
  expect((await prorrata(2026, 60, 75)).status).toBe(200);
  // 2024's last period refunds what it has to compensate, so 2025 begins with nothing carried
  expect((await app.request('PUT', '/api/v1/aeat/303/options?year=2024', { body: { last_period_negative: 'refund' }, token: company.token })).status).toBe(200);
  const { builder, customer } = await vatReturnContacts(app, company.token);
  const { purchase, tax } = booker;
  await purchase(builder.id, '2024-03-10', { tax_type_id: tax('IVA21'), expense_account: '213', capital_good: true }, '10000.00');
  const furnace = await purchase(builder.id, '2024-03-20', { tax_type_id: tax('IVA21'), expense_account: '213', capital_good: true }, '5000.00');
  await purchase(builder.id, '2024-05-10', { tax_type_id: tax('IVA21'), expense_account: '211', capital_good: true }, '100000.00');
  const asset = await app.post(`/api/v1/purchases/${furnace.id}/lines/1/fixed-asset`, { name: 'Horno', useful_life_months: 120 }, company.token);
  expect(asset.status).toBe(201);
  const sold = await app.post(`/api/v1/fixed-assets/${asset.body.id}/dispose`, { date: '2025-06-30', kind: 'sale', price: '3000.00', contact_id: customer.id, tax_type_id: tax('IVA21') }, company.token);
  expect(sold.status).toBe(200);
}, 120_000);
afterAll(() => app?.close());

const booker = documentBooker(() => app, () => company);
const boxesOf = (item: any): Record<string, string> => Object.fromEntries(item.boxes.map((b: any) => [b.box, b.value]));
const fourthQuarter = async (year: number) => {
  const res = await app.get(`/api/v1/aeat/303/summary?year=${year}&quarter=4`, company.token);
  expect(res.status).toBe(200);
  return res.body.items[0];
};
const book = async (year: number) => {
  const res = await app.get(`/api/v1/aeat/vat-books/capital-goods?year=${year}&format=csv`, company.token);
  expect(res.status).toBe(200);
  const [header, ...rows] = res.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line: string) => line.split(';'));
  return rows.map((cells: string[]) => Object.fromEntries(header.map((h: string, i: number) => [h, cells[i]])));
};
const columns = (row: Record<string, string>) => [
  row['Año de Inicio Utilización Prorrata Definitiva'], row['Año de Inicio Utilización Cuota Deducible'],
  row['Regularización Anual Prorrata Definitiva'], row['Regularización Anual Cuota Deducible'], row['Regularización Anual Cuota a Regularizar'],
];

describe('the purchase year (2024)', () => {
  test('deducts at 80 % and regularises nothing: no earlier goods, definitive = provisional', async () => {
    const q4 = await fourthQuarter(2024);
    expect(boxesOf(q4)['43']).toBe('0.00');
    expect(boxesOf(q4)['44']).toBe('0.00');
    expect(q4.details?.capital_goods).toBeUndefined();
    const q1 = (await app.get('/api/v1/aeat/303/summary?year=2024&quarter=1', company.token)).body.items[0];
    expect([boxesOf(q1)['30'], boxesOf(q1)['31']]).toEqual(['15000.00', '2520.00']);
  });

  test('the capital goods book lists the three goods at 80 %, nothing to regularise', async () => {
    const rows = await book(2024);
    expect(rows.map(columns)).toEqual([['80,00', '1680,00', '80,00', '1680,00', '0,00'], ['80,00', '840,00', '80,00', '840,00', '0,00'], ['80,00', '16800,00', '80,00', '16800,00', '0,00']]);
  });
});

describe('a year more than 10 points away (2025, 60 %)', () => {
  test('box 43 = −84.00 + 168.00 − 420.00 = −336.00 in the 4T; 45, 46 and the result follow', async () => {
    const q4 = await fourthQuarter(2025);
    const boxes = boxesOf(q4);
    expect([boxes['43'], boxes['44'], boxes['45'], boxes['46'], boxes['110'], boxes['71']]).toEqual(['-336.00', '0.00', '-336.00', '336.00', '0.00', '336.00']);
    expect(q4).toMatchObject({ declaration_type: 'I', result: '336.00' });
    expect(q4.details.capital_goods.total).toBe('-336.00');
    expect(q4.details.capital_goods.goods.map(({ document_id: _, reference: __, ...g }: any) => g)).toEqual([
      {
        document_type: 'purchase', supplier_invoice: expect.any(String), purchase_date: '2024-03-10', land_or_building: false, period_years: 5, year_of_period: 2, years_left: 3,
        base: '10000.00', quota: '2100.00', purchase_percent: 80, deducted: '1680.00', year_percent: 60, year_deduction: '1260.00', regularises: true, regularisation: '-84.00', sale: null, written_off: null,
      },
      {
        document_type: 'purchase', supplier_invoice: expect.any(String), purchase_date: '2024-03-20', land_or_building: false, period_years: 5, year_of_period: 2, years_left: 0,
        base: '5000.00', quota: '1050.00', purchase_percent: 80, deducted: '840.00', year_percent: 100, year_deduction: '1050.00', regularises: true, regularisation: '168.00',
        sale: { date: '2025-06-30', percent: 100, vat: '630.00' }, written_off: null,
      },
      {
        document_type: 'purchase', supplier_invoice: expect.any(String), purchase_date: '2024-05-10', land_or_building: true, period_years: 10, year_of_period: 2, years_left: 8,
        base: '100000.00', quota: '21000.00', purchase_percent: 80, deducted: '16800.00', year_percent: 60, year_deduction: '12600.00', regularises: true, regularisation: '-420.00', sale: null, written_off: null,
      },
    ]);
  });

  test('only the last period regularises: the 3T has no box 43', async () => {
    const q3 = (await app.get('/api/v1/aeat/303/summary?year=2025&quarter=3', company.token)).body.items[0];
    expect(boxesOf(q3)['43']).toBe('0.00');
    expect(q3.details?.capital_goods).toBeUndefined();
  });

  test('the sale\'s own quarter (2T) declares its VAT; only the last period regularises', async () => {
    const q2 = (await app.get('/api/v1/aeat/303/summary?year=2025&quarter=2', company.token)).body.items[0];
    expect([boxesOf(q2)['07'], boxesOf(q2)['09'], boxesOf(q2)['43'], boxesOf(q2)['71']]).toEqual(['3000.00', '630.00', '0.00', '630.00']);
  });

  test('the 4T settlement posts box 43 to 6342 (less deducted on investments) against 4750, balanced', async () => {
    const res = await app.post('/api/v1/aeat/303/settle?year=2025&quarter=4', {}, company.token);
    expect(res.status).toBe(201);
    expect(entryLines(res.body)).toEqual([['6342', '336.00', '0.00'], ['4750', '0.00', '336.00']]);
  });

  test('the DR303 file of the 4T writes box 43 signed (page 01, position 889 of the 2024–2025 layout)', async () => {
    const res = await app.handle(new Request('http://localhost/api/v1/aeat/303/file?year=2025&quarter=4', { headers: { authorization: `Bearer ${company.token}` } }));
    expect(res.status).toBe(200);
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    const page01 = text.slice(text.indexOf('<T30301000>'));
    expect(page01.slice(888, 888 + 17)).toBe('N0000000000033600');
    expect(page01.slice(922, 922 + 17)).toBe('N0000000000033600'); // [45]
  });

  test('the 390: box 63 is the 4T\'s 43, in the sum of deductions [64]; every check against the 303s holds', async () => {
    const res = await app.get('/api/v1/aeat/390/summary?year=2025', company.token);
    expect(res.status).toBe(200);
    const item = res.body.items[0];
    const boxes = boxesOf(item);
    // 47 = 630.00 (the furnace's sale); 64 = −336.00; 65 = 630.00 + 336.00; 95 = the 2T's 630.00 + the 4T's 336.00
    expect([boxes['47'], boxes['63'], boxes['522'], boxes['64'], boxes['65'], boxes['84'], boxes['86'], boxes['95']]).toEqual(['630.00', '-336.00', '0.00', '-336.00', '966.00', '966.00', '966.00', '966.00']);
    expect(item.details.checks_303.filter((c: any) => !c.equal)).toEqual([]);
    expect(item.details.checks_303.find((c: any) => c.boxes_390.join() === '63')).toMatchObject({ boxes_303: ['43'], value_390: '-336.00', sum_303: '-336.00' });
    expect(item.details.capital_goods.total).toBe('-336.00');
  });

  test('the DR390 file writes box 63 signed on page 04', async () => {
    const options = await app.request('PUT', '/api/v1/aeat/390/options?year=2025', { body: { main_activity: 'Academia', main_activity_key: 'A01', main_activity_iae: '9332' }, token: company.token });
    expect(options.status).toBe(200);
    const res = await app.handle(new Request('http://localhost/api/v1/aeat/390/file?year=2025', { headers: { authorization: `Bearer ${company.token}` } }));
    expect(res.status).toBe(200);
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    const page04 = text.slice(text.indexOf('<T39004000>'));
    expect(page04.slice(624, 624 + 17)).toBe('N0000000000033600');
  });

  test('the capital goods book of 2025 lists the 2024 goods with their regularisation, the furnace\'s sale at 100 %', async () => {
    const rows = await book(2025);
    expect(rows.map(columns)).toEqual([
      ['80,00', '1680,00', '60,00', '1260,00', '-84,00'], ['80,00', '840,00', '100,00', '1050,00', '168,00'], ['80,00', '16800,00', '60,00', '12600,00', '-420,00'],
    ]);
    expect(rows.map((r) => r['Autoliquidación Periodo'])).toEqual(['0A', '0A', '0A']);
  });
});

describe('a year within 10 points (2026, 75 %)', () => {
  test('box 43 is zero; details show each good at 75 % without regularisation', async () => {
    const q4 = await fourthQuarter(2026);
    expect(boxesOf(q4)['43']).toBe('0.00');
    expect(q4.details.capital_goods.goods.map((g: any) => [g.year_percent, g.year_of_period, g.years_left, g.regularises, g.regularisation])).toEqual([[75, 3, 2, false, '0.00'], [75, 3, 7, false, '0.00']]);
    const rows = await book(2026);
    expect(rows.map(columns)).toEqual([['80,00', '1680,00', '75,00', '1575,00', '0,00'], ['80,00', '16800,00', '75,00', '15750,00', '0,00']]);
  });
});

describe('a year without prorrata after prorrata years (2027)', () => {
  test('counts as 100 %: 20 points from 80, so (2,100.00 − 1,680.00) / 5 = +84.00 and (21,000.00 − 16,800.00) / 10 = +420.00; box 43 = 504.00, credited to 6392', async () => {
    expect((await app.get('/api/v1/aeat/prorrata?year=2027', company.token)).body.method).toBe('none');
    const q4 = await fourthQuarter(2027);
    expect([boxesOf(q4)['43'], boxesOf(q4)['44'], boxesOf(q4)['45'], boxesOf(q4)['46']]).toEqual(['504.00', '0.00', '504.00', '-504.00']);
    expect(q4.details.capital_goods.goods.map((g: any) => [g.purchase_percent, g.year_percent, g.year_of_period, g.regularisation])).toEqual([[80, 100, 4, '84.00'], [80, 100, 4, '420.00']]);
    expect(q4.details.prorrata).toBeUndefined();
    // a gain on investments: Cr 6392, the negative result to compensate on 4700
    const settled = await app.post('/api/v1/aeat/303/settle?year=2027&quarter=4', {}, company.token);
    expect(settled.status).toBe(201);
    expect(entryLines(settled.body)).toEqual([['6392', '0.00', '504.00'], ['4700', '504.00', '0.00']]);
  });
});
