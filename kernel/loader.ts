import { readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CuadraPlugin } from './plugin';

export const DEFAULT_PLUGINS_DIR = resolve(import.meta.dir, '..', 'plugins');

/** Imports every `plugins/<name>/index.ts` (default export). */
export async function discoverPlugins(dir = DEFAULT_PLUGINS_DIR): Promise<CuadraPlugin[]> {
  const found: CuadraPlugin[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const index = join(dir, entry.name, 'index.ts');
    if (!entry.isDirectory() || !existsSync(index)) continue;
    const module = await import(index);
    const plugin = module.default as CuadraPlugin | undefined;
    if (!plugin?.name) throw new Error(`${index} has no default export made with definePlugin()`);
    found.push(plugin);
  }
  return found;
}

/**
 * Orders plugins so each comes after what it depends on (ties by name, so start-up is
 * deterministic). A missing or cyclic dependency stops start-up with a message naming it.
 */
export function orderPlugins(plugins: CuadraPlugin[]): CuadraPlugin[] {
  const byName = new Map<string, CuadraPlugin>();
  for (const plugin of plugins) {
    if (byName.has(plugin.name)) throw new Error(`Two plugins are named "${plugin.name}"`);
    byName.set(plugin.name, plugin);
  }
  for (const plugin of plugins) {
    for (const dependency of plugin.dependsOn ?? []) {
      if (!byName.has(dependency)) {
        throw new Error(`Plugin "${plugin.name}" depends on "${dependency}", which is not installed`);
      }
    }
  }
  const ordered: CuadraPlugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (plugin: CuadraPlugin, path: string[]) => {
    const seen = state.get(plugin.name);
    if (seen === 'done') return;
    if (seen === 'visiting') throw new Error(`Plugin dependency cycle: ${[...path, plugin.name].join(' -> ')}`);
    state.set(plugin.name, 'visiting');
    for (const dependency of [...(plugin.dependsOn ?? [])].sort()) visit(byName.get(dependency)!, [...path, plugin.name]);
    state.set(plugin.name, 'done');
    ordered.push(plugin);
  };
  for (const plugin of [...plugins].sort((a, b) => a.name.localeCompare(b.name))) visit(plugin, []);
  return ordered;
}
