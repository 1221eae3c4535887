import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { discoverPlugins } from '../../kernel/loader';
import { backend, freshDatabase } from '../support/database';

/**
 * Every leaf plugin (one no other plugin depends on) can be deleted: for each, a copy of the
 * repository without `plugins/<leaf>` (and without its tests, `test/plugins/<leaf>`) passes the
 * strict type check and boots (GET /health answers 200) with the remaining plugins.
 *
 * Cost: the copies share node_modules through a symlink; their type checks run in parallel, as many
 * at once as the machine has cores. Each copy boots in a child process of its own (real module
 * loading, so a stray import of the deleted plugin fails), on a fresh database of the backend
 * under test. The type checks do not depend on the database, so they run in the PGlite pass only.
 */
const ROOT = resolve(import.meta.dir, '..', '..');
const COPIED = ['kernel', 'plugins', 'migrations', 'infra', 'test', 'bench', 'tsconfig.json', 'package.json', 'bunfig.toml'];

const plugins = await discoverPlugins();
const dependedOn = new Set(plugins.flatMap((p) => p.dependsOn ?? []));
const leaves = plugins.map((p) => p.name).filter((name) => !dependedOn.has(name)).sort();

const copies = new Map<string, string>();
beforeAll(() => {
  for (const leaf of leaves) {
    const dir = mkdtempSync(join(tmpdir(), `cuadra-without-${leaf}-`));
    const removed = [join(ROOT, 'plugins', leaf), join(ROOT, 'test', 'plugins', leaf)];
    for (const entry of COPIED) {
      cpSync(join(ROOT, entry), join(dir, entry), {
        recursive: true,
        filter: (source) => !removed.some((r) => source === r || source.startsWith(r + sep)) && !relative(ROOT, source).split(sep).includes('node_modules'),
      });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'boot.ts'), BOOT_SCRIPT);
    copies.set(leaf, dir);
  }
});
afterAll(() => { for (const dir of copies.values()) rmSync(dir, { recursive: true, force: true }); });

/** Runs in a copy: boots the service on DATABASE_URL and prints the plugins and the /health status. */
const BOOT_SCRIPT = `
import { createApp } from './kernel/app';
import { loadConfig } from './kernel/config';
const cuadra = await createApp({ config: loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR, LOG_LEVEL: 'error' }) });
try {
  const health = await cuadra.handle(new Request('http://localhost/health'));
  console.log(JSON.stringify({ plugins: cuadra.plugins.map((p) => p.name), health: health.status }));
} finally {
  await cuadra.stop();
}
`;

async function run(cwd: string, command: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(command, { cwd, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, output: stdout + stderr };
}

/** At most `limit` at once. */
async function bounded<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) { const i = next++; results[i] = await work(items[i]); }
  }));
  return results;
}

describe('deleting a leaf plugin', () => {
  test('there are leaf plugins to delete', () => {
    expect(leaves).toContain('account');
    expect(leaves.length).toBeGreaterThanOrEqual(2);
  });

  test.skipIf(backend !== 'pglite')('each copy without one leaf passes the strict type check', async () => {
    const results = await bounded(leaves, Math.max(1, availableParallelism()), (leaf) =>
      run(copies.get(leaf)!, [process.execPath, 'node_modules/typescript/bin/tsc', '--noEmit', '-p', '.']));
    const failures = leaves.map((leaf, i) => ({ leaf, ...results[i] })).filter((r) => r.code !== 0).map((r) => `without ${r.leaf}:\n${r.output}`);
    expect(failures).toEqual([]);
  }, 300_000);

  test('each copy without one leaf boots and answers /health', async () => {
    for (const leaf of leaves) {
      const dir = copies.get(leaf)!;
      const database = await freshDatabase();
      try {
        const { code, output } = await run(dir, [process.execPath, 'boot.ts'], { DATABASE_URL: database.url, DATA_DIR: join(dir, 'data') });
        expect({ leaf, code, output: code ? output : '' }).toEqual({ leaf, code: 0, output: '' });
        const booted = JSON.parse(output.trim().split('\n').at(-1)!);
        expect(booted.health).toBe(200);
        expect(booted.plugins).not.toContain(leaf);
        expect(booted.plugins).toHaveLength(plugins.length - 1);
      } finally {
        await database.drop();
      }
    }
  }, 300_000);
});
