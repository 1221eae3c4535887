/**
 * A fixed asset bought under the general VAT prorrata (art. 104 LIVA) agrees with the purchase's
 * entry: a company at a provisional 80 % buys two capital goods on 217 in one invoice, 1,000 and
 * 500 at 21 % (VAT 315.00: 252.00 deducted on 4729, 63.00 undeducted, shared by base 42.00 and
 * 21.00). Each asset's cost is its base plus its share (1,042.00 and 521.00) and its deducted VAT
 * the rest (168.00 and 84.00), so writing both off leaves 217 at zero.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact, entryLines, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

let app: DocumentsTestApp;
let company: TestCompany;
let purchase: any;
const assets: any[] = [];

beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  expect((await app.request('PUT', '/api/v1/aeat/prorrata?year=2026', { body: { method: 'general', provisional_percent: 80 }, token: company.token })).status).toBe(200);
  const supplier = await createContact(app, company.token, { name: 'Informática Lugo S.L.', kind: 'supplier', vat: 'B86561412' });
  const capitalGood = (description: string, price: string) => ({ description, quantity: '1', unit_price: price, tax_type_id: taxId(company, 'IVA21'), expense_account: '217', capital_good: true });
  const res = await app.post('/api/v1/purchases', {
    contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'IL-2026/90', issue_date: '2026-03-10',
    lines: [capitalGood('Servidor', '1000.00'), capitalGood('Impresora', '500.00')],
  }, company.token);
  expect(res.status).toBe(201);
  purchase = res.body;
  for (const line of [1, 2]) {
    const created = await app.post(`/api/v1/purchases/${purchase.id}/lines/${line}/fixed-asset`, { useful_life_months: 60 }, company.token);
    expect(created.status).toBe(201);
    assets.push(created.body);
  }
}, 300_000);
afterAll(() => app?.close());

describe('a fixed asset from a purchase under the VAT prorrata', () => {
  test('the purchase shows its deducted and undeducted VAT, per line as the entry shares it', async () => {
    expect(purchase).toMatchObject({ vat_deducted_percent: 80, deducted_vat: '252.00', undeducted_vat: '63.00' });
    expect(purchase.lines.map((l: any) => l.undeducted_vat)).toEqual(['42.00', '21.00']);
    const entry = (await app.get(`/api/v1/ledger/entries/${purchase.journal_entry_id}`, company.token)).body;
    expect(entryLines(entry)).toEqual([['217', '1563.00', '0.00'], ['4729', '252.00', '0.00'], ['4100', '0.00', '1815.00']]);
  });

  test('each asset costs what the entry put on 217 for its line, and deducted only the rest of its VAT', () => {
    expect(assets.map((a) => [a.cost, a.vat_deducted])).toEqual([['1042.00', '168.00'], ['521.00', '84.00']]);
  });

  test('written off, the two assets leave nothing on 217', async () => {
    for (const asset of assets) {
      const res = await app.post(`/api/v1/fixed-assets/${asset.id}/dispose`, { date: '2026-03-31', kind: 'write_off' }, company.token);
      expect(res.status).toBe(200);
    }
    expect((await app.get('/api/v1/ledger/account/217', company.token)).body.closing_balance).toBe('0.00');
  });
});
