import { postgresJs, postgresTarget } from '../../kernel/postgres-url';

export type Backend = 'pglite' | 'postgres';
export const backend: Backend = process.env.CUADRA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

/**
 * The login roles of a deployment, on the test server: `cuadra_owner` runs the migrations and owns
 * the tables (BYPASSRLS, as the SECURITY DEFINER functions that cross tenants need), and
 * `cuadra_service` is the application's login: no superuser, no BYPASSRLS, owner of nothing, a
 * member of the application role `cuadra_app` that holds the table privileges, itself a member
 * (without inheriting) of `cuadra_system`, the only role that may call the functions serving every
 * tenant (kernel/migration.ts).
 */
export const OWNER_ROLE = 'cuadra_owner';
export const SERVICE_ROLE = 'cuadra_service';

/**
 * Creates the roles if missing. Roles are cluster-wide and several suites may run at once on one
 * server, so each statement tolerates a concurrent creator (duplicate_object, unique_violation)
 * and the whole is retried when two grants collide ("tuple concurrently updated").
 */
export async function ensureTestRoles(url = adminUrl): Promise<void> {
  const guarded = (statement: string) => `do $$ begin ${statement}; exception when duplicate_object or unique_violation then null; end $$`;
  const statements = [
    guarded('create role cuadra_app nologin nosuperuser nobypassrls noinherit'),
    guarded(`create role ${OWNER_ROLE} login nosuperuser bypassrls`),
    guarded(`create role ${SERVICE_ROLE} login nosuperuser nobypassrls inherit`),
    `grant cuadra_app to ${OWNER_ROLE} with admin option`,
    `grant cuadra_app to ${SERVICE_ROLE}`,
    guarded('create role cuadra_system nologin nosuperuser nobypassrls noinherit'),
    `grant cuadra_system to ${OWNER_ROLE} with admin option`,
    `grant cuadra_system to cuadra_app`,
  ];
  for (let attempt = 1; ; attempt++) {
    const admin = postgresJs(postgresTarget(url), { max: 1 });
    try {
      for (const statement of statements) await admin.unsafe(statement);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await Bun.sleep(50 * attempt);
    } finally {
      await admin.end();
    }
  }
}

let rolesReady: Promise<void> | undefined;

/** `url` with another user and database (same server, socket and options). */
export function databaseUrlFor(user: string, database: string, base = adminUrl): string {
  const target = postgresTarget(base);
  const url = new URL(target.url);
  if (target.socketDirectory) url.searchParams.set('host', target.socketDirectory);
  url.username = user;
  url.password = '';
  url.pathname = `/${database}`;
  return url.toString();
}

export interface FreshDatabase {
  /** What the application connects with (DATABASE_URL): `cuadra_service` on PostgreSQL. */
  url: string;
  /** What migrations run with (DATABASE_OWNER_URL): `cuadra_owner`, who owns the tables. */
  ownerUrl?: string;
  /** The test server's administrator on this database (a superuser). */
  adminUrl?: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test app: in-memory PGlite, or a new PostgreSQL database owned by `cuadra_owner`. */
export async function freshDatabase(): Promise<FreshDatabase> {
  if (backend === 'pglite') return { url: 'memory://', drop: async () => {} };
  await (rolesReady ??= ensureTestRoles());
  const name = testDatabaseName();
  const admin = postgresJs(postgresTarget(adminUrl), { max: 1 });
  await admin.unsafe(`create database "${name}" owner ${OWNER_ROLE}`);
  await admin.end();
  return testDatabase(name);
}

/** A unique name for a test app's PostgreSQL database. */
export const testDatabaseName = () => `cuadra_test_${process.pid}_${crypto.randomUUID().slice(0, 8)}`;

/** The URLs of a test database on the test server, and how to drop it. */
export function testDatabase(name: string): FreshDatabase {
  return {
    url: databaseUrlFor(SERVICE_ROLE, name),
    ownerUrl: databaseUrlFor(OWNER_ROLE, name),
    adminUrl: databaseUrlFor(new URL(postgresTarget(adminUrl).url).username, name),
    async drop() {
      const sql = postgresJs(postgresTarget(adminUrl), { max: 1 });
      await sql.unsafe(`drop database if exists "${name}" with (force)`);
      await sql.end();
    },
  };
}
