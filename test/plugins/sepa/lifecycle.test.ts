/** The company's SEPA data in its GDPR export, and gone with the company when its owner deletes the account. */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createCompany } from '../../support/factories';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp(); }, 120_000);
afterAll(() => app?.close());

const SEPA_TABLES = ['sepa_mandates', 'sepa_payment_orders', 'sepa_payment_order_items', 'sepa_remittances', 'sepa_remittance_items'];
const rows = async (tenantId: string) => Object.fromEntries(await Promise.all(SEPA_TABLES.map(async (table) =>
  [table, Number((await app.asOwner<{ n: number }>(`select count(*)::int as n from ${table} where tenant_id = '${tenantId}'`))[0].n)])));

test('exported in the company\'s section; erased with the company', async () => {
  const company = await createCompany(app);
  const treasury = (await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Banco', iban: 'ES9121000418450200051332' }, company.token)).body;
  const contact = await createContact(app, company.token, { name: 'Cliente y Proveedor S.L.', vat: 'B65410011', iban: 'ES7921000813610123456789', customer_and_supplier: true });
  const line = { description: 'x', quantity: '1', unit_price: '10.00', tax_type_id: taxId(company, 'IVA21') };
  const sale = (await app.post('/api/v1/invoices', { contact_id: contact.id, issue_date: '2026-03-01', lines: [line] }, company.token)).body;
  const purchase = (await app.post('/api/v1/purchases', { contact_id: contact.id, kind: 'invoice', supplier_invoice_number: 'P-1', issue_date: '2026-03-01', lines: [line] }, company.token)).body;
  const mandate = (await app.post('/api/v1/mandates', { contact_id: contact.id, reference: 'M-1', signature_date: '2026-01-01', scheme: 'CORE', type: 'recurrent' }, company.token)).body;
  const remittance = (await app.post('/api/v1/direct-debit-remittances', { treasury_id: treasury.id, collection_date: '2026-03-10', document_ids: [sale.id] }, company.token)).body;
  const order = (await app.post('/api/v1/payment-orders', { treasury_id: treasury.id, execution_date: '2026-03-10', document_ids: [purchase.id] }, company.token)).body;

  const exported = (await app.get('/api/v1/account/export', company.token)).body;
  const sepa = exported.tenants.find((t: any) => t.tenant_id === company.tenantId).sections.sepa;
  expect(sepa.mandates.map((m: any) => m.reference)).toEqual(['M-1']);
  expect(sepa.mandates[0].id).toBe(mandate.id);
  expect(sepa.remittances.map((r: any) => r.id)).toEqual([remittance.id]);
  expect(sepa.remittance_items.map((i: any) => i.document_id)).toEqual([sale.id]);
  expect(sepa.payment_orders.map((o: any) => o.id)).toEqual([order.id]);
  expect(sepa.payment_order_items.map((i: any) => i.document_id)).toEqual([purchase.id]);
  expect(JSON.stringify(sepa)).not.toContain('tenant_id');

  expect(Object.values(await rows(company.tenantId)).every((n) => Number(n) > 0)).toBe(true);
  expect((await app.post('/api/v1/account/delete', { password: company.password }, company.token)).status).toBe(200);
  expect(await rows(company.tenantId)).toEqual(Object.fromEntries(SEPA_TABLES.map((t) => [t, 0])));
});
