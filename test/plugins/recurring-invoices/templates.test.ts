/**
 * Recurring invoice templates over HTTP: create with defaults, read, list, change, pause, resume,
 * delete; the 422s of bad input; another company's template is 404 everywhere.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { backend } from '../../support/database';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp(); }, 60_000);
afterAll(() => app?.close());

const line = (company: TestCompany, fields: Record<string, unknown> = {}) => ({ description: 'Cuota de mantenimiento', quantity: '1', unit_price: '100.00', tax_type_id: taxId(company, 'IVA21'), ...fields });

async function setup() {
  const company = await createCompany(app);
  const customer = await createContact(app, company.token, { name: 'Cliente Mensual SL' });
  return { company, customer, body: { contact_id: customer.id, start_date: '2026-01-31', lines: [line(company)] } };
}

describe(`recurring invoice templates (${backend})`, () => {
  test('create with defaults, read, list, change, pause, resume and delete', async () => {
    const { company, customer, body } = await setup();
    const created = await app.post('/api/v1/recurring-invoices', body, company.token);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      contact_id: customer.id, series: 'F', frequency: 'monthly', interval_months: 1, start_date: '2026-01-31', end_date: null, day_of_month: 31,
      action: 'issue', send: false, due_days: null, notes: null, status: 'active', paused_on: null, next_period: '2026-01-31',
    });
    expect(created.body.lines).toEqual([line(company)]);
    const id = created.body.id;
    expect((await app.get(`/api/v1/recurring-invoices/${id}`, company.token)).body).toEqual(created.body);
    const list = await app.get('/api/v1/recurring-invoices?status=active', company.token);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, limit: 50, offset: 0 });
    expect(list.body.items.map((t: any) => t.id)).toEqual([id]);
    expect((await app.get('/api/v1/recurring-invoices?status=paused', company.token)).body.total).toBe(0);

    const patched = await app.patch(`/api/v1/recurring-invoices/${id}`, { frequency: 'yearly', day_of_month: 15, action: 'draft', send: true, due_days: 30, notes: 'Anual' }, company.token);
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ frequency: 'yearly', interval_months: 12, day_of_month: 15, action: 'draft', send: true, due_days: 30, notes: 'Anual', next_period: '2027-01-15' });
    // a field left out keeps its value (no default fills it in)
    const notesOnly = await app.patch(`/api/v1/recurring-invoices/${id}`, { notes: 'Anual, revisado' }, company.token);
    expect(notesOnly.body).toMatchObject({ frequency: 'yearly', action: 'draft', send: true, due_days: 30, notes: 'Anual, revisado' });

    const paused = await app.post(`/api/v1/recurring-invoices/${id}/pause`, undefined, company.token);
    expect(paused.status).toBe(200);
    expect(paused.body.status).toBe('paused');
    expect(paused.body.paused_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await app.post(`/api/v1/recurring-invoices/${id}/pause`, undefined, company.token)).status).toBe(409);
    const resumed = await app.post(`/api/v1/recurring-invoices/${id}/resume`, undefined, company.token);
    expect(resumed.body).toMatchObject({ status: 'active', paused_on: null });
    expect((await app.post(`/api/v1/recurring-invoices/${id}/resume`, undefined, company.token)).status).toBe(409);

    expect((await app.get(`/api/v1/recurring-invoices/${id}/runs`, company.token)).body).toMatchObject({ items: [], total: 0 });
    expect((await app.del(`/api/v1/recurring-invoices/${id}`, company.token)).status).toBe(204);
    expect((await app.get(`/api/v1/recurring-invoices/${id}`, company.token)).status).toBe(404);
  });

  test('bad input is 422 naming the field, before anything is stored', async () => {
    const { company, body } = await setup();
    const supplier = await createContact(app, company.token, { name: 'Proveedor SL', kind: 'supplier' });
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ interval_months: 13 }, ['body', 'interval_months']],
      [{ interval_months: 0 }, ['body', 'interval_months']],
      [{ day_of_month: 32 }, ['body', 'day_of_month']],
      [{ frequency: 'weekly' }, ['body', 'frequency']],
      [{ action: 'send' }, ['body', 'action']],
      [{ start_date: '2026-02-30' }, ['body', 'start_date']],
      [{ end_date: '2025-12-31' }, ['body', 'end_date']],
      [{ series: 'R' }, ['body', 'series']],
      [{ lines: [] }, ['body', 'lines']],
      [{ contact_id: supplier.id }, ['body', 'contact_id']],
      [{ lines: [line(company, { quantity: 'tres' })] }, ['body', 'lines', 0, 'quantity']],
      [{ lines: [line(company, { tax_type_id: taxId(company, 'IRPF15') })] }, ['body', 'lines', 0, 'tax_type_id']],
      [{ lines: [line(company, { revenue_account: '7999999' })] }, ['body', 'lines', 0, 'revenue_account']],
      [{ colour: 'blue' }, ['body', 'colour']],
    ];
    for (const [fields, loc] of cases) {
      const res = await app.post('/api/v1/recurring-invoices', { ...body, ...fields }, company.token);
      expect({ fields, status: res.status }).toEqual({ fields, status: 422 });
      expect(JSON.stringify(res.body.detail)).toContain(JSON.stringify(loc).slice(1, -1));
    }
    expect((await app.get('/api/v1/recurring-invoices', company.token)).body.total).toBe(0);
    const created = (await app.post('/api/v1/recurring-invoices', body, company.token)).body;
    expect((await app.patch(`/api/v1/recurring-invoices/${created.id}`, {}, company.token)).status).toBe(422);
    expect((await app.patch(`/api/v1/recurring-invoices/${created.id}`, { contact_id: supplier.id }, company.token)).status).toBe(422);
    expect((await app.patch(`/api/v1/recurring-invoices/${created.id}`, { end_date: '2026-01-01' }, company.token)).status).toBe(422);
    expect((await app.get('/api/v1/recurring-invoices/not-a-uuid', company.token)).status).toBe(422);
    expect((await app.get('/api/v1/recurring-invoices?limit=500', company.token)).status).toBe(422);
  });

  test('another company\'s template, runs and contacts answer 404, as if they did not exist', async () => {
    const { company, body } = await setup();
    const id = (await app.post('/api/v1/recurring-invoices', body, company.token)).body.id;
    const other = await createCompany(app);
    expect((await app.get(`/api/v1/recurring-invoices/${id}`, other.token)).status).toBe(404);
    expect((await app.patch(`/api/v1/recurring-invoices/${id}`, { notes: 'x' }, other.token)).status).toBe(404);
    expect((await app.post(`/api/v1/recurring-invoices/${id}/pause`, undefined, other.token)).status).toBe(404);
    expect((await app.post(`/api/v1/recurring-invoices/${id}/resume`, undefined, other.token)).status).toBe(404);
    expect((await app.get(`/api/v1/recurring-invoices/${id}/runs`, other.token)).status).toBe(404);
    expect((await app.del(`/api/v1/recurring-invoices/${id}`, other.token)).status).toBe(404);
    expect((await app.get('/api/v1/recurring-invoices', other.token)).body.total).toBe(0);
    // a template for another company's customer: the contact is not found
    expect((await app.post('/api/v1/recurring-invoices', { ...body, lines: [line(other)] }, other.token)).status).toBe(404);
    expect((await app.get(`/api/v1/recurring-invoices/${id}`, company.token)).status).toBe(200);
  });

  test('a contact with a template cannot be deleted (409); merging it moves the template to the survivor', async () => {
    const { company, customer, body } = await setup();
    const id = (await app.post('/api/v1/recurring-invoices', body, company.token)).body.id;
    expect((await app.del(`/api/v1/contacts/${customer.id}`, company.token)).status).toBe(409);
    const survivor = await createContact(app, company.token, { name: 'Cliente Superviviente SL' });
    expect((await app.post(`/api/v1/contacts/${survivor.id}/merge`, { duplicate_ids: [customer.id] }, company.token)).status).toBe(200);
    expect((await app.get(`/api/v1/recurring-invoices/${id}`, company.token)).body.contact_id).toBe(survivor.id);
  });
});
