import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { defineEntity, p } from '@mikro-orm/core';
import { Elysia, t } from 'elysia';
import { createApp } from '../../kernel/app';
import { loadConfig } from '../../kernel/config';
import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';
import { definePlugin } from '../../kernel/plugin';
import { RequestTransaction } from '../../kernel/request-transaction';
import { rolesFrom } from '../../kernel/roles';
import { startTestApp, type TestApp } from '../support/app';
import { backend } from '../support/database';
import { createCompany } from '../support/factories';

const PaymentSchema = defineEntity({
  name: 'IdempotencyTestPayment',
  tableName: 'idempotency_test_payments',
  properties: { id: p.uuid().primary(), tenantId: p.uuid(), amount: p.decimal('string').precision(18).scale(2) },
});
class IdempotencyTestPayment extends PaymentSchema.class {}
PaymentSchema.setClass(IdempotencyTestPayment);

/** A route with a visible side effect, slow enough for duplicates to overlap. */
const paymentsPlugin = definePlugin({
  name: 'test-payments',
  dependsOn: ['tenants'],
  entities: [IdempotencyTestPayment],
  migrations: [sqlMigration('20261122000950_test_payments', [
    `create table idempotency_test_payments (id uuid primary key, tenant_id uuid not null references tenants (id), amount numeric(18,2) not null)`,
    ...tenantRowLevelSecurity('idempotency_test_payments'),
  ])],
  permissions: { 'test-payments.write': rolesFrom('member') },
  routes: (kernel) => new Elysia({ name: 'cuadra:test-payments' }).use(kernel.http)
    .post('/test-payments', async ({ uow, body, set }) => {
      set.status = 201;
      return uow.run(async (tx) => {
        const payment = tx.em.create(IdempotencyTestPayment, { id: crypto.randomUUID(), amount: body.amount } as any);
        await Bun.sleep(50);
        return { id: payment.id, amount: body.amount };
      });
    }, { permission: 'test-payments.write', body: t.Object({ amount: t.String({ pattern: '^\\d+\\.\\d{2}$' }) }) })
    // the effect, then a server error (an unhandled exception after the payment was made)
    .post('/test-payments-then-fail', async ({ uow, body }) => {
      await uow.run(async (tx) => { tx.em.create(IdempotencyTestPayment, { id: crypto.randomUUID(), amount: body.amount } as any); });
      throw new Error('failure after the effect');
    }, { permission: 'test-payments.write', body: t.Object({ amount: t.String() }) })
    // the one-statement fast path (uow.write), then a server error
    .post('/test-payments-fast-then-fail', async ({ uow, body }) => {
      await uow.write(`insert into idempotency_test_payments (id, tenant_id, amount) values (gen_random_uuid(), :tenant, :amount::numeric) returning id`, { amount: body.amount });
      throw new Error('failure after the effect');
    }, { permission: 'test-payments.write', body: t.Object({ amount: t.String() }) })
    // the effect, then waits for the test to let it answer
    .post('/test-payments-held', async ({ uow, body, set }) => {
      const payment = await uow.write<{ id: string }>(`insert into idempotency_test_payments (id, tenant_id, amount) values (gen_random_uuid(), :tenant, :amount::numeric) returning id`, { amount: body.amount });
      await held.promise;
      set.status = 201;
      return { id: payment[0]!.id };
    }, { permission: 'test-payments.write', body: t.Object({ amount: t.String() }) })
    .get('/test-payments', async ({ uow }) => uow.run(async (tx) => ({ count: await tx.em.count(IdempotencyTestPayment, {}) })), { permission: 'test-payments.write' }),
});

let held = Promise.withResolvers<void>();
let app: TestApp;
beforeAll(async () => { app = await startTestApp({ extraPlugins: [paymentsPlugin] }); });
afterAll(() => app.close());

const pay = (token: string, key: string | undefined, amount = '10.00', target = app) =>
  target.request('POST', '/api/v1/test-payments', { token, body: { amount }, headers: key ? { 'idempotency-key': key } : {} });
const count = async (token: string) => (await app.get('/api/v1/test-payments', token)).body.count;
const post = (path: string, token: string, key: string, amount = '10.00') =>
  app.request('POST', path, { token, body: { amount }, headers: { 'idempotency-key': key } });

/** SQL as the application role acting for `tenantId` (null: no tenant), in one transaction. */
const asTenant = <T = any>(tenantId: string | null, sql: string) => app.kernel.db.orm.em.fork().transactional(async (em) => {
  await em.getConnection().execute(`select set_config('app.tenant_id', ?, true)`, [tenantId ?? ''], 'run', em.getTransactionContext());
  return em.getConnection().execute<T[]>(sql, [], 'all', em.getTransactionContext());
});

describe('Idempotency-Key', () => {
  test('a replay returns the stored response with Idempotent-Replayed and does not execute again', async () => {
    const company = await createCompany(app);
    const first = await pay(company.token, 'pago-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const replay = await pay(company.token, 'pago-1');
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await count(company.token)).toBe(1);
    expect((await pay(company.token, undefined)).status).toBe(201);
    expect(await count(company.token)).toBe(2);
  });

  test('the same key with a different body is 422 and executes nothing', async () => {
    const company = await createCompany(app);
    await pay(company.token, 'pago-2', '10.00');
    const mismatch = await pay(company.token, 'pago-2', '99.00');
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.detail[0].loc).toEqual(['header', 'idempotency-key']);
    expect(await count(company.token)).toBe(1);
  });

  test('keys are per principal: another company may use the same key', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    expect((await pay(a.token, 'shared-key')).headers.get('idempotent-replayed')).toBeNull();
    expect((await pay(b.token, 'shared-key')).headers.get('idempotent-replayed')).toBeNull();
    expect(await count(a.token)).toBe(1);
    expect(await count(b.token)).toBe(1);
  });

  test('20 concurrent duplicates execute once; the others are 409 or a replay', async () => {
    const company = await createCompany(app);
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(company.token, 'pago-concurrente')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const executed = results.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
    expect(executed).toHaveLength(1);
    expect(await count(company.token)).toBe(1);
    const later = await pay(company.token, 'pago-concurrente');
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(later.body.id).toBe(executed[0].body.id);
  });

  test('a request refused by validation is not kept: the corrected retry with the same key runs (201) and its replay is kept', async () => {
    const company = await createCompany(app);
    const bad = await pay(company.token, 'pago-corregido', 'diez');
    expect(bad.status).toBe(422);
    expect(bad.headers.get('idempotent-replayed')).toBeNull();
    const corrected = await pay(company.token, 'pago-corregido', '10.00');
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
    const replay = await pay(company.token, 'pago-corregido', '10.00');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(corrected.body.id);
    expect(await count(company.token)).toBe(1);
  });

  test('an unknown field, a body that does not parse and a refused credential are not kept either', async () => {
    const company = await createCompany(app);
    const send = (body: string, token = company.token) => app.request('POST', '/api/v1/test-payments', { token, body, headers: { 'idempotency-key': 'pago-sin-empezar' } });
    expect((await send(JSON.stringify({ amount: '10.00', note: 'x' }))).status).toBe(422);
    expect((await send('{"amount":')).status).toBe(400);
    expect((await send(JSON.stringify({ amount: '10.00' }), 'not-a-token')).status).toBe(401);
    const rows = await asTenant(company.tenantId, `select key from idempotency_keys where key = 'pago-sin-empezar'`);
    expect(rows).toEqual([]);
    expect((await send(JSON.stringify({ amount: '10.00' }))).status).toBe(201);
    expect(await count(company.token)).toBe(1);
  });

  test('an empty or overlong key is 422', async () => {
    const company = await createCompany(app);
    expect((await pay(company.token, ' ')).status).toBe(422);
    expect((await pay(company.token, 'k'.repeat(256))).status).toBe(422);
    expect(await count(company.token)).toBe(0);
  });

  test.skipIf(backend === 'pglite')('two instances sharing PostgreSQL never execute a key twice (PostgreSQL only: PGlite is one process)', async () => {
    const second = await createApp({ config: loadConfig({ ...process.env, DATABASE_URL: app.config.databaseUrl, DATABASE_OWNER_URL: app.config.databaseOwnerUrl, DATA_DIR: app.config.dataDir, LOG_LEVEL: 'error', TRUST_PROXY: '1' }), extraPlugins: [paymentsPlugin] });
    try {
      const company = await createCompany(app);
      const viaSecond = (amount: string) => second.handle(new Request('http://localhost/api/v1/test-payments', {
        method: 'POST', headers: { authorization: `Bearer ${company.token}`, 'content-type': 'application/json', 'idempotency-key': 'dos-replicas' }, body: JSON.stringify({ amount }),
      }));
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? viaSecond('10.00') : pay(company.token, 'dos-replicas').then((r) => new Response(r.text, { status: r.status, headers: r.headers })))));
      const fresh = results.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
      expect(fresh).toHaveLength(1);
      expect(await count(company.token)).toBe(1);
    } finally {
      await second.stop();
    }
  });

  test('completion is atomic with the effect: a server error after the effect undoes it, so a retry makes one payment', async () => {
    const company = await createCompany(app);
    expect((await post('/api/v1/test-payments-then-fail', company.token, 'falla-1')).status).toBe(500);
    expect(await count(company.token)).toBe(0);
    expect((await post('/api/v1/test-payments-then-fail', company.token, 'falla-1')).status).toBe(500);
    expect(await count(company.token)).toBe(0);
  });

  test('the one-statement fast path (uow.write) commits with the stored response too', async () => {
    const company = await createCompany(app);
    expect((await post('/api/v1/test-payments-fast-then-fail', company.token, 'falla-rapida')).status).toBe(500);
    expect(await count(company.token)).toBe(0);
    // without a key the statement is a transaction of its own, as before
    const unkeyed = await app.request('POST', '/api/v1/test-payments-fast-then-fail', { token: company.token, body: { amount: '1.00' } });
    expect(unkeyed.status).toBe(500);
    expect(await count(company.token)).toBe(1);
  });

  test('stored responses are scoped by tenant with row-level security', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    await pay(a.token, 'fila-a');
    await pay(b.token, 'fila-b');
    const keysOf = async (tenantId: string | null) => (await asTenant<{ key: string }>(tenantId, `select key from idempotency_keys where key like 'fila-%' order by key`)).map((r: { key: string }) => r.key);
    expect(await keysOf(a.tenantId)).toEqual(['fila-a']);
    expect(await keysOf(b.tenantId)).toEqual(['fila-b']);
    expect(await keysOf(null)).toEqual([]);
    // a tenant cannot write a row for another
    await expect(asTenant(a.tenantId, `insert into idempotency_keys (tenant_id, scope, key, fingerprint, expires_at) values ('${b.tenantId}', 'x', 'y', 'z', now())`)).rejects.toThrow();
    const [row] = await asTenant<{ tenant_id: string }>(a.tenantId, `select tenant_id from idempotency_keys where key = 'fila-a'`);
    expect(row!.tenant_id).toBe(a.tenantId);
  });

  test('a key used without a company (sign-up) is stored under no tenant', async () => {
    const key = `registro-${crypto.randomUUID()}`;
    const body = { email: `${key}@example.com`, password: 'Una clave larga de prueba 42', full_name: 'Sin Empresa' };
    const headers = { 'idempotency-key': key, 'x-forwarded-for': '203.0.113.77' };
    const first = await app.request('POST', '/api/v1/auth/register', { body, headers });
    expect(first.status).toBe(201);
    const replay = await app.request('POST', '/api/v1/auth/register', { body, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.user_id).toBe(first.body.user_id);
    expect((await asTenant(null, `select key from idempotency_keys where key = '${key}'`)).length).toBe(1);
  });

  test.skipIf(backend === 'pglite')('a claim past its lease is taken over by a retry, and the request that lost it commits nothing (PostgreSQL: PGlite is one process)', async () => {
    const company = await createCompany(app);
    held = Promise.withResolvers<void>();
    const slow = post('/api/v1/test-payments-held', company.token, 'arrendada');
    for (let i = 0; i < 200 && (await asTenant(company.tenantId, `select 1 from idempotency_keys where key = 'arrendada'`)).length === 0; i++) await Bun.sleep(10);
    const early = await post('/api/v1/test-payments-held', company.token, 'arrendada');
    expect(early.status).toBe(409);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
    // the holder's lease runs out (as when its process died)
    await asTenant(company.tenantId, `update idempotency_keys set lease_until = now() - interval '1 second' where key = 'arrendada'`);
    const takeover = post('/api/v1/test-payments-held', company.token, 'arrendada');
    await Bun.sleep(200);
    held.resolve();
    const [lost, won] = await Promise.all([slow, takeover]);
    expect(won.status).toBe(201);
    expect(lost.status).toBe(409);
    expect(await count(company.token)).toBe(1);
    const replay = await post('/api/v1/test-payments-held', company.token, 'arrendada');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(won.body.id);
  });

  test('inside a request transaction a deferred constraint fails its own unit of work (422), as its commit would, and later ones still commit', async () => {
    const company = await createCompany(app);
    const held = new RequestTransaction(app.kernel.db.orm);
    const uow = app.kernel.unitOfWork(null);
    const entry = (number: number, credit: string) => uow.run(async (tx) => {
      const id = crypto.randomUUID();
      await tx.sql(`insert into journal_entries (id, tenant_id, number, date, description, source_type) values (:id::uuid, :tenant, :number::int, '2026-03-01', 'raw', 'manual')`, { id, number });
      await tx.sql(`insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit) values
        (:tenant, :id::uuid, 1, '2026-03-01', '4300', 5, 0), (:tenant, :id::uuid, 2, '2026-03-01', '7000', 0, :credit::numeric)`, { id, credit });
      return id;
    }, { tenantId: company.tenantId });
    const balanced = await held.run(async () => {
      await expect(entry(901, '4.00')).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/unbalanced/) });
      return entry(902, '5.00');
    });
    expect(await held.commit(async () => true)).toBe(true);
    const rows = await asTenant<{ id: string }>(company.tenantId, `select id from journal_entries where tenant_id = '${company.tenantId}' and source_type = 'manual'`);
    expect(rows.map((r: { id: string }) => r.id)).toEqual([balanced]);
  });
});
