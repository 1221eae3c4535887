import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { MikroORM as PgliteORM } from '@mikro-orm/pglite';
import { MikroORM as PostgresORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { EntityManager, EventArgs, EventSubscriber, MikroORM } from '@mikro-orm/core';
import { CompiledQuery } from 'kysely';
import { parse as parsePgArray } from 'postgres-array';
import type { Config } from './config';
import type { Logger } from './logger';
import { APP_ROLE, SYSTEM_ROLE, type MigrationDefinition } from './migration';
import { sqlLiteral } from './sql-params';
import { PgliteTenantStatements, TenantStatements, type TenantStatementRunner } from './tenant-statements';
import { RequestTransaction } from './request-transaction';
import { APPLICATION_JIT, mikroOrmConnection, postgresJs, postgresTarget } from './postgres-url';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Dates, timestamps and intervals arrive as PostgreSQL's text on both drivers (what MikroORM sets up
 * for the pg driver and for a PGlite it creates itself; we create ours, so we set it here).
 */
const TEMPORAL_AS_TEXT: Record<number, (value: string) => unknown> = {
  1082: (v) => v, 1114: (v) => v, 1184: (v) => v, 1186: (v) => v,
  1182: (v) => parsePgArray(v), 1115: (v) => parsePgArray(v), 1185: (v) => parsePgArray(v), 1187: (v) => parsePgArray(v),
};

/**
 * An embedded database with the extensions the migrations create (PostgreSQL ships them as
 * contrib; PGlite needs them handed in). Tests and benchmarks that bring their own PGlite use this.
 */
export const createPglite = (options: PGliteOptions = {}): Promise<PGlite> =>
  PGlite.create({ ...options, extensions: { pg_trgm, btree_gin, ...options.extensions } });

/**
 * PostgreSQL settings of the service's embedded database. PGlite starts with a server's defaults
 * (128 MB of shared buffers, 4 MB of WAL buffers, 8 MB of temporary buffers) inside its WebAssembly
 * memory, which grows and never shrinks, so whatever they touch stays resident for the process's
 * life. Pages the buffers do not hold are read back from the operating system's file cache.
 */
export const EMBEDDED_SETTINGS: Readonly<Record<string, string>> = { shared_buffers: '16MB', wal_buffers: '512kB', temp_buffers: '1MB' };

/** The service's embedded database: under `dataDir`, or in memory without one. */
export const openEmbeddedDatabase = (dataDir?: string): Promise<PGlite> => createPglite({
  dataDir, parsers: TEMPORAL_AS_TEXT,
  startParams: [...PGlite.defaultStartParams, ...Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
});

export interface DatabaseOptions {
  config: Config;
  logger: Logger;
  entities: any[];
  /** Entity names whose rows belong to a tenant: filtered, stamped and (checked) RLS-protected. */
  tenantEntities: string[];
  migrations: MigrationDefinition[];
  /** Tests may hand in an in-memory PGlite. */
  pglite?: PGlite;
}

export interface Database {
  kind: DatabaseKind;
  /** The application ORM: every connection runs as the non-owner application role. */
  orm: MikroORM;
  /** One-statement tenant transactions in one round trip (one call to PGlite). */
  statements: TenantStatementRunner;
  /**
   * One statement as the system role (SYSTEM_ROLE), the only role that may call the SECURITY
   * DEFINER functions serving every tenant or user (authentication lookups, the outbox and webhook
   * workers, purges). It runs in a transaction of its own; inside the request transaction (see
   * RequestTransaction), in a savepoint of it, which is back to the application role right after
   * it (`systemStatementIn` does the same in a unit of work's transaction). `ownTransaction` never
   * joins the request's (background workers).
   */
  system<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: { ownTransaction?: boolean }): Promise<T[]>;
  /**
   * The read replica (DATABASE_REPLICA_URL, PostgreSQL only), for reads a plugin declares may be
   * served from it (`uow.report`); undefined when none is configured.
   */
  replica?: ReplicaDatabase;
  /** The application pool's connections (PostgreSQL; PGlite has one session and no pool). */
  poolStats(): { open: number; idle: number; waiting: number } | undefined;
  close(): Promise<void>;
}

/** The advisory lock key the instances' migrations take turns on (any fixed bigint; "cuadra" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x637561647261n;

/**
 * A session of its own holding the migration lock until `end()` (a killed instance's session ends
 * with it, and so does its lock). The wait is unbounded: the instance holding it is migrating.
 */
async function takeMigrationLock(target: ReturnType<typeof postgresTarget>) {
  // no idle end and no lifetime: postgres.js would otherwise recycle the session (and drop the lock)
  const session = postgresJs(target, { max: 1, idle_timeout: 0, max_lifetime: null });
  try {
    await session.unsafe(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
  } catch (error) {
    await session.end();
    throw error;
  }
  return session;
}

/**
 * Opens the database: runs every migration as the owner (DATABASE_OWNER_URL on PostgreSQL), proves
 * that each tenant-owned table has forced row-level security, then opens the application ORM on
 * DATABASE_URL, whose connections `SET ROLE` to the application role (on PGlite and PostgreSQL
 * alike). On PostgreSQL it refuses a privileged application login (assertUnprivilegedLogin).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { config, logger } = options;
  const kind: DatabaseKind = config.databaseUrl ? 'postgres' : 'pglite';
  const target = config.databaseUrl ? postgresTarget(config.databaseUrl) : undefined;
  const ownsPglite = kind === 'pglite' && !options.pglite;
  const embeddedDir = config.embeddedInMemory ? undefined : join(config.dataDir, 'db');
  let pglite = kind === 'pglite' ? options.pglite ?? await openEmbeddedDatabase(embeddedDir) : undefined;

  const base = {
    entities: options.entities,
    discovery: { warnWhenNoEntities: false },
    debug: process.env.SQL_DEBUG === '1',
    forceUtcTimezone: true,
    ignoreUndefinedInQuery: false,
    allowGlobalContext: false,
    ...(target ? mikroOrmConnection(target) : { dbName: 'cuadra', driverOptions: { pglite } }),
  };
  const ownerTarget = config.databaseOwnerUrl ? postgresTarget(config.databaseOwnerUrl) : undefined;

  const owner = await initOrm(kind, {
    ...base,
    ...(ownerTarget ? mikroOrmConnection(ownerTarget) : {}),
    extensions: [Migrator],
    migrations: { migrationsList: [...options.migrations].sort((a, b) => a.name.localeCompare(b.name)), transactional: true, allOrNothing: true, silent: true, snapshot: false },
    pool: { min: 0, max: 1 },
  });
  let migrated = false;
  // Instances starting together on one PostgreSQL database (a rolling deploy, a scaled-out start)
  // take turns: without the lock the second runs the same migrations at once and dies on the
  // catalog ("tuple concurrently updated"); with it, it waits, then finds nothing pending.
  const migrationLock = ownerTarget ? await takeMigrationLock(ownerTarget) : undefined;
  try {
    const pending = await owner.migrator.getPending();
    if (pending.length) logger.info('running migrations', { count: pending.length });
    await owner.migrator.up();
    migrated = pending.length > 0;
    await assertTenantTablesForceRls(owner.em.fork());
  } finally {
    await owner.close(true);
    await migrationLock?.end();
  }
  if (migrated && ownsPglite && embeddedDir) {
    // Migrating grows the embedded database's memory for good (catalog caches of every table and
    // function made); the service runs on a fresh instance over the migrated files instead.
    await pglite!.close();
    pglite = await openEmbeddedDatabase(embeddedDir);
    Object.assign(base, { driverOptions: { pglite } });
  }

  const appRole = APP_ROLE;
  let applicationPool: { totalCount: number; idleCount: number; waitingCount: number } | undefined;
  const orm = await initOrm(kind, applicationOrmOptions(base, options.tenantEntities, kind === 'postgres' ? {
    max: Number(process.env.DATABASE_POOL_MAX ?? 16),
    onPoolCreated: (pool) => { applicationPool = pool; },
  } : undefined));

  if (kind === 'postgres' && !config.databaseAllowPrivileged) {
    try {
      await assertUnprivilegedLogin(orm.em.fork());
    } catch (error) {
      await orm.close(true);
      throw error;
    }
  }

  // One short message per statement, pipelined by postgres.js: a few connections per core beat many
  const statementPool = Number(process.env.DATABASE_STATEMENT_POOL_MAX ?? 2 * availableParallelism());
  const statements = kind === 'postgres' ? new TenantStatements(target!, appRole, statementPool) : new PgliteTenantStatements(pglite!, appRole);

  let replica: ReplicaDatabase | undefined;
  if (kind === 'postgres' && config.databaseReplicaUrl) {
    try {
      replica = await openReplica(config, logger, base, options.tenantEntities);
    } catch (error) {
      await statements.close();
      await orm.close(true);
      throw error;
    }
  } else if (config.databaseReplicaUrl) {
    logger.warn('DATABASE_REPLICA_URL is ignored: the embedded database has no replicas');
  }

  return {
    kind,
    orm,
    statements,
    replica,
    poolStats: () => applicationPool && { open: applicationPool.totalCount, idle: applicationPool.idleCount, waiting: applicationPool.waitingCount },
    async system<T>(sql: string, params: unknown[] = [], options: { ownTransaction?: boolean } = {}): Promise<T[]> {
      const held = options.ownTransaction ? undefined : RequestTransaction.current();
      if (held) return held.use((root) => systemInSavepoint<T>(statementsOf(root), sql, params));
      return orm.em.fork().transactional(async (em) => {
        const run = statementsOf(em);
        await run(`select set_config('role', ${sqlLiteral(SYSTEM_ROLE)}, true)`);
        return await run(sql, params) as T[];
      });
    },
    async close() {
      await replica?.close();
      await statements.close();
      await orm.close(true);
      if (ownsPglite) await pglite!.close();
    },
  };
}

/**
 * The application ORM's options, on the primary or on a replica: every connection `SET ROLE`s to
 * the application role, the tenant filter is on by default and new tenant rows are stamped.
 */
function applicationOrmOptions(base: Record<string, unknown>, tenantEntities: string[], pool?: { max: number; onPoolCreated?: (pool: any) => void; driver?: Record<string, unknown> }): Record<string, unknown> {
  return {
    ...base,
    pool: pool ? { min: Math.min(2, pool.max), max: pool.max } : undefined,
    ...(pool ? { driverOptions: { ...pool.driver, onPoolCreated: (created: any) => { pool.onPoolCreated?.(created); releaseDroppedConnections(created); } } } : {}),
    onCreateConnection: async (connection: any) => {
      await connection.executeQuery(CompiledQuery.raw(`set role "${APP_ROLE.replaceAll('"', '""')}"`));
      await connection.executeQuery(CompiledQuery.raw(`set jit = ${APPLICATION_JIT}`));
    },
    filters: {
      tenant: {
        name: 'tenant',
        cond: (args: { id?: string }) => {
          if (!args?.id) throw new Error('Tenant filter used without a tenant');
          return { tenantId: args.id };
        },
        entity: tenantEntities,
        default: true,
      },
    },
    subscribers: [new TenantStamp(new Set(tenantEntities))],
  };
}

/**
 * A PostgreSQL hot standby fed by streaming replication from the primary: the same tables, roles
 * and row-level security policies (it is a copy of the primary's files), read-only. Its ORM is
 * set up exactly as the primary's (the application role, the tenant filter); units of work on it
 * set the same transaction settings (`app.tenant_id`), so tenancy holds there as on the primary.
 */
export interface ReplicaDatabase {
  orm: MikroORM;
  /** Most seconds of lag a report may be served with; beyond it reports go to the primary. */
  maxLagSeconds: number;
  /**
   * Whether the replica is usable now: reachable and at most `maxLagSeconds` behind (checked at
   * most once a second; an unreachable replica is not asked again for five seconds).
   */
  usable(): Promise<boolean>;
  /** The replay lag last measured, in seconds; null before the first check or when it did not answer. */
  lastLagSeconds(): number | null;
  /** Marks the replica unusable for five seconds (a connection to it failed). */
  failed(): void;
  close(): Promise<void>;
}

/**
 * Replay lag in seconds: 0 when everything received has been replayed, else the age of the last
 * replayed transaction. (A standby that lost its connection to the primary and replayed all it
 * received also reads 0: the primary's own position is not asked for.) `pg_is_in_recovery()` is
 * false on a promoted standby, which is then no replica at all: it reads 0 too.
 */
const REPLICA_LAG_SQL = `select case when not pg_is_in_recovery() or pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0) end::float8 as lag`;

/** How long a replica check (connecting included) may take before the replica counts as unreachable. */
const REPLICA_CHECK_MS = 2_000;

/** `work`, or a rejection when it has not settled within REPLICA_CHECK_MS (the work itself is left to end). */
function withinReplicaTime<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`read replica did not answer within ${REPLICA_CHECK_MS} ms`)), REPLICA_CHECK_MS);
  });
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function openReplica(config: Config, logger: Logger, base: Record<string, unknown>, tenantEntities: string[]): Promise<ReplicaDatabase> {
  const target = postgresTarget(config.databaseReplicaUrl!);
  const orm = await initOrm('postgres', applicationOrmOptions({ ...base, ...mikroOrmConnection(target) }, tenantEntities, {
    max: Number(process.env.DATABASE_REPLICA_POOL_MAX ?? process.env.DATABASE_POOL_MAX ?? 16),
    // a replica that stops answering must not hold a report (or start-up) waiting on a connection:
    // connecting gives up after REPLICA_CHECK_MS, and TCP keep-alive notices a dead peer on open ones
    driver: { connectionTimeoutMillis: REPLICA_CHECK_MS, keepAlive: true, keepAliveInitialDelayMillis: 10_000 },
  }));
  const maxLagSeconds = config.databaseReplicaMaxLagSeconds;
  // the login is checked (as DATABASE_URL's) before the first report reads there: at start-up, or,
  // when the replica does not answer then, once it does
  let loginChecked = config.databaseAllowPrivileged;
  let refused: Error | undefined;
  let checkedAt = 0;
  let usable = false;
  let checking: Promise<boolean> | undefined;
  let lastLag: number | null = null;
  let starting = true;
  // bumped by failed(): a check that started before a failure does not undo its back-off
  let generation = 0;
  const check = async (): Promise<boolean> => {
    lastLag = null;
    if (refused) return false;
    try {
      if (!loginChecked) {
        try {
          await withinReplicaTime(assertUnprivilegedLogin(orm.em.fork()));
        } catch (error) {
          // only the privileged-login finding refuses the replica for good; any other error (no
          // answer, too many connections, a restart) is the replica being unreachable for now
          if (!(error instanceof PrivilegedLoginError)) throw error;
          refused = new Error((error as Error).message.replace(/^DATABASE_URL/, 'DATABASE_REPLICA_URL'));
          // at start-up the error stops the service; later (the replica answered late) it is logged
          if (!starting) logger.error('read replica refused: reports stay on the primary', { error: refused.message });
          return false;
        }
        loginChecked = true;
      }
      const [row] = await withinReplicaTime(orm.em.fork().getConnection().execute<{ lag: number }[]>(REPLICA_LAG_SQL));
      const lag = Number(row?.lag ?? 0);
      lastLag = lag;
      if (lag > maxLagSeconds && usable) logger.warn('read replica lagging: reports go to the primary', { lagSeconds: lag, maxLagSeconds });
      return lag <= maxLagSeconds;
    } catch (error) {
      logger.warn('read replica unreachable: reports go to the primary', { error: (error as Error).message });
      checkedAt = Date.now() + 4_000;
      return false;
    }
  };
  const replica: ReplicaDatabase = {
    orm,
    maxLagSeconds,
    async usable() {
      if (Date.now() - checkedAt >= 1_000) {
        if (!checking) {
          const started = generation;
          checking = check().then((ok) => {
            // a failure reported while this check ran wins: its back-off stands
            if (started !== generation) return false;
            usable = ok;
            checkedAt = Math.max(checkedAt, Date.now());
            return ok;
          }).finally(() => { checking = undefined; });
        }
        return checking;
      }
      return usable;
    },
    lastLagSeconds: () => lastLag,
    failed() {
      generation++;
      usable = false;
      lastLag = null;
      checkedAt = Date.now() + 4_000;
    },
    close: () => orm.close(true),
  };
  // a privileged login is refused at start-up, as DATABASE_URL's is; an unreachable replica is not
  // (the service starts, reports read the primary until the replica answers)
  await replica.usable();
  starting = false;
  if (refused) {
    await orm.close(true);
    throw refused;
  }
  return replica;
}

type Statements = (sql: string, params?: unknown[]) => Promise<unknown>;
const statementsOf = (em: EntityManager): Statements => (sql, params = []) => em.getConnection().execute(sql, params, 'all', em.getTransactionContext());

/** `Database.system` inside the transaction `em` runs (a unit of work's `tx.em`). */
export const systemStatementIn = <T = Record<string, unknown>>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> =>
  systemInSavepoint<T>(statementsOf(em), sql, params);

/** `sql` as the system role in a savepoint of a running transaction, which is back to the application role after it. */
async function systemInSavepoint<T>(run: Statements, sql: string, params: unknown[]): Promise<T[]> {
  await run('savepoint cuadra_system');
  try {
    await run(`select set_config('role', ${sqlLiteral(SYSTEM_ROLE)}, true)`);
    const rows = await run(sql, params) as T[];
    await run(`select set_config('role', ${sqlLiteral(APP_ROLE)}, true)`);
    await run('release savepoint cuadra_system');
    return rows;
  } catch (error) {
    // rolling back to the savepoint also restores the role it started with
    await run('rollback to savepoint cuadra_system');
    await run('release savepoint cuadra_system');
    throw error;
  }
}

/**
 * A pooled connection that the server drops while a unit of work holds it (pg_terminate_backend,
 * a restart, a failover) would otherwise never return to the pool: the transaction's ROLLBACK fails
 * on the dead connection, and Kysely releases a transaction's connection only after a ROLLBACK or
 * COMMIT that succeeded. Every drop would cost the pool a slot for good. So when a checked-out
 * connection ends, it is handed back at once as broken (the pool discards it and opens a fresh one
 * on demand), and the holder's own release later becomes a no-op.
 */
function releaseDroppedConnections(pool: any): void {
  const checkedOut = new WeakSet<object>();
  pool.on('acquire', (client: object) => checkedOut.add(client));
  pool.on('release', (_error: unknown, client: object) => checkedOut.delete(client));
  pool.on('connect', (client: any) => {
    const handBack = (error?: Error) => {
      if (!checkedOut.has(client) || typeof client.release !== 'function') return;
      checkedOut.delete(client);
      const release = client.release;
      client.release = () => undefined;
      release(error ?? new Error('The database connection ended'));
    };
    client.on('end', () => handBack());
    client.on('error', (error: Error) => handBack(error));
  });
}

async function initOrm(kind: DatabaseKind, options: Record<string, unknown>): Promise<MikroORM> {
  return (kind === 'postgres' ? PostgresORM.init(options as any) : PgliteORM.init(options as any)) as unknown as Promise<MikroORM>;
}

/**
 * Start-up refuses to run the application as a login that could step around row-level security:
 * a superuser, a role with BYPASSRLS, or the owner of any table (or a member of the owner's role,
 * who may become it): one missed role switch or one injected `RESET ROLE` would run as that.
 * DATABASE_ALLOW_PRIVILEGED=1 skips the check (a single-user database, a benchmark).
 */
/** The finding of assertUnprivilegedLogin: the login could step around row-level security. */
export class PrivilegedLoginError extends Error {}

export async function assertUnprivilegedLogin(em: EntityManager): Promise<void> {
  const [login] = await em.getConnection().execute<{ name: string; superuser: boolean; bypassrls: boolean; owns: string | null }[]>(`
    select r.rolname as name, r.rolsuper as superuser, r.rolbypassrls as bypassrls,
      (select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm', 'S')
         and pg_has_role(session_user, c.relowner, 'MEMBER') limit 1) as owns
    from pg_roles r where r.rolname = session_user`);
  if (!login) throw new Error('Cannot read the database login role');
  const why = login.superuser ? 'a superuser' : login.bypassrls ? 'a role with BYPASSRLS' : login.owns ? `the owner of the tables (e.g. ${login.owns}) or a member of the owner's role` : null;
  if (why) {
    throw new PrivilegedLoginError(`DATABASE_URL logs in as "${login.name}", ${why}: the application must connect as a login role that owns nothing and bypasses no row-level security, ` +
      'with migrations run through DATABASE_OWNER_URL (see infra/README.md). Set DATABASE_ALLOW_PRIVILEGED=1 to run anyway.');
  }
}

/** Start-up refuses to run if any table with a tenant_id column lacks ENABLE + FORCE row-level security. */
export async function assertTenantTablesForceRls(em: EntityManager): Promise<void> {
  const unprotected = await em.getConnection().execute<{ table_name: string }[]>(`
    select c.relname as table_name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
    where n.nspname = current_schema() and c.relkind in ('r', 'p')
      and not (c.relrowsecurity and c.relforcerowsecurity)
    order by 1`);
  if (unprotected.length) {
    throw new Error(`Tenant-owned tables without forced row-level security: ${unprotected.map((r: { table_name: string }) => r.table_name).join(', ')}`);
  }
}

/**
 * Filters do not apply to inserts: stamp the unit of work's tenant on every new tenant-owned entity,
 * and refuse one that names another tenant.
 */
class TenantStamp implements EventSubscriber {
  constructor(private readonly tenantEntities: Set<string>) {}
  beforeCreate(args: EventArgs<any>): void {
    if (!this.tenantEntities.has(args.meta.className)) return;
    const tenantId = (args.em.getFilterParams('tenant') as { id?: string } | undefined)?.id;
    if (!tenantId) throw new Error(`Creating ${args.meta.className} outside a tenant unit of work`);
    if (args.entity.tenantId == null) args.entity.tenantId = tenantId;
    else if (args.entity.tenantId !== tenantId) throw new Error(`Creating ${args.meta.className} for another tenant`);
  }
}
