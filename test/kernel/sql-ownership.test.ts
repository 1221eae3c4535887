/**
 * No plugin's SQL reads another plugin's tables (docs/plugin-authors.md, "Published SQL reads"):
 * every function (trigger functions included), view and row-level security policy of a freshly
 * migrated database mentions only tables of the plugin that created it. A plugin that needs a
 * neighbour's rows calls a function the neighbour publishes (`cuadra_tenant_directory`,
 * `cuadra_member_role`…), which the neighbour keeps true when its tables change.
 *
 * Ownership is read from the migrations themselves: the kernel's and each plugin's statements say
 * which tables, views, functions and policies it creates. The catalog is then read back (pg_proc,
 * pg_views, pg_policies, pg_trigger), so an object added later, or replaced by a later migration, is
 * checked too; a table or function no migration creates fails the test rather than escaping it.
 *
 * Also guarded here: the trigger functions that must keep a generic plan (`plan_cache_mode`), a
 * setting that a later `create or replace function` drops without a word.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { discoverPlugins } from '../../kernel/loader';
import type { MigrationDefinition } from '../../kernel/migration';
import { kernelMigrations } from '../../migrations';
import { adminSql, type AdminSql } from '../support/admin-sql';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Objects that may mention another owner's tables because they are shared by design, each with
 * the reason: `<kind> <name> -> <table>`. Empty today: the kernel's objects read kernel tables
 * only, and no plugin object reads the kernel's (plugins queue events through `outboxEventSql` in
 * their statements, not in stored functions). An entry that no longer matches fails the test.
 */
const SHARED_BY_DESIGN: Record<string, string> = {};

/** The migrator's bookkeeping, created by MikroORM rather than by a migration. */
const MIGRATOR_TABLES = ['mikro_orm_migrations'];

/** Trigger functions whose plan must stay generic (each migration that set it says why). */
const GENERIC_PLAN_FUNCTIONS = ['ledger_entry_check_lines', 'ledger_line_before_insert', 'invoice_lines_guard', 'purchase_lines_guard'];

let app: TestApp;
let admin: AdminSql;
beforeAll(async () => {
  app = await startTestApp();
  admin = adminSql(app);
}, 120_000);
afterAll(async () => { await admin?.close(); await app?.close(); });

/** The catalog as the tables' owner sees it, and the probes' statements. */
const query = <T>(sql: string): Promise<T[]> => admin.query<T>(sql);

interface Ownership {
  /** table or view → owner ('kernel' or a plugin's name) */
  tables: Map<string, string>;
  functions: Map<string, string>;
  /** `<policy> on <table>` → owner */
  policies: Map<string, string>;
  /** functions some migration gave `plan_cache_mode = force_generic_plan` */
  genericPlans: Set<string>;
  /** a name two owners both create */
  conflicts: string[];
}

async function statementsOf(migration: MigrationDefinition): Promise<string[]> {
  const instance = new migration.class(null, null);
  await instance.up();
  return instance.getQueries().map(String);
}

const NAME = '"?([a-z_][a-z0-9_]*)"?';
const pattern = (source: string) => new RegExp(source.replaceAll('NAME', NAME), 'g');
const CREATES_TABLE = pattern(String.raw`\bcreate\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?(?:public\.)?NAME`);
const RENAMES_TABLE = pattern(String.raw`\balter\s+table\s+(?:if\s+exists\s+)?(?:public\.)?NAME\s+rename\s+to\s+NAME`);
const CREATES_VIEW = pattern(String.raw`\bcreate\s+(?:or\s+replace\s+)?(?:materialized\s+)?view\s+(?:if\s+not\s+exists\s+)?(?:public\.)?NAME`);
const CREATES_FUNCTION = pattern(String.raw`\bcreate\s+(?:or\s+replace\s+)?function\s+(?:public\.)?NAME`);
const CREATES_POLICY = pattern(String.raw`\bcreate\s+policy\s+NAME\s+on\s+(?:public\.)?NAME`);
const GENERIC_PLAN = pattern(String.raw`\balter\s+function\s+(?:public\.)?NAME\s*\([^)]*\)\s+set\s+plan_cache_mode\s*(?:=|to)\s*'?force_generic_plan`);

/** Who creates what, from the statements of the kernel's and every plugin's migrations. */
async function ownershipFromMigrations(): Promise<Ownership> {
  const sources: [string, MigrationDefinition[]][] = [['kernel', kernelMigrations]];
  for (const plugin of await discoverPlugins()) sources.push([plugin.name, plugin.migrations ?? []]);
  const ownership: Ownership = { tables: new Map(), functions: new Map(), policies: new Map(), genericPlans: new Set(), conflicts: [] };
  const claim = (map: Map<string, string>, name: string, owner: string) => {
    const known = map.get(name);
    if (known && known !== owner) ownership.conflicts.push(`${name}: created by ${known} and by ${owner}`);
    else map.set(name, owner);
  };
  for (const [owner, migrations] of sources) {
    for (const migration of migrations) {
      for (const statement of await statementsOf(migration)) {
        const text = statement.toLowerCase();
        for (const [, table] of text.matchAll(CREATES_TABLE)) claim(ownership.tables, table!, owner);
        for (const [, , renamed] of text.matchAll(RENAMES_TABLE)) claim(ownership.tables, renamed!, owner);
        for (const [, view] of text.matchAll(CREATES_VIEW)) claim(ownership.tables, view!, owner);
        for (const [, fn] of text.matchAll(CREATES_FUNCTION)) claim(ownership.functions, fn!, owner);
        for (const [, policy, table] of text.matchAll(CREATES_POLICY)) claim(ownership.policies, `${policy} on ${table}`, owner);
        for (const [, fn] of text.matchAll(GENERIC_PLAN)) ownership.genericPlans.add(fn!);
      }
    }
  }
  return ownership;
}

/**
 * The tables a piece of SQL mentions: every identifier outside comments that names a table, unless
 * it follows a dot (`alias.column`). String literals count, so dynamic SQL (`execute format(…)`) is
 * seen too; a message that happens to use a table's name is reworded or listed above.
 */
function tablesMentioned(sql: string, tables: ReadonlyMap<string, string>): string[] {
  const code = sql.toLowerCase()
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\bpublic\s*\.\s*/g, '')
    .replaceAll('"', '');
  const found = new Set<string>();
  for (const [, word] of code.matchAll(/(?<![.\w$])([a-z_][a-z0-9_$]*)/g)) if (tables.has(word!)) found.add(word!);
  return [...found].sort();
}

interface CatalogObject { kind: 'function' | 'view' | 'policy' | 'trigger'; name: string; owner: string | undefined; sql: string }

/** Every function, view, policy and trigger the migrations left in the schema (extensions' own objects aside). */
async function catalogObjects(ownership: Ownership): Promise<CatalogObject[]> {
  const functions = await query<{ name: string; source: string }>(`
    select p.proname as name, p.prosrc as source from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.prolang in (select oid from pg_language where lanname in ('sql', 'plpgsql'))
      and not exists (select from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    order by 1`);
  const views = await query<{ name: string; definition: string }>(`select viewname as name, definition from pg_views where schemaname = 'public' order by 1`);
  const policies = await query<{ name: string; table: string; qual: string | null; with_check: string | null }>(`
    select policyname as name, tablename as table, qual, with_check from pg_policies where schemaname = 'public' order by 2, 1`);
  const triggers = await query<{ name: string; table: string; fn: string }>(`
    select t.tgname as name, c.relname as table, p.proname as fn
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and c.relnamespace = 'public'::regnamespace order by 2, 1`);
  return [
    ...functions.map((f): CatalogObject => ({ kind: 'function', name: f.name, owner: ownership.functions.get(f.name), sql: f.source })),
    ...views.map((v): CatalogObject => ({ kind: 'view', name: v.name, owner: ownership.tables.get(v.name), sql: v.definition })),
    // a policy belongs to whoever created it, the table's owner when no migration names it (none today)
    ...policies.map((p): CatalogObject => ({
      kind: 'policy', name: `${p.name} on ${p.table}`, owner: ownership.policies.get(`${p.name} on ${p.table}`) ?? ownership.tables.get(p.table),
      sql: `${p.table} ${p.qual ?? ''} ${p.with_check ?? ''}`,
    })),
    // a trigger runs its function on its table: the function's owner must own the table
    ...triggers.map((t): CatalogObject => ({ kind: 'trigger', name: `${t.name} on ${t.table}`, owner: ownership.functions.get(t.fn), sql: t.table })),
  ];
}

/** One line per mention of another owner's table: `function x (team) reads users, owned by identity`. */
async function crossOwnerMentions(ownership: Ownership): Promise<{ offences: string[]; unowned: string[] }> {
  const offences: string[] = [];
  const unowned: string[] = [];
  for (const object of await catalogObjects(ownership)) {
    if (!object.owner) { unowned.push(`${object.kind} ${object.name}`); continue; }
    for (const table of tablesMentioned(object.sql, ownership.tables)) {
      const tableOwner = ownership.tables.get(table)!;
      if (tableOwner === object.owner) continue;
      const line = `${object.kind} ${object.name} -> ${table}`;
      const verb = object.kind === 'trigger' ? 'fires on' : 'reads';
      offences.push(`${line}: ${object.kind} ${object.name} (${object.owner}) ${verb} table ${table}, owned by ${tableOwner}`);
    }
  }
  return { offences, unowned };
}

const outsideAllowList = (offences: string[]) => offences.filter((offence) => !(offence.split(':')[0]! in SHARED_BY_DESIGN));

describe('each plugin\'s SQL reads its own tables only', () => {
  test('every table, view and function in the schema was created by exactly one owner\'s migrations', async () => {
    const ownership = await ownershipFromMigrations();
    expect(ownership.conflicts).toEqual([]);
    const relations = await query<{ name: string }>(`
      select c.relname as name from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
        and not exists (select from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by 1`);
    expect(relations.length).toBeGreaterThan(80);
    expect(relations.map((r) => r.name).filter((name) => !ownership.tables.has(name) && !MIGRATOR_TABLES.includes(name))).toEqual([]);
    const { unowned } = await crossOwnerMentions(ownership);
    expect(unowned).toEqual([]);
  });

  test('no function, trigger, view or policy mentions a table of another plugin (or of the kernel)', async () => {
    const ownership = await ownershipFromMigrations();
    const { offences } = await crossOwnerMentions(ownership);
    expect(outsideAllowList(offences)).toEqual([]);
    // the allow-list holds only what is still needed
    const offending = new Set(offences.map((offence) => offence.split(':')[0]!));
    expect(Object.keys(SHARED_BY_DESIGN).filter((entry) => !offending.has(entry))).toEqual([]);
  });

  test('a plugin function that reads a neighbour\'s table is named, and so is a trigger on a neighbour\'s table', async () => {
    const ownership = await ownershipFromMigrations();
    // as if the team plugin's migrations had these: a function reading identity's users, fired on tenants' table
    ownership.functions.set('probe_team_reads_users', 'team');
    await query(`create function probe_team_reads_users() returns trigger language plpgsql as $$
      begin
        perform 1 from users where id = new.id; -- a comment naming journal_entries is not a read
        return new;
      end $$`);
    await query('create trigger probe_team_on_tenants before update on tenants for each row execute function probe_team_reads_users()');
    try {
      const { offences } = await crossOwnerMentions(ownership);
      expect(outsideAllowList(offences)).toEqual([
        'function probe_team_reads_users -> users: function probe_team_reads_users (team) reads table users, owned by identity',
        'trigger probe_team_on_tenants on tenants -> tenants: trigger probe_team_on_tenants on tenants (team) fires on table tenants, owned by tenants',
      ]);
    } finally {
      await query('drop trigger probe_team_on_tenants on tenants');
      await query('drop function probe_team_reads_users()');
    }
  });

  test('identifiers after a dot are columns, comments are not code, dynamic SQL counts', () => {
    const tables = new Map([['users', 'identity'], ['tenants', 'tenants'], ['invitations', 'team']]);
    expect(tablesMentioned('select i.users, t.tenants from invitations i /* users */ -- tenants', tables)).toEqual(['invitations']);
    expect(tablesMentioned(`execute format('select 1 from %I', 'users')`, tables)).toEqual(['users']);
    expect(tablesMentioned('select * from public."tenants"', tables)).toEqual(['tenants']);
  });
});

describe('plans that must stay generic', () => {
  test('the ledger\'s, invoices\' and purchases\' line checks keep plan_cache_mode = force_generic_plan', async () => {
    const ownership = await ownershipFromMigrations();
    // the list above is what the migrations set, so neither can be dropped without the other
    expect([...ownership.genericPlans].sort()).toEqual([...GENERIC_PLAN_FUNCTIONS].sort());
    expect(await functionsWithoutGenericPlan()).toEqual([]);
  });

  test('a function replaced without the setting is named', async () => {
    await query('alter function invoice_lines_guard() reset plan_cache_mode');
    try {
      expect(await functionsWithoutGenericPlan()).toEqual(['invoice_lines_guard() has lost plan_cache_mode = force_generic_plan']);
    } finally {
      await query('alter function invoice_lines_guard() set plan_cache_mode = force_generic_plan');
    }
    expect(await functionsWithoutGenericPlan()).toEqual([]);
  });
});

/** Each of GENERIC_PLAN_FUNCTIONS that is missing or whose pg_proc.proconfig lacks the setting. */
async function functionsWithoutGenericPlan(): Promise<string[]> {
  const rows = await query<{ name: string; config: string[] | string | null }>(`
    select p.proname as name, p.proconfig as config from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.proname = any ('{${GENERIC_PLAN_FUNCTIONS.join(',')}}'::text[])`);
  // PGlite may hand a text[] back as its literal
  const settings = (config: string[] | string | null) => (Array.isArray(config) ? config : (config ?? '').replace(/^\{|\}$/g, '').split(',').map((s) => s.replace(/^"|"$/g, '')));
  return GENERIC_PLAN_FUNCTIONS.flatMap((name) => {
    const found = rows.filter((row) => row.name === name);
    if (!found.length) return [`${name}() is missing`];
    return found.some((row) => !settings(row.config).includes('plan_cache_mode=force_generic_plan')) ? [`${name}() has lost plan_cache_mode = force_generic_plan`] : [];
  });
}
