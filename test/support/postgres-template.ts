import { createHash } from 'node:crypto';
import type postgres from 'postgres';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type CreateAppOptions } from '../../kernel/app';
import { loadConfig } from '../../kernel/config';
import { discoverPlugins, orderPlugins } from '../../kernel/loader';
import { postgresJs, postgresTarget } from '../../kernel/postgres-url';
import { kernelMigrations } from '../../migrations';
import { adminUrl, databaseUrlFor, ensureTestRoles, OWNER_ROLE, SERVICE_ROLE, testDatabase, testDatabaseName, type FreshDatabase } from './database';

/**
 * Migrated PostgreSQL databases for test apps. Running every migration on a new database costs
 * seconds per app and the suite starts hundreds of them, so the first app of a given schema
 * migrates a template database, exactly as a deployment migrates (the app's start-up, migrations
 * as `cuadra_owner`, the application as `cuadra_service`), and every app then gets
 * `CREATE DATABASE … TEMPLATE` of it: a copy of every table, function, policy, grant and default
 * privilege inside it, owned by the same roles. What a copy does not take (the database's own
 * grants and settings) the migrations do not set, and the new database is made with the same owner
 * as an empty one. The app still runs its migrations at start-up, finds them applied, and goes
 * through the same checks (forced row-level security, an unprivileged login) as any start.
 *
 * The template is named after a hash of the SQL of every migration of the plugin set, so a changed
 * or added migration makes a new one, and it stays on the server for later runs. Several suites may
 * run at once on one server (other checkouts, other branches): a template is built under a private
 * name and published by renaming it, which only one builder wins; it accepts no connections, so
 * nothing can hold it open while others copy it.
 */
const TEMPLATE_PREFIX = 'cuadra_template_';

type PluginSet = Pick<CreateAppOptions, 'plugins' | 'extraPlugins'>;

/** A hash of everything the migrations do, in the order they run (kernel/database.ts sorts them by name). */
export async function migrationsHash(options: PluginSet): Promise<string> {
  const plugins = orderPlugins([...(options.plugins ?? (await discoverPlugins())), ...(options.extraPlugins ?? [])]);
  const migrations = [...kernelMigrations, ...plugins.flatMap((p) => p.migrations ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const hash = createHash('sha256');
  for (const migration of migrations) {
    // every migration is an sqlMigration (kernel/migration.ts): its up() only lists statements
    const instance = new migration.class(undefined, undefined);
    await instance.up();
    hash.update(`${migration.name}\n${instance.getQueries().map(String).join('\n;\n')}\n`);
  }
  return hash.digest('hex').slice(0, 24);
}

const templates = new Map<string, Promise<string>>();

/** The name of the migrated template database of this plugin set, built if the server lacks it. */
function migratedTemplate(options: PluginSet): Promise<string> {
  const key = migrationsHash(options).then((hash) => `${TEMPLATE_PREFIX}${hash}`);
  return key.then((name) => {
    let template = templates.get(name);
    if (!template) {
      template = ensureTemplate(name, options);
      templates.set(name, template);
      template.catch(() => templates.delete(name));
    }
    return template;
  });
}

async function ensureTemplate(name: string, options: PluginSet): Promise<string> {
  const admin = postgresJs(postgresTarget(adminUrl), { max: 1 });
  try {
    const exists = async () => (await admin`select 1 from pg_database where datname = ${name}`).length > 0;
    if (await exists()) return await markUsed(admin, name);
    await dropUnusedTemplates(admin);
    await ensureTestRoles();
    const building = `cuadra_building_${process.pid}_${crypto.randomUUID().slice(0, 8)}`;
    await admin.unsafe(`create database "${building}" owner ${OWNER_ROLE}`);
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-template-'));
      try {
        const app = await createApp({ plugins: options.plugins, extraPlugins: options.extraPlugins,
          config: loadConfig({ DATABASE_URL: databaseUrlFor(SERVICE_ROLE, building), DATABASE_OWNER_URL: databaseUrlFor(OWNER_ROLE, building), DATA_DIR: dataDir, LOG_LEVEL: 'error' }) });
        await app.stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
      // a closed client's server process may still be on its way out; nothing else knows this database
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${building} and pid <> pg_backend_pid()`;
      await admin.unsafe(`alter database "${building}" with allow_connections false is_template true`);
      await markUsed(admin, building); // published with its mark: never taken for an unused one
      try {
        await admin.unsafe(`alter database "${building}" rename to "${name}"`);
        return name;
      } catch (error) {
        // another suite published the same template first: use theirs
        if ((error as { code?: string }).code === '42P04' && await exists()) return await markUsed(admin, name);
        throw error;
      }
    } finally {
      await admin.unsafe(`alter database "${building}" with is_template false`).catch(() => {});
      await admin.unsafe(`drop database if exists "${building}" with (force)`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Each run notes on the templates it uses when it used them (the database's comment), and a run
 * that builds one drops the templates no run has used for a week: those of migrations that have
 * since changed. A template in use is never that old.
 */
const UNUSED_FOR_MS = 7 * 24 * 3600 * 1000;
const USED_AT = 'cuadra test template, last used at ';

async function markUsed(admin: postgres.Sql<any>, name: string): Promise<string> {
  await admin.unsafe(`comment on database "${name}" is '${USED_AT}${new Date().toISOString()}'`);
  return name;
}

async function dropUnusedTemplates(admin: postgres.Sql<any>): Promise<void> {
  const templates = await admin<{ name: string; comment: string | null }[]>`
    select datname as name, shobj_description(oid, 'pg_database') as comment from pg_database where datname like ${`${TEMPLATE_PREFIX}%`}`;
  for (const { name, comment } of templates) {
    const usedAt = comment?.startsWith(USED_AT) ? Date.parse(comment.slice(USED_AT.length)) : NaN;
    if (Date.now() - usedAt < UNUSED_FOR_MS) continue;
    // another suite may be dropping it too, or copying it after all: then it stays
    await admin.unsafe(`alter database "${name}" with is_template false`).catch(() => {});
    await admin.unsafe(`drop database if exists "${name}"`).catch(() => {});
  }
}

/** A new PostgreSQL database holding the migrated schema of this plugin set (and nothing else), owned by `cuadra_owner`. */
export async function migratedPostgresDatabase(options: PluginSet): Promise<FreshDatabase> {
  const template = await migratedTemplate(options);
  const name = testDatabaseName();
  const admin = postgresJs(postgresTarget(adminUrl), { max: 1 });
  try {
    await admin.unsafe(`create database "${name}" template "${template}" owner ${OWNER_ROLE}`);
  } finally {
    await admin.end();
  }
  return testDatabase(name);
}
