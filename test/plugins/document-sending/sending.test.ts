/**
 * POST /invoices/{id}/send over a real SMTP server: the mail carries the invoice's PDF, the sending
 * is recorded, listed and shown as the invoice's `last_sent`; drafts, bad recipients, unknown
 * formats, other companies' invoices and roles without the issuing permission are refused; with the
 * mail server down nothing is recorded (502) and the retry sends.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { addMember } from '../../support/team';
import { startSmtpServer } from '../../support/smtp';
import { createContact, createDocument, taxId, type DocumentsTestApp } from '../../support/documents';
import { startDocumentsAppWithMail, stopBoth, type TestSmtpServer } from '../../support/mail-documents';

let app: DocumentsTestApp;
let smtp: TestSmtpServer;
let company: TestCompany;
beforeAll(async () => {
  ({ app, smtp } = await startDocumentsAppWithMail());
  company = await createCompany(app);
}, 60_000);
afterAll(() => stopBoth(app, smtp));

let mailbox = 0;
const newAddress = () => `cliente-${Date.now().toString(36)}-${mailbox++}@example.com`;
const mailsTo = (address: string) => smtp.inbox.filter((m) => m.to.includes(address));

async function invoiceFor(email: string | null, status: 'issued' | 'draft' = 'issued') {
  const customer = await createContact(app, company.token, { name: 'Cliente Envíos SL', ...(email ? { email } : {}) });
  return createDocument(app, '/api/v1/invoices', {
    contact_id: customer.id, issue_date: '2026-03-02', due_date: '2026-04-01', status,
    lines: [{ description: 'Consultoría', quantity: '1', unit_price: '500.00', tax_type_id: taxId(company, 'IVA21') }],
  }, company.token);
}

describe('sending an invoice', () => {
  test('by default to the customer, with the PDF attached; recorded, listed and shown as last_sent', async () => {
    const email = newAddress();
    const invoice = await invoiceFor(email);
    expect(invoice.last_sent).toBeNull();

    const sent = await app.post(`/api/v1/invoices/${invoice.id}/send`, {}, company.token);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ document_type: 'invoice', document_id: invoice.id, number: invoice.number, to: [email], cc: [], attachments: ['pdf'], sent_by: company.userId });

    const mail = await smtp.lastTo(email);
    expect(mail.subject).toContain(invoice.number);
    expect(mail.text).toContain(invoice.number);
    expect(mail.text).toContain('605,00');
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: `factura-${invoice.number}.pdf`, contentType: 'application/pdf' });
    expect(pdf.content.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(pdf.content.length).toBeGreaterThan(1000);

    const listed = await app.get(`/api/v1/invoices/${invoice.id}/sendings`, company.token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ items: [sent.body], total: 1 });
    const read = await app.get(`/api/v1/invoices/${invoice.id}`, company.token);
    expect(read.body.last_sent).toEqual({ sent_at: sent.body.sent_at, to: [email] });
    const page = await app.get(`/api/v1/invoices?search=${encodeURIComponent(invoice.number)}`, company.token);
    expect(page.body.items.find((i: any) => i.id === invoice.id).last_sent).toEqual({ sent_at: sent.body.sent_at, to: [email] });
  });

  test('to, cc, subject and message as given; every sending is kept, newest first', async () => {
    const invoice = await invoiceFor(newAddress());
    const [to, cc] = [newAddress(), newAddress()];
    await app.post(`/api/v1/invoices/${invoice.id}/send`, {}, company.token);
    const sent = await app.post(`/api/v1/invoices/${invoice.id}/send`, { to: [to], cc: [cc], subject: 'Su factura de marzo', message: 'Hola, adjunto la factura.' }, company.token);
    expect(sent.status).toBe(201);
    const mail = await smtp.lastTo(to);
    expect(mail.to.sort()).toEqual([to, cc].sort());
    expect(mail.cc).toEqual([cc]);
    expect(mail.subject).toBe('Su factura de marzo');
    expect(mail.text.trim()).toBe('Hola, adjunto la factura.');
    expect(mail.attachments[0].content.subarray(0, 4).toString('latin1')).toBe('%PDF');

    const listed = (await app.get(`/api/v1/invoices/${invoice.id}/sendings`, company.token)).body;
    expect(listed.total).toBe(2);
    expect(listed.items[0]).toMatchObject({ id: sent.body.id, to: [to], cc: [cc], subject: 'Su factura de marzo' });
    expect((await app.get(`/api/v1/invoices/${invoice.id}`, company.token)).body.last_sent.to).toEqual([to]);
  });

  test('a draft is 409 and nothing is sent or recorded', async () => {
    const email = newAddress();
    const draft = await invoiceFor(email, 'draft');
    const res = await app.post(`/api/v1/invoices/${draft.id}/send`, {}, company.token);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/draft/i);
    expect((await app.get(`/api/v1/invoices/${draft.id}/sendings`, company.token)).body.total).toBe(0);
    expect(mailsTo(email)).toHaveLength(0);
  });

  test('422: a bad address, an unknown format, no recipient at all', async () => {
    const invoice = await invoiceFor(newAddress());
    const bad = await app.post(`/api/v1/invoices/${invoice.id}/send`, { to: ['no-es-un-correo'] }, company.token);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'to', 0]);
    const badCc = await app.post(`/api/v1/invoices/${invoice.id}/send`, { cc: ['@x'] }, company.token);
    expect(badCc.status).toBe(422);
    const format = await app.post(`/api/v1/invoices/${invoice.id}/send`, { attach: ['pdf', 'docx'] }, company.token);
    expect(format.status).toBe(422);
    expect(format.body.detail[0].loc).toEqual(['body', 'attach', 1]);

    const silent = await invoiceFor(null);
    const nobody = await app.post(`/api/v1/invoices/${silent.id}/send`, {}, company.token);
    expect(nobody.status).toBe(422);
    expect(nobody.body.detail[0].loc).toEqual(['body', 'to']);
    const explicit = await app.post(`/api/v1/invoices/${silent.id}/send`, { to: [newAddress()] }, company.token);
    expect(explicit.status).toBe(201);
    expect((await app.get(`/api/v1/invoices/${invoice.id}/sendings`, company.token)).body.total).toBe(0);
  });

  test("another company's invoice is 404, an unknown one too", async () => {
    const email = newAddress();
    const invoice = await invoiceFor(email);
    const other = await createCompany(app);
    expect((await app.post(`/api/v1/invoices/${invoice.id}/send`, { to: [newAddress()] }, other.token)).status).toBe(404);
    expect((await app.get(`/api/v1/invoices/${invoice.id}/sendings`, other.token)).status).toBe(404);
    expect((await app.post(`/api/v1/invoices/${crypto.randomUUID()}/send`, { to: [newAddress()] }, company.token)).status).toBe(404);
    expect(mailsTo(email)).toHaveLength(0);
  });

  test('sending needs the issuing permission; a viewer reads the sendings', async () => {
    const invoice = await invoiceFor(newAddress());
    const viewer = await addMember(app, company.token, 'viewer');
    const member = await addMember(app, company.token, 'member');
    expect((await app.post(`/api/v1/invoices/${invoice.id}/send`, {}, viewer.token)).status).toBe(403);
    expect((await app.post(`/api/v1/invoices/${invoice.id}/send`, {}, member.token)).status).toBe(201);
    const listed = await app.get(`/api/v1/invoices/${invoice.id}/sendings`, viewer.token);
    expect([listed.status, listed.body.total]).toEqual([200, 1]);
  });

  test('an Idempotency-Key retry answers the first sending and mails nothing more', async () => {
    const email = newAddress();
    const invoice = await invoiceFor(email);
    const key = { 'idempotency-key': `send-${invoice.id}` };
    const first = await app.post(`/api/v1/invoices/${invoice.id}/send`, {}, company.token, key);
    const again = await app.post(`/api/v1/invoices/${invoice.id}/send`, {}, company.token, key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    await smtp.lastTo(email);
    expect(mailsTo(email)).toHaveLength(1);
    expect((await app.get(`/api/v1/invoices/${invoice.id}/sendings`, company.token)).body.total).toBe(1);
  });

  test('with the mail server down: 502 and nothing recorded; the retry with the same Idempotency-Key sends once it is up', async () => {
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
});
