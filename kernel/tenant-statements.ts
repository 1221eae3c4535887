import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { isConnectionLost } from './errors';
import { APPLICATION_JIT, postgresJs, type PostgresTarget } from './postgres-url';
import { bindNamedParameters, namedToPositional, quoteLiteral, sqlLiteral } from './sql-params';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Distinct statements prepared per connection; past it, statements run unprepared. */
const MAX_PREPARED = 200;
const PREPARED_STATEMENT_MISSING = '26000';
const INDETERMINATE_DATATYPE = '42P18';
const DUPLICATE_PREPARED_STATEMENT = '42P05';

interface Connection {
  /** A client of one connection (postgres.js pipelines on it and reconnects it when it drops). */
  sql: postgres.Sql;
  inFlight: number;
  /** Statement name → its PREPARE, done (or under way) on this connection. */
  prepared: Map<string, Promise<void>>;
}

interface Prepared { name: string; text: string; params: string[] }

/**
 * How a read is planned: `prepared` (the default) once per connection, for hot statements whose
 * planning costs about what running them does; `each-time` with its values, as a report's statement
 * is (it runs for milliseconds, and a plan made for its dates and amounts beats a generic one).
 */
export interface ReadOptions { plan?: 'prepared' | 'each-time' }

/** One tenant statement as its own transaction (`uow.read` / `uow.write`), on either database. */
export interface TenantStatementRunner {
  read<T>(tenantId: string, statement: string, params: Record<string, unknown>, options?: ReadOptions): Promise<T[]>;
  write<T>(tenantId: string, statement: string, params: Record<string, unknown>): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * One statement for a tenant as its own transaction, in one round trip (PostgreSQL only). A unit
 * of work costs four (BEGIN, tenant setting, statement, COMMIT) plus the ORM's bookkeeping; here
 * the role, the tenant (and, for reads, read-only mode) and the statement travel as one
 * simple-protocol message, which PostgreSQL runs as one implicit transaction: the settings are
 * transaction-local exactly as in a unit of work, row-level security applies the same way, and
 * deferred constraint triggers run at its implicit commit. No application code runs while the
 * transaction is open, so locks it takes are held only for the statement and the commit.
 *
 * Each statement is planned once per connection: it is PREPAREd (as the application role, so
 * the plan carries its row-level security) the first time a connection meets it, and afterwards
 * the message is `select set_config(…); execute <name>(<literals>)`. Planning a large statement
 * costs PostgreSQL more than running it. The simple protocol takes no bound parameters: values are
 * inlined as escaped literals (sql-params.ts). Each connection is a postgres.js client of its own,
 * so that we know which statements it has prepared; messages sent on it are pipelined.
 */
export class TenantStatements implements TenantStatementRunner {
  private readonly role: string;
  private readonly connections: Connection[];
  private readonly client: () => postgres.Sql;
  private readonly statements = new Map<string, Prepared | null>();

  constructor(target: PostgresTarget, appRole: string, connections: number) {
    this.client = () => postgresJs(target, {
      max: 1,
      connection: { jit: APPLICATION_JIT },
      // dates and timestamps as PostgreSQL's text, as on the ORM's connections
      types: { temporalText: { to: 25, from: [1082, 1114, 1184, 1186], serialize: (value: unknown) => String(value), parse: (value: string) => value } },
    });
    this.connections = Array.from({ length: Math.max(1, connections) }, () => ({ sql: this.client(), inFlight: 0, prepared: new Map() }));
    this.role = `set_config('role', ${sqlLiteral(appRole)}, true)`;
  }

  read<T>(tenantId: string, statement: string, params: Record<string, unknown>, options: ReadOptions = {}): Promise<T[]> {
    return this.run<T>(tenantId, `${this.role}, set_config('transaction_read_only', 'on', true)`, statement, params, true, options.plan === 'each-time');
  }

  write<T>(tenantId: string, statement: string, params: Record<string, unknown>): Promise<T[]> {
    return this.run<T>(tenantId, this.role, statement, params, false, false);
  }

  async close(): Promise<void> {
    await Promise.all(this.connections.map((c) => c.sql.end({ timeout: 5 })));
  }

  private async run<T>(tenantId: string, settings: string, statement: string, params: Record<string, unknown>, readOnly: boolean, eachTime: boolean, attempt = 1): Promise<T[]> {
    if (!UUID.test(tenantId)) throw new Error('TenantStatements needs a tenant id');
    const prelude = `select ${settings}, set_config('app.tenant_id', ${sqlLiteral(tenantId)}, true)`;
    const connection = this.leastBusy();
    const client = connection.sql;
    const prepared = connection.prepared;
    connection.inFlight++;
    try {
      const statementPlan = eachTime ? null : this.prepare(statement);
      let text: string;
      if (statementPlan && (prepared.has(statementPlan.name) || prepared.size < MAX_PREPARED)) {
        const values = statementPlan.params.map((name) => executeArgument(name === 'tenant' ? tenantId : params[name], name, params));
        await this.ensurePrepared(client, prepared, statementPlan);
        text = `${prelude}; execute ${statementPlan.name}(${values.join(', ')})`;
      } else {
        text = `${prelude}; ${bindNamedParameters(statement, params, () => tenantId, sqlLiteral)}`;
      }
      const result = await client.unsafe(text) as unknown as T[][] | T[];
      // postgres.js answers one result set per statement that describes rows: only the prelude's
      // when the statement returns none (an UPDATE without RETURNING)
      if (!Array.isArray(result[0])) return [];
      if (result.length !== 2) throw new Error('TenantStatements take exactly one statement');
      return (result as T[][])[1]!;
    } catch (error) {
      if (attempt >= 3) throw error;
      const code = (error as { code?: string }).code ?? '';
      const again = () => this.run<T>(tenantId, settings, statement, params, readOnly, eachTime, attempt + 1);
      // the connection was re-established (prepared statements are per session): the statement
      // did not run, so it is prepared and sent again
      if (code === PREPARED_STATEMENT_MISSING) {
        prepared.clear();
        return again();
      }
      // the connection dropped (server restart, administrator, network): a read is simply sent
      // again; a write is not, as it may have committed before the connection dropped
      if (isConnectionLost(error)) {
        this.replace(connection, client);
        if (readOnly) return again();
      }
      // a parameter whose type the statement leaves open: run it unprepared from now on
      if (code === INDETERMINATE_DATATYPE && this.statements.get(statement)) {
        this.statements.set(statement, null);
        return again();
      }
      throw error;
    } finally {
      connection.inFlight--;
    }
  }

  /** The statement with `$n` placeholders and a name derived from its text (null: not preparable). */
  private prepare(statement: string): Prepared | null {
    let prepared = this.statements.get(statement);
    if (prepared === null) return null;
    if (!prepared) {
      const { text, params } = namedToPositional(statement);
      prepared = { name: `cuadra_${Bun.hash(text).toString(36)}`, text, params };
      if (this.statements.size >= 5_000) return null;
      this.statements.set(statement, prepared);
    }
    return prepared;
  }

  private ensurePrepared(client: postgres.Sql, prepared: Map<string, Promise<void>>, statement: Prepared): Promise<void> {
    let done = prepared.get(statement.name);
    if (!done) {
      // as the application role: the plan is made with its row-level security
      done = client.unsafe(`select ${this.role}; prepare ${statement.name} as ${statement.text}`).then(() => undefined, (error) => {
        // another request on this connection prepared it first (after a reconnection)
        if ((error as { code?: string }).code !== DUPLICATE_PREPARED_STATEMENT) throw error;
      });
      done.catch(() => prepared.delete(statement.name));
      prepared.set(statement.name, done);
    }
    return done;
  }

  /** A fresh client for a connection that dropped (its prepared statements went with it). */
  private replace(connection: Connection, dropped: postgres.Sql): void {
    if (connection.sql !== dropped) return;
    connection.sql = this.client();
    connection.prepared = new Map();
    void dropped.end({ timeout: 1 }).catch(() => undefined);
  }

  private leastBusy(): Connection {
    let best = this.connections[0]!;
    for (const c of this.connections) if (c.inFlight < best.inFlight) best = c;
    return best;
  }
}

/**
 * The same on PGlite: the role, the tenant (and, for reads, read-only mode) and the statement go to
 * the embedded database as one simple-protocol `exec`, which it runs as one implicit transaction,
 * exactly as PostgreSQL does the message above: transaction-local settings, row-level security,
 * deferred constraints checked at the implicit commit, and a failure anywhere rolls the whole back
 * and leaves the session idle. A unit of work costs the single session five calls of its own
 * (BEGIN, tenant setting, read-only mode, statement, COMMIT), each of which every other request
 * waits for. Values are inlined as escaped literals (the simple protocol takes no parameters);
 * nothing is prepared (PGlite's `query` plans each statement anew too).
 */
export class PgliteTenantStatements implements TenantStatementRunner {
  private readonly role: string;

  constructor(private readonly pglite: PGlite, appRole: string) {
    this.role = `set_config('role', ${sqlLiteral(appRole)}, true)`;
  }

  read<T>(tenantId: string, statement: string, params: Record<string, unknown>): Promise<T[]> {
    return this.run<T>(tenantId, `${this.role}, set_config('transaction_read_only', 'on', true)`, statement, params);
  }

  write<T>(tenantId: string, statement: string, params: Record<string, unknown>): Promise<T[]> {
    return this.run<T>(tenantId, this.role, statement, params);
  }

  async close(): Promise<void> {}

  private async run<T>(tenantId: string, settings: string, statement: string, params: Record<string, unknown>): Promise<T[]> {
    if (!UUID.test(tenantId)) throw new Error('TenantStatements needs a tenant id');
    const text = `select ${settings}, set_config('app.tenant_id', ${sqlLiteral(tenantId)}, true); ${bindNamedParameters(statement, params, () => tenantId, sqlLiteral)}`;
    const results = await this.pglite.exec(text);
    if (results.length !== 2) throw new Error('TenantStatements take exactly one statement');
    return results[1]!.rows as T[];
  }
}

/** An EXECUTE argument: a quoted literal of unknown type, which PostgreSQL converts to the parameter's type. */
function executeArgument(value: unknown, name: string, params: Record<string, unknown>): string {
  if (name !== 'tenant' && !(name in params)) throw new Error(`Missing SQL parameter :${name}`);
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return sqlLiteral(value);
  if (value instanceof Date) return sqlLiteral(value);
  return quoteLiteral(sqlLiteral(value));
}
