import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app';
import { createApiKey, createCompany } from '../support/factories';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app.close());

/** Raw SQL as the application role inside a transaction whose tenant is `tenantId`. */
async function asAppRole<T>(tenantId: string | null, sql: string): Promise<T[]> {
  const em = app.kernel.db.orm.em.fork();
  em.setSessionContext({ variables: { 'app.tenant_id': tenantId ?? '' } });
  return em.transactional((tx) => tx.getConnection().execute<T[]>(sql, [], 'all', tx.getTransactionContext()));
}

describe('row-level security (the second wall)', () => {
  test('every table with a tenant_id column has ENABLE and FORCE row-level security', async () => {
    const rows = await asAppRole<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(null, `
      select c.relname, c.relrowsecurity, c.relforcerowsecurity from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id'
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      where c.relkind = 'r'`);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect([row.relname, row.relrowsecurity, row.relforcerowsecurity]).toEqual([row.relname, true, true]);
  });

  test('the application role is not a superuser, cannot bypass RLS and owns no table', async () => {
    const [role] = await asAppRole<{ current_user: string; rolsuper: boolean; rolbypassrls: boolean; owned: number }>(null, `
      select current_user, r.rolsuper, r.rolbypassrls,
        (select count(*)::int from pg_class c where c.relowner = r.oid) as owned
      from pg_roles r where r.rolname = current_user`);
    expect(role).toEqual({ current_user: 'cuadra_app', rolsuper: false, rolbypassrls: false, owned: 0 });
  });

  test('raw SQL as the app role with tenant A set sees no row of tenant B', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    await createApiKey(app, a.token);
    await createApiKey(app, b.token);
    for (const table of ['tenants', 'memberships', 'api_keys']) {
      const column = table === 'tenants' ? 'id' : 'tenant_id';
      const seen = await asAppRole<{ tid: string }>(a.tenantId, `select ${column}::text as tid from ${table}`);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((r) => r.tid === a.tenantId)).toBe(true);
      expect(await asAppRole(null, `select 1 from ${table}`)).toHaveLength(0);
    }
    await expect(asAppRole(a.tenantId, `insert into api_keys (id, tenant_id, created_by, name, role, prefix, key_hash)
      values (gen_random_uuid(), '${b.tenantId}', '${b.userId}', 'x', 'owner', 'agl_', 'h${crypto.randomUUID()}')`)).rejects.toThrow(/row-level security/);
    await expect(asAppRole(a.tenantId, `update tenants set name = 'pwned' where id = '${b.tenantId}' returning id`)).resolves.toHaveLength(0);
    expect((await app.get('/api/v1/tenants/me', b.token)).body.name).not.toBe('pwned');
  });

  test('the outbox accepts only appends for the current tenant and cannot be read by the app role', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    await expect(asAppRole(a.tenantId, `insert into outbox_events (id, tenant_id, name, payload) values (gen_random_uuid(), '${b.tenantId}', 'x', '{}')`)).rejects.toThrow(/row-level security/);
    expect(await asAppRole(a.tenantId, 'select * from outbox_events')).toHaveLength(0);
  });
});

describe('the ORM filter (the first wall)', () => {
  test('a query on a tenant entity without a tenant fails closed', async () => {
    const { ApiKey } = await import('../../plugins/identity/entities');
    await expect(app.kernel.unitOfWork(null).run((tx) => tx.em.find(ApiKey, {}), { tenantId: null })).rejects.toThrow(/tenant/i);
  });
  test('creating a row for another tenant is refused before it reaches the database', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const { ApiKey } = await import('../../plugins/identity/entities');
    await expect(app.kernel.unitOfWork(null).run(async (tx) => {
      tx.em.create(ApiKey, { id: crypto.randomUUID(), tenantId: b.tenantId, createdBy: b.userId, name: 'x', role: 'owner', prefix: 'p', keyHash: crypto.randomUUID() } as any);
    }, { tenantId: a.tenantId })).rejects.toThrow(/another tenant/);
  });
});

describe('cross-tenant requests', () => {
  test("another tenant's API key id is 404, exactly like one that does not exist", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const keyB = await createApiKey(app, b.token);
    const foreign = await app.del(`/api/v1/auth/api-keys/${keyB.keyId}`, a.token);
    const missing = await app.del(`/api/v1/auth/api-keys/${crypto.randomUUID()}`, a.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await app.get('/api/v1/tenants/me', keyB.key)).status).toBe(200);
    expect((await app.get('/api/v1/auth/api-keys', a.token)).body.some((k: any) => k.key_id === keyB.keyId)).toBe(false);
  });
});
