/**
 * A template with `send: true` mails each issued invoice it makes to the customer, with its PDF,
 * once, after the invoice is committed (over a real SMTP server); drafts and templates without
 * `send` mail nothing, and a customer without an email address gets nothing sent.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createContact, taxId, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';
import { startDocumentsAppWithMail, stopBoth, type TestSmtpServer } from '../../support/mail-documents';

let app: DocumentsTestApp;
let smtp: TestSmtpServer;
beforeAll(async () => { ({ app, smtp } = await startDocumentsAppWithMail()); }, 60_000);
afterAll(() => stopBoth(app, smtp));

let mailbox = 0;
const newAddress = () => `suscriptor-${Date.now().toString(36)}-${mailbox++}@example.com`;

async function template(company: TestCompany, email: string | null, fields: Record<string, unknown>) {
  const customer = await createContact(app, company.token, { name: 'Suscriptor Mensual SL', ...(email ? { email } : {}) });
  const res = await app.post('/api/v1/recurring-invoices', {
    contact_id: customer.id, start_date: '2026-09-15',
    lines: [{ description: 'Cuota mensual', quantity: '1', unit_price: '50.00', tax_type_id: taxId(company, 'IVA21') }], ...fields,
  }, company.token);
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function runJob(today: string) {
  await app.kernel.service('recurring-invoices').runOnce(today);
  await app.kernel.outbox.idle();
}

describe('recurring invoices sent by email', () => {
  test('send: each issued invoice is mailed once to the customer with its PDF, and recorded as sent', async () => {
    const company = await createCompany(app);
    const email = newAddress();
    const id = await template(company, email, { send: true });
    await runJob('2026-10-20');
    await runJob('2026-10-20');
    const runs = (await app.get(`/api/v1/recurring-invoices/${id}/runs`, company.token)).body.items;
    const numbers = runs.map((r: any) => r.invoice_number).sort();
    expect(numbers).toEqual(['F-2026-000001', 'F-2026-000002']);
    const mails = smtp.inbox.filter((m) => m.to.includes(email));
    expect(mails.map((m) => numbers.find((n: string) => m.subject.includes(n))).sort()).toEqual(numbers);
    for (const mail of mails) expect(new TextDecoder().decode(mail.attachments[0].content.subarray(0, 5))).toBe('%PDF-');
    for (const run of runs) {
      const invoice = (await app.get(`/api/v1/invoices/${run.invoice_id}`, company.token)).body;
      expect(invoice.last_sent?.to).toEqual([email]);
    }
  });

  test('drafts, templates without send and customers without email are not mailed', async () => {
    const company = await createCompany(app);
    const [drafted, unsent] = [newAddress(), newAddress()];
    await template(company, drafted, { send: true, action: 'draft' });
    await template(company, unsent, { send: false });
    const noEmail = await template(company, null, { send: true });
    await runJob('2026-09-30');
    expect(smtp.inbox.filter((m) => m.to.includes(drafted) || m.to.includes(unsent))).toEqual([]);
    const [run] = (await app.get(`/api/v1/recurring-invoices/${noEmail}/runs`, company.token)).body.items;
    expect(run.invoice_status).toBe('issued');
    expect((await app.get(`/api/v1/invoices/${run.invoice_id}/sendings`, company.token)).body.items).toEqual([]);
  });
});
