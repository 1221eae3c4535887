/**
 * Quotes and proformas are sent like invoices (POST /{kind}/{id}/send over a real SMTP server): the
 * mail carries the kind's PDF, a draft becomes `sent`, the sending is listed; a rejected offer is
 * 409, a viewer 403, another company's offer 404.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { addMember } from '../../support/team';
import { createContact, pdfTexts, taxId, type DocumentsTestApp } from '../../support/documents';
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
const newAddress = () => `cliente-oferta-${Date.now().toString(36)}-${mailbox++}@example.com`;

async function offer(plugin: string, email: string | null) {
  const customer = await createContact(app, company.token, { name: 'Cliente Ofertas SL', vat: 'B12345674', ...(email ? { email } : {}) });
  const res = await app.post(`/api/v1/${plugin}`, {
    contact_id: customer.id, issue_date: '2026-11-02', valid_until: '2099-12-31',
    lines: [{ description: 'Reforma de oficina', quantity: '1', unit_price: '2000.00', tax_type_id: taxId(company, 'IVA21') }],
  }, company.token);
  expect(res.status).toBe(201);
  return res.body;
}

describe.each([
  ['quotes', 'PRESUPUESTO', 'Presupuesto'],
  ['proformas', 'FACTURA PROFORMA', 'Factura proforma'],
])('sending %s', (plugin, title, subject) => {
  test('a draft goes to its customer with the PDF attached, becomes sent and lists the sending', async () => {
    const email = newAddress();
    const draft = await offer(plugin, email);
    expect(draft.status).toBe('draft');
    const res = await app.post(`/api/v1/${plugin}/${draft.id}/send`, {}, company.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ document_id: draft.id, number: draft.number, to: [email], attachments: ['pdf'] });
    const [mail] = smtp.inbox.filter((m) => m.to.includes(email));
    expect(mail.subject).toStartWith(`${subject} ${draft.number}`);
    expect(mail.text).toContain(draft.number);
    expect(mail.attachments).toHaveLength(1);
    const text = pdfTexts(new Uint8Array(mail.attachments[0].content)).join('\n');
    expect(text).toContain(title);
    expect(text).toContain(draft.number);
    expect(text).toContain('sin validez fiscal');
    expect((await app.get(`/api/v1/${plugin}/${draft.id}`, company.token)).body.status).toBe('sent');
    expect((await app.get(`/api/v1/${plugin}/${draft.id}/sendings`, company.token)).body.items.map((s: any) => s.to)).toEqual([[email]]);
  });

  test('a rejected one is 409, a viewer 403, another company 404; nothing is mailed', async () => {
    const email = newAddress();
    const sent = await offer(plugin, email);
    expect((await app.post(`/api/v1/${plugin}/${sent.id}/mark-sent`, undefined, company.token)).status).toBe(200);
    expect((await app.post(`/api/v1/${plugin}/${sent.id}/reject`, undefined, company.token)).status).toBe(200);
    const refused = await app.post(`/api/v1/${plugin}/${sent.id}/send`, {}, company.token);
    expect(refused.status).toBe(409);
    const viewer = await addMember(app, company.token, 'viewer');
    const live = await offer(plugin, email);
    expect((await app.post(`/api/v1/${plugin}/${live.id}/send`, {}, viewer.token)).status).toBe(403);
    const other = await createCompany(app);
    expect((await app.post(`/api/v1/${plugin}/${live.id}/send`, {}, other.token)).status).toBe(404);
    expect(smtp.inbox.filter((m) => m.to.includes(email))).toEqual([]);
  });
});
