import { Migration } from '@mikro-orm/migrations';

export interface MigrationDefinition { name: string; class: new (...args: any[]) => Migration }

/**
 * A migration as a list of SQL statements. Names start with a UTC timestamp (YYYYMMDDHHMMSS) so
 * the kernel's and every plugin's migrations form one ordered history on PGlite and PostgreSQL.
 */
export function sqlMigration(name: string, statements: string[]): MigrationDefinition {
  if (!/^\d{14}_[a-z0-9_]+$/.test(name)) throw new Error(`Migration name must be <14-digit timestamp>_<snake_case>: ${name}`);
  class SqlMigration extends Migration {
    override async up(): Promise<void> {
      for (const statement of statements) this.addSql(statement);
    }
  }
  Object.defineProperty(SqlMigration, 'name', { value: `Migration_${name}` });
  return { name, class: SqlMigration };
}

/** The role every connection of the service runs as: it owns nothing and bypasses no row-level security. */
export const APP_ROLE = 'cuadra_app';
/**
 * The role that may call the SECURITY DEFINER functions serving every tenant or every user
 * (authentication lookups, the outbox and webhook workers, purges). The application role is a
 * member without inheriting its privileges: the service switches to it for one statement at a time
 * (`Database.system`), so no tenant's unit of work can call those functions.
 */
export const SYSTEM_ROLE = 'cuadra_system';

/** A SECURITY DEFINER function that crosses tenants or users: only the system role may call it. */
export const systemOnlyFunction = (signature: string): string[] => [
  `revoke execute on function ${signature} from public, ${APP_ROLE}`,
  `grant execute on function ${signature} to ${SYSTEM_ROLE}`,
];

/** A SECURITY DEFINER trigger function (or one only such functions call): nobody calls it directly; its triggers still fire. */
export const internalFunction = (signature: string): string[] => [`revoke execute on function ${signature} from public, ${APP_ROLE}`];

const CURRENT_TENANT = `nullif(current_setting('app.tenant_id', true), '')::uuid`;

/**
 * The second wall of tenancy for a tenant-owned table: row-level security, forced on the owner too,
 * with one policy that reads and writes only the transaction's tenant. `column` is `id` for the
 * tenants table itself.
 */
export function tenantRowLevelSecurity(table: string, column = 'tenant_id'): string[] {
  return [
    `alter table ${table} enable row level security`,
    `alter table ${table} force row level security`,
    // `(select …)` makes PostgreSQL evaluate the setting once per query (an InitPlan) rather than
    // once per row, and keeps the comparison usable as an index condition.
    `create policy tenant_isolation on ${table} using (${column} = (select ${CURRENT_TENANT})) with check (${column} = (select ${CURRENT_TENANT}))`,
  ];
}

/**
 * A tenant-owned table that only its owner's trigger functions (security definer) write, such as a
 * maintained count: the tenant wall, and the application role may read it and nothing else.
 */
export function tenantReadOnlyTable(table: string): string[] {
  return [...tenantRowLevelSecurity(table), `revoke insert, update, delete, truncate on ${table} from ${APP_ROLE}`];
}

export const currentTenantSql = CURRENT_TENANT;
