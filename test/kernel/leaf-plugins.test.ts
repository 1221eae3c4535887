import { afterAll, describe, expect, test } from 'bun:test';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { createApp } from '../../kernel/app';
import { loadConfig } from '../../kernel/config';
import { discoverPlugins } from '../../kernel/loader';
import { backend } from '../support/database';
import { migratedPostgresDatabase } from '../support/postgres-template';
import { typeCheckCommand } from '../support/type-check';

/**
 * Every leaf plugin (one no other plugin depends on) can be deleted: without `plugins/<leaf>` (and
 * its tests: `test/plugins/<leaf>` and any other test or benchmark file that imports it, such as the documents
 * plugin's tests of the invoices' and purchases' register rows) the repository passes the strict type check and the service
 * boots with the remaining plugins and answers GET /health.
 *
 * What it costs, and how it is kept down:
 * - the type check runs once, on a copy of the repository without every leaf at once (kernel,
 *   plugins, migrations, infra, test, bench and the configuration files; node_modules is a
 *   symlink), so an import of a deleted plugin from anything that stays fails exactly as it would
 *   after deleting it. What one copy cannot see — a leaf importing another leaf, both gone from it —
 *   is a plain text check of the leaves' own files (a leaf that needs another must say so in
 *   `dependsOn`, and then the other is no leaf). It does not depend on the database, so it runs in
 *   the PostgreSQL pass of the suite only (the shorter one, as the two passes run at once);
 * - each variant boots in this process, from the discovered plugins minus the leaf, on a fresh
 *   database migrated with the remaining plugins' migrations: a plugin that needs the deleted one
 *   other than through an import (a hook, a service, a contribution, a migration referring to its
 *   tables) fails there. What this checks is how the plugins depend on each other, which no
 *   backend changes, so it runs in the PostgreSQL pass only (the PGlite pass is the longer one);
 *   there each remaining plugin set is migrated once into a template database, which later runs
 *   reuse for as long as the migrations stay the same (support/postgres-template.ts).
 */
const ROOT = resolve(import.meta.dir, '..', '..');
const COPIED = ['kernel', 'lib', 'plugins', 'migrations', 'infra', 'test', 'bench', 'tsconfig.json', 'package.json', 'bunfig.toml'];

const plugins = await discoverPlugins();
const dependedOn = new Set(plugins.flatMap((p) => p.dependsOn ?? []));
const leaves = plugins.map((p) => p.name).filter((name) => !dependedOn.has(name)).sort();

/** A test or benchmark file that imports the plugin (goes with it). */
const testImports = (source: string, plugin: string) => [join(ROOT, 'test') + sep, join(ROOT, 'bench') + sep].some((dir) => source.startsWith(dir)) && source.endsWith('.ts')
  && new RegExp(`'(\\.\\./)+(test/)?plugins/${plugin}/`).test(readFileSync(source, 'utf8'));

/** A copy of the repository without the given plugins, their test folders and the tests importing them, sharing node_modules. */
function copyWithout(names: readonly string[]): string {
  const removed = names.flatMap((plugin) => [join(ROOT, 'plugins', plugin), join(ROOT, 'test', 'plugins', plugin)]);
  const dir = mkdtempSync(join(tmpdir(), 'cuadra-without-leaves-'));
  for (const entry of COPIED) {
    cpSync(join(ROOT, entry), join(dir, entry), {
      recursive: true,
      filter: (source) => !removed.some((folder) => source === folder || source.startsWith(folder + sep)) && !source.split(sep).includes('node_modules')
        && !names.some((plugin) => testImports(source, plugin)),
    });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/** The service files of a plugin (its folder, without the web app's browser sources' node_modules). */
function pluginFiles(plugin: string): string[] {
  return [...new Bun.Glob('**/*.{ts,tsx}').scanSync({ cwd: join(ROOT, 'plugins', plugin) })].map((file) => join(ROOT, 'plugins', plugin, file));
}

async function typeCheck(cwd: string): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(typeCheckCommand, { cwd, stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, output: stdout + stderr };
}

const copies: string[] = [];
afterAll(() => { for (const dir of copies) rmSync(dir, { recursive: true, force: true }); });

describe('deleting a leaf plugin', () => {
  test('there are leaf plugins to delete', () => {
    expect(leaves).toContain('account');
    expect(leaves.length).toBeGreaterThanOrEqual(2);
  });

  test.skipIf(backend !== 'postgres')('the strict type check passes on a copy without the leaves', async () => {
    const dir = copyWithout(leaves);
    copies.push(dir);
    const result = await typeCheck(dir);
    expect(result.code === 0 ? '' : result.output).toBe('');
  }, 600_000);

  test('no leaf imports another leaf (it would depend on it without saying so)', () => {
    const found: string[] = [];
    for (const leaf of leaves) {
      for (const file of pluginFiles(leaf)) {
        const source = readFileSync(file, 'utf8');
        for (const other of leaves) {
          if (other !== leaf && new RegExp(`from '(\\.\\./)+(plugins/)?${other}/`).test(source)) found.push(`${relative(ROOT, file)} imports ${other}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  test.skipIf(backend !== 'postgres')('the service boots without each leaf and answers /health', async () => {
    for (const leaf of leaves) {
      const remaining = plugins.filter((p) => p.name !== leaf);
      const database = await migratedPostgresDatabase({ plugins: remaining });
      const dataDir = mkdtempSync(join(tmpdir(), `cuadra-boot-without-${leaf}-`));
      copies.push(dataDir);
      const cuadra = await createApp({ plugins: remaining, config: loadConfig({ DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl, DATA_DIR: dataDir, LOG_LEVEL: 'error' }) });
      try {
        expect(cuadra.plugins.map((p) => p.name)).not.toContain(leaf);
        const health = await cuadra.handle(new Request('http://localhost/health'));
        expect({ leaf, status: health.status }).toEqual({ leaf, status: 200 });
      } finally {
        await cuadra.stop();
        await database.drop();
      }
    }
  }, 600_000);
});
