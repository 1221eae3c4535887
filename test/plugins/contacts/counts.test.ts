import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';
import { insertContactsSql } from './support';

// contact_counts (migrations.ts) is kept by triggers: after any mix of writes it must equal a recount
// of the contacts, and every unsearched list and summary must answer what counting the contacts answers.
let app: DocumentsTestApp;
let companies: TestCompany[];

beforeAll(async () => {
  app = await startDocumentsApp();
  companies = [await createCompany(app), await createCompany(app)];
}, 60_000);
afterAll(() => app.close());

const GROUP = `tenant_id::text, kind, customer_and_supplier, country::text, customer_type, has_vat, has_payment_processor, external_source`;
async function countsAgainstRecount() {
  const kept = await app.asOwner<Record<string, unknown>>(`select ${GROUP}, contacts::int as n from contact_counts where contacts > 0 order by 1, 2, 3, 4, 5, 6, 7, 8`);
  const recounted = await app.asOwner<Record<string, unknown>>(`
    select tenant_id::text, kind, customer_and_supplier, country::text, customer_type, vat is not null as has_vat,
           payment_processor_id is not null as has_payment_processor, coalesce(external_source, '') as external_source, count(*)::int as n
    from contacts group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8`);
  return { kept, recounted };
}

const FILTERS: Record<string, string>[] = [
  {}, { kind: 'customer' }, { kind: 'supplier' }, { country: 'es' }, { country: 'FR' }, { customer_type: 'individual' },
  { has_vat: 'true' }, { has_vat: 'false' }, { external_source: 'shopify' }, { external_source: '' },
  { kind: 'supplier', country: 'ES', has_vat: 'true' }, { kind: 'customer', customer_type: 'business', external_source: 'holded' },
];

/** Each filter's list total and summary as the API answers, next to the same counted from the contacts. */
async function totalsAgainstRecount(company: TestCompany) {
  const answered: unknown[] = [];
  const recounted: unknown[] = [];
  for (const filters of FILTERS) {
    const query = new URLSearchParams(filters).toString();
    const list = await app.get(`/api/v1/contacts?limit=1&${query}`, company.token);
    const summary = await app.get(`/api/v1/contacts/summary?${query}`, company.token);
    expect([query, list.status, summary.status]).toEqual([query, 200, 200]);
    answered.push([query, list.body.total, summary.body]);
    const where = [`tenant_id = '${company.tenantId}'`];
    if (filters.kind) where.push(`(kind = '${filters.kind}' or customer_and_supplier)`);
    if (filters.country) where.push(`country = '${filters.country.toUpperCase()}'`);
    if (filters.customer_type) where.push(`customer_type = '${filters.customer_type}'`);
    if (filters.has_vat) where.push(`vat is ${filters.has_vat === 'true' ? 'not ' : ''}null`);
    if (filters.external_source) where.push(`external_source = '${filters.external_source}'`);
    const [row] = await app.asOwner<any>(`select count(*)::int as total,
        count(*) filter (where kind = 'customer' or customer_and_supplier)::int as customers,
        count(*) filter (where kind = 'supplier' or customer_and_supplier)::int as suppliers,
        count(*) filter (where vat is null)::int as without_vat,
        count(*) filter (where payment_processor_id is not null)::int as payment_processor_linked
      from contacts where ${where.join(' and ')}`);
    recounted.push([query, row.total, row]);
  }
  return { answered, recounted };
}

const contactFields = fc.record({
  kind: fc.constantFrom('customer', 'supplier'),
  customer_and_supplier: fc.boolean(),
  country: fc.constantFrom('ES', 'FR', 'PT'),
  customer_type: fc.constantFrom('business', 'individual'),
  vat: fc.constantFrom(null, 'B12345674', 'A58818501'),
  payment_processor_id: fc.constantFrom(null, 'cus_1'),
  external_source: fc.constantFrom(null, 'shopify', 'holded'),
});
type Fields = typeof contactFields extends fc.Arbitrary<infer T> ? T : never;
const body = (fields: Fields, name: string) => ({ ...fields, vat: fields.country === 'ES' ? fields.vat : null, name, external_id: fields.external_source ? crypto.randomUUID() : null });

const operation = fc.oneof(
  fc.record({ op: fc.constant('create' as const), company: fc.nat(1), fields: contactFields }),
  fc.record({ op: fc.constant('patch' as const), company: fc.nat(1), pick: fc.nat(), fields: contactFields }),
  fc.record({ op: fc.constant('delete' as const), company: fc.nat(1), pick: fc.nat() }),
  fc.record({ op: fc.constant('merge' as const), company: fc.nat(1), pick: fc.nat(), others: fc.nat(3) }),
  fc.record({ op: fc.constant('bulk' as const), company: fc.nat(1), count: fc.integer({ min: 1, max: 40 }) }),
);

describe('contact_counts', () => {
  test('any mix of creates, updates, deletes, merges and bulk inserts leaves the counts equal to a recount', async () => {
    const ids: string[][] = [[], []];
    let step = 0;
    await fc.assert(fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 25 }), async (operations) => {
      for (const o of operations) {
        const company = companies[o.company];
        const own = ids[o.company];
        step++;
        if (o.op === 'create') {
          const res = await app.post('/api/v1/contacts', body(o.fields, `Contacto ${step}`), company.token);
          expect([res.status, res.body]).toEqual([201, expect.anything()]);
          own.push(res.body.id);
        } else if (o.op === 'patch' && own.length) {
          const { name: _, ...fields } = body(o.fields, '');
          const res = await app.patch(`/api/v1/contacts/${own[o.pick % own.length]}`, fields, company.token);
          expect([res.status, res.body]).toEqual([200, expect.anything()]);
        } else if (o.op === 'delete' && own.length) {
          const [id] = own.splice(o.pick % own.length, 1);
          expect((await app.del(`/api/v1/contacts/${id}`, company.token)).status).toBe(204);
        } else if (o.op === 'merge' && own.length > o.others) {
          const keep = own[o.pick % own.length];
          const duplicates = own.filter((id) => id !== keep).slice(0, o.others + 1);
          const res = await app.post(`/api/v1/contacts/${keep}/merge`, { duplicate_ids: duplicates }, company.token);
          expect([res.status, res.body]).toEqual([200, expect.anything()]);
          ids[o.company] = own.filter((id) => !duplicates.includes(id));
        } else if (o.op === 'bulk') {
          await insertContactsSql(app, company.tenantId, o.count, `Lote ${step}`);
        }
      }
      const { kept, recounted } = await countsAgainstRecount();
      expect(kept).toEqual(recounted);
    }), { numRuns: 6, seed: 20261124 });
    for (const company of companies) {
      const { answered, recounted } = await totalsAgainstRecount(company);
      expect(answered).toEqual(recounted);
    }
  }, 120_000);

  test('a company is erased: its counts go with its contacts; the other keeps its own', async () => {
    const [a, b] = companies;
    await app.kernel.unitOfWork(null).run((tx) => tx.sql('delete from contacts where tenant_id = :tenant'), { tenantId: a.tenantId });
    const left = await app.asOwner<{ tenant_id: string }>(`select distinct tenant_id::text from contact_counts`);
    expect(left.map((r) => r.tenant_id)).not.toContain(a.tenantId);
    const { kept, recounted } = await countsAgainstRecount();
    expect(kept).toEqual(recounted);
    expect((await app.get('/api/v1/contacts?limit=1', a.token)).body.total).toBe(0);
    expect((await totalsAgainstRecount(b)).answered).toEqual((await totalsAgainstRecount(b)).recounted);
  });

  test('the application role can read its company counts and write none', async () => {
    const [, b] = companies;
    const rows = await app.asAppRole<{ n: number }>(b.tenantId, `select count(*)::int as n from contact_counts`);
    expect(rows[0].n).toBeGreaterThan(0);
    const visible = await app.asAppRole<{ t: string }>(b.tenantId, `select distinct tenant_id::text as t from contact_counts`);
    expect(visible.map((r) => r.t)).toEqual([b.tenantId]);
    await expect(app.asAppRole(b.tenantId, `update contact_counts set contacts = contacts + 1`)).rejects.toThrow();
  });
});
