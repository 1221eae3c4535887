import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createApp, type CuadraApp } from '../../kernel/app';
import { RequestTransaction } from '../../kernel/request-transaction';
import { loadConfig } from '../../kernel/config';
import { startTestApp, type TestApp } from '../support/app';
import { backend, ensureTestRoles, OWNER_ROLE, SERVICE_ROLE } from '../support/database';
import { COMPANY_ADDRESS, createCompany, VALID_CIFS } from '../support/factories';
import { replicatedClusterUnavailable, startReplicatedCluster, type ReplicatedCluster } from '../support/replica';

/**
 * DATABASE_REPLICA_URL: reports (`uow.report`) read a hot standby, writes go to the primary, and
 * tenancy holds on the standby as on the primary. The standby streams from a primary of its own,
 * both started from the test server's binaries in a temporary folder (test/support/replica.ts).
 * PGlite has no replication at all (the setting is ignored there), so this runs on PostgreSQL.
 */
const unavailable = backend !== 'postgres' ? 'PGlite has no streaming replication; run with CUADRA_TEST_DB=postgres' : replicatedClusterUnavailable();
const skipReason = unavailable ? ` (skipped: ${unavailable})` : '';

let cluster: ReplicatedCluster | undefined;
let primaryAdmin: postgres.Sql | undefined;
let replicaAdmin: postgres.Sql | undefined;
const apps: { app: CuadraApp; dataDir: string }[] = [];
/** One signing secret for every app here: a session from one is good on the other (instances of one deployment). */
const JWT_SECRET = crypto.randomUUID() + crypto.randomUUID();
const METRICS_TOKEN = `metrics-${crypto.randomUUID()}`;
/** The replica gauges of GET /metrics. */
async function replicaGauges(app: CuadraApp): Promise<{ usable: string | undefined; lag: string | undefined }> {
  const { body } = await call(app, 'GET', '/metrics', METRICS_TOKEN);
  const value = (name: string) => (body as string).match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1];
  return { usable: value('cuadra_db_replica_usable'), lag: value('cuadra_db_replica_lag_seconds') };
}

async function startApp(env: Record<string, string>): Promise<CuadraApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-replica-app-'));
  const config = loadConfig({
    DATABASE_URL: cluster!.url('primary', SERVICE_ROLE, 'cuadra'),
    DATABASE_OWNER_URL: cluster!.url('primary', OWNER_ROLE, 'cuadra'),
    DATA_DIR: dataDir, PUBLIC_URL: 'http://api.cuadra.test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', TRUST_PROXY: '1',
    DATABASE_POOL_MAX: '4', DATABASE_STATEMENT_POOL_MAX: '2', JWT_SECRET, METRICS_TOKEN,
    ...env,
  });
  const app = await createApp({ config }).catch((error) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  apps.push({ app, dataDir });
  return app;
}

let ip = 0;
async function call(app: CuadraApp, method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await app.handle(new Request(`http://localhost${path}`, {
    method,
    headers: { 'x-forwarded-for': `198.51.100.${++ip % 250}`, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  }));
  const text = await response.text();
  return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

async function company(app: CuadraApp, name: string): Promise<{ token: string; tenantId: string }> {
  const email = `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const registered = await call(app, 'POST', '/api/v1/auth/register', undefined, { email, password: `Una clave larga ${crypto.randomUUID()}`, full_name: name });
  expect(registered.status).toBe(201);
  const onboarded = await call(app, 'POST', '/api/v1/auth/onboarding/complete', registered.body.access_token, { name: `${name} SL`, tax_id: VALID_CIFS[0], ...COMPANY_ADDRESS });
  expect(onboarded.status).toBe(200);
  return { token: onboarded.body.access_token, tenantId: onboarded.body.tenant.id };
}

const sale = (amount: string) => [
  { account: '4300', debit: amount },
  { account: '7000', credit: amount },
];
const postSale = async (app: CuadraApp, token: string, amount: string) => {
  const posted = await call(app, 'POST', '/api/v1/ledger/entries', token, { date: '2026-03-10', description: `Venta ${amount}`, lines: sale(amount) });
  expect(posted.status).toBe(201);
};
const salesIn = async (app: CuadraApp, token: string, headers: Record<string, string> = {}) => {
  const tb = await call(app, 'GET', '/api/v1/ledger/trial-balance?from=2026-01-01&to=2026-12-31', token, undefined, headers);
  expect(tb.status).toBe(200);
  return tb.body.totals.debit as string;
};

/**
 * Until the standby has replayed everything the primary has written so far (its WAL insert
 * position: every commit acknowledged so far is before it).
 */
async function caughtUp(): Promise<void> {
  const [{ lsn }] = await primaryAdmin!`select pg_current_wal_insert_lsn()::text as lsn`;
  for (;;) {
    const [{ done }] = await replicaAdmin!`select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as done`;
    if (done) return;
    await Bun.sleep(20);
  }
}

/** Pauses replay on the standby, and waits until it is paused (it is only requested at first). */
async function pauseReplay(): Promise<void> {
  await replicaAdmin!`select pg_wal_replay_pause()`;
  for (;;) {
    const [{ state }] = await replicaAdmin!`select pg_get_wal_replay_pause_state() as state`;
    if (state === 'paused') return;
    await Bun.sleep(20);
  }
}

/** Until the standby has received WAL it has not replayed (replay paused, the primary wrote). */
async function receivedNotReplayed(): Promise<void> {
  const [{ lsn }] = await primaryAdmin!`select pg_current_wal_insert_lsn()::text as lsn`;
  for (;;) {
    const [{ received }] = await replicaAdmin!`select pg_last_wal_receive_lsn() >= ${lsn}::pg_lsn and pg_last_wal_receive_lsn() > pg_last_wal_replay_lsn() as received`;
    if (received) return;
    await Bun.sleep(20);
  }
}

describe.skipIf(unavailable !== null)(`read replica (DATABASE_REPLICA_URL)${skipReason}`, () => {
  let app: CuadraApp;
  let a: { token: string; tenantId: string };
  let b: { token: string; tenantId: string };

  beforeAll(async () => {
    cluster = await startReplicatedCluster();
    primaryAdmin = postgres(cluster.primaryUrl, { max: 1, onnotice: () => {} });
    replicaAdmin = postgres(cluster.replicaUrl, { max: 1, onnotice: () => {} });
    await ensureTestRoles(cluster.primaryUrl);
    await primaryAdmin.unsafe(`create database cuadra owner ${OWNER_ROLE}`);
    await caughtUp();
    // a lag limit no paused replay reaches here: this app always reads reports on the replica
    app = await startApp({ DATABASE_REPLICA_URL: cluster.url('replica', SERVICE_ROLE, 'cuadra'), DATABASE_REPLICA_MAX_LAG_SECONDS: '86400' });
    a = await company(app, 'Alfa');
    b = await company(app, 'Beta');
    await postSale(app, a.token, '100.00');
    await postSale(app, b.token, '7.00');
    await caughtUp();
  }, 300_000);

  afterAll(async () => {
    for (const { app, dataDir } of apps) {
      await app.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
    await primaryAdmin?.end();
    await replicaAdmin?.end();
    await cluster?.stop();
  });

  test('reports read the replica and writes go to the primary: with replay paused, a new entry is in the primary\'s report only', async () => {
    expect(await salesIn(app, a.token)).toBe('100.00');
    // the application's own connections are on the standby, as its login, in the application role
    const onReplica = await replicaAdmin!`select count(*)::int as n from pg_stat_activity where datname = 'cuadra' and usename = ${SERVICE_ROLE}`;
    expect(onReplica[0]!.n).toBeGreaterThan(0);
    const gauges = await replicaGauges(app);
    expect(gauges.usable).toBe('1');
    expect(Number(gauges.lag)).toBeGreaterThanOrEqual(0);

    await pauseReplay();
    try {
      await postSale(app, a.token, '20.00'); // written: the standby is read-only, so this went to the primary
      await receivedNotReplayed();
      expect(await salesIn(app, a.token)).toBe('100.00'); // the replica, not yet replayed
      expect(await salesIn(app, a.token, { 'X-Read-From': 'primary' })).toBe('120.00'); // read-your-writes on demand
      // the journal listing is a report too: the replica's, without the new entry
      const journal = await call(app, 'GET', '/api/v1/ledger?limit=10', a.token);
      expect(journal.body.items.length).toBe(1);
    } finally {
      await replicaAdmin!`select pg_wal_replay_resume()`;
    }
    await caughtUp();
    expect(await salesIn(app, a.token)).toBe('120.00');
  });

  test('tenancy holds on the replica: each company reads its own figures; row-level security applies there to the application role', async () => {
    expect(await salesIn(app, a.token)).toBe('120.00');
    expect(await salesIn(app, b.token)).toBe('7.00');
    // another company's id in X-Tenant-Id is refused before any read
    expect((await call(app, 'GET', '/api/v1/ledger/trial-balance', b.token, undefined, { 'X-Tenant-Id': a.tenantId })).status).toBe(403);
    // the second wall, on the standby itself: as the application role, rows of the set tenant only, none without one
    const service = postgres(cluster!.url('replica', SERVICE_ROLE, 'cuadra'), { max: 1, onnotice: () => {} });
    try {
      const counts = await service.begin(async (sql) => {
        await sql`set local role cuadra_app`;
        const none = await sql`select count(*)::int as n from journal_entries`;
        await sql`select set_config('app.tenant_id', ${b.tenantId}, true)`;
        const own = await sql`select count(distinct tenant_id)::int as tenants, count(*)::int as n from journal_entries`;
        return { none: none[0]!.n, tenants: own[0]!.tenants, own: own[0]!.n };
      });
      expect(counts).toEqual({ none: 0, tenants: 1, own: 1 });
    } finally {
      await service.end();
    }
  });

  test('beyond DATABASE_REPLICA_MAX_LAG_SECONDS reports read the primary', async () => {
    const strict = await startApp({ DATABASE_REPLICA_URL: cluster!.url('replica', SERVICE_ROLE, 'cuadra'), DATABASE_REPLICA_MAX_LAG_SECONDS: '0' });
    await pauseReplay();
    try {
      await postSale(strict, a.token, '3.00');
      await receivedNotReplayed();
      // the lagging standby would answer 120.00 (the first app, which accepts any lag, shows it)
      expect(await salesIn(app, a.token)).toBe('120.00');
      // the lag is measured at most once a second: until the strict app has seen it
      while ((await replicaGauges(strict)).usable !== '0') await Bun.sleep(100);
      expect(Number((await replicaGauges(strict)).lag)).toBeGreaterThan(0);
      expect(await salesIn(strict, a.token)).toBe('123.00');
    } finally {
      await replicaAdmin!`select pg_wal_replay_resume()`;
    }
    await caughtUp();
  });

  test('a privileged replica login is refused at start-up, as DATABASE_URL\'s is', async () => {
    await expect(startApp({ DATABASE_REPLICA_URL: cluster!.url('replica', 'root', 'cuadra') })).rejects.toThrow(/DATABASE_REPLICA_URL logs in as "root", a superuser/);
  });

  test('once a report of a unit of work ran on the primary, its later reports stay there (one snapshot source per book)', async () => {
    const inRecovery = (uow: ReturnType<CuadraApp['kernel']['unitOfWork']>) =>
      uow.report((tx) => tx.sql<{ standby: boolean }>('select pg_is_in_recovery() as standby where :tenant::uuid is not null'), { tenantId: a.tenantId }).then(([row]) => row!.standby);
    const replica = app.kernel.db.replica!;
    while (!await replica.usable()) await Bun.sleep(100);
    const uow = app.kernel.unitOfWork(null);
    expect(await inRecovery(uow)).toBe(true);
    replica.failed(); // set aside for a few seconds: the next report reads the primary
    expect(await inRecovery(uow)).toBe(false);
    while (!await replica.usable()) await Bun.sleep(200);
    expect(await inRecovery(uow)).toBe(false); // the replica is back, this unit of work stays on the primary
    expect(await inRecovery(app.kernel.unitOfWork(null))).toBe(true); // a new one reads the replica
  }, 60_000);

  test('a replica that goes away: reports are answered from the primary', async () => {
    await cluster!.stopReplica();
    expect(await salesIn(app, a.token)).toBe('123.00');
    expect(await salesIn(app, b.token)).toBe('7.00');
    expect(await replicaGauges(app)).toEqual({ usable: '0', lag: '-1' });
    // an instance that starts while its replica is down starts all the same, its reports on the primary
    const late = await startApp({ DATABASE_REPLICA_URL: cluster!.url('replica', SERVICE_ROLE, 'cuadra') });
    expect(await salesIn(late, a.token)).toBe('123.00');
  });
});

describe('uow.report on the primary (both databases)', () => {
  let app: TestApp;
  afterAll(async () => { await app?.close(); });

  test('a report reads its own tenant in a read-only transaction: a write or an event in it fails, nothing is written', async () => {
    // on PGlite the replica setting is ignored (no replicas there); on PostgreSQL this app has none
    app = await startTestApp(backend === 'pglite' ? { env: { DATABASE_REPLICA_URL: 'postgres://cuadra_service@127.0.0.1:1/none' } } : {});
    expect(app.kernel.db.replica).toBeUndefined();
    const a = await createCompany(app);
    const b = await createCompany(app, 'Beta SL', VALID_CIFS[1]);
    const uow = app.kernel.unitOfWork(null);
    const names = await uow.report((tx) => tx.sql<{ name: string }>('select name from tenants where id = :tenant'), { tenantId: b.tenantId });
    expect(names).toEqual([{ name: 'Beta SL' }]);
    // row-level security in the report's transaction: another tenant's rows are not there
    const [{ n }] = await uow.report((tx) => tx.sql<{ n: number }>('select count(*)::int as n from journal_entries where tenant_id <> :tenant'), { tenantId: a.tenantId });
    expect(n).toBe(0);
    await expect(uow.report((tx) => tx.sql(`update tenants set name = 'Cambiado' where id = :tenant`), { tenantId: a.tenantId })).rejects.toThrow(/read-only transaction/);
    app.kernel.hooks.onEvent('test.report-published' as never, 'test', () => undefined);
    await expect(uow.report(async (tx) => { tx.publish('test.report-published' as never, {} as never); return 1; }, { tenantId: a.tenantId })).rejects.toThrow(/cannot publish/);
    const [{ name }] = await uow.run((tx) => tx.sql<{ name: string }>('select name from tenants where id = :tenant'), { tenantId: a.tenantId });
    expect(name).not.toBe('Cambiado');
  });

  test.skipIf(backend !== 'postgres')('a replica that accepts TCP and never answers: start-up and reports do not hang, they read the primary', async () => {
    const silent = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {}, open() {} } });
    const other = await startTestApp({ env: { DATABASE_REPLICA_URL: `postgres://cuadra_service@127.0.0.1:${silent.port}/none` } });
    try {
      expect(await other.kernel.db.replica!.usable()).toBe(false);
      const c = await createCompany(other, 'Delta SL', VALID_CIFS[3]);
      const [{ standby }] = await other.kernel.unitOfWork(null).report((tx) => tx.sql<{ standby: boolean }>('select pg_is_in_recovery() as standby where :tenant::uuid is not null'), { tenantId: c.tenantId });
      expect(standby).toBe(false);
    } finally {
      await other.close();
      silent.stop(true);
    }
  });

  test('inside a request transaction a report is read-only too, and the transaction is writable again after it', async () => {
    const a = await createCompany(app, 'Gamma SL', VALID_CIFS[2]);
    const uow = app.kernel.unitOfWork(null);
    const held = new RequestTransaction(app.kernel.db.orm);
    await held.run(async () => {
      const [{ name }] = await uow.report((tx) => tx.sql<{ name: string }>('select name from tenants where id = :tenant'), { tenantId: a.tenantId });
      expect(name).toBe('Gamma SL');
      await expect(uow.report((tx) => tx.sql(`update tenants set name = 'Cambiado' where id = :tenant`), { tenantId: a.tenantId })).rejects.toThrow(/read-only transaction/);
      await expect(uow.report(async (tx) => { tx.publish('test.report-published' as never, {} as never); return 1; }, { tenantId: a.tenantId })).rejects.toThrow(/cannot publish/);
      await uow.run((tx) => tx.sql(`update tenants set name = 'Gamma Dos SL' where id = :tenant`), { tenantId: a.tenantId });
    });
    expect(await held.commit(async () => true)).toBe(true);
    const [{ name }] = await uow.run((tx) => tx.sql<{ name: string }>('select name from tenants where id = :tenant'), { tenantId: a.tenantId });
    expect(name).toBe('Gamma Dos SL');
  });
});
