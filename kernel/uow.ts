import type { EntityManager } from '@mikro-orm/core';
import type { Database } from './database';
import { DomainError, NotFound, Unprocessable, isConnectionLost, translateDatabaseError } from './errors';
import type { EventName, Events, HookBus, SyncHookName, SyncHooks } from './hooks';
import type { Logger } from './logger';
import type { Principal } from './principal';
import { PRINCIPALS_CHANNEL, type PrincipalCache } from './principal-cache';
import { RequestTransaction } from './request-transaction';
import { CompiledQuery } from 'kysely';
import { bindNamedParameters, namedToPositional } from './sql-params';
import { eventAudienceSql } from './outbox';
import type { ReadOptions } from './tenant-statements';
import { inSpan } from './tracing';

/** What a service gets: the transaction's entity manager, the tenant, the actor and the hook bus. */
export interface Tx {
  readonly em: EntityManager;
  /** The transaction's tenant; throws when the unit of work has none (fail closed). */
  readonly tenantId: string;
  readonly tenantIdOrNull: string | null;
  readonly principal: Principal | null;
  /** Runs in-transaction subscribers; a throw aborts the whole unit of work. */
  hook<H extends SyncHookName>(name: H, payload: SyncHooks[H], options?: { reverse?: boolean }): Promise<void>;
  /**
   * Queues an event in the outbox; it is delivered only if the transaction commits. An event no
   * plugin subscribes to is not stored (subscribers register at start-up).
   */
  publish<E extends EventName>(name: E, payload: Events[E]): void;
  /**
   * Raw SQL for this tenant. Filters do not reach raw SQL, so the statement must reference the
   * tenant through `:tenant` (bound here); row-level security still applies underneath.
   */
  sql<T = Record<string, unknown>>(statement: string, params?: Record<string, unknown>): Promise<T[]>;
  /**
   * As `sql`, but the values travel as bound parameters (`$1…`) instead of being written into the
   * statement: for statements that carry megabytes of data (a set-based insert of 100,000 rows
   * through `unnest(:values::text[])`, arrays given as `pgArray` literals), which the database
   * then neither lexes nor escapes. Values are strings, numbers, booleans or null.
   */
  sqlBulk<T = Record<string, unknown>>(statement: string, params?: Record<string, unknown>): Promise<T[]>;
  /**
   * Call after changing anything authentication depends on (keys, passwords, memberships, roles):
   * cached principals are dropped on commit, here and on every instance sharing the database.
   */
  invalidatePrincipals(): Promise<void>;
}

export interface UnitOfWorkRunOptions {
  /** Overrides the principal's tenant (e.g. creating a tenant, or a pre-login flow with none). */
  tenantId?: string | null;
}

export interface OutboxNotifier { wake(): void }

/**
 * One per request (or job): each `run` is one transaction on a fresh fork of the entity manager,
 * with the tenant set for the ORM filter and for PostgreSQL row-level security. Commit happens
 * before `run` resolves; after-commit events are then handed to the outbox dispatcher.
 */
export class UnitOfWork {
  constructor(
    private readonly db: Database,
    private readonly hooks: HookBus,
    private readonly outbox: OutboxNotifier,
    readonly principal: Principal | null,
    private readonly logger: Logger,
    private readonly principals?: PrincipalCache,
    /** Where `report` reads: the replica when one is configured and usable, or always the primary (`X-Read-From: primary`). */
    private readonly reportsFrom: 'replica' | 'primary' = 'replica',
  ) {}

  /**
   * A read-only unit of work for a report (dashboards, ledger reports, tax models, books and
   * exports): the plugin declares with it that this read may be served by the read replica
   * (DATABASE_REPLICA_URL). It runs there when a replica is configured, usable (reachable, not
   * lagging beyond DATABASE_REPLICA_MAX_LAG_SECONDS) and the request did not ask for the primary
   * (`X-Read-From: primary`); otherwise, and always on PGlite, on the primary. Either way the
   * transaction is READ ONLY, with the same tenant settings as `run` (the ORM filter, and
   * `app.tenant_id` for row-level security), so a report behaves the same wherever it runs: a
   * report that tried to write fails on the primary too. Inside a request transaction it joins
   * it (on the primary), in a savepoint made read-only and rolled back at its end. A replica that
   * fails with a lost connection or a recovery conflict is set aside for a few seconds and the
   * report runs again on the primary (it wrote nothing).
   *
   * Once a report of this unit of work ran on the primary, its later reports stay there: a
   * multi-page book read in several reports never mixes the primary's snapshot with an older one.
   *
   * A replica may be a little behind: a report right after a write may not show it yet (see
   * docs/scale-out.md, "Read replicas"). `tx.publish` and writes are refused in a report.
   */
  async report<T>(work: (tx: Tx) => Promise<T>, options: UnitOfWorkRunOptions = {}): Promise<T> {
    const held = RequestTransaction.current();
    if (held) return this.reportInRequestTransaction(held, work, options);
    const replica = this.reportsFrom === 'replica' && !this.reportedOnPrimary ? this.db.replica : undefined;
    if (replica && await replica.usable()) {
      try {
        return await this.runReadOnly(replica.orm, work, options);
      } catch (error) {
        if (!replicaUnavailable(error)) throw this.translated(error);
        replica.failed();
        this.logger.warn('read replica failed: the report runs on the primary', { code: (error as { code?: string }).code, error: (error as Error).message });
      }
    }
    // sticky from here on (set before the read: a report running alongside this one sees it too)
    this.reportedOnPrimary = true;
    try {
      return await this.runReadOnly(this.db.orm, work, options);
    } catch (error) {
      throw this.translated(error);
    }
  }

  /**
   * A report whose reads are each one statement: `tx.sql` and `tx.sqlBulk` run as `read` (a
   * read-only transaction of its own, tenant set, row-level security underneath, in one round trip
   * instead of a unit of work's four). For a report that reads only through SQL and needs no single
   * snapshot across its statements: a tax model of a period reads the register's sums and the
   * company's settings. `tx.em`, hooks and events are refused. Where a report would read elsewhere
   * (a read replica is configured and not declined, or the request holds a transaction) it is `report`.
   */
  async reportByStatements<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    if (RequestTransaction.current() || (this.reportsFrom === 'replica' && this.db.replica)) return this.report(work);
    // planned with their values each time: a report's statement runs for milliseconds, and its plan
    // for the period's dates and the rates asked beats a generic one (the 115's sums: 4.5 against 5–7 ms)
    return work(statementsTx(this.principal?.tenantId ?? null, this.principal, (statement, params) => this.read(statement, params, { plan: 'each-time' })));
  }

  /** Whether a report of this unit of work ran on the primary (its later reports stay there). */
  private reportedOnPrimary = false;

  /**
   * A report inside the request's transaction: a savepoint with the tenant set and
   * `transaction_read_only` on (PostgreSQL lets a transaction turn read-only at any point, not back
   * to read-write; rolling back to the savepoint restores the setting), always rolled back at its end.
   */
  private async reportInRequestTransaction<T>(held: RequestTransaction, work: (tx: Tx) => Promise<T>, options: UnitOfWorkRunOptions): Promise<T> {
    const tenantId = options.tenantId !== undefined ? options.tenantId : this.principal?.tenantId ?? null;
    try {
      return await held.use(async (root) => {
        const ctx = root.getTransactionContext();
        const execute = (sql: string, params: unknown[] = []) => root.getConnection().execute(sql, params, 'run', ctx);
        await execute('savepoint cuadra_report');
        try {
          const em = root.fork({ clear: true, keepTransactionContext: true });
          if (tenantId) em.setFilterParams('tenant', { id: tenantId });
          await execute(`select set_config('app.tenant_id', ?, true), set_config('transaction_read_only', 'on', true)`, [tenantId ?? '']);
          const queued: { id: string; name: string; payload: unknown }[] = [];
          const value = await work(this.makeTx(em, tenantId, queued, { invalidatePrincipals: false }));
          if (queued.length) throw new Error('A report (uow.report) cannot publish events');
          return value;
        } finally {
          await execute('rollback to savepoint cuadra_report');
          await execute('release savepoint cuadra_report');
        }
      });
    } catch (error) {
      throw this.translated(error);
    }
  }

  private async runReadOnly<T>(orm: Database['orm'], work: (tx: Tx) => Promise<T>, options: UnitOfWorkRunOptions): Promise<T> {
    const tenantId = options.tenantId !== undefined ? options.tenantId : this.principal?.tenantId ?? null;
    const em = orm.em.fork({ clear: true });
    if (tenantId) em.setFilterParams('tenant', { id: tenantId });
    // READ ONLY set by statement (the PGlite driver does not pass the transaction's access mode on),
    // in the one that sets the tenant: a report pays one round trip for both
    em.setSessionContext({ variables: { 'app.tenant_id': tenantId ?? '', transaction_read_only: 'on' } });
    const queued: { id: string; name: string; payload: unknown }[] = [];
    return em.transactional(async (tem) => {
      const value = await work(this.makeTx(tem, tenantId, queued, { invalidatePrincipals: false }));
      if (queued.length) throw new Error('A report (uow.report) cannot publish events');
      return value;
    });
  }

  async run<T>(work: (tx: Tx) => Promise<T>, options: UnitOfWorkRunOptions = {}): Promise<T> {
    const tenantId = options.tenantId !== undefined ? options.tenantId : this.principal?.tenantId ?? null;
    const held = RequestTransaction.current();
    if (held) return this.runInRequestTransaction(held, work, tenantId);
    const em = this.db.orm.em.fork({ clear: true });
    if (tenantId) em.setFilterParams('tenant', { id: tenantId });
    em.setSessionContext({ variables: { 'app.tenant_id': tenantId ?? '' } });
    const queued: { id: string; name: string; payload: unknown }[] = [];
    const afterCommit = { invalidatePrincipals: false };
    try {
      // a child span of the request's when traces are on (no tenant id in it: kernel/tracing.ts)
      const result = await inSpan('db.transaction', { 'db.system.name': 'postgresql' }, () => em.transactional(async (tem) => {
        const tx = this.makeTx(tem, tenantId, queued, afterCommit);
        const value = await work(tx);
        await tem.flush();
        await this.queueEvents(tem, tenantId, queued);
        return value;
      }));
      if (afterCommit.invalidatePrincipals) this.principals?.clear();
      if (queued.length) this.outbox.wake();
      return result;
    } catch (error) {
      throw this.translated(error);
    }
  }

  /**
   * `run` inside the request's transaction (see RequestTransaction): a savepoint instead of a
   * transaction of its own, with this unit of work's tenant set for its statements and deferred
   * constraints checked at its end. A failure rolls back to the savepoint, exactly what a
   * transaction of its own would have undone; what runs after a commit waits for the request
   * transaction's.
   */
  private async runInRequestTransaction<T>(held: RequestTransaction, work: (tx: Tx) => Promise<T>, tenantId: string | null): Promise<T> {
    try {
      return await held.use(async (root) => {
        const ctx = root.getTransactionContext();
        const execute = (sql: string, params: unknown[] = []) => root.getConnection().execute(sql, params, 'run', ctx);
        await execute('savepoint cuadra_unit_of_work');
        const queued: { id: string; name: string; payload: unknown }[] = [];
        const afterCommit = { invalidatePrincipals: false };
        let value: T;
        try {
          const em = root.fork({ clear: true, keepTransactionContext: true });
          if (tenantId) em.setFilterParams('tenant', { id: tenantId });
          await execute(`select set_config('app.tenant_id', ?, true)`, [tenantId ?? '']);
          value = await work(this.makeTx(em, tenantId, queued, afterCommit));
          await em.flush();
          await this.queueEvents(em, tenantId, queued);
          // deferred constraints (every deferrable one is INITIALLY DEFERRED) are checked now, as
          // this unit of work's own commit would, so that a violation fails it and not the request
          await execute('set constraints all immediate');
          await execute('set constraints all deferred');
          await execute('release savepoint cuadra_unit_of_work');
        } catch (error) {
          await execute('rollback to savepoint cuadra_unit_of_work');
          await execute('release savepoint cuadra_unit_of_work');
          throw error;
        }
        if (afterCommit.invalidatePrincipals) held.afterCommit('principals', () => this.principals?.clear());
        if (queued.length) held.afterCommit('outbox', () => this.outbox.wake());
        return value;
      });
    } catch (error) {
      throw this.translated(error);
    }
  }

  /** One outbox row per event; MikroORM inlines parameters, so arrays are not bound as arrays. */
  private async queueEvents(em: EntityManager, tenantId: string | null, queued: { id: string; name: string; payload: unknown }[]): Promise<void> {
    if (!queued.length) return;
    // an event only tenant-scoped subscribers take is kept only when one of them subscribed this tenant
    const scoped = new Map<string, string[]>();
    for (const { name } of queued) {
      const { everyTenant, scoped: plugins } = this.hooks.eventAudience(name);
      if (!everyTenant) scoped.set(name, plugins);
    }
    const audience = scoped.size
      ? ` where v.name <> all (?::text[]) or exists (select from outbox_tenant_subscriptions s where s.tenant_id = v.tenant_id::uuid and (?::jsonb -> v.name) @> to_jsonb(s.subscriber))`
      : '';
    const audienceParams = scoped.size
      ? [`{${[...scoped.keys()].map((name) => `"${name}"`).join(',')}}`, JSON.stringify(Object.fromEntries(scoped))]
      : [];
    await em.getConnection().execute(
      `insert into outbox_events (id, tenant_id, name, payload) select v.id::uuid, v.tenant_id::uuid, v.name, v.payload::jsonb
       from (values ${queued.map(() => '(?, ?, ?, ?)').join(', ')}) as v(id, tenant_id, name, payload)${audience}`,
      [...queued.flatMap((e) => [e.id, tenantId, e.name, JSON.stringify(e.payload)]), ...audienceParams],
      'run',
      em.getTransactionContext(),
    );
  }

  /**
   * One read-only statement for this unit of work's tenant, for hot read paths, as a transaction
   * of its own in one round trip (see TenantStatements; on PGlite one call, PgliteTenantStatements).
   * Same rules as `tx.sql`: the statement references `:tenant`, RLS applies underneath. Column
   * types differ between drivers for int8 and json: cast in the statement when it matters.
   */
  async read<T = Record<string, unknown>>(statement: string, params: Record<string, unknown> = {}, options: ReadOptions = {}): Promise<T[]> {
    return this.single<T>('read', statement, params, options);
  }

  /**
   * One data-modifying statement as a transaction of its own, for hot write paths: one round trip
   * (one call on PGlite), and locks it takes are released at its commit without waiting for any
   * JavaScript (see TenantStatements). What it relies on from earlier reads must be re-checked in
   * the statement itself (e.g. `where status = 'draft' and updated_at = :seen`): nothing else
   * holds those rows. In-transaction hooks cannot run inside it; a caller whose hook has
   * subscribers (`hasSyncSubscribers`) uses `run` instead. `publishes`: the statement queued
   * outbox events (outboxEventSql), so wake the dispatcher after the commit; a function tells it
   * from the rows answered (a statement whose event is conditional says whether it wrote one).
   */
  async write<T = Record<string, unknown>>(statement: string, params: Record<string, unknown> = {}, options: { publishes?: boolean | ((rows: T[]) => boolean) } = {}): Promise<T[]> {
    const rows = await this.single<T>('write', statement, params);
    const held = RequestTransaction.current();
    const published = typeof options.publishes === 'function' ? options.publishes(rows) : options.publishes;
    if (published) held ? held.afterCommit('outbox', () => this.outbox.wake()) : this.outbox.wake();
    return rows;
  }

  /** Whether `name` has in-transaction subscribers (callers of `write` then fall back to `run`). */
  hasSyncSubscribers(name: SyncHookName): boolean {
    return this.hooks.hasSyncHandlers(name);
  }

  /** The SQL condition that some subscriber takes event `name` of this tenant (see `eventAudienceSql`). */
  eventAudienceSql(name: EventName): string {
    return eventAudienceSql(this.hooks, name);
  }

  /** Whether `name` has after-commit subscribers (no outbox row is needed when none listens). */
  hasEventSubscribers(name: EventName): boolean {
    return this.hooks.hasEventHandlers(name);
  }

  private async single<T>(mode: 'read' | 'write', statement: string, params: Record<string, unknown>, options: ReadOptions = {}): Promise<T[]> {
    const statements = this.db.statements;
    if (RequestTransaction.current()) {
      // inside a request transaction the statement joins it (it commits with the request's outcome)
      if (!this.principal?.tenantId) throw new NotFound('No active tenant: create or select a company first');
      return this.run((tx) => tx.sql<T>(statement, params));
    }
    const tenantId = this.principal?.tenantId;
    if (!tenantId) throw new NotFound('No active tenant: create or select a company first');
    try {
      return await (mode === 'read' ? statements.read<T>(tenantId, statement, params, options) : statements.write<T>(tenantId, statement, params));
    } catch (error) {
      throw this.translated(error);
    }
  }

  private translated(error: unknown): unknown {
    if (error instanceof DomainError) return error;
    const translated = translateDatabaseError(error);
    if (!translated) return error;
    this.logger.debug('database error translated', { code: (error as { code?: string }).code, status: translated.status });
    return translated;
  }

  private makeTx(em: EntityManager, tenantId: string | null, queued: { id: string; name: string; payload: unknown }[], afterCommit: { invalidatePrincipals: boolean }): Tx {
    const hooks = this.hooks;
    const principal = this.principal;
    const tx: Tx = {
      em,
      get tenantId() {
        if (!tenantId) throw new NotFound('No active tenant: create or select a company first');
        return tenantId;
      },
      tenantIdOrNull: tenantId,
      principal,
      hook: (name, payload, options) => hooks.runSync(tx, name, payload, options),
      publish: (name, payload) => { if (hooks.hasEventHandlers(name)) queued.push({ id: crypto.randomUUID(), name, payload }); },
      async invalidatePrincipals() {
        if (afterCommit.invalidatePrincipals) return;
        afterCommit.invalidatePrincipals = true;
        await em.getConnection().execute(`select pg_notify('${PRINCIPALS_CHANNEL}', '')`, [], 'all', em.getTransactionContext());
      },
      async sqlBulk<T>(statement: string, params: Record<string, unknown> = {}) {
        const { text, params: names } = namedToPositional(statement);
        if (!names.includes('tenant')) throw new Error('Tenant-scoped SQL must reference :tenant');
        const values = names.map((name) => {
          const value = name === 'tenant' ? tx.tenantId : params[name];
          if (value === undefined) throw new Error(`Missing SQL parameter :${name}`);
          if (typeof value === 'string' && value.includes('\u0000')) throw new Unprocessable('The request contains characters that cannot be stored (such as NUL)');
          return value;
        });
        const context = em.getTransactionContext() as { executeQuery(query: CompiledQuery): Promise<{ rows: T[] }> } | undefined;
        if (!context) throw new Error('sqlBulk runs inside a unit of work');
        return (await context.executeQuery(CompiledQuery.raw(text, values))).rows;
      },
      async sql<T>(statement: string, params: Record<string, unknown> = {}) {
        const values: unknown[] = [];
        const text = bindNamedParameters(statement, params, () => tx.tenantId, (value) => { values.push(value); return '?'; });
        return em.getConnection().execute(text, values, 'all', em.getTransactionContext()) as Promise<T[]>;
      },
    };
    return tx;
  }
}

/**
 * A replica that cannot serve the read: its connection failed or dropped, or the standby cancelled
 * the query for a conflict with recovery (40001 there, when replay removes rows the query needs)
 * or because it is shutting down or starting (57P0x: within isConnectionLost).
 */
function replicaUnavailable(error: unknown): boolean {
  if (isConnectionLost(error)) return true;
  const code = (error as { code?: string })?.code;
  return code === '40001';
}

/**
 * A `Tx` whose `sql` and `sqlBulk` run each statement through `read` (a read-only transaction of its
 * own for the tenant: `uow.read`, or the database's tenant statements), with no entity manager,
 * hooks or events: what `uow.reportByStatements` hands its work, and what a computation for many
 * companies at once (the workspace's tax results) hands a reader that needs a tenant's `tx`.
 */
export function statementsTx(tenantId: string | null, principal: Principal | null, read: <T>(statement: string, params: Record<string, unknown>) => Promise<T[]>): Tx {
  const refuse = (what: string): never => { throw new Error(`A read by single statements (uow.reportByStatements, the workspace's tax results) cannot ${what}`); };
  return {
    get em(): EntityManager { return refuse('use the entity manager: read with tx.sql'); },
    get tenantId() {
      if (!tenantId) throw new NotFound('No active tenant: create or select a company first');
      return tenantId;
    },
    tenantIdOrNull: tenantId,
    principal,
    hook: async () => refuse('run hooks'),
    publish: () => refuse('publish events'),
    invalidatePrincipals: async () => refuse('invalidate principals'),
    sql: (statement, params = {}) => read(statement, params),
    sqlBulk: (statement, params = {}) => read(statement, params),
  };
}
