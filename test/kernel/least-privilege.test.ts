import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../kernel/app';
import { loadConfig } from '../../kernel/config';
import { postgresJs, postgresTarget } from '../../kernel/postgres-url';
import { startTestApp, type TestApp } from '../support/app';
import { backend, freshDatabase, OWNER_ROLE, SERVICE_ROLE } from '../support/database';
import { createCompany } from '../support/factories';

/**
 * The application logs in as a role that owns nothing and bypasses nothing (DATABASE_URL); the
 * migrations run as the tables' owner (DATABASE_OWNER_URL). PostgreSQL only: PGlite has one user.
 */
let app: TestApp;
beforeAll(async () => { if (backend === 'postgres') app = await startTestApp(); });
afterAll(() => app?.close());

const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-privilege-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(backend !== 'postgres')('least privilege in the database (PostgreSQL only)', () => {
  test('every connection of the service logs in as the unprivileged role; the tables belong to the owner', async () => {
    const company = await createCompany(app);
    expect((await app.get('/api/v1/tenants/me', company.token)).status).toBe(200);
    const admin = postgresJs(postgresTarget(app.adminUrl!), { max: 1 });
    try {
      const logins = await admin.unsafe(`select distinct usename from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
      expect(logins.map((r) => r.usename)).toEqual([SERVICE_ROLE]);
      const owners = await admin.unsafe(`select distinct pg_get_userbyid(relowner) as owner from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`);
      expect(owners.map((r) => r.owner)).toEqual([OWNER_ROLE]);
      const [service] = await admin.unsafe(`select rolsuper, rolbypassrls from pg_roles where rolname = $1`, [SERVICE_ROLE]);
      expect([service!.rolsuper, service!.rolbypassrls]).toEqual([false, false]);
    } finally {
      await admin.end();
    }
  });

  test('even a RESET ROLE on the application connection stays within row-level security', async () => {
    const a = await createCompany(app);
    await createCompany(app);
    const rows = await app.kernel.db.orm.em.fork().transactional(async (em) => {
      const run = (sql: string) => em.getConnection().execute(sql, [], 'all', em.getTransactionContext());
      await run('set local role none');
      await run(`select set_config('app.tenant_id', '${a.tenantId}', true)`);
      return run('select id from tenants');
    });
    expect(rows.map((r: { id: string }) => r.id)).toEqual([a.tenantId]);
    await expect(app.kernel.db.orm.em.fork().getConnection().execute('alter table tenants disable row level security')).rejects.toThrow(/must be owner/);
  });

  test('start-up refuses to run the application as a superuser or as the owner, unless allowed', async () => {
    const database = await freshDatabase();
    try {
      const start = (env: Record<string, string>) => createApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env }) });
      // as the owner (migrations and application on one URL)
      await expect(start({ DATABASE_URL: database.ownerUrl! })).rejects.toThrow(/DATABASE_URL logs in as "cuadra_owner", a role with BYPASSRLS/);
      // as the server's superuser
      await expect(start({ DATABASE_URL: database.adminUrl!, DATABASE_OWNER_URL: database.ownerUrl! })).rejects.toThrow(/a superuser/);
      // explicitly allowed
      const allowed = await start({ DATABASE_URL: database.adminUrl!, DATABASE_OWNER_URL: database.ownerUrl!, DATABASE_ALLOW_PRIVILEGED: '1' });
      await allowed.stop();
      // the intended split
      const split = await start({ DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl! });
      expect((await split.handle(new Request('http://localhost/health'))).status).toBe(200);
      await split.stop();
    } finally {
      await database.drop();
    }
  });
});
