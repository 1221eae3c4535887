import { describe, expect, test } from 'bun:test';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { createApp } from '../../kernel/app';
import { loadConfig } from '../../kernel/config';
import { discoverPlugins } from '../../kernel/loader';
import { freshDatabase } from '../support/database';

/**
 * Every leaf plugin (one no other plugin depends on) can be deleted: without `plugins/<leaf>` (and
 * its tests, `test/plugins/<leaf>`) the repository passes the strict type check and the service
 * boots with the remaining plugins and answers GET /health.
 *
 * Kept fast (well under a minute on an idle 2-core machine) in two ways:
 * - the type checks run in this process through the compiler API, with a compiler host on which
 *   the deleted folders do not exist (so an import of the deleted plugin fails exactly as it would in
 *   a copy of the repository without it) and which shares parsed files between the variants; only
 *   the checking is repeated per leaf. They do not depend on the database, so they run in the PGlite
 *   pass of the suite only;
 * - each variant boots in this process, from the discovered plugins minus the leaf, on a fresh
 *   database of the backend under test. A plugin that reaches the deleted one other than through an
 *   import (a hook, a service, a contribution) fails there.
 */
const ROOT = resolve(import.meta.dir, '..', '..');

const plugins = await discoverPlugins();
const dependedOn = new Set(plugins.flatMap((p) => p.dependsOn ?? []));
const leaves = plugins.map((p) => p.name).filter((name) => !dependedOn.has(name)).sort();

/** Type-checks the repository as if the given folders were deleted; returns the formatted errors. */
function typeCheckWithout(hiddenFolders: string[], parsed: Map<string, ts.SourceFile>): string {
  const configFile = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const config = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
  const hidden = (path: string) => {
    const absolute = resolve(ROOT, path);
    return hiddenFolders.some((folder) => absolute === folder || absolute.startsWith(`${folder}/`));
  };
  const host = ts.createCompilerHost(config.options);
  const { fileExists, readFile, directoryExists, getSourceFile } = host;
  host.fileExists = (path) => !hidden(path) && fileExists.call(host, path);
  host.readFile = (path) => (hidden(path) ? undefined : readFile.call(host, path));
  host.directoryExists = (path) => !hidden(path) && (directoryExists?.call(host, path) ?? true);
  host.getSourceFile = (path, language, onError, fresh) => {
    if (hidden(path)) return undefined;
    const key = `${path}\0${typeof language === 'object' ? language.languageVersion : language}`;
    let file = parsed.get(key);
    if (!file || fresh) {
      file = getSourceFile.call(host, path, language, onError, fresh);
      if (file) parsed.set(key, file);
    }
    return file;
  };
  const program = ts.createProgram({ rootNames: config.fileNames.filter((f) => !hidden(f)), options: config.options, host });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' });
}

describe('deleting a leaf plugin', () => {
  test('there are leaf plugins to delete', () => {
    expect(leaves).toContain('account');
    expect(leaves.length).toBeGreaterThanOrEqual(2);
  });

  test.skipIf(process.env.CUADRA_TEST_DB === 'postgres')('the strict type check passes without each leaf, and fails on an import of a deleted plugin', () => {
    const parsed = new Map<string, ts.SourceFile>();
    const errors = leaves.map((leaf) => ({ leaf, errors: typeCheckWithout([join(ROOT, 'plugins', leaf), join(ROOT, 'test', 'plugins', leaf)], parsed) }));
    expect(errors.filter((e) => e.errors)).toEqual([]);
    // The check can fail: deleting a plugin that others import breaks it.
    expect(typeCheckWithout([join(ROOT, 'plugins', 'tenants')], parsed)).toContain("Cannot find module '../tenants/api'");
  }, 300_000);

  test('the service boots without each leaf and answers /health', async () => {
    for (const leaf of leaves) {
      const database = await freshDatabase();
      const remaining = plugins.filter((p) => p.name !== leaf);
      const cuadra = await createApp({ plugins: remaining, config: loadConfig({ DATABASE_URL: database.url, DATA_DIR: `/tmp/cuadra-without-${leaf}-${crypto.randomUUID()}`, LOG_LEVEL: 'error' }) });
      try {
        expect(cuadra.plugins.map((p) => p.name)).not.toContain(leaf);
        const health = await cuadra.handle(new Request('http://localhost/health'));
        expect({ leaf, status: health.status }).toEqual({ leaf, status: 200 });
      } finally {
        await cuadra.stop();
        await database.drop();
      }
    }
  }, 300_000);
});
