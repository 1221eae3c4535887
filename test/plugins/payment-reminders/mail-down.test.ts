/** A reminder whose mail fails is not recorded, and goes on the next run once the mail server is back. */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createCompany } from '../../support/factories';
import { startSmtpServer } from '../../support/smtp';
import { createContact, createDocument, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

let app: DocumentsTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startDocumentsApp({ env: { SMTP_URL: smtp.url } });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

test('a failed mail rolls its claim back; the next run sends it, once', async () => {
  const company = await createCompany(app);
  expect((await app.request('PUT', '/api/v1/payment-reminders/settings', { body: { enabled: true, days: [5] }, token: company.token })).status).toBe(200);
  const email = `moroso-${Date.now().toString(36)}@example.com`;
  const customer = await createContact(app, company.token, { name: 'Cliente SL', email });
  const invoice = await createDocument(app, '/api/v1/invoices', {
    contact_id: customer.id, issue_date: '2026-02-01', due_date: '2026-02-10',
    lines: [{ description: 'Servicio', quantity: '1', unit_price: '50.00', tax_type_id: taxId(company, 'IVA21') }],
  }, company.token);
  const job = app.kernel.service('payment-reminders');
  await smtp.close(); // only now: signing up mails too

  expect(await job.runOnce('2026-02-20')).toMatchObject({ sent: 0, failed: 1 });
  expect((await app.get(`/api/v1/payment-reminders?document_id=${invoice.id}`, company.token)).body.total).toBe(0);

  smtp = await startSmtpServer(smtp.port);
  expect(await job.runOnce('2026-02-20')).toMatchObject({ sent: 1, failed: 0 });
  expect(await job.runOnce('2026-02-21')).toMatchObject({ sent: 0, failed: 0 });
  expect((await smtp.lastTo(email)).subject).toContain(invoice.number);
  expect(smtp.inbox.filter((m) => m.to.includes(email))).toHaveLength(1);
  const listed = (await app.get(`/api/v1/payment-reminders?document_id=${invoice.id}`, company.token)).body;
  expect(listed.items.map((r: any) => [r.reminder, r.status])).toEqual([[1, 'sent']]);
});
