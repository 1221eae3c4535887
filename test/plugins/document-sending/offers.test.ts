/**
 * Quotes and proformas are sent like invoices (POST /{kind}/{id}/send over a real SMTP server): the
 * mail carries the kind's PDF, a draft becomes `sent`, the sending is listed; a rejected offer is
 * 409, a viewer 403, another company's offer 404.
 */
import { describe, expect, test } from 'bun:test';
import { createCompany } from '../../support/factories';
import { addMember } from '../../support/team';
import { createContact, pdfTexts, taxId } from '../../support/documents';
import { mailingCompanyPerFile, uniqueAddress } from '../../support/mail-documents';

const ctx = mailingCompanyPerFile();
const newAddress = () => uniqueAddress('cliente-oferta');

async function offer(plugin: string, email: string | null) {
  const customer = await createContact(ctx.app, ctx.company.token, { name: 'Cliente Ofertas SL', vat: 'B12345674', ...(email ? { email } : {}) });
  const res = await ctx.app.post(`/api/v1/${plugin}`, {
    contact_id: customer.id, issue_date: '2026-11-02', valid_until: '2099-12-31',
    lines: [{ description: 'Reforma de oficina', quantity: '1', unit_price: '2000.00', tax_type_id: taxId(ctx.company, 'IVA21') }],
  }, ctx.company.token);
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
    const res = await ctx.app.post(`/api/v1/${plugin}/${draft.id}/send`, {}, ctx.company.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ document_id: draft.id, number: draft.number, to: [email], attachments: ['pdf'] });
    const [mail] = ctx.smtp.inbox.filter((m) => m.to.includes(email));
    expect(mail.subject).toStartWith(`${subject} ${draft.number}`);
    expect(mail.text).toContain(draft.number);
    expect(mail.attachments).toHaveLength(1);
    const text = pdfTexts(new Uint8Array(mail.attachments[0].content)).join('\n');
    expect(text).toContain(title);
    expect(text).toContain(draft.number);
    expect(text).toContain('sin validez fiscal');
    expect((await ctx.app.get(`/api/v1/${plugin}/${draft.id}`, ctx.company.token)).body.status).toBe('sent');
    expect((await ctx.app.get(`/api/v1/${plugin}/${draft.id}/sendings`, ctx.company.token)).body.items.map((s: any) => s.to)).toEqual([[email]]);
  });

  test('a rejected one is 409, a viewer 403, another company 404; nothing is mailed', async () => {
    const email = newAddress();
    const sent = await offer(plugin, email);
    expect((await ctx.app.post(`/api/v1/${plugin}/${sent.id}/mark-sent`, undefined, ctx.company.token)).status).toBe(200);
    expect((await ctx.app.post(`/api/v1/${plugin}/${sent.id}/reject`, undefined, ctx.company.token)).status).toBe(200);
    const refused = await ctx.app.post(`/api/v1/${plugin}/${sent.id}/send`, {}, ctx.company.token);
    expect(refused.status).toBe(409);
    const viewer = await addMember(ctx.app, ctx.company.token, 'viewer');
    const live = await offer(plugin, email);
    expect((await ctx.app.post(`/api/v1/${plugin}/${live.id}/send`, {}, viewer.token)).status).toBe(403);
    const other = await createCompany(ctx.app);
    expect((await ctx.app.post(`/api/v1/${plugin}/${live.id}/send`, {}, other.token)).status).toBe(404);
    expect(ctx.smtp.inbox.filter((m) => m.to.includes(email))).toEqual([]);
  });
});
