import type postgres from 'postgres';
import { postgresJs, type PostgresTarget } from './postgres-url';
import { bindNamedParameters, sqlLiteral } from './sql-params';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Hot read paths on PostgreSQL in one round trip. A unit of work costs four (BEGIN, tenant
 * setting, query, COMMIT) plus the ORM's bookkeeping; here the role, read-only mode, tenant and
 * the statement travel as one simple-protocol message, which PostgreSQL runs as one implicit
 * transaction, so the settings are transaction-local exactly as in a unit of work and row-level
 * security applies the same way. The simple protocol takes no bound parameters: values are
 * inlined as escaped literals (sql-params.ts).
 */
export class TenantReader {
  private readonly sql: postgres.Sql;
  private readonly prelude: string;

  constructor(target: PostgresTarget, appRole: string, maxConnections: number) {
    this.sql = postgresJs(target, {
      max: maxConnections,
      // dates and timestamps as PostgreSQL's text, as on the ORM's connections
      types: { temporalText: { to: 25, from: [1082, 1114, 1184, 1186], serialize: (value: unknown) => String(value), parse: (value: string) => value } },
    });
    this.prelude = `select set_config('role', ${sqlLiteral(appRole)}, true), set_config('transaction_read_only', 'on', true)`;
  }

  async read<T>(tenantId: string, statement: string, params: Record<string, unknown>): Promise<T[]> {
    if (!UUID.test(tenantId)) throw new Error('TenantReader needs a tenant id');
    const text = bindNamedParameters(statement, params, () => tenantId, sqlLiteral);
    const results = await this.sql.unsafe(`${this.prelude}, set_config('app.tenant_id', ${sqlLiteral(tenantId)}, true); ${text}`);
    const sets = results as unknown as T[][];
    if (sets.length !== 2) throw new Error('TenantReader.read takes exactly one statement');
    return sets[1]!;
  }

  close(): Promise<void> {
    return this.sql.end({ timeout: 5 });
  }
}
