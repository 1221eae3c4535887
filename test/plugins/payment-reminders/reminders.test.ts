/**
 * Payment reminders over a real SMTP server, the calendar moved through `runOnce(today)`: off by
 * default; once on, an overdue invoice gets each reminder once (a second run, two concurrent runs),
 * the next one after its day; paid invoices get none; a customer without email is recorded as
 * skipped; a mail that fails is tried again on the next run. Settings are for admins and checked.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { addMember } from '../../support/team';
import { startSmtpServer } from '../../support/smtp';
import { createContact, createDocument, taxId, type DocumentsTestApp } from '../../support/documents';
import { startDocumentsAppWithMail, stopBoth, type TestSmtpServer } from '../../support/mail-documents';

let app: DocumentsTestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  ({ app, smtp } = await startDocumentsAppWithMail());
}, 60_000);
afterAll(() => stopBoth(app, smtp));

const job = () => app.kernel.service('payment-reminders');
let mailbox = 0;
const newAddress = () => `deudor-${Date.now().toString(36)}-${mailbox++}@example.com`;
const mailsTo = (address: string) => smtp.inbox.filter((m) => m.to.includes(address));
/** Mails are sent inside runOnce: once it resolved, the server has them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** An invoice of `company` to a new customer, issued on `issued`, due on `due` (both long past). */
async function overdueInvoice(company: TestCompany, email: string | null, issued = '2026-01-05', due = '2026-01-10') {
  const customer = await createContact(app, company.token, { name: 'Cliente Moroso SL', ...(email ? { email } : {}) });
  return createDocument(app, '/api/v1/invoices', {
    contact_id: customer.id, issue_date: issued, due_date: due,
    lines: [{ description: 'Servicio', quantity: '1', unit_price: '100.00', tax_type_id: taxId(company, 'IVA21') }],
  }, company.token);
}

async function remindersOn(company: TestCompany, days = [7, 21], message: string | null = 'Puede pagar por transferencia.') {
  const res = await app.request('PUT', '/api/v1/payment-reminders/settings', { body: { enabled: true, days, message }, token: company.token });
  expect(res.status).toBe(200);
}

const remindersOf = async (company: TestCompany, documentId?: string) =>
  (await app.get(`/api/v1/payment-reminders${documentId ? `?document_id=${documentId}` : ''}`, company.token)).body;

describe('settings', () => {
  test('off by default: an overdue invoice gets nothing', async () => {
    const company = await createCompany(app);
    expect((await app.get('/api/v1/payment-reminders/settings', company.token)).body).toEqual({ enabled: false, days: [7, 21, 45], message: null });
    const email = newAddress();
    await overdueInvoice(company, email);
    await job().runOnce('2026-03-01');
    await settle();
    expect(mailsTo(email)).toHaveLength(0);
    expect((await remindersOf(company)).total).toBe(0);
  });

  test('admins change them; days must increase; members and viewers may not', async () => {
    const company = await createCompany(app);
    const member = await addMember(app, company.token, 'member');
    const admin = await addMember(app, company.token, 'admin');
    expect((await app.request('PUT', '/api/v1/payment-reminders/settings', { body: { enabled: true }, token: member.token })).status).toBe(403);
    expect((await app.get('/api/v1/payment-reminders/settings', member.token)).status).toBe(403);
    const saved = await app.request('PUT', '/api/v1/payment-reminders/settings', { body: { enabled: true, days: [10, 30] }, token: admin.token });
    expect([saved.status, saved.body]).toEqual([200, { enabled: true, days: [10, 30], message: null }]);
    const off = await app.request('PUT', '/api/v1/payment-reminders/settings', { body: { enabled: false, message: 'Gracias' }, token: company.token });
    expect(off.body).toEqual({ enabled: false, days: [10, 30], message: 'Gracias' });

    const unordered = await app.request('PUT', '/api/v1/payment-reminders/settings', { body: { enabled: true, days: [7, 7] }, token: company.token });
    expect([unordered.status, unordered.body.detail[0].loc]).toEqual([422, ['body', 'days', 1]]);
    for (const days of [[0], [], [5000]]) {
      expect((await app.request('PUT', '/api/v1/payment-reminders/settings', { body: { enabled: true, days }, token: company.token })).status).toBe(422);
    }
    expect((await app.request('PUT', '/api/v1/payment-reminders/settings', { body: { days: [3] }, token: company.token })).status).toBe(422);
    expect((await app.get('/api/v1/payment-reminders/settings', company.token)).body).toEqual({ enabled: false, days: [10, 30], message: 'Gracias' });
  });
});

describe('the reminder job', () => {
  test('reminder 1 once however often the job runs, reminder 2 after its day, then nothing more', async () => {
    const company = await createCompany(app);
    await remindersOn(company);
    const email = newAddress();
    const invoice = await overdueInvoice(company, email);

    await job().runOnce('2026-01-16'); // 6 days overdue: none yet
    await settle();
    expect(mailsTo(email)).toHaveLength(0);

    await job().runOnce('2026-01-17'); // 7 days: the first
    await job().runOnce('2026-01-20');
    await settle();
    expect(mailsTo(email)).toHaveLength(1);
    const [first] = mailsTo(email);
    expect(first.subject).toContain(invoice.number);
    expect(first.text).toContain(invoice.number);
    expect(first.text).toContain('121,00 €');
    expect(first.text).toContain('Puede pagar por transferencia.');

    await job().runOnce('2026-01-31'); // 21 days: the second
    await job().runOnce('2026-02-15');
    await settle();
    expect(mailsTo(email)).toHaveLength(2);

    const listed = await remindersOf(company, invoice.id);
    expect(listed.total).toBe(2);
    expect(listed.items.map((r: any) => [r.reminder, r.status, r.recipient, r.number, r.days_overdue, r.outstanding, r.due_date]))
      .toEqual([[2, 'sent', email, invoice.number, 21, '121.00', '2026-01-10'], [1, 'sent', email, invoice.number, 7, '121.00', '2026-01-10']]);
  });

  test('two runs at the same time send one reminder', async () => {
    const company = await createCompany(app);
    await remindersOn(company);
    const email = newAddress();
    const invoice = await overdueInvoice(company, email);
    await Promise.all([job().runOnce('2026-01-20'), job().runOnce('2026-01-20'), job().runOnce('2026-01-20')]);
    await settle();
    expect(mailsTo(email)).toHaveLength(1);
    expect((await remindersOf(company, invoice.id)).total).toBe(1);
  });

  test('a paid invoice gets none; a customer without email is recorded as skipped, once', async () => {
    const company = await createCompany(app);
    await remindersOn(company);
    const paidEmail = newAddress();
    const paid = await overdueInvoice(company, paidEmail);
    const payment = await app.post(`/api/v1/invoices/${paid.id}/payments`, { date: '2026-01-12', amount: paid.total }, company.token);
    expect([payment.status, payment.body.status]).toEqual([200, 'paid']);
    const silent = await overdueInvoice(company, null, '2026-01-06', '2026-01-10');

    await job().runOnce('2026-01-20');
    await job().runOnce('2026-01-21');
    await settle();
    expect(mailsTo(paidEmail)).toHaveLength(0);
    const listed = await remindersOf(company);
    expect(listed.items.map((r: any) => [r.document_id, r.reminder, r.status, r.reason, r.recipient]))
      .toEqual([[silent.id, 1, 'skipped', 'The customer has no email address', null]]);
  });

  test("a company sees only its own reminders", async () => {
    const company = await createCompany(app);
    await remindersOn(company);
    const invoice = await overdueInvoice(company, newAddress());
    await job().runOnce('2026-01-20');
    const other = await createCompany(app);
    expect((await remindersOf(other)).total).toBe(0);
    expect((await remindersOf(other, invoice.id)).total).toBe(0);
    expect((await remindersOf(company, invoice.id)).total).toBe(1);
  });

  test('with the mail server down, a reminder\'s claim rolls back; the next run sends it, once', async () => {
    const company = await createCompany(app);
    await remindersOn(company, [5]);
    const email = newAddress();
    const invoice = await overdueInvoice(company, email);
    await smtp.close(); // only now: signing up mails too

    expect((await job().runOnce('2026-01-20')).failed).toBeGreaterThanOrEqual(1);
    expect((await remindersOf(company, invoice.id)).total).toBe(0);

    smtp = await startSmtpServer(smtp.port);
    await job().runOnce('2026-01-20');
    await job().runOnce('2026-01-21');
    expect((await smtp.lastTo(email)).subject).toContain(invoice.number);
    expect(mailsTo(email)).toHaveLength(1);
    expect((await remindersOf(company, invoice.id)).items.map((r: any) => [r.reminder, r.status])).toEqual([[1, 'sent']]);
  });
});
