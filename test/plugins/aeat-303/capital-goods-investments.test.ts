/**
 * A building held as a real-estate investment (PGC 221, a landlord's) is a building for art. 107
 * LIVA whatever account holds it: its regularisation period is 10 years, so a year's difference is
 * divided by 10, not 5. Worked by hand:
 * 2024, general prorrata 80 % (provisional and definitive): a building of 50,000.00 at 21 % booked on
 * 221, quota 10,500.00, deducted 8,400.00.
 * 2025, definitive 60 % (20 points from 80): (10,500.00 × 60 % − 8,400.00) / 10 = −210.00 in box 43
 * (−420.00 if it were read as a 5-year good).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { documentBooker, startDocumentsApp, vatReturnContacts, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';
import { resultsByTenant } from '../../../plugins/tax-models/api';

let app: DocumentsTestApp;
let company: TestCompany;
const booker = documentBooker(() => app, () => company);
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  for (const [year, provisional, definitive] of [[2024, 80, 80], [2025, 80, 60]]) {
    const res = await app.request('PUT', `/api/v1/aeat/prorrata?year=${year}`, { body: { method: 'general', provisional_percent: provisional, definitive_percent: definitive }, token: company.token });
    expect(res.status).toBe(200);
  }
  const { builder } = await vatReturnContacts(app, company.token);
  await booker.purchase(builder.id, '2024-04-15', { tax_type_id: booker.tax('IVA21'), expense_account: '221', capital_good: true }, '50000.00');
}, 120_000);
afterAll(() => app?.close());

describe('a building held as an investment (221)', () => {
  test('regularises over 10 years: 2025 box 43 is −210.00', async () => {
    const res = await app.get('/api/v1/aeat/303/summary?year=2025&quarter=4', company.token);
    expect(res.status).toBe(200);
    const item = res.body.items[0];
    expect(item.boxes.find((b: any) => b.box === '43').value).toBe('-210.00');
    expect(item.details.capital_goods.goods).toHaveLength(1);
  });

  test('the workspace\'s many-companies computation gives the same 4T result, box 43 included', async () => {
    const own = (await app.get('/api/v1/aeat/303/summary?year=2025&quarter=4', company.token)).body.items[0];
    const due = { model: '303', year: 2025, period: '4T', from: '2025-10-01', to: '2025-12-31', dueDate: '2026-01-30', settled: false };
    const results = await resultsByTenant(app.kernel.db, app.kernel.contributions('tax-models'), new Map([[company.tenantId, [due]]]));
    expect(results.get(company.tenantId)?.get('303 2025 4T')).toEqual({ result: own.result, declarationType: own.declaration_type });
  });
});
