/**
 * Purchases under the VAT prorrata (art. 104 LIVA): each keeps the percentage it deducted when
 * registered, and its rectification corrects that deduction at the same percentage, whatever the
 * prorrata of the rectification's own year. A company without prorrata in 2025 (everything deducted)
 * and at a provisional 80 % in 2026 returns in 2026 part of a 2025 purchase: 200 at 21 % is 42.00 of
 * VAT, all of it taken back from 472 (not 33.60, which would leave 8.40 deducted for ever).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact, entryLines, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

let app: DocumentsTestApp;
let company: TestCompany;
let supplier: any;

const line = (price: string, quantity = '1') => ({ description: 'Material', quantity, unit_price: price, tax_type_id: taxId(company, 'IVA21'), expense_account: '629' });
const journalEntry = async (id: string) => (await app.get(`/api/v1/ledger/entries/${id}`, company.token)).body;

beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  supplier = await createContact(app, company.token, { name: 'Suministros Lugo S.L.', kind: 'supplier', vat: 'B86561412' });
  expect((await app.request('PUT', '/api/v1/aeat/prorrata?year=2026', { body: { method: 'general', provisional_percent: 80 }, token: company.token })).status).toBe(200);
}, 300_000);
afterAll(() => app?.close());

describe('the percentage a purchase deducted', () => {
  test('a draft and a purchase without prorrata deduct 100 %; a registered one its year\'s provisional percentage', async () => {
    const draft = await app.post('/api/v1/purchases', { contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'D-1', issue_date: '2026-02-01', status: 'draft', lines: [line('100.00')] }, company.token);
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ vat_deducted_percent: 100, deducted_vat: '21.00', undeducted_vat: '0.00' });
    const registered = await app.post(`/api/v1/purchases/${draft.body.id}/issue`, {}, company.token);
    expect(registered.body).toMatchObject({ vat_deducted_percent: 80, deducted_vat: '16.80', undeducted_vat: '4.20' });
    expect((await app.get(`/api/v1/purchases/${draft.body.id}`, company.token)).body).toMatchObject({ vat_deducted_percent: 80, undeducted_vat: '4.20' });
  });

  test('a 2025 purchase rectified in 2026 under 80 %: the rectification takes back what 2025 deducted, in full', async () => {
    const original = await app.post('/api/v1/purchases', { contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'F-2025-9', issue_date: '2025-11-10', lines: [line('1000.00')] }, company.token);
    expect(original.status).toBe(201);
    expect(original.body).toMatchObject({ vat_deducted_percent: 100, deducted_vat: '210.00' });
    const credit = await app.post(`/api/v1/purchases/${original.body.id}/rectify`, {
      issue_date: '2026-02-10', reason: 'Devolución', mode: 'differences', supplier_invoice_number: 'R-2026-1', lines: [line('200.00', '-1')],
    }, company.token);
    expect(credit.status).toBe(201);
    expect(credit.body).toMatchObject({ vat_deducted_percent: 100, deducted_vat: '-42.00', undeducted_vat: '0.00' });
    expect(entryLines(await journalEntry(credit.body.journal_entry_id))).toEqual([['629', '0.00', '200.00'], ['472', '0.00', '42.00'], ['4100', '242.00', '0.00']]);
  });

  test('at 1 % a quota of 0.42 deducts 0.00 and still counts as deductible: box 28 has its base, the last period regularises it (0.42 at a definitive 100 %)', async () => {
    expect((await app.request('PUT', '/api/v1/aeat/prorrata?year=2027', { body: { method: 'general', provisional_percent: 1 }, token: company.token })).status).toBe(200);
    const customer = await createContact(app, company.token, { name: 'Cliente Nacional SL', vat: 'B65410011' });
    expect((await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2027-01-10', lines: [{ description: 'Venta', quantity: '1', unit_price: '100.00', tax_type_id: taxId(company, 'IVA21') }] }, company.token)).status).toBe(201);
    const tiny = await app.post('/api/v1/purchases', { contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'T-1', issue_date: '2027-02-01', lines: [line('2.00')] }, company.token);
    expect(tiny.body).toMatchObject({ vat_deducted_percent: 1, deducted_vat: '0.00', undeducted_vat: '0.42' });
    const boxes = (item: any): Record<string, string> => Object.fromEntries(item.boxes.map((b: any) => [b.box, b.value]));
    const [q1] = (await app.get('/api/v1/aeat/303/summary?year=2027&quarter=1', company.token)).body.items;
    expect([boxes(q1)['28'], boxes(q1)['29']]).toEqual(['2.00', '0.00']);
    const [q4] = (await app.get('/api/v1/aeat/303/summary?year=2027&quarter=4', company.token)).body.items;
    expect(q4.details.prorrata).toMatchObject({ definitive_percent: 100, quotas: '0.42', deducted: '0.00', regularisation: '0.42' });
    expect(boxes(q4)['44']).toBe('0.42');
  });
});
