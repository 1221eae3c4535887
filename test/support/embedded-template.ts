import type { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type CreateAppOptions } from '../../kernel/app';
import { loadConfig } from '../../kernel/config';
import { createPglite } from '../../kernel/database';
import { discoverPlugins, orderPlugins } from '../../kernel/loader';

/**
 * Fresh embedded databases for test apps, already migrated. Running every migration on a new PGlite
 * costs about 5 s of CPU per app; the suite starts dozens of apps. So the first app of a given plugin
 * set (in this test process) migrates one PGlite, its data directory is kept as a tarball in memory,
 * and every later app of that set starts from a copy of it (about 0.6 s). The app still runs its
 * migrations at start-up, finds them applied, and goes through the same checks as any start.
 */
const templates = new Map<string, Promise<Blob>>();

/**
 * What decides the migrated schema: the plugins and their migrations, in order. A plugin with no
 * migrations (the web app, say) adds nothing to it, so leaving one out reuses the same template.
 */
async function schemaKey(options: Pick<CreateAppOptions, 'plugins' | 'extraPlugins'>): Promise<string> {
  const plugins = orderPlugins([...(options.plugins ?? (await discoverPlugins())), ...(options.extraPlugins ?? [])]).filter((p) => p.migrations?.length);
  return plugins.map((p) => `${p.name}[${(p.migrations ?? []).map((m) => m.name).join(',')}]`).join(' ');
}

async function migratedTemplate(options: Pick<CreateAppOptions, 'plugins' | 'extraPlugins'>): Promise<Blob> {
  const pglite = await createPglite();
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-template-'));
  try {
    const app = await createApp({ plugins: options.plugins, extraPlugins: options.extraPlugins, pglite,
      config: loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: dataDir, LOG_LEVEL: 'error' }) });
    await app.stop();
    return await pglite.dumpDataDir('none');
  } finally {
    await pglite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A new in-memory PGlite holding the migrated schema of this plugin set (and nothing else). */
export async function migratedPglite(options: Pick<CreateAppOptions, 'plugins' | 'extraPlugins'>): Promise<PGlite> {
  const key = await schemaKey(options);
  let template = templates.get(key);
  if (!template) {
    template = migratedTemplate(options);
    templates.set(key, template);
    template.catch(() => templates.delete(key));
  }
  return createPglite({ loadDataDir: await template });
}
