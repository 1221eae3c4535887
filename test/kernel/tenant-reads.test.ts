import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { postgresJs, postgresTarget } from '../../kernel/postgres-url';
import type { Principal } from '../../kernel/principal';
import { startTestApp, type TestApp } from '../support/app';
import { createCompany, type TestCompany } from '../support/factories';
import { APP_ROLE } from '../../kernel/migration';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
beforeAll(async () => {
  app = await startTestApp();
  a = await createCompany(app, 'Lectora A SL');
  b = await createCompany(app, 'Lectora B SL');
});
afterAll(() => app.close());

const uowFor = (company: TestCompany | null) =>
  app.kernel.unitOfWork(company ? { kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' } satisfies Principal : null);

describe('UnitOfWork.read (one-round-trip tenant reads)', () => {
  test('JIT compilation is off on every application connection: the statement reads and the unit of work\'s transaction', async () => {
    const [read] = await uowFor(a).read<{ jit: string }>(`select current_setting('jit') as jit where :tenant::uuid is not null`);
    const [reported] = await uowFor(a).report((tx) => tx.sql<{ jit: string }>(`select current_setting('jit') as jit where :tenant::uuid is not null`));
    expect([read!.jit, reported!.jit]).toEqual(['off', 'off']);
  });

  test('interleaved reads of two tenants each see only their own company, even when the statement asks for more', async () => {
    const reads = Array.from({ length: 60 }, (_, i) => {
      const company = i % 2 ? a : b;
      // "or true" would return every company without row-level security
      return uowFor(company).read<{ id: string }>('select id from tenants where id = :tenant or true').then((rows) => ({ company, rows }));
    });
    for (const { company, rows } of await Promise.all(reads)) expect(rows.map((r) => r.id)).toEqual([company.tenantId]);
  });

  test('planned each time with its values (as reports are): the same rows, the same wall between companies, still read-only', async () => {
    for (const company of [a, b]) {
      const rows = await uowFor(company).read<{ id: string }>('select id from tenants where id = :tenant or true', {}, { plan: 'each-time' });
      expect(rows.map((r) => r.id)).toEqual([company.tenantId]);
    }
    const [row] = await uowFor(a).read<{ v: string }>('select :value::text as v where :tenant::uuid is not null', { value: "x' or '1'='1" }, { plan: 'each-time' });
    expect(row!.v).toBe("x' or '1'='1");
    await expect(uowFor(a).read(`update tenants set name = 'cambiado' where id = :tenant returning id`, {}, { plan: 'each-time' })).rejects.toThrow(/read-only/);
  });

  test('values are literals, never SQL: quotes, backslashes, dollar quotes and comments come back unchanged', async () => {
    const tricky = ["x' or '1'='1", 'O\'Reilly \\ "doble" $$ -- ;', '\\\'', 'ñandú €', ''];
    for (const value of tricky) {
      const [row] = await uowFor(a).read<{ v: string }>('select :value::text as v where :tenant::uuid is not null', { value });
      expect(row!.v).toBe(value);
    }
    expect(await uowFor(a).read('select id from tenants where id = :tenant and name = :name', { name: "x' or '1'='1" })).toEqual([]);
    const [numbers] = await uowFor(a).read<{ n: string; b: boolean; z: null }>('select (:n::numeric * 2)::text as n, :b::boolean as b, :z::text as z where :tenant::uuid is not null', { n: 21, b: true, z: null });
    expect(numbers).toEqual({ n: '42', b: true, z: null });
  });

  test('colons inside quoted literals are not placeholders', async () => {
    const [row] = await uowFor(a).read<{ t: string }>(`select to_char(timestamp '2026-01-02 03:04:05', 'HH24:MI:SS') as t where :tenant::uuid is not null`);
    expect(row!.t).toBe('03:04:05');
  });

  test('a read cannot write', async () => {
    await expect(uowFor(a).read(`update tenants set name = 'cambiado' where id = :tenant returning id`)).rejects.toThrow(/read-only/);
    expect((await app.get('/api/v1/tenants/me', a.token)).body.name).toBe('Lectora A SL');
  });

  test('refusals: no tenant, no :tenant, a missing parameter, a NUL byte, two statements', async () => {
    await expect(uowFor(null).read('select 1 where :tenant is not null')).rejects.toThrow(/No active tenant/);
    await expect(uowFor(a).read('select id from tenants')).rejects.toThrow(/must reference :tenant/);
    await expect(uowFor(a).read('select :x where :tenant is not null')).rejects.toThrow(/Missing SQL parameter :x/);
    await expect(uowFor(a).read('select :x::text where :tenant is not null', { x: 'a\u0000b' })).rejects.toMatchObject({ status: 422 });
    await expect(uowFor(a).read('select 1 where :tenant is not null; select 2')).rejects.toThrow();
  });
});

describe('UnitOfWork.reportByStatements (a report whose reads are single statements)', () => {
  test('each tx.sql is a tenant read: only the company\'s own rows, read-only; the entity manager, hooks and events are refused', async () => {
    const names = await uowFor(a).reportByStatements(async (tx) => {
      expect(tx.tenantId).toBe(a.tenantId);
      expect(() => tx.em).toThrow(/cannot use the entity manager/);
      expect(() => tx.publish('tenant.created' as never, {} as never)).toThrow(/cannot publish events/);
      await expect(tx.sql(`update tenants set name = 'cambiado' where id = :tenant returning id`)).rejects.toThrow(/read-only/);
      return (await tx.sql<{ name: string }>('select name from tenants where id = :tenant or true')).map((r) => r.name);
    });
    expect(names).toEqual(['Lectora A SL']);
    expect((await app.get('/api/v1/tenants/me', a.token)).body.name).toBe('Lectora A SL');
    await expect(uowFor(null).reportByStatements((tx) => tx.sql('select 1 where :tenant is not null'))).rejects.toThrow(/No active tenant/);
  });
});

describe('UnitOfWork.write (one statement as its own transaction)', () => {
  test('interleaved writes of two tenants each change only their own company, even when the statement asks for more', async () => {
    const writes = Array.from({ length: 40 }, (_, i) => {
      const company = i % 2 ? a : b;
      return uowFor(company).write<{ id: string }>('update tenants set updated_at = now() where id = :tenant or true returning id').then((rows) => ({ company, rows }));
    });
    for (const { company, rows } of await Promise.all(writes)) expect(rows.map((r) => r.id)).toEqual([company.tenantId]);
  });

  test('a failing statement changes nothing (its own transaction rolls back whole)', async () => {
    const before = (await app.get('/api/v1/tenants/me', a.token)).body.name;
    await expect(uowFor(a).write(`with renamed as (update tenants set name = 'a medias' where id = :tenant returning 1) select 1 / 0 from renamed`)).rejects.toThrow();
    expect((await app.get('/api/v1/tenants/me', a.token)).body.name).toBe(before);
  });

  test('a statement keeps working after its connections are cut (prepared statements are per session)', async () => {
    const statement = 'select name from tenants where id = :tenant and :probe::int > 0';
    for (let i = 0; i < 12; i++) expect((await uowFor(a).read<{ name: string }>(statement, { probe: i + 1 }))[0]!.name).toBe('Lectora A SL');
    if (app.kernel.db.kind !== 'postgres') return;
    // as the server's administrator, who sees and may end every session of the database
    const owner = postgresJs(postgresTarget(app.adminUrl!), { max: 1 });
    try {
      const [cut] = await owner.unsafe(`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query like '%execute cuadra_%'`);
      expect(Number(cut!.n)).toBeGreaterThan(0);
    } finally {
      await owner.end();
    }
    // each connection reconnects, finds its prepared statements gone and prepares them again
    const again = await Promise.all(Array.from({ length: 8 }, (_, i) => uowFor(i % 2 ? a : b).read<{ name: string }>(statement, { probe: 1 })));
    expect(again.map((rows) => rows[0]!.name)).toEqual(Array.from({ length: 8 }, (_, i) => (i % 2 ? 'Lectora A SL' : 'Lectora B SL')));
    const [written] = await uowFor(b).write<{ id: string }>('update tenants set updated_at = now() where id = :tenant returning id');
    expect(written!.id).toBe(b.tenantId);
  });
});

describe('what a one-statement transaction leaves behind (on PGlite, the one session every request shares)', () => {
  const sessionState = () => app.kernel.db.orm.em.fork().getConnection().execute<{ tenant: string | null; ro: string; role: string }[]>(
    `select current_setting('app.tenant_id', true) as tenant, current_setting('transaction_read_only') as ro, current_user as role`);

  test('its role, tenant and read-only mode end with it', async () => {
    const [during] = await uowFor(a).read<{ tenant: string; ro: string; role: string }>(
      `select current_setting('app.tenant_id') as tenant, current_setting('transaction_read_only') as ro, current_user as role where :tenant::uuid is not null`);
    expect(during).toEqual({ tenant: a.tenantId, ro: 'on', role: APP_ROLE });
    await uowFor(b).write('update tenants set updated_at = now() where id = :tenant returning id');
    const [after] = await sessionState();
    expect(after!.tenant || null).toBeNull();
    expect(after!.ro).toBe('off');
    if (app.pglite) expect(app.pglite.isInTransaction()).toBe(false);
  });

  test('a write that returns no rows (no RETURNING) answers [] and is kept', async () => {
    expect(await uowFor(a).write(`update tenants set name = 'A sin returning' where id = :tenant`)).toEqual([]);
    expect((await uowFor(a).read<{ name: string }>('select name from tenants where id = :tenant'))[0]!.name).toBe('A sin returning');
    await uowFor(a).write(`update tenants set name = 'Lectora A SL' where id = :tenant`);
  });

  test('a failure answers its 4xx, keeps nothing, and leaves the session idle for the next statement', async () => {
    const entry = crypto.randomUUID();
    // a check violation inside the statement
    await expect(uowFor(a).write(`update tenants set name = 'a medias', fiscal_year_start_month = 13 where id = :tenant`)).rejects.toMatchObject({ status: 422 });
    // a deferred constraint trigger (an entry without lines), which fails only at the implicit commit
    await expect(uowFor(a).write(`insert into journal_entries (id, tenant_id, number, date, description, source_type)
      values (:entry::uuid, :tenant, 90001, '2026-03-01', 'sin líneas', 'manual')`, { entry })).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/has no lines/) });
    if (app.pglite) expect(app.pglite.isInTransaction()).toBe(false);
    expect(await uowFor(a).read('select id from journal_entries where id = :entry::uuid and tenant_id = :tenant', { entry })).toEqual([]);
    expect((await uowFor(a).read<{ name: string }>('select name from tenants where id = :tenant'))[0]!.name).toBe('Lectora A SL');
    // the unit-of-work path on the same session still works
    expect((await uowFor(b).run((tx) => tx.sql<{ name: string }>('select name from tenants where id = :tenant')))[0]!.name).toBe('Lectora B SL');
  });
});

test('GET /tenants/me (fast path) answers exactly what the ORM path answers after PATCH and logo upload', async () => {
  const png = await (await import('sharp')).default({ create: { width: 4, height: 4, channels: 3, background: '#123456' } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new File([png], 'logo.png', { type: 'image/png' }));
  expect((await app.request('POST', '/api/v1/tenants/me/logo', { token: b.token, form })).status).toBe(200);
  const patched = await app.patch('/api/v1/tenants/me', { legal_name: 'Lectora B, S.L.', city: "L'Hospitalet", fiscal_year_start_month: 4 }, b.token);
  expect(patched.status).toBe(200);
  const read = await app.get('/api/v1/tenants/me', b.token);
  expect(read.status).toBe(200);
  expect(read.body).toEqual(patched.body);
  expect(read.body.logo_url).toMatch(/^http:\/\/api\.cuadra\.test\/logos\/.+\.png$/);
  expect(read.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});
