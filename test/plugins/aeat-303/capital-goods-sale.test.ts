/**
 * A capital good sold exempt within its period (art. 110 LIVA), when it is one of two goods of the
 * same purchase and VAT type (one register group), worked out by hand.
 *
 * 2024 under the general prorrata at 80 %: one purchase of two ovens at 21 % on 213, 4,000.00 and
 * 6,000.00 (one group: quota 2,100.00, deducted 1,680.00). The first oven is made a fixed asset and
 * sold on 30-09-2025 exempt (EXENTO): it takes its share of the group, 2,100.00 × 4,000 / 10,000 =
 * 840.00 (deducted 672.00), and is regularised once for 2025 and the 3 years left, at 0 %:
 *   (0 − 672.00) × 4 / 5 = −537.60.
 * The other oven, quota 1,260.00 (deducted 1,008.00), follows art. 107: 2025 has no prorrata
 * (100 %), 20 points from 80: (1,260.00 − 1,008.00) / 5 = +50.40.
 * A van (218) of 5,000.00 at 21 % bought in 2024 too (quota 1,050.00, deducted 840.00), made a
 * fixed asset and written off on 31-03-2025: 2025 still regularises it, (1,050.00 − 840.00) / 5 =
 * +42.00; the years after do not.
 * Box 43 of 2025 = −537.60 + 50.40 + 42.00 = −445.20. In 2026 (no prorrata either) only the second
 * oven regularises: +50.40.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { documentBooker, entryLines, startDocumentsApp, vatReturnContacts, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;
const booker = documentBooker(() => app, () => company);
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  const set = await app.request('PUT', '/api/v1/aeat/prorrata?year=2024', { body: { method: 'general', provisional_percent: 80, definitive_percent: 80 }, token: company.token });
  expect(set.status).toBe(200);
  const { builder, customer } = await vatReturnContacts(app, company.token);
  const ovens = await booker.created('/api/v1/purchases', {
    contact_id: builder.id, kind: 'invoice', supplier_invoice_number: 'H-1', issue_date: '2024-02-15', lines: [
      { description: 'Horno A', quantity: '1', unit_price: '4000.00', tax_type_id: booker.tax('IVA21'), expense_account: '213', capital_good: true },
      { description: 'Horno B', quantity: '1', unit_price: '6000.00', tax_type_id: booker.tax('IVA21'), expense_account: '213', capital_good: true },
    ],
  });
  const van = await booker.purchase(builder.id, '2024-04-01', { tax_type_id: booker.tax('IVA21'), expense_account: '218', capital_good: true }, '5000.00');
  const vanAsset = await app.post(`/api/v1/purchases/${van.id}/lines/1/fixed-asset`, { useful_life_months: 96 }, company.token);
  expect(vanAsset.status).toBe(201);
  expect((await app.post(`/api/v1/fixed-assets/${vanAsset.body.id}/dispose`, { date: '2025-03-31', kind: 'write_off' }, company.token)).status).toBe(200);
  const asset = await app.post(`/api/v1/purchases/${ovens.id}/lines/1/fixed-asset`, { useful_life_months: 120 }, company.token);
  expect(asset.status).toBe(201);
  const sold = await app.post(`/api/v1/fixed-assets/${asset.body.id}/dispose`, { date: '2025-09-30', kind: 'sale', price: '1000.00', contact_id: customer.id, tax_type_id: booker.tax('EXENTO') }, company.token);
  expect(sold.status).toBe(200);
}, 120_000);
afterAll(() => app?.close());

const boxesOf = (item: any): Record<string, string> => Object.fromEntries(item.boxes.map((b: any) => [b.box, b.value]));
const fourthQuarter = async (year: number) => (await app.get(`/api/v1/aeat/303/summary?year=${year}&quarter=4`, company.token)).body.items[0];

describe('an exempt sale of one good of a group', () => {
  test('2025: the sold oven −537.60 at 0 % for 4 years, the other +50.40, the van written off this year +42.00; box 43 = −445.20', async () => {
    const q4 = await fourthQuarter(2025);
    expect([boxesOf(q4)['43'], boxesOf(q4)['45'], boxesOf(q4)['46']]).toEqual(['-445.20', '-445.20', '445.20']);
    expect(q4.details.capital_goods.goods.map((g: any) => [g.quota, g.deducted, g.year_percent, g.years_left, g.regularisation, g.sale, g.written_off])).toEqual([
      ['840.00', '672.00', 0, 0, '-537.60', { date: '2025-09-30', percent: 0, vat: null }, null],
      ['1260.00', '1008.00', 100, 3, '50.40', null, null],
      ['1050.00', '840.00', 100, 3, '42.00', null, '2025-03-31'],
    ]);
    const settled = await app.post('/api/v1/aeat/303/settle?year=2025&quarter=4', {}, company.token);
    expect(settled.status).toBe(201);
    expect(entryLines(settled.body)).toEqual([['6342', '445.20', '0.00'], ['4750', '0.00', '445.20']]);
  });

  test('2026: the sold oven and the van written off are gone; the other oven regularises +50.40 again', async () => {
    const q4 = await fourthQuarter(2026);
    expect(boxesOf(q4)['43']).toBe('50.40');
    expect(q4.details.capital_goods.goods.map((g: any) => [g.quota, g.year_of_period, g.regularisation])).toEqual([['1260.00', 3, '50.40']]);
  });
});
