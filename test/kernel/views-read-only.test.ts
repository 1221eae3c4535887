/**
 * Every view is read-only for the application role. The project's views run with their owner's
 * rights, past row-level security, and hold the tenant wall in their own WHERE, which binds what
 * they show but not what is written through them: a simple view is updatable, so an insert through
 * it could carry another company's tenant_id. Default privileges grant the application role writes
 * on every new relation, views included, so each view's migration revokes them; this test fails
 * naming a view that kept one (a view dropped and created again gets them back).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { APP_ROLE } from '../../kernel/migration';
import { adminSql, type AdminSql } from '../support/admin-sql';
import { startTestApp, type TestApp } from '../support/app';

let app: TestApp;
let admin: AdminSql;
beforeAll(async () => {
  app = await startTestApp();
  admin = adminSql(app);
}, 120_000);
afterAll(async () => { await admin?.close(); await app?.close(); });

interface ViewPrivileges { view: string; writes: string[] }

const viewPrivileges = (): Promise<ViewPrivileges[]> => admin.query<ViewPrivileges>(`
  select c.relname as view,
         array_remove(array[
           case when has_table_privilege('${APP_ROLE}', c.oid, 'INSERT') then 'insert' end,
           case when has_table_privilege('${APP_ROLE}', c.oid, 'UPDATE') then 'update' end,
           case when has_table_privilege('${APP_ROLE}', c.oid, 'DELETE') then 'delete' end,
           case when has_table_privilege('${APP_ROLE}', c.oid, 'TRUNCATE') then 'truncate' end
         ], null) as writes
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('v', 'm')
  order by c.relname`);

describe('views are read-only for the application role', () => {
  test('no view lets the application role insert, update, delete or truncate through it', async () => {
    const views = await viewPrivileges();
    expect(views.map((v) => v.view)).toContain('contacts_searchable');
    expect(views.filter((v) => v.writes.length).map((v) => `${v.view}: ${v.writes.join(', ')}`)).toEqual([]);
  });

  test('the check sees a view that keeps the default privileges (a probe view, then dropped)', async () => {
    await admin.query('create view views_read_only_probe as select 1 as one');
    try {
      await admin.query(`grant insert on views_read_only_probe to ${APP_ROLE}`);
      const probe = (await viewPrivileges()).find((v) => v.view === 'views_read_only_probe');
      expect(probe?.writes).toContain('insert');
    } finally {
      await admin.query('drop view views_read_only_probe');
    }
  });
});
