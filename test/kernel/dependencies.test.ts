import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

/**
 * Every package the code imports is declared in package.json (a package that only arrives as
 * another one's dependency can vanish or change version under us), and the service's own code
 * (kernel/, lib/, plugins/) imports only `dependencies`, never `devDependencies`, which a production
 * install leaves out.
 */
const root = join(import.meta.dir, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dependencies = new Set(Object.keys(pkg.dependencies ?? {}));
const declared = new Set([...dependencies, ...Object.keys(pkg.devDependencies ?? {})]);
const builtins = new Set(builtinModules);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|mjs|js)$/.test(name) ? [path] : [];
  });
}

/** Bare module specifiers of a source file: static imports/exports, `import('x')` and `require('x')`. */
export function importedSpecifiers(source: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.add(match[1]);
  return [...found].filter((s) => !s.startsWith('.') && !s.startsWith('/'));
}

/** 'a/b' → 'a'; '@s/a/b' → '@s/a'; built-ins ('node:fs', 'fs', 'bun', 'bun:test') → null. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('node:') || specifier === 'bun' || specifier.startsWith('bun:')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return builtins.has(name) ? null : name;
}

const scanned = ['kernel', 'lib', 'plugins', 'test', 'bench', 'infra'].flatMap((dir) => sourceFiles(join(root, dir))).filter((f) => f !== import.meta.path);

describe('declared dependencies', () => {
  test('the scanner sees the import forms the code uses', () => {
    const sample = `import a from 'x';\nimport type { B } from '@s/y/deep';\nexport * from "z";\nimport 'side';\nconst m = await import('w');\nimport { c } from './local';\nimport fs from 'node:fs';`;
    expect(importedSpecifiers(sample).map(packageOf).filter(Boolean).sort()).toEqual(['@s/y', 'side', 'w', 'x', 'z']);
    expect(scanned.length).toBeGreaterThan(100);
  });

  test('every imported package is declared in package.json', () => {
    const missing: string[] = [];
    for (const file of scanned) {
      for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'))) {
        const name = packageOf(specifier);
        if (name && !declared.has(name)) missing.push(`${relative(root, file)}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('the service (kernel/, lib/, plugins/) imports only runtime dependencies', () => {
    const devOnly: string[] = [];
    for (const file of scanned.filter((f) => /^(kernel|lib|plugins)\//.test(relative(root, f)) && !/\.test\.ts$/.test(f))) {
      for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'))) {
        const name = packageOf(specifier);
        if (name && declared.has(name) && !dependencies.has(name)) devOnly.push(`${relative(root, file)}: ${name}`);
      }
    }
    expect(devOnly).toEqual([]);
  });
});
