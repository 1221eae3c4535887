import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { defineEntity, p } from '@mikro-orm/core';
import { Conflict } from '../../../kernel/errors';
import { sqlMigration, tenantRowLevelSecurity } from '../../../kernel/migration';
import { definePlugin } from '../../../kernel/plugin';
import type { Tx } from '../../../kernel/uow';
import { addContactStats } from '../../../plugins/contacts/api';
import '../../../plugins/contacts/hooks';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact, expectValidation } from './support';

/**
 * A stand-in for the invoices/purchases plugins: it owns a document table whose rows point to
 * contacts through a composite foreign key, and answers the contacts hooks the way they will.
 */
const TestDocumentSchema = defineEntity({
  name: 'ContactsTestDocument',
  tableName: 'contacts_test_documents',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    contactId: p.uuid(),
    side: p.string(),
    issueDate: p.string(),
    total: p.decimal(),
    outstanding: p.decimal(),
    locked: p.boolean(),
  },
});
class ContactsTestDocument extends TestDocumentSchema.class {}
TestDocumentSchema.setClass(ContactsTestDocument);

const documentsPlugin = definePlugin({
  name: 'contacts-test-documents',
  dependsOn: ['contacts'],
  entities: [ContactsTestDocument],
  migrations: [sqlMigration('20261122009100_contacts_test_documents', [
    `create table contacts_test_documents (
       id uuid primary key,
       tenant_id uuid not null references tenants (id),
       contact_id uuid not null,
       side text not null check (side in ('sale', 'purchase')),
       issue_date date not null,
       total numeric(18, 2) not null,
       outstanding numeric(18, 2) not null default 0,
       locked boolean not null default false,
       foreign key (tenant_id, contact_id) references contacts (tenant_id, id)
     )`,
    ...tenantRowLevelSecurity('contacts_test_documents'),
  ])],
  hooks: {
    sync: {
      'contact.merging': async (tx, payload) => {
        const moved = await tx.sql<{ id: string; locked: boolean }>(
          `update contacts_test_documents set contact_id = cast(:survivor as uuid)
           where tenant_id = :tenant and contact_id in (${payload.duplicateIds.map((_, i) => `cast(:d${i} as uuid)`).join(', ')})
           returning id, locked`,
          { survivor: payload.survivorId, ...Object.fromEntries(payload.duplicateIds.map((id, i) => [`d${i}`, id])) },
        );
        // After re-pointing (so a rollback is observable): a locked document refuses the merge.
        if (moved.some((d) => d.locked)) throw new Conflict('A locked document cannot change contact');
        payload.repointed += moved.length;
      },
      'contact.deleting': async (tx, payload) => {
        const [row] = await tx.sql<{ n: number }>(`select count(*)::int as n from contacts_test_documents where tenant_id = :tenant and contact_id = cast(:id as uuid)`, { id: payload.contactId });
        payload.references += row.n;
      },
      'contact.stats': async (tx, payload) => {
        const [row] = await tx.sql<any>(`
          select count(*)::int as documents,
                 coalesce(sum(total) filter (where side = 'sale'), 0)::text as invoiced,
                 coalesce(sum(total) filter (where side = 'purchase'), 0)::text as purchased,
                 coalesce(sum(outstanding), 0)::text as outstanding,
                 to_char(min(issue_date), 'YYYY-MM-DD') as first_date, to_char(max(issue_date), 'YYYY-MM-DD') as last_date
          from contacts_test_documents where tenant_id = :tenant and contact_id = cast(:id as uuid)`, { id: payload.contactId });
        addContactStats(payload.stats, { documents: row.documents, invoiced: row.invoiced, purchased: row.purchased, outstanding: row.outstanding, firstDate: row.first_date, lastDate: row.last_date });
      },
      'contact.activity': async (tx, payload) => {
        const rows = await tx.sql<any>(`
          select contact_id::text as contact_id, to_char(issue_date, 'YYYY-MM') as month, side, count(*)::int as documents, sum(total)::text as total
          from contacts_test_documents
          where tenant_id = :tenant and issue_date between cast(:from_day as date) and cast(:to_day as date)
          group by 1, 2, 3`, { from_day: payload.from, to_day: payload.to });
        payload.rows.push(...rows);
      },
    },
  },
});

let app: TestApp;
let company: TestCompany;
beforeAll(async () => {
  app = await startTestApp({ extraPlugins: [documentsPlugin] });
  company = await createCompany(app);
}, 60_000);
afterAll(() => app.close());

async function addDocument(tenantId: string, contactId: string, fields: { side?: 'sale' | 'purchase'; date?: string; total: string; outstanding?: string; locked?: boolean }) {
  await app.kernel.unitOfWork(null).run(async (tx: Tx) => {
    tx.em.create(ContactsTestDocument, {
      id: crypto.randomUUID(), contactId, side: fields.side ?? 'sale', issueDate: fields.date ?? '2026-01-15',
      total: fields.total, outstanding: fields.outstanding ?? '0.00', locked: fields.locked ?? false,
    } as any);
  }, { tenantId });
}
async function documentsOf(tenantId: string, contactId: string): Promise<number> {
  const [row] = await app.kernel.unitOfWork(null).run((tx) => tx.sql<{ n: number }>(
    `select count(*)::int as n from contacts_test_documents where tenant_id = :tenant and contact_id = cast(:id as uuid)`, { id: contactId }), { tenantId });
  return row.n;
}

describe('stats', () => {
  test('zeros without documents; sums exact decimals, counts and the date range from the document plugin', async () => {
    const contact = await createContact(app, company.token, { name: 'Con estadísticas' });
    const empty = await app.get(`/api/v1/contacts/${contact.id}/stats`, company.token);
    expect(empty.body).toEqual({ documents_count: 0, invoiced_total: '0.00', purchased_total: '0.00', outstanding_total: '0.00', first_document_date: null, last_document_date: null });
    await addDocument(company.tenantId, contact.id, { total: '1210.10', outstanding: '1210.10', date: '2026-03-05' });
    await addDocument(company.tenantId, contact.id, { total: '0.10', date: '2025-12-31' });
    await addDocument(company.tenantId, contact.id, { total: '0.20', date: '2026-02-01' });
    await addDocument(company.tenantId, contact.id, { side: 'purchase', total: '99.99', outstanding: '50.00', date: '2026-01-10' });
    const stats = await app.get(`/api/v1/contacts/${contact.id}/stats`, company.token);
    expect(stats.body).toEqual({ documents_count: 4, invoiced_total: '1210.40', purchased_total: '99.99', outstanding_total: '1260.10', first_document_date: '2025-12-31', last_document_date: '2026-03-05' });
  });
});

describe('delete guard', () => {
  test('a contact that documents point to is 409 and stays; one without documents is deleted', async () => {
    const used = await createContact(app, company.token, { name: 'Con facturas' });
    await addDocument(company.tenantId, used.id, { total: '10.00' });
    const refused = await app.del(`/api/v1/contacts/${used.id}`, company.token);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('1 document');
    expect((await app.get(`/api/v1/contacts/${used.id}`, company.token)).status).toBe(200);
    const unused = await createContact(app, company.token, { name: 'Sin facturas' });
    expect((await app.del(`/api/v1/contacts/${unused.id}`, company.token)).status).toBe(204);
  });
});

describe('merge', () => {
  test('re-points every duplicate\'s documents, fills vat and country from the first duplicate that has them, deletes the duplicates', async () => {
    const keep = await createContact(app, company.token, { name: 'Cliente Duplicado', kind: 'customer', email: 'a@example.com' });
    const dupNoVat = await createContact(app, company.token, { name: 'Cliente Duplicado (2)', kind: 'customer' });
    const dupFrench = await createContact(app, company.token, { name: 'Client Dupliqué', kind: 'supplier', country: 'FR', vat: 'FR40303265045' });
    const dupGerman = await createContact(app, company.token, { name: 'Kunde Doppelt', kind: 'customer', country: 'DE', vat: 'DE136695976' });
    await addDocument(company.tenantId, keep.id, { total: '100.00' });
    await addDocument(company.tenantId, dupNoVat.id, { total: '1.00' });
    await addDocument(company.tenantId, dupFrench.id, { side: 'purchase', total: '2.00' });
    await addDocument(company.tenantId, dupFrench.id, { total: '3.00' });
    await addDocument(company.tenantId, dupGerman.id, { total: '4.00' });

    const res = await app.post(`/api/v1/contacts/${keep.id}/merge`, { duplicate_ids: [dupNoVat.id, dupFrench.id, dupGerman.id] }, company.token);
    expect(res.status).toBe(200);
    expect(res.body.merged_ids).toEqual([dupNoVat.id, dupFrench.id, dupGerman.id]);
    expect(res.body.documents_repointed).toBe(4);
    expect(res.body.contact).toMatchObject({ id: keep.id, name: 'Cliente Duplicado', email: 'a@example.com', vat: 'FR40303265045', country: 'FR', vat_valid: true, kind: 'customer', customer_and_supplier: true });
    expect(await documentsOf(company.tenantId, keep.id)).toBe(5);
    for (const dup of [dupNoVat, dupFrench, dupGerman]) {
      expect((await app.get(`/api/v1/contacts/${dup.id}`, company.token)).status).toBe(404);
      expect(await documentsOf(company.tenantId, dup.id)).toBe(0);
    }
    expect((await app.get(`/api/v1/contacts/${keep.id}/stats`, company.token)).body).toMatchObject({ documents_count: 5, invoiced_total: '108.00', purchased_total: '2.00' });
    expect((await app.get(`/api/v1/contacts?search=${encodeURIComponent('FR40303265045')}`, company.token)).body.items.map((c: any) => c.id)).toEqual([keep.id]);
  });

  test('a survivor that has a tax number keeps it and its country; documents_repointed is 0 when there are none', async () => {
    const keep = await createContact(app, company.token, { name: 'Con NIF', vat: 'B12345674' });
    const dup = await createContact(app, company.token, { name: 'Con NIF (copia)', country: 'DE', vat: 'DE136695976' });
    const res = await app.post(`/api/v1/contacts/${keep.id}/merge`, { duplicate_ids: [dup.id] }, company.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ documents_repointed: 0, merged_ids: [dup.id] });
    expect(res.body.contact).toMatchObject({ vat: 'B12345674', country: 'ES', kind: 'customer' });
  });

  test("a duplicate of another tenant is 404 and nothing changes", async () => {
    const other = await createCompany(app);
    const keep = await createContact(app, company.token, { name: 'Mío' });
    const mine = await createContact(app, company.token, { name: 'Mío duplicado', vat: 'B12345674' });
    const theirs = await createContact(app, other.token, { name: 'Suyo' });
    await addDocument(company.tenantId, mine.id, { total: '5.00' });
    await addDocument(other.tenantId, theirs.id, { total: '7.00' });
    const res = await app.post(`/api/v1/contacts/${keep.id}/merge`, { duplicate_ids: [mine.id, theirs.id] }, company.token);
    const random = await app.post(`/api/v1/contacts/${keep.id}/merge`, { duplicate_ids: [mine.id, crypto.randomUUID()] }, company.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(random.body);
    expect((await app.get(`/api/v1/contacts/${mine.id}`, company.token)).body.vat).toBe('B12345674');
    expect((await app.get(`/api/v1/contacts/${keep.id}`, company.token)).body.vat).toBeNull();
    expect(await documentsOf(company.tenantId, mine.id)).toBe(1);
    expect(await documentsOf(other.tenantId, theirs.id)).toBe(1);
    expect((await app.get(`/api/v1/contacts/${theirs.id}`, other.token)).status).toBe(200);
  });

  test('one transaction: a document plugin that refuses rolls back the re-pointing done so far', async () => {
    const keep = await createContact(app, company.token, { name: 'Superviviente' });
    const dup = await createContact(app, company.token, { name: 'Bloqueado', vat: '12345678Z' });
    await addDocument(company.tenantId, dup.id, { total: '1.00' });
    await addDocument(company.tenantId, dup.id, { total: '2.00', locked: true });
    const res = await app.post(`/api/v1/contacts/${keep.id}/merge`, { duplicate_ids: [dup.id] }, company.token);
    expect(res.status).toBe(409);
    expect(await documentsOf(company.tenantId, dup.id)).toBe(2);
    expect(await documentsOf(company.tenantId, keep.id)).toBe(0);
    expect((await app.get(`/api/v1/contacts/${keep.id}`, company.token)).body.vat).toBeNull();
    expect((await app.get(`/api/v1/contacts/${dup.id}`, company.token)).status).toBe(200);
  });

  test('bad merge requests are 422 and change nothing', async () => {
    const keep = await createContact(app, company.token, { name: 'Guardar' });
    const dup = await createContact(app, company.token, { name: 'Duplicado' });
    const url = `/api/v1/contacts/${keep.id}/merge`;
    expectValidation(await app.post(url, { duplicate_ids: [dup.id, keep.id] }, company.token), ['body', 'duplicate_ids', 1]);
    expectValidation(await app.post(url, { duplicate_ids: [] }, company.token), ['body', 'duplicate_ids']);
    expectValidation(await app.post(url, { duplicate_ids: Array.from({ length: 101 }, () => crypto.randomUUID()) }, company.token), ['body', 'duplicate_ids']);
    expectValidation(await app.post(url, { duplicate_ids: [dup.id, dup.id] }, company.token), ['body', 'duplicate_ids']);
    expect((await app.post(url, { duplicate_ids: ['nope'] }, company.token)).status).toBe(422);
    expectValidation(await app.post(url, {}, company.token), ['body', 'duplicate_ids']);
    expect((await app.post('/api/v1/contacts/not-a-uuid/merge', { duplicate_ids: [dup.id] }, company.token)).status).toBe(422);
    expect((await app.get(`/api/v1/contacts/${dup.id}`, company.token)).status).toBe(200);
    // 100 is allowed (all unknown here: 404, not 422)
    expect((await app.post(url, { duplicate_ids: Array.from({ length: 100 }, () => crypto.randomUUID()) }, company.token)).status).toBe(404);
  });
});

describe('insights from documents', () => {
  test('activity per month and top counterparties come from the document plugins', async () => {
    const own = await createCompany(app);
    const alfa = await createContact(app, own.token, { name: 'Alfa', kind: 'customer' });
    const beta = await createContact(app, own.token, { name: 'Beta', kind: 'customer', customer_and_supplier: true });
    const gamma = await createContact(app, own.token, { name: 'Gamma', kind: 'supplier' });
    const now = new Date();
    const day = (monthsAgo: number, d = 10) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, d)).toISOString().slice(0, 10);
    await addDocument(own.tenantId, alfa.id, { total: '100.00', date: day(0) });
    await addDocument(own.tenantId, alfa.id, { total: '50.50', date: day(1) });
    await addDocument(own.tenantId, beta.id, { total: '300.00', date: day(0, 1) });
    await addDocument(own.tenantId, beta.id, { side: 'purchase', total: '20.00', date: day(0) });
    await addDocument(own.tenantId, gamma.id, { side: 'purchase', total: '80.00', date: day(1) });
    await addDocument(own.tenantId, gamma.id, { side: 'purchase', total: '999.00', date: day(5) });

    const insights = (await app.get('/api/v1/contacts-insights?months=2', own.token)).body;
    expect(insights.activity).toEqual([
      { month: day(1).slice(0, 7), active_customers: 1, active_suppliers: 1, sales_total: '50.50', purchases_total: '80.00', documents: 2 },
      { month: day(0).slice(0, 7), active_customers: 2, active_suppliers: 1, sales_total: '400.00', purchases_total: '20.00', documents: 3 },
    ]);
    expect(insights.top_customers).toEqual([
      { contact_id: beta.id, name: 'Beta', documents: 1, total: '300.00' },
      { contact_id: alfa.id, name: 'Alfa', documents: 2, total: '150.50' },
    ]);
    expect(insights.top_suppliers).toEqual([
      { contact_id: gamma.id, name: 'Gamma', documents: 1, total: '80.00' },
      { contact_id: beta.id, name: 'Beta', documents: 1, total: '20.00' },
    ]);
    const wide = (await app.get('/api/v1/contacts-insights?months=6', own.token)).body;
    expect(wide.top_suppliers[0]).toEqual({ contact_id: gamma.id, name: 'Gamma', documents: 2, total: '1079.00' });
  });
});

describe('cross-tenant', () => {
  test("another tenant's contact id answers exactly like a random id on every route, and is left untouched", async () => {
    const other = await createCompany(app);
    const theirs = await createContact(app, other.token, { name: 'Ajeno', vat: 'B12345674' });
    await addDocument(other.tenantId, theirs.id, { total: '42.00' });
    const mine = await createContact(app, company.token, { name: 'Propio' });
    const random = crypto.randomUUID();
    const calls: [string, (id: string) => string, unknown?][] = [
      ['GET', (id) => `/api/v1/contacts/${id}`],
      ['PATCH', (id) => `/api/v1/contacts/${id}`, { name: 'Robado' }],
      ['DELETE', (id) => `/api/v1/contacts/${id}`],
      ['GET', (id) => `/api/v1/contacts/${id}/stats`],
      ['GET', (id) => `/api/v1/contacts/${id}/tax-suggestion?context=sale`],
      ['GET', (id) => `/api/v1/contacts/${id}/tax-suggestion?context=purchase&nature=goods`],
      ['POST', (id) => `/api/v1/contacts/${id}/merge`, { duplicate_ids: [mine.id] }],
    ];
    for (const [method, path, body] of calls) {
      const foreign = await app.request(method, path(theirs.id), { token: company.token, body });
      const missing = await app.request(method, path(random), { token: company.token, body });
      expect([method, path(':id'), foreign.status]).toEqual([method, path(':id'), 404]);
      expect([method, path(':id'), foreign.body]).toEqual([method, path(':id'), missing.body]);
    }
    const asDuplicate = await app.post(`/api/v1/contacts/${mine.id}/merge`, { duplicate_ids: [theirs.id] }, company.token);
    const randomDuplicate = await app.post(`/api/v1/contacts/${mine.id}/merge`, { duplicate_ids: [random] }, company.token);
    expect(asDuplicate.status).toBe(404);
    expect(asDuplicate.body).toEqual(randomDuplicate.body);
    const untouched = await app.get(`/api/v1/contacts/${theirs.id}`, other.token);
    expect(untouched.body).toMatchObject({ name: 'Ajeno', vat: 'B12345674' });
    expect(await documentsOf(other.tenantId, theirs.id)).toBe(1);
    expect((await app.get(`/api/v1/contacts/${mine.id}`, company.token)).status).toBe(200);
    const lists = [await app.get('/api/v1/contacts?search=ajeno', company.token), await app.get('/api/v1/contacts/summary?search=ajeno', company.token)];
    expect(lists.map((r) => r.body.total)).toEqual([0, 0]);
  });
});
