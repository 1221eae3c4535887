/**
 * Generated from the route table: every tenant-scoped route that takes an id is called by company B
 * with each kind of id company A owns. B must never get a 2xx, never see A's data (a canary string
 * planted in A's text fields), and A's rows must be unchanged afterwards. Routes added by new plugins
 * are covered without touching this file; seeding below covers the resources that exist today.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { seededTaxTypeId } from '../../plugins/taxes/api';
import { startTestApp, type TestApp } from '../support/app';
import { createApiKey, createCompany, type TestCompany } from '../support/factories';
import { SchemaSampler } from '../support/schema-sample';
import { addMember, tenantSql } from '../support/team';

const CANARY = `CANARY-A-${crypto.randomUUID().slice(0, 8)}`;
let app: TestApp;
let a: TestCompany;
let b: TestCompany;
let spec: any;

const ok = async (promise: Promise<{ status: number; text: string; body: any }>, label: string) => {
  const res = await promise;
  if (res.status >= 300) throw new Error(`seeding ${label} failed: ${res.status} ${res.text}`);
  return res.body;
};

beforeAll(async () => {
  const previous = process.env.RATE_LIMIT_USER;
  process.env.RATE_LIMIT_USER = '1000000';
  try { app = await startTestApp(); } finally { if (previous === undefined) delete process.env.RATE_LIMIT_USER; else process.env.RATE_LIMIT_USER = previous; }
  spec = (await app.get('/openapi.json')).body;
  a = await createCompany(app, `${CANARY} SL`);
  b = await createCompany(app, 'Empresa B SL', 'A58818501');
  const token = a.token;
  const iva21 = seededTaxTypeId(a.tenantId, 'IVA21');
  const customer = await ok(app.post('/api/v1/contacts', { kind: 'customer', name: `${CANARY} cliente`, vat: 'B65410011', address: 'Calle Canario 1', city: 'Madrid', postal_code: '28001' }, token), 'contact');
  const supplier = await ok(app.post('/api/v1/contacts', { kind: 'supplier', name: `${CANARY} proveedor`, vat: 'A28017895' }, token), 'supplier');
  await ok(app.post('/api/v1/taxes', { code: 'OSS-FR20', name: `${CANARY} OSS Francia`, kind: 'vat', rate: '20.00', regime: 'oss', country: 'FR' }, token), 'tax type');
  await ok(app.post('/api/v1/ledger/accounts', { code: '5720001', name: `${CANARY} banco` }, token), 'account');
  await ok(app.post('/api/v1/ledger/entries', { date: '2026-11-01', description: `${CANARY} apertura`, lines: [
    { account: '5720001', debit: '1000.00' }, { account: '100', credit: '1000.00' }] }, token), 'journal entry');
  const line = { description: `${CANARY} servicio`, quantity: '2', unit_price: '50.00', tax_type_id: iva21 };
  await ok(app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-11-02', lines: [line] }, token), 'invoice');
  await ok(app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-11-03', lines: [line], status: 'draft' }, token), 'draft invoice');
  await ok(app.post('/api/v1/purchases', { contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'P-1', issue_date: '2026-11-02', lines: [{ description: `${CANARY} compra`, unit_price: '80.00', tax_type_id: iva21 }] }, token), 'purchase');
  if (app.plugins.some((p) => p.name === 'dashboards')) {
    await ok(app.post('/api/v1/dashboard/boards', { name: `${CANARY} tablero`, widgets: [{ type: 'kpi', x: 0, y: 0, w: 3, h: 2 }] }, token), 'dashboard board');
  }
  if (app.plugins.some((p) => p.name === 'treasury')) {
    const treasury = await ok(app.post('/api/v1/treasuries', { kind: 'bank', name: `${CANARY} banco`, iban: 'ES9121000418450200051332', opening_balance: '10.00' }, token), 'treasury');
    const movement = await ok(app.post(`/api/v1/treasuries/${treasury.id}/movements`, { date: '2026-11-04', amount: '-5.00', description: `${CANARY} comisión` }, token), 'bank movement');
    if (app.plugins.some((p) => p.name === 'reconciliation')) {
      await ok(app.post('/api/v1/reconciliation/categorize', { movement_id: movement.id, account: '626' }, token), 'categorisation');
      await ok(app.post(`/api/v1/treasuries/${treasury.id}/movements`, { date: '2026-11-05', amount: '-7.00', description: `${CANARY} pendiente` }, token), 'unmatched movement');
    }
  }
  await createApiKey(app, token, 'member');
  await addMember(app, token, 'accountant');
  await ok(app.post('/api/v1/team/invitations', { email: 'invitada@example.com', role: 'viewer' }, token), 'invitation');
});
afterAll(() => app.close());

/** Catalog queries (no tenant predicate needed) as the application role. */
async function catalog<T>(sql: string): Promise<T[]> {
  return app.kernel.db.orm.em.fork().transactional((tx) => tx.getConnection().execute<T[]>(sql, [], 'all', tx.getTransactionContext()));
}

/** Every uuid company A owns, one sample per table and column, read under A's row-level security. */
async function idsOwnedByA(): Promise<{ source: string; id: string }[]> {
  const columns = await catalog<{ table_name: string; column_name: string }>(`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.columns t on t.table_name = c.table_name and t.table_schema = c.table_schema and t.column_name = 'tenant_id'
    where c.table_schema = current_schema() and c.data_type = 'uuid' and c.column_name <> 'tenant_id'`);
  const found: { source: string; id: string }[] = [];
  for (const { table_name, column_name } of columns) {
    const rows = await tenantSql<{ v: string }>(app, a.tenantId, `select "${column_name}"::text as v from "${table_name}" where tenant_id = :tenant and "${column_name}" is not null limit 1`);
    if (rows[0]) found.push({ source: `${table_name}.${column_name}`, id: rows[0].v });
  }
  return found;
}

async function rowCountsOfA(): Promise<Record<string, number>> {
  const tables = await catalog<{ table_name: string }>(`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'tenant_id' order by 1`);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) counts[table_name] = (await tenantSql<{ n: number }>(app, a.tenantId, `select count(*)::int as n from "${table_name}" where tenant_id = :tenant`))[0].n;
  return counts;
}

describe('cross-tenant isolation, generated from the route table', () => {
  test("company B gets no 2xx and no data from any route given company A's ids; A is unchanged", async () => {
    const sampler = new SchemaSampler(spec.components.schemas);
    const ids = await idsOwnedByA();
    expect(ids.length).toBeGreaterThanOrEqual(10);
    const before = await rowCountsOfA();
    const routes = (app.app.routes as any[]).filter((r) => r.path.startsWith('/api/v1/') && r.path.includes(':') && (r.hooks?.detail?.['x-permission'] || r.hooks?.detail?.['x-signed-in']));
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const leaks: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const operation = spec.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const schema = operation?.requestBody?.content?.['application/json']?.schema;
      const values = route.path.includes(':code') ? [{ source: 'accounts.code', id: '5720001' }] : ids;
      for (const { source, id } of values) {
        const path = route.path.replace(/:([A-Za-z0-9_]+)/g, id);
        const res = await app.request(route.method, path, { token: b.token, body: schema ? sampler.sample(schema) : undefined });
        calls++;
        if ((res.status >= 200 && res.status < 300) || res.text.includes(CANARY) || res.status >= 500) leaks.push(`${route.method} ${path} (${source}) → ${res.status}`);
      }
    }
    expect(calls).toBeGreaterThan(200);
    expect(leaks).toEqual([]);
    expect(await rowCountsOfA()).toEqual(before);
  }, 300_000); // every route of the API, one by one: its time grows with the API (65 s on PGlite with the machine loaded)

  test("B's lists and reports never contain A's canary", async () => {
    for (const path of ['/api/v1/contacts', '/api/v1/taxes?limit=500', '/api/v1/ledger', '/api/v1/ledger/accounts', '/api/v1/ledger/trial-balance',
      '/api/v1/invoices', '/api/v1/purchases', '/api/v1/team/members', '/api/v1/team/invitations', '/api/v1/auth/api-keys', '/api/v1/contacts/export?format=csv',
      // searching for A's canary (and for what A's documents hold) finds nothing of A's (the search
      // box echoes its query, so it gets the canary's first part: the rest would only come from A)
      `/api/v1/search?q=${CANARY.slice(0, 12)}`, '/api/v1/search?q=servicio', '/api/v1/search?q=P-1', `/api/v1/contacts?search=${CANARY}`,
      `/api/v1/invoices?search=${CANARY}`, '/api/v1/invoices?search=servicio', `/api/v1/purchases?search=${CANARY}`, '/api/v1/purchases?search=P-1',
      ...(app.plugins.some((p) => p.name === 'annual-accounts') ? ['/api/v1/annual-accounts/2026/balance-sheet', '/api/v1/annual-accounts/2026/profit-and-loss?model=normal'] : []),
      ...(app.plugins.some((p) => p.name === 'reconciliation') ? ['/api/v1/reconciliation/board', '/api/v1/reconciliation/matches?include_undone=true'] : [])]) {
      const res = await app.get(path, b.token);
      expect([path, res.status]).toEqual([path, 200]);
      expect([path, res.text.includes(CANARY)]).toEqual([path, false]);
    }
  });
});
