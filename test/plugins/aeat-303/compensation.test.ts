/**
 * Modelo 303: the declaration type and the compensation of DOMAIN rules, worked out by hand.
 * - 0 → N, positive → I, negative → C; D in the last period of the year when the company asks for
 *   the refund (the default), or in any period when it is in REDEME (monthly refunds); a refund
 *   applies everything still pending, so nothing is left in 87.
 * - 110 is what the previous period left (its 87, plus its own negative result when it was a C),
 *   78 the part applied (up to the period's positive result), 87 = 110 − 78; across years when the
 *   company compensates its last period (options of the year, `PUT /aeat/303/options`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createContact, startDocumentsApp, type DocumentsTestApp, documentBooker } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let carrying: TestCompany;
let monthly: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp();
  carrying = await createCompany(app);
  monthly = await createCompany(app);
  await createDocuments();
}, 120_000);
afterAll(() => app?.close());

const bookA = documentBooker(() => app, () => carrying);
const bookB = documentBooker(() => app, () => monthly);

async function createDocuments() {
  const customerA = await createContact(app, carrying.token, { name: 'Cliente Nacional SL', vat: 'B65410011' });
  const supplierA = await createContact(app, carrying.token, { name: 'Abogados SLP', kind: 'supplier', vat: 'B86561412' });
  // 4T 2024: a purchase only, −210.00; 1T 2025 +105.00, 2T 2025 +42.00, 3T 2025 nothing, 4T 2025 +21.00
  await bookA.purchase(supplierA.id, '2024-11-10', { tax_type_id: bookA.tax('IVA21'), expense_account: '629' });
  await bookA.sale(customerA.id, '2025-02-10', { tax_type_id: bookA.tax('IVA21') }, '500.00');
  await bookA.sale(customerA.id, '2025-05-10', { tax_type_id: bookA.tax('IVA21') }, '200.00');
  await bookA.sale(customerA.id, '2025-11-10', { tax_type_id: bookA.tax('IVA21') }, '100.00');

  const customerB = await createContact(app, monthly.token, { name: 'Cliente Nacional SL', vat: 'B65410011' });
  const supplierB = await createContact(app, monthly.token, { name: 'Mayorista SA', kind: 'supplier', vat: 'A28017895' });
  // March 2026 −210.00, April 2026 +21.00
  await bookB.purchase(supplierB.id, '2026-03-10', { tax_type_id: bookB.tax('IVA21'), expense_account: '600' });
  await bookB.sale(customerB.id, '2026-04-10', { tax_type_id: bookB.tax('IVA21') }, '100.00');
}

const history = async (company: TestCompany, query: string) => {
  const res = await app.get(`/api/v1/aeat/303/summary?${query}`, company.token);
  expect(res.status).toBe(200);
  return res.body.items.map((i: any) => {
    const boxes = Object.fromEntries(i.boxes.map((b: any) => [b.box, b.value]));
    return [i.period, i.declaration_type, boxes['110'], boxes['78'], boxes['87'], i.result];
  });
};
const putOptions = (company: TestCompany, year: number, body: unknown) => app.request('PUT', `/api/v1/aeat/303/options?year=${year}`, { body, token: company.token });

describe('the declaration type and compensation (quarterly)', () => {
  test('by default the last period refunds: 4T 2024 −210.00 is D and nothing reaches 2025', async () => {
    expect(await history(carrying, 'year=2024')).toEqual([
      ['1T', 'N', '0.00', '0.00', '0.00', '0.00'], ['2T', 'N', '0.00', '0.00', '0.00', '0.00'], ['3T', 'N', '0.00', '0.00', '0.00', '0.00'],
      ['4T', 'D', '0.00', '0.00', '0.00', '-210.00'],
    ]);
    expect((await history(carrying, 'year=2025'))[0]).toEqual(['1T', 'I', '0.00', '0.00', '0.00', '105.00']);
    expect((await app.get('/api/v1/aeat/303/options?year=2024', carrying.token)).body).toEqual({ model: '303', year: 2024, options: { redeme: false, monthly: false, last_period_negative: 'refund' } });
  });

  test('compensating 4T 2024 carries its 210.00 into 2025: applied as the results allow, then refunded with 4T 2025', async () => {
    const res = await putOptions(carrying, 2024, { last_period_negative: 'compensate' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ model: '303', year: 2024, options: { redeme: false, monthly: false, last_period_negative: 'compensate' } });
    expect((await history(carrying, 'year=2024'))[3]).toEqual(['4T', 'C', '0.00', '0.00', '0.00', '-210.00']);
    expect(await history(carrying, 'year=2025')).toEqual([
      // 110 = 4T 2024's −210.00; 105.00 due, all of it compensated: 71 = 0 → N, 105.00 left
      ['1T', 'N', '210.00', '105.00', '105.00', '0.00'],
      ['2T', 'N', '105.00', '42.00', '63.00', '0.00'],
      ['3T', 'N', '63.00', '0.00', '63.00', '0.00'],
      // the last period refunds (2025's default): all 63.00 applied against the 21.00 due, 42.00 back
      ['4T', 'D', '63.00', '63.00', '0.00', '-42.00'],
    ]);
    // the CSV and the file of one period show the same carry (computed from 2024 on)
    const csv = (await app.get('/api/v1/aeat/303?year=2025&quarter=2', carrying.token)).text;
    expect(csv).toContain('\r\n110;Cuotas a compensar pendientes de periodos anteriores;105.00\r\n');
    expect(csv).toContain('\r\n87;Cuotas a compensar pendientes para periodos posteriores;63.00\r\n');
    expect((await history(carrying, 'year=2026'))[0]).toEqual(['1T', 'N', '0.00', '0.00', '0.00', '0.00']);
  });

  test('compensating 4T 2025 as well: 21.00 applied, 42.00 carried into 1T 2026', async () => {
    expect((await putOptions(carrying, 2025, { last_period_negative: 'compensate' })).status).toBe(200);
    expect((await history(carrying, 'year=2025'))[3]).toEqual(['4T', 'N', '63.00', '21.00', '42.00', '0.00']);
    expect((await history(carrying, 'year=2026&quarter=1'))).toEqual([['1T', 'N', '42.00', '0.00', '42.00', '0.00']]);
    // the regularisation entry of 1T 2025: 105.00 of 477 against the 105.00 compensated out of 4700
    const settled = await app.post('/api/v1/aeat/303/settle?year=2025&quarter=1', undefined, carrying.token);
    expect(settled.status).toBe(201);
    expect(settled.body.lines.map((l: any) => [l.account, l.debit, l.credit])).toEqual([['477', '105.00', '0.00'], ['4700', '0.00', '105.00']]);
  });

  test('options: bad bodies and years are 422 and change nothing; another company keeps its defaults', async () => {
    for (const body of [{ last_period_negative: 'carry' }, { redeme: 'yes' }, { unknown: true }, { redeme: true, last_period_negative: null }, {}, []]) {
      expect([JSON.stringify(body), (await putOptions(carrying, 2025, body)).status]).toEqual([JSON.stringify(body), 422]);
    }
    expect((await app.request('PUT', '/api/v1/aeat/303/options?year=1999', { body: {}, token: carrying.token })).status).toBe(422);
    expect((await app.get('/api/v1/aeat/303/options', carrying.token)).status).toBe(422);
    expect((await app.get('/api/v1/aeat/303/options?year=2025', carrying.token)).body.options).toEqual({ redeme: false, monthly: false, last_period_negative: 'compensate' });
    expect((await app.get('/api/v1/aeat/303/options?year=2025', monthly.token)).body.options).toEqual({ redeme: false, monthly: false, last_period_negative: 'refund' });
  });
});

describe('monthly periods and REDEME', () => {
  test('a monthly filer outside REDEME carries March\'s −210.00 into April', async () => {
    const months = await history(monthly, 'year=2026&periodicity=monthly');
    expect(months.slice(0, 4)).toEqual([
      ['01', 'N', '0.00', '0.00', '0.00', '0.00'], ['02', 'N', '0.00', '0.00', '0.00', '0.00'],
      ['03', 'C', '0.00', '0.00', '0.00', '-210.00'],
      ['04', 'N', '210.00', '21.00', '189.00', '0.00'],
    ]);
  });

  test('in REDEME every negative month is refunded (D), so April carries nothing; the file says REDEME', async () => {
    expect((await putOptions(monthly, 2026, { redeme: true })).status).toBe(200);
    expect((await history(monthly, 'year=2026&month=3'))).toEqual([['03', 'D', '0.00', '0.00', '0.00', '-210.00']]);
    expect((await history(monthly, 'year=2026&month=4'))).toEqual([['04', 'I', '0.00', '0.00', '0.00', '21.00']]);
    const res = await app.handle(new Request('http://localhost/api/v1/aeat/303/file?year=2026&month=3', { headers: { authorization: `Bearer ${monthly.token}` } }));
    expect(res.status).toBe(200);
    const page1 = Buffer.from(await res.arrayBuffer()).toString('latin1').slice(328, 328 + 1581);
    expect(page1.slice(12, 13)).toBe('D'); // position 13: declaration type
    expect(page1.slice(106, 108)).toBe('03'); // positions 107–108: the month
    expect(page1.slice(109, 110)).toBe('1'); // position 110: registered in REDEME
    expect(page1.slice(129, 130)).toBe('2'); // position 130 (2026 design): a monthly return
  });

  test('the history lists the months of a year the company files monthly (REDEME, or a large company), quarters otherwise', async () => {
    const periodsOf = async (company: TestCompany, query: string) => {
      const body = (await app.get(`/api/v1/aeat/303/summary?${query}`, company.token)).body;
      return [body.periodicity, body.items.map((i: any) => i.period)];
    };
    expect(await periodsOf(monthly, 'year=2025')).toEqual(['quarterly', ['1T', '2T', '3T', '4T']]);
    expect(await periodsOf(monthly, 'year=2026')).toMatchObject(['monthly', expect.arrayContaining(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'])]);
    expect(await periodsOf(monthly, 'year=2026&periodicity=quarterly')).toMatchObject(['quarterly', expect.arrayContaining(['1T', '2T', '3T'])]);
    expect((await putOptions(carrying, 2023, { monthly: true })).status).toBe(200);
    expect(await periodsOf(carrying, 'year=2023')).toEqual(['monthly', ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']]);
  });
});
