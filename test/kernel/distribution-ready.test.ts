import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { adminSql, type AdminSql } from '../support/admin-sql';
import { startTestApp, type TestApp } from '../support/app';

/**
 * The schema can be distributed by tenant (docs/scale-out.md): read from the migrated catalog, every
 * table holding tenant rows has tenant_id in its primary key, in every unique key, and in every
 * foreign key to another tenant table; the tables without tenant_id are reference tables; the few
 * with a nullable tenant_id stay on the coordinator. Each check lists what breaks it.
 */

/** Tables whose tenant_id may be null (system events, anonymous requests): kept on the coordinator. */
const COORDINATOR_TABLES = ['idempotency_keys', 'outbox_deliveries', 'outbox_events'];
/** Keys looked up across tenants by a secret's hash, before the tenant is known (docs/scale-out.md). */
const CROSS_TENANT_LOOKUPS = ['api_keys (key_hash)', 'invitations (token_hash)'];

let app: TestApp;
let admin: AdminSql;
beforeAll(async () => {
  app = await startTestApp();
  admin = adminSql(app);
});
afterAll(async () => { await admin?.close(); await app?.close(); });

/** The catalog and the probe tables as their owner sees them. */
const query = <T>(sql: string): Promise<T[]> => admin.query<T>(sql);

const TABLES = `select c.oid, c.relname as name, a.attnum as tenant_col, a.attnotnull as tenant_required
  from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
  left join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
  where c.relkind in ('r', 'p') and c.relname <> 'mikro_orm_migrations'`;
const columns = (rel: string, keys: string) => `(select string_agg(attname, ', ' order by u.ord) from unnest(${keys}) with ordinality u(num, ord)
  join pg_attribute x on x.attrelid = ${rel} and x.attnum = u.num)`;

/** What breaks the rules, one line each (empty when the schema is ready). */
async function problems(): Promise<{ primaryKeys: string[]; nullableTenant: string[]; foreignKeys: string[]; uniqueKeys: string[] }> {
  const primaryKeys = await query<{ line: string }>(`with t as (${TABLES})
    select t.name || ' (' || coalesce(${columns('t.oid', 'k.conkey')}, 'no primary key') || ')' as line from t
    left join pg_constraint k on k.conrelid = t.oid and k.contype = 'p'
    where t.tenant_required and (k.oid is null or not (t.tenant_col = any(k.conkey))) order by 1`);
  const nullableTenant = await query<{ line: string }>(`with t as (${TABLES}) select name as line from t where tenant_col is not null and not tenant_required order by 1`);
  // a foreign key between two tables that both hold tenant_id must join on it, column to column
  const foreignKeys = await query<{ line: string }>(`with t as (${TABLES})
    select f.conrelid::regclass || ' -> ' || f.confrelid::regclass || ' (' || ${columns('f.conrelid', 'f.conkey')} || ')' as line
    from pg_constraint f join t src on src.oid = f.conrelid join t dst on dst.oid = f.confrelid
    where f.contype = 'f' and src.tenant_col is not null and dst.tenant_col is not null
      and not (src.name = any($$${`{${COORDINATOR_TABLES.join(',')}}`}$$::text[]) and dst.name = any($$${`{${COORDINATOR_TABLES.join(',')}}`}$$::text[]))
      and not exists (select from unnest(f.conkey, f.confkey) p(src_col, dst_col) where p.src_col = src.tenant_col and p.dst_col = dst.tenant_col)
    order by 1`);
  const uniqueKeys = await query<{ line: string }>(`with t as (${TABLES})
    select t.name || ' (' || ${columns('t.oid', 'i.indkey::int2[]')} || ')' as line from t join pg_index i on i.indrelid = t.oid
    where t.tenant_required and i.indisunique and not (t.tenant_col = any(i.indkey::int2[])) order by 1`);
  const lines = (rows: { line: string }[]) => rows.map((r) => r.line);
  return { primaryKeys: lines(primaryKeys), nullableTenant: lines(nullableTenant), foreignKeys: lines(foreignKeys), uniqueKeys: lines(uniqueKeys) };
}

describe('the schema can be distributed by tenant', () => {
  test('primary, unique and foreign keys of tenant tables carry tenant_id; nullable tenant_id only on the coordinator tables', async () => {
    const found = await problems();
    expect(found).toEqual({ primaryKeys: [], nullableTenant: COORDINATOR_TABLES, foreignKeys: [], uniqueKeys: CROSS_TENANT_LOOKUPS });
  });

  test('the checks see a table that breaks them', async () => {
    await query(`create table distribution_probe_parent (id uuid primary key, tenant_id uuid not null references tenants (id), code text unique, unique (tenant_id, id))`);
    await query(`create table distribution_probe_child (tenant_id uuid not null, id uuid, parent_id uuid references distribution_probe_parent (id), primary key (tenant_id, id))`);
    try {
      const found = await problems();
      expect(found.primaryKeys).toContain('distribution_probe_parent (id)');
      expect(found.uniqueKeys).toContain('distribution_probe_parent (code)');
      expect(found.uniqueKeys).toContain('distribution_probe_parent (id)');
      expect(found.foreignKeys).toContain('distribution_probe_child -> distribution_probe_parent (parent_id)');
    } finally {
      await query('drop table distribution_probe_child');
      await query('drop table distribution_probe_parent');
    }
  });
});
