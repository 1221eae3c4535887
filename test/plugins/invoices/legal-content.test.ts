import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { CUSTOMER_TYPES } from '../../../plugins/contacts/schemas';
import { registerUser, VALID_CIFS } from '../../support/factories';
import { createContact, download, pdfTexts, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

/**
 * Issuing a complete invoice needs the parties' data of art. 6.1 RD 1619/2012
 * (docs/domain/invoice-content.md): 422 listing every missing item, and nothing is issued.
 */
let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp(); }, 60_000);
afterAll(() => app?.close());

/** A company onboarded with name and tax number only (no address). */
async function bareCompany() {
  const user = await registerUser(app);
  const res = await app.post('/api/v1/auth/onboarding/complete', { name: `Sin Dirección ${crypto.randomUUID().slice(0, 6)} SL`, tax_id: VALID_CIFS[1] }, user.token);
  expect(res.status).toBe(200);
  return { token: res.body.access_token as string, tenantId: res.body.tenant.id as string };
}

/** An invoice of 1,000 € + VAT: above the 400 € up to which a simplified invoice may leave the customer out. */
const body = (company: { tenantId: string }, contactId: string, code = 'IVA21', status?: string, unitPrice = '1000.00') => ({
  contact_id: contactId, issue_date: '2026-03-02', ...(status ? { status } : {}),
  lines: [{ description: 'Servicio', quantity: '1', unit_price: unitPrice, tax_type_id: taxId(company, code) }],
});
/** The customer type of a private person (anything but `business`). */
const PRIVATE_PERSON = CUSTOMER_TYPES.find((type) => type !== 'business')!;
const locs = (res: { body: any }) => res.body.detail.map((d: any) => d.loc.join('.')).sort();
const invoiceCount = async (token: string) => (await app.get('/api/v1/invoices', token)).body.total;

describe('art. 6 content required to issue', () => {
  test('a company without an address and a business customer without tax number or address: 422 listing each, nothing issued', async () => {
    const company = await bareCompany();
    const customer = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente Sin Datos SL' }, company.token)).body;
    expect(customer.customer_type).toBe('business');
    const res = await app.post('/api/v1/invoices', body(company, customer.id), company.token);
    expect(res.status).toBe(422);
    expect(locs(res)).toEqual(['customer.address', 'customer.city', 'customer.postal_code', 'customer.vat', 'issuer.address', 'issuer.city', 'issuer.postal_code']);
    for (const item of res.body.detail) expect(item.type).toBe('value_error.invoice_content');
    expect(res.body.detail.find((d: any) => d.loc.join('.') === 'issuer.address').msg).toContain('PATCH /api/v1/tenants/me');
    expect(res.body.detail.find((d: any) => d.loc.join('.') === 'customer.vat').msg).toContain(`/api/v1/contacts/${customer.id}`);
    expect(await invoiceCount(company.token)).toBe(0);

    // A draft may be saved without them; issuing it is refused the same way, and it stays a draft.
    const draft = await app.post('/api/v1/invoices', body(company, customer.id, 'IVA21', 'draft'), company.token);
    expect(draft.status).toBe(201);
    const issue = await app.post(`/api/v1/invoices/${draft.body.id}/issue`, undefined, company.token);
    expect(issue.status).toBe(422);
    expect(locs(issue)).toEqual(locs(res));
    expect((await app.get(`/api/v1/invoices/${draft.body.id}`, company.token)).body).toMatchObject({ status: 'draft', number: null });

    // Completing the data makes the same draft issuable, with the data printed in its snapshots.
    expect((await app.patch('/api/v1/tenants/me', { address: 'Calle Alcalá 5', city: 'Madrid', postal_code: '28014' }, company.token)).status).toBe(200);
    expect((await app.patch(`/api/v1/contacts/${customer.id}`, { vat: 'B65410011', address: 'Rúa Nova 2', city: 'Lugo', postal_code: '27001' }, company.token)).status).toBe(200);
    const issued = await app.post(`/api/v1/invoices/${draft.body.id}/issue`, undefined, company.token);
    expect(issued.status).toBe(200);
    expect(issued.body.issuer).toMatchObject({ address: 'Calle Alcalá 5', city: 'Madrid', postal_code: '28014' });
    expect(issued.body.customer).toMatchObject({ tax_id: 'B65410011', address: 'Rúa Nova 2', city: 'Lugo', postal_code: '27001' });
  });

  test('a private customer needs only a name (tax number and address may be left out)', async () => {
    const company = await bareCompany();
    await app.patch('/api/v1/tenants/me', { address: 'Calle Alcalá 5', city: 'Madrid', postal_code: '28014' }, company.token);
    const person = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Lucía Pérez', customer_type: PRIVATE_PERSON }, company.token));
    expect(person.status).toBe(201);
    const res = await app.post('/api/v1/invoices', body(company, person.body.id), company.token);
    expect(res.status).toBe(201);
    expect(res.body.customer).toMatchObject({ name: 'Lucía Pérez', tax_id: null, address: null });
  });

  test('the issuer address is still required for a private customer; an export to a foreign business needs its address but not a Spanish tax number', async () => {
    const company = await bareCompany();
    const person = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Lucía Pérez', customer_type: PRIVATE_PERSON }, company.token)).body;
    const res = await app.post('/api/v1/invoices', body(company, person.id), company.token);
    expect(res.status).toBe(422);
    expect(locs(res)).toEqual(['issuer.address', 'issuer.city', 'issuer.postal_code']);

    await app.patch('/api/v1/tenants/me', { address: 'Calle Alcalá 5', city: 'Madrid', postal_code: '28014' }, company.token);
    const foreign = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Acme Inc', country: 'US' }, company.token)).body;
    const noAddress = await app.post('/api/v1/invoices', body(company, foreign.id, 'EXPORT'), company.token);
    expect(noAddress.status).toBe(422);
    expect(locs(noAddress)).toEqual(['customer.address', 'customer.city']);
    // the tax number its country gives it: the VERI*FACTU record of an F1 must identify the recipient (IDOtro)
    await app.patch(`/api/v1/contacts/${foreign.id}`, { address: '1 Main St', city: 'Springfield', vat: '12-3456789' }, company.token);
    expect((await app.post('/api/v1/invoices', body(company, foreign.id, 'EXPORT'), company.token)).status).toBe(201);
  });

  test('up to 400 € VAT included, a business customer without its data gets a simplified invoice (art. 4); the issuer still needs its address', async () => {
    const company = await bareCompany();
    const customer = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Ticket Rápido SL' }, company.token)).body;
    const withoutIssuer = await app.post('/api/v1/invoices', body(company, customer.id, 'IVA21', undefined, '330.57'), company.token);
    expect(withoutIssuer.status).toBe(422);
    expect(locs(withoutIssuer)).toEqual(['issuer.address', 'issuer.city', 'issuer.postal_code']);
    await app.patch('/api/v1/tenants/me', { address: 'Calle Alcalá 5', city: 'Madrid', postal_code: '28014' }, company.token);

    const simplified = await app.post('/api/v1/invoices', body(company, customer.id, 'IVA21', undefined, '330.58'), company.token); // 400.00 with VAT
    expect(simplified.status).toBe(201);
    expect(simplified.body.total).toBe('400.00');
    const pdf = pdfTexts((await download(app, `/api/v1/invoices/${simplified.body.id}/pdf`, company.token)).bytes, 'raw');
    expect(pdf).toContain('FACTURA SIMPLIFICADA');

    const over = await app.post('/api/v1/invoices', body(company, customer.id, 'IVA21', undefined, '330.59'), company.token); // 400.01
    expect(over.status).toBe(422);
    expect(locs(over)).toEqual(['customer.address', 'customer.city', 'customer.postal_code', 'customer.vat']);
    expect(over.body.detail[0].msg).toContain('simplified');

    // A complete invoice is titled as such.
    await app.patch(`/api/v1/contacts/${customer.id}`, { vat: 'B65410011', address: 'Rúa Nova 2', city: 'Lugo', postal_code: '27001' }, company.token);
    const complete = await app.post('/api/v1/invoices', body(company, customer.id, 'IVA21', undefined, '100.00'), company.token);
    const completePdf = pdfTexts((await download(app, `/api/v1/invoices/${complete.body.id}/pdf`, company.token)).bytes, 'raw');
    expect(completePdf).toContain('FACTURA');
    expect(completePdf.join('\n')).not.toContain('SIMPLIFICADA');
  });

  test('an exempt intra-EU supply is never simplified: the customer\'s tax number is required at any amount', async () => {
    const company = await bareCompany();
    await app.patch('/api/v1/tenants/me', { address: 'Calle Alcalá 5', city: 'Madrid', postal_code: '28014' }, company.token);
    const french = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Client SARL', country: 'FR' }, company.token)).body;
    const res = await app.post('/api/v1/invoices', body(company, french.id, 'IVAINTRA', undefined, '10.00'), company.token);
    expect(res.status).toBe(422);
    expect(locs(res)).toEqual(['body.contact_id', 'customer.address', 'customer.city']);
  });

  test('the helpers used by other tests supply complete data', async () => {
    const { createCompany } = await import('../../support/factories');
    const company = await createCompany(app);
    const customer = await createContact(app, company.token, { name: 'Cliente Completo SL' });
    expect((await app.post('/api/v1/invoices', body(company, customer.id), company.token)).status).toBe(201);
  });
});
