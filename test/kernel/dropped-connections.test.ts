import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { postgresJs, postgresTarget } from '../../kernel/postgres-url';
import { startTestApp, type TestApp } from '../support/app';
import { backend } from '../support/database';
import { createCompany, type TestCompany } from '../support/factories';

/** Routes that keep a statement running on each pool, so that a termination catches them in flight. */
const slowPlugin = definePlugin({
  name: 'test-slow',
  dependsOn: ['tenants'],
  permissions: { 'test-slow.read': rolesFrom('viewer') },
  routes: (kernel) => new Elysia({ name: 'cuadra:test-slow' }).use(kernel.http)
    .get('/test-slow/unit-of-work', ({ uow }) => uow.run((tx) => tx.sql(`select pg_sleep(5), :tenant::uuid as tenant`)).then(() => ({ ok: true })), { permission: 'test-slow.read' })
    // a one-statement write is not sent again after a lost connection (it may have committed)
    .get('/test-slow/statement-write', ({ uow }) => uow.write(`select pg_sleep(5), :tenant::uuid as tenant`).then(() => ({ ok: true })), { permission: 'test-slow.read' })
    .post('/test-slow/keyed', async ({ uow, set }) => {
      await uow.run((tx) => tx.sql(`select pg_sleep(2), :tenant::uuid as tenant`));
      set.status = 201;
      return { ok: true };
    }, { permission: 'test-slow.read' })
    // a one-statement read is: it answers on a new connection
    .get('/test-slow/statement-read', ({ uow }) => uow.read(`select pg_sleep(1), :tenant::uuid as tenant`).then(() => ({ ok: true })), { permission: 'test-slow.read' }),
});

let app: TestApp;
let company: TestCompany;
beforeAll(async () => {
  if (backend !== 'postgres') return;
  // a small pool, so that a connection lost for good would show as requests waiting forever
  const saved = process.env.DATABASE_POOL_MAX;
  process.env.DATABASE_POOL_MAX = '2';
  try {
    app = await startTestApp({ extraPlugins: [slowPlugin] });
  } finally {
    if (saved === undefined) delete process.env.DATABASE_POOL_MAX; else process.env.DATABASE_POOL_MAX = saved;
  }
  company = await createCompany(app);
});
afterAll(() => app?.close());

/** A statement as the administrator, with the service's database name as $1. */
async function adminQuery(sql: string): Promise<unknown[]> {
  const admin = postgresJs(postgresTarget(app.adminUrl!), { max: 1 });
  try {
    return [...await admin.unsafe(sql, [new URL(postgresTarget(app.config.databaseUrl!).url).pathname.slice(1)])];
  } finally {
    await admin.end();
  }
}

/** What an administrator (or a failover) does: ends every session of the service's database. */
async function terminateBackends(): Promise<number> {
  return (await adminQuery(`select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`)).length;
}

/**
 * Waits until `count` of the service's sessions are running pg_sleep (the slow requests are in
 * flight inside the database), so the termination hits them there however slow the machine is.
 */
async function sleepingInDatabase(count: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const rows = await adminQuery(`select 1 from pg_stat_activity where datname = $1 and wait_event = 'PgSleep'`);
    if (rows.length >= count) return;
    await Bun.sleep(25);
  }
  throw new Error(`never saw ${count} requests sleeping in the database`);
}

/** The requests every part of the service needs: ORM units of work, one-statement reads and writes, authentication. */
async function everythingWorks() {
  const me = await app.get('/api/v1/tenants/me', company.token);
  expect(me.status).toBe(200);
  const contact = await app.post('/api/v1/contacts', { kind: 'customer', name: `Cliente ${crypto.randomUUID().slice(0, 6)}` }, company.token);
  expect(contact.status).toBe(201);
  const list = await app.get('/api/v1/contacts', company.token);
  expect(list.status).toBe(200);
  const fresh = await app.post('/api/v1/auth/login', { email: company.email, password: company.password });
  expect(fresh.status).toBe(200);
}

describe.skipIf(backend !== 'postgres')('PostgreSQL drops every connection of the service (PostgreSQL only)', () => {
  test('the next requests succeed without a restart', async () => {
    await everythingWorks();
    expect(await terminateBackends()).toBeGreaterThan(0);
    await everythingWorks();
    expect(await terminateBackends()).toBeGreaterThan(0);
    await everythingWorks();
    // the listener for other instances' principal invalidations is back too
    let listening = false;
    for (let i = 0; i < 50 && !listening; i++) {
      listening = (await adminQuery(`select 1 from pg_stat_activity where datname = $1 and query ilike 'listen%'`)).length > 0;
      if (!listening) await Bun.sleep(100);
    }
    expect(listening).toBe(true);
  });

  test('requests in flight fail cleanly with 503 and a detail, then the service carries on (the pool loses no connection)', async () => {
    for (let round = 0; round < 3; round++) {
    const inFlight = [
      app.get('/api/v1/test-slow/unit-of-work', company.token),
      app.get('/api/v1/test-slow/statement-write', company.token),
    ];
    await sleepingInDatabase(2);
    await terminateBackends();
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual([503, 503]);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBeTruthy();
      expect(typeof answer.body.detail).toBe('string');
    }
    }
    await everythingWorks();
  });

  test('a one-statement read in flight is sent again on a new connection', async () => {
    const read = app.get('/api/v1/test-slow/statement-read', company.token);
    await sleepingInDatabase(1);
    await terminateBackends();
    expect((await read).status).toBe(200);
    await everythingWorks();
  });

  test('a request sent with an Idempotency-Key in flight fails cleanly and releases its key: the retry runs', async () => {
    const keyed = () => app.request('POST', '/api/v1/test-slow/keyed', { token: company.token, headers: { 'idempotency-key': 'cortada' } });
    const first = keyed();
    await sleepingInDatabase(1);
    await terminateBackends();
    expect((await first).status).toBe(503);
    const retry = await keyed();
    expect(retry.status).toBe(201);
    expect((await keyed()).headers.get('idempotent-replayed')).toBe('true');
  });
});
