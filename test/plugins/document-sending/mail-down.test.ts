/** With the mail server down (stopped once the company is registered: signing up mails too), sending answers 502 and records nothing; once it is back, the same request sends. */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { startSmtpServer } from '../../support/smtp';
import { createContact, createDocument, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

let app: DocumentsTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let company: TestCompany;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startDocumentsApp({ env: { SMTP_URL: smtp.url } });
  company = await createCompany(app);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

test('502 and nothing recorded while the server is down; the retry with the same Idempotency-Key sends once it is up', async () => {
  const email = `caido-${Date.now().toString(36)}@example.com`;
  const customer = await createContact(app, company.token, { name: 'Cliente SL', email });
  const invoice = await createDocument(app, '/api/v1/invoices', {
    contact_id: customer.id, issue_date: '2026-03-02', lines: [{ description: 'Servicio', quantity: '1', unit_price: '50.00', tax_type_id: taxId(company, 'IVA21') }],
  }, company.token);
  const key = { 'idempotency-key': `send-${invoice.id}` };

  await smtp.close();
  const down = await app.post(`/api/v1/invoices/${invoice.id}/send`, {}, company.token, key);
  expect(down.status).toBe(502);
  expect(down.body.detail).toMatch(/mail server/);
  expect((await app.get(`/api/v1/invoices/${invoice.id}/sendings`, company.token)).body.total).toBe(0);
  expect((await app.get(`/api/v1/invoices/${invoice.id}`, company.token)).body.last_sent).toBeNull();

  smtp = await startSmtpServer(smtp.port);
  const up = await app.post(`/api/v1/invoices/${invoice.id}/send`, {}, company.token, key);
  expect(up.status).toBe(201);
  expect((await smtp.lastTo(email)).attachments[0].content.subarray(0, 4).toString('latin1')).toBe('%PDF');
  expect((await app.get(`/api/v1/invoices/${invoice.id}/sendings`, company.token)).body.total).toBe(1);
});
