import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { CUSTOMER_TYPES } from '../../../plugins/contacts/schemas';
import { createCompany } from '../../support/factories';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

/**
 * An invoice registered as simplified (F2) says so in its JSON, with the reason, as the VAT books
 * and VERI*FACTU record it; a complete invoice and a draft say it is not.
 */
let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp(); }, 60_000);
afterAll(() => app?.close());

const invoice = (company: { tenantId: string }, contactId: string, unitPrice: string, status?: string) => ({
  contact_id: contactId, issue_date: '2026-03-02', ...(status ? { status } : {}),
  lines: [{ description: 'Servicio', quantity: '1', unit_price: unitPrice, tax_type_id: taxId(company, 'IVA21') }],
});

describe('simplified in InvoiceResponse', () => {
  test('a business customer without its data, up to 400 € VAT included: simplified_invoice; in the list and GET too', async () => {
    const company = await createCompany(app);
    const customer = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Ticket Rápido SL' }, company.token)).body;
    const res = await app.post('/api/v1/invoices', invoice(company, customer.id, '100.00'), company.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ simplified: true, simplified_reason: 'simplified_invoice' });
    expect((await app.get(`/api/v1/invoices/${res.body.id}`, company.token)).body).toMatchObject({ simplified: true, simplified_reason: 'simplified_invoice' });
    const listed = (await app.get('/api/v1/invoices', company.token)).body.items.find((i: any) => i.id === res.body.id);
    expect(listed).toMatchObject({ simplified: true, simplified_reason: 'simplified_invoice' });
  });

  test('a private person without tax number: recipient_without_tax_id (F2 in the register as well)', async () => {
    const company = await createCompany(app);
    const person = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Lucía Pérez', customer_type: CUSTOMER_TYPES.find((t) => t !== 'business') }, company.token)).body;
    const res = await app.post('/api/v1/invoices', invoice(company, person.id, '1000.00'), company.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ simplified: true, simplified_reason: 'recipient_without_tax_id' });
    const books = await app.get('/api/v1/tax-books/issued?from=2026-03-01&to=2026-03-31', company.token);
    expect(books.status).toBe(200);
    expect(JSON.stringify(books.body)).toContain('F2');
  });

  test('a complete invoice and a draft are not simplified', async () => {
    const company = await createCompany(app);
    const customer = await createContact(app, company.token, { name: 'Cliente Completo SL' });
    const complete = await app.post('/api/v1/invoices', invoice(company, customer.id, '100.00'), company.token);
    expect(complete.status).toBe(201);
    expect(complete.body).toMatchObject({ simplified: false, simplified_reason: null });
    const bare = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Borrador SL' }, company.token)).body;
    const draft = await app.post('/api/v1/invoices', invoice(company, bare.id, '100.00', 'draft'), company.token);
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ simplified: false, simplified_reason: null });
  });
});
