/**
 * Modelo 390 end to end: a year of golden documents whose every box is worked out by hand below,
 * each 390 box equal to the sum of the year's 303s (quarterly, then monthly), the exemption, the
 * CSV, validation and tenancy.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createContact, startDocumentsApp, documentBooker, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  other = await createCompany(app);
  await createDocuments();
}, 120_000);
afterAll(() => app?.close());

const { created, lines, sale, purchase, tax } = documentBooker(() => app, () => company);

async function createDocuments() {
  const customer = await createContact(app, company.token, { name: 'Cliente Nacional SL', vat: 'B65410011' });
  const french = await createContact(app, company.token, { name: 'Client SARL', country: 'FR', vat: 'FR40303265045' });
  const american = await createContact(app, company.token, { name: 'Importer Inc', country: 'US', vat: '12-3456789' });
  const lawyer = await createContact(app, company.token, { name: 'Abogados SLP', kind: 'supplier', vat: 'B86561412' });
  const german = await createContact(app, company.token, { name: 'Lieferant GmbH', kind: 'supplier', country: 'DE', vat: 'DE136695976' });
  const builder = await createContact(app, company.token, { name: 'Construcciones SA', kind: 'supplier', vat: 'A58818501' });
  // 1T 2025: sales at 21 % and 10 %, a domestic purchase at 21 %
  const first = await sale(customer.id, '2025-02-10', { tax_type_id: tax('IVA21') });
  await sale(customer.id, '2025-03-01', { tax_type_id: tax('IVA10') });
  await purchase(lawyer.id, '2025-03-05', { tax_type_id: tax('IVA21'), expense_account: '629' }, '500.00');
  // 2T: a sale at 4 %, an intra-EU supply, an intra-EU acquisition of goods
  await sale(customer.id, '2025-04-10', { tax_type_id: tax('IVA4') });
  await sale(french.id, '2025-05-10', { tax_type_id: tax('IVAINTRA') }, '2000.00');
  await purchase(german.id, '2025-06-10', { tax_type_id: tax('RCINTRACOM'), expense_account: '600' });
  // 3T: an export, an exempt sale, a capital good bought at 21 %, a domestic reverse charge
  await sale(american.id, '2025-07-10', { tax_type_id: tax('EXPORT') }, '1500.00');
  await sale(customer.id, '2025-08-10', { tax_type_id: tax('EXENTO') }, '300.00');
  await purchase(builder.id, '2025-08-20', { tax_type_id: tax('IVA21'), expense_account: '217', capital_good: true }, '2000.00');
  await purchase(builder.id, '2025-09-10', { tax_type_id: tax('ISP'), expense_account: '622' });
  // 4T: the 1T sale rectified (−100), a sale with recargo 5.2 %, an import
  await created(`/api/v1/invoices/${first.id}/rectify`, { issue_date: '2025-11-20', reason: 'Descuento', mode: 'differences', lines: lines({ tax_type_id: tax('IVA21') }, '-100.00') });
  await sale(customer.id, '2025-12-01', { tax_type_id: tax('IVA21'), surcharge_type_id: tax('RE52') });
  await purchase(builder.id, '2025-12-10', { tax_type_id: tax('IMPORT'), expense_account: '600' });
}

const summary = async (token = company.token) => {
  const res = await app.get('/api/v1/aeat/390/summary?year=2025', token);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ model: '390', year: 2025, periodicity: 'annual' });
  return res.body.items[0];
};
const boxesOf = (item: any): Record<string, string> => Object.fromEntries(item.boxes.map((b: any) => [b.box, b.value]));
const nonZero = (boxes: Record<string, string>) => Object.fromEntries(Object.entries(boxes).filter(([, v]) => Number(v) !== 0));
const setOptions = async (code: string, body: Record<string, unknown>) => {
  const res = await app.request('PUT', `/api/v1/aeat/${code}/options?year=2025`, { body, token: company.token });
  expect(res.status).toBe(200);
};

describe('modelo 390', () => {
  test('2025: every box from the golden documents, each equal to the sum of the four 303s', async () => {
    const item = await summary();
    expect(item).toMatchObject({ year: 2025, period: '0A', from: '2025-01-01', to: '2025-12-31', design: null, declaration_type: 'I', result: '0.00' });
    expect(nonZero(boxesOf(item))).toEqual({
      '01': '1000.00', '02': '40.00', // 4 %
      '03': '1000.00', '04': '100.00', // 10 %
      '05': '2000.00', '06': '420.00', // 21 %: 1T and 4T
      '27': '1000.00', '28': '210.00', // domestic reverse charge, self-assessed
      '29': '-100.00', '30': '-21.00', // the rectification
      '601': '1000.00', '602': '52.00', // recargo 5.2 %
      '605': '1500.00', '606': '315.00', // deductible, current: the lawyer 500 + the reverse charge 1,000
      '613': '2000.00', '614': '420.00', // deductible, capital good
      '621': '1000.00', '622': '210.00', // deductible, on an importation
      '99': '3900.00', // domestic sales: 1,000 + 1,000 + 1,000 − 100 + 1,000
      '103': '2000.00', '104': '1500.00', '105': '300.00',
    });
    const { details } = item;
    expect(details).toMatchObject({
      filing_required: true, main_activity: null, prorrata: null, volume_of_operations: '7700.00', periodicity_303: 'quarterly',
      intra_eu_acquisitions: [{ rate: '21.00', base: '1000.00', quota: '210.00', deductible_base: '1000.00', deductible_quota: '210.00' }],
    });
    expect(details.returns_303.map((r: any) => r.period)).toEqual(['1T', '2T', '3T', '4T']);
    expect(details.unmapped).toBeUndefined();
    // every equality with the 303s holds, and the ones of this year are not trivially zero
    expect(details.checks_303.filter((c: any) => !c.equal)).toEqual([]);
    const check = (box: string) => details.checks_303.find((c: any) => c.boxes_303.join() === box);
    expect(check('07')).toMatchObject({ boxes_390: ['05'], value_390: '2000.00', sum_303: '2000.00' });
    expect(check('28')).toMatchObject({ value_390: '1500.00', sum_303: '1500.00' });
    expect(check('10')).toMatchObject({ value_390: '1000.00', sum_303: '1000.00' });
  });

  test('the 303s read are those the company files: monthly that year, twelve of them, still equal', async () => {
    await setOptions('303', { monthly: true });
    try {
      const { details } = await summary();
      expect(details.periodicity_303).toBe('monthly');
      expect(details.returns_303).toHaveLength(12);
      expect(details.checks_303.filter((c: any) => !c.equal)).toEqual([]);
    } finally {
      await setOptions('303', { monthly: false });
    }
  });

  test('exemption: only renting or the simplified regime as a quarterly filer, or the SII; a monthly filer is not exempt for its activities', async () => {
    await setOptions('390', { exempting_activities_only: true, main_activity: '861.1 Alquiler de viviendas' });
    let item = await summary();
    expect(item.declaration_type).toBe('exempt');
    expect(item.details).toMatchObject({ filing_required: false, main_activity: '861.1 Alquiler de viviendas' });
    expect(item.details.exemption).toContain('Quarterly 303 filer');
    await setOptions('303', { monthly: true });
    expect((await summary()).details.filing_required).toBe(true);
    await setOptions('390', { exempting_activities_only: false, sii: true });
    item = await summary();
    expect(item.details).toMatchObject({ filing_required: false });
    expect(item.details.exemption).toContain('SII');
    await setOptions('303', { monthly: false });
    await setOptions('390', { sii: false, main_activity: '' });
    expect((await summary()).declaration_type).toBe('I');
  });

  test('CSV: one row per box; no official file (no record design known)', async () => {
    const res = await app.get('/api/v1/aeat/390?year=2025', company.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.text).toContain('05;Régimen ordinario 21%: base imponible;2000.00\r\n');
    expect(res.text).toContain('99;Operaciones en régimen general;3900.00\r\n');
    expect((await app.get('/api/v1/aeat/390/file?year=2025', company.token)).status).toBe(404);
  });

  test('validation: a missing or bad year → 422', async () => {
    for (const query of ['', 'year=1999', 'year=abc', 'year=2101']) {
      const res = await app.get(`/api/v1/aeat/390?${query}`, company.token);
      expect([query, res.status]).toEqual([query, 422]);
    }
    expect((await app.get('/api/v1/aeat/390/summary?year=20x5', company.token)).status).toBe(422);
    expect((await app.request('PUT', '/api/v1/aeat/390/options?year=2025', { body: { sii: 'yes' }, token: company.token })).status).toBe(422);
  });

  test("tenancy: another company's 390 sees none of these documents, and its options are its own", async () => {
    await app.request('PUT', '/api/v1/aeat/390/options?year=2025', { body: { sii: true }, token: other.token });
    const item = await summary(other.token);
    expect(nonZero(boxesOf(item))).toEqual({});
    expect(item.details).toMatchObject({ volume_of_operations: '0.00', filing_required: false });
    expect(item.details.returns_303.every((r: any) => r.result === '0.00')).toBe(true);
    expect((await summary()).details.filing_required).toBe(true);
    expect((await app.get('/api/v1/aeat/390/summary?year=2025')).status).toBe(401);
  });
});
