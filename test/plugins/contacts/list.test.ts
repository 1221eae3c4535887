import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact, download, expectValidation, insertContactsSql } from './support';

let app: TestApp;
let company: TestCompany;
let contacts: any[] = [];

const DATASET: Record<string, unknown>[] = [
  { name: 'Français Boulangerie', kind: 'customer', country: 'FR', customer_type: 'individual', external_source: 'shopify' },
  { name: 'Müller GmbH', kind: 'supplier', country: 'DE', vat: 'DE136695976', email: 'info@mueller.de' },
  { name: 'Panadería Núñez', kind: 'customer', customer_and_supplier: true, vat: 'B12345674', email: 'pan@nunez.es', external_source: 'holded', payment_processor_id: 'cus_1' },
  { name: 'Ana García', kind: 'customer', customer_type: 'individual', vat: '12345678Z', email: 'ana.garcia@example.com', payment_processor_id: 'cus_2', external_source: 'shopify' },
  { name: 'Acme Inc', kind: 'supplier', country: 'US', vat: '12-3456789', legal_name: 'ACME Corporation Españolísima', external_source: 'holded' },
  { name: 'zeta 100% real_name', kind: 'customer' },
  { name: 'Œuvre Ærø Straße', kind: 'customer', country: 'DK', customer_type: 'individual' },
];

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The test's own reading of each filter, applied to what the API returned at creation. */
function matches(contact: any, filters: Record<string, any>): boolean {
  if (filters.search !== undefined) {
    const haystack = [contact.name, contact.legal_name, contact.vat, contact.email].filter(Boolean).map(fold);
    if (!haystack.some((field) => field.includes(fold(filters.search).trim()))) return false;
  }
  if (filters.kind !== undefined && contact.kind !== filters.kind && !contact.customer_and_supplier) return false;
  if (filters.country !== undefined && contact.country !== filters.country.toUpperCase()) return false;
  if (filters.customer_type !== undefined && contact.customer_type !== filters.customer_type) return false;
  if (filters.has_vat !== undefined && (contact.vat !== null) !== filters.has_vat) return false;
  if (filters.external_source !== undefined && contact.external_source !== filters.external_source) return false;
  return true;
}
const byNameKey = (a: any, b: any) => (fold(a.name) < fold(b.name) ? -1 : fold(a.name) > fold(b.name) ? 1 : a.id < b.id ? -1 : 1);
const queryOf = (filters: Record<string, any>) => new URLSearchParams(Object.entries(filters).map(([k, v]): [string, string] => [k, String(v)])).toString();

beforeAll(async () => {
  app = await startTestApp();
  company = await createCompany(app);
  for (const fields of DATASET) contacts.push(await createContact(app, company.token, fields));
}, 60_000);
afterAll(() => app.close());

const FILTER_VALUES: Record<string, unknown[]> = {
  search: ['francais', 'FRANÇAIS', 'nunez', 'espanolisima', 'b12345674', 'mueller.de', '100%', 'l_n', 'a', 'oeuvre', 'zzz', 'Ñ'],
  kind: ['customer', 'supplier'],
  country: ['ES', 'fr', 'DE'],
  customer_type: ['business', 'individual'],
  has_vat: [true, false],
  external_source: ['shopify', 'holded'],
};

async function expectFiltered(filters: Record<string, any>) {
  const expected = contacts.filter((c) => matches(c, filters)).sort(byNameKey);
  const list = await app.get(`/api/v1/contacts?${queryOf(filters)}`, company.token);
  expect([filters, list.status]).toEqual([filters, 200]);
  expect([filters, list.body.items.map((c: any) => c.name), list.body.total]).toEqual([filters, expected.map((c) => c.name), expected.length]);
  const summary = await app.get(`/api/v1/contacts/summary?${queryOf(filters)}`, company.token);
  expect([filters, summary.body]).toEqual([filters, {
    total: expected.length,
    customers: expected.filter((c) => c.kind === 'customer' || c.customer_and_supplier).length,
    suppliers: expected.filter((c) => c.kind === 'supplier' || c.customer_and_supplier).length,
    without_vat: expected.filter((c) => c.vat === null).length,
    payment_processor_linked: expected.filter((c) => c.payment_processor_id !== null).length,
  }]);
  return expected;
}

describe('list and summary filters', () => {
  test('no filter: everything, ordered by name without accents or case', async () => {
    const all = await expectFiltered({});
    expect(all).toHaveLength(DATASET.length);
    const summary = (await app.get('/api/v1/contacts/summary', company.token)).body;
    expect(summary).toEqual({ total: 7, customers: 5, suppliers: 3, without_vat: 3, payment_processor_linked: 2 });
  });

  test('search is case- and accent-insensitive over name, legal name, tax number and email; LIKE wildcards are literal', async () => {
    const names = async (search: string) => (await app.get(`/api/v1/contacts?${queryOf({ search })}`, company.token)).body.items.map((c: any) => c.name);
    expect(await names('francais')).toEqual(['Français Boulangerie']);
    expect(await names('FRANÇAIS')).toEqual(['Français Boulangerie']);
    expect(await names('panaderia nunez')).toEqual(['Panadería Núñez']);
    expect(await names('españolísima')).toEqual(['Acme Inc']);
    expect(await names('B12345674')).toEqual(['Panadería Núñez']);
    expect(await names('ANA.GARCIA@')).toEqual(['Ana García']);
    expect(await names('100%')).toEqual(['zeta 100% real_name']);
    expect(await names('0%')).toEqual(['zeta 100% real_name']);
    expect(await names('e_l')).toEqual([]);
    expect(await names('l_n')).toEqual(['zeta 100% real_name']);
    expect(await names('')).toHaveLength(DATASET.length);
    // a search never matches across two fields
    expect(await names('gmbh info')).toEqual([]);
    expect(await names('gmbh\ninfo')).toEqual([]);
  });

  test('every filter alone matches the same contacts in list and summary', async () => {
    for (const [key, values] of Object.entries(FILTER_VALUES)) {
      for (const value of values) await expectFiltered({ [key]: value });
    }
  });

  test('every pair of filters combined', async () => {
    const keys = Object.keys(FILTER_VALUES);
    let nonEmpty = 0;
    for (let i = 0; i < keys.length; i++) {
      for (let j = i + 1; j < keys.length; j++) {
        for (const a of FILTER_VALUES[keys[i]]) {
          for (const b of FILTER_VALUES[keys[j]]) {
            if ((await expectFiltered({ [keys[i]]: a, [keys[j]]: b })).length) nonEmpty++;
          }
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(30);
  });

  test('all filters at once', async () => {
    const hit = await expectFiltered({ search: 'a', kind: 'customer', country: 'ES', customer_type: 'individual', has_vat: true, external_source: 'shopify' });
    expect(hit.map((c) => c.name)).toEqual(['Ana García']);
    expect(await expectFiltered({ search: 'nunez', kind: 'supplier', country: 'es', customer_type: 'business', has_vat: true, external_source: 'holded' })).toHaveLength(1);
    expect(await expectFiltered({ search: 'nunez', kind: 'supplier', country: 'es', customer_type: 'business', has_vat: false, external_source: 'holded' })).toHaveLength(0);
  });
});

describe('pagination', () => {
  test('limit/offset walk the whole set once; total is the filtered count on every page', async () => {
    const own = await createCompany(app);
    await insertContactsSql(app, own.tenantId, 120, 'Página');
    await createContact(app, own.token, { name: 'Otro nombre' });
    const seen: string[] = [];
    for (const offset of [0, 50, 100]) {
      const page = await app.get(`/api/v1/contacts?search=pagina&limit=50&offset=${offset}`, own.token);
      expect(page.body).toMatchObject({ total: 120, limit: 50, offset });
      seen.push(...page.body.items.map((c: any) => c.name));
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen).toEqual([...seen].sort());
    const defaults = await app.get('/api/v1/contacts', own.token);
    expect(defaults.body).toMatchObject({ total: 121, limit: 50, offset: 0 });
    expect(defaults.body.items).toHaveLength(50);
    expect((await app.get('/api/v1/contacts?limit=500', own.token)).body.items).toHaveLength(121);
    const past = await app.get('/api/v1/contacts?offset=500', own.token);
    expect(past.body).toMatchObject({ items: [], total: 121, offset: 500 });
    const lastPage = await app.get('/api/v1/contacts?limit=7&offset=119', own.token);
    expect(lastPage.body.items).toHaveLength(2);
    expect(lastPage.body.total).toBe(121);
    // another company's contacts never show up, not even in the counts
    expect((await app.get('/api/v1/contacts?search=pagina', company.token)).body.total).toBe(0);
    expect((await app.get('/api/v1/contacts/summary', own.token)).body.total).toBe(121);
  });

  test('every limit is a 422 naming the parameter, on list and summary', async () => {
    const cases: [string, string, string][] = [
      ['/api/v1/contacts', 'limit=0', 'limit'],
      ['/api/v1/contacts', 'limit=501', 'limit'],
      ['/api/v1/contacts', 'limit=-5', 'limit'],
      ['/api/v1/contacts', 'limit=ten', 'limit'],
      ['/api/v1/contacts', 'limit=1.5', 'limit'],
      ['/api/v1/contacts', 'offset=-1', 'offset'],
      ['/api/v1/contacts', 'offset=x', 'offset'],
      ['/api/v1/contacts', 'offset=1e20', 'offset'],
      ['/api/v1/contacts', 'offset=99999999999999999999', 'offset'],
      ['/api/v1/contacts', 'limit=1e3', 'limit'],
      ['/api/v1/contacts-insights', 'months=1e3', 'months'],
      ['/api/v1/contacts', 'country=E', 'country'],
      ['/api/v1/contacts', 'country=ESP', 'country'],
      ['/api/v1/contacts', 'country=1A', 'country'],
      ['/api/v1/contacts', `external_source=${'x'.repeat(33)}`, 'external_source'],
      ['/api/v1/contacts', 'kind=partner', 'kind'],
      ['/api/v1/contacts', 'customer_type=government', 'customer_type'],
      ['/api/v1/contacts', 'has_vat=maybe', 'has_vat'],
      ['/api/v1/contacts', `search=${'x'.repeat(201)}`, 'search'],
      ['/api/v1/contacts/summary', 'country=ESP', 'country'],
      ['/api/v1/contacts/summary', `external_source=${'x'.repeat(33)}`, 'external_source'],
      ['/api/v1/contacts/summary', 'has_vat=2', 'has_vat'],
      ['/api/v1/contacts', 'search=a%00b', 'search'],
      ['/api/v1/contacts/summary', 'external_source=%00', 'external_source'],
      ['/api/v1/contacts/export', 'search=%00', 'search'],
      ['/api/v1/contacts/export', 'columns=name%00', 'columns'],
      ['/api/v1/contacts-insights', 'months=0', 'months'],
      ['/api/v1/contacts-insights', 'months=37', 'months'],
      ['/api/v1/contacts-insights', 'months=many', 'months'],
    ];
    for (const [path, query, field] of cases) {
      const res = await app.get(`${path}?${query}`, company.token);
      expect([path, query, res.status]).toEqual([path, query, 422]);
      expect([query, res.body.detail[0].loc]).toEqual([query, ['query', field]]);
    }
    expect((await app.get(`/api/v1/contacts?external_source=${'x'.repeat(32)}&limit=500&offset=0`, company.token)).status).toBe(200);
    expect((await app.get('/api/v1/contacts-insights?months=36', company.token)).status).toBe(200);
  });
});

describe('any query string', () => {
  test('is answered 200 or 422 naming one of the parameters, never 500 (property test)', async () => {
    const endpoints: [string, string[]][] = [
      ['/api/v1/contacts', ['search', 'kind', 'country', 'customer_type', 'has_vat', 'external_source', 'limit', 'offset']],
      ['/api/v1/contacts/summary', ['search', 'kind', 'country', 'customer_type', 'has_vat', 'external_source']],
      ['/api/v1/contacts/export', ['search', 'kind', 'country', 'has_vat', 'from_date', 'to_date', 'format', 'columns']],
      ['/api/v1/contacts-insights', ['months']],
      ['/api/v1/taxes', ['limit', 'offset', 'kind', 'regime', 'active']],
    ];
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 10 }),
      fc.integer({ min: -1000, max: 1000 }).map(String),
      fc.double().map(String),
      fc.constantFrom('', ' ', '1e3', '5e2', '0x10', '-0', 'true', 'false', 'ES', 'es', 'customer', 'xlsx', 'pdf', 'name,vat', '2026-02-30', '2026-01-01', '%', '_'),
    );
    // a user of its own: the 300 requests stay under the per-user rate limit
    const own = await createCompany(app);
    await createContact(app, own.token, { name: 'Único' });
    for (const [path, params] of endpoints) {
      await fc.assert(fc.asyncProperty(fc.dictionary(fc.constantFrom(...params), value, { maxKeys: 4 }), async (query) => {
        const res = await download(app, `${path}?${new URLSearchParams(query)}`, own.token);
        expect([path, query, res.status === 200 || res.status === 422]).toEqual([path, query, true]);
        if (res.status === 422) {
          for (const item of JSON.parse(res.text).detail) {
            expect([path, query, item.loc[0], params.includes(item.loc[1])]).toEqual([path, query, 'query', true]);
          }
        }
      }), { numRuns: 60 });
    }
  }, 120_000);
});

describe('insights', () => {
  test('new contacts per month over the window, zeros included, customers and suppliers apart', async () => {
    const own = await createCompany(app);
    const old = await createContact(app, own.token, { name: 'Antiguo', kind: 'supplier' });
    await createContact(app, own.token, { name: 'Nuevo cliente', kind: 'customer' });
    await createContact(app, own.token, { name: 'Nuevo mixto', kind: 'customer', customer_and_supplier: true });
    const now = new Date();
    const twoMonthsAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 15));
    await app.kernel.unitOfWork(null).run((tx) => tx.sql(`update contacts set created_at = cast(:at as timestamptz) where tenant_id = :tenant and id = cast(:id as uuid)`,
      { at: twoMonthsAgo.toISOString(), id: old.id }), { tenantId: own.tenantId });

    const three = (await app.get('/api/v1/contacts-insights?months=3', own.token)).body;
    const month = (d: Date) => d.toISOString().slice(0, 7);
    expect(three.months).toBe(3);
    expect(three.new_contacts).toEqual([
      { month: month(twoMonthsAgo), total: 1, customers: 0, suppliers: 1 },
      { month: month(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))), total: 0, customers: 0, suppliers: 0 },
      { month: month(now), total: 2, customers: 2, suppliers: 1 },
    ]);
    expect(three.from).toBe(`${month(twoMonthsAgo)}-01`);
    expect(three.to.slice(0, 7)).toBe(month(now));
    expect(three.totals).toEqual({ contacts: 3, customers: 2, suppliers: 2 });
    expect(three.activity).toHaveLength(3);
    expect(three.activity.every((m: any) => m.documents === 0 && m.sales_total === '0.00')).toBe(true);
    expect(three.top_customers).toEqual([]);

    const one = (await app.get('/api/v1/contacts-insights?months=1', own.token)).body;
    expect(one.new_contacts).toEqual([{ month: month(now), total: 2, customers: 2, suppliers: 1 }]);
    expect((await app.get('/api/v1/contacts-insights', own.token)).body.new_contacts).toHaveLength(12);
  });
});
