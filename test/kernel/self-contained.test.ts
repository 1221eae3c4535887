import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The repository stands on its own: code, comments and docs explain what they rely on under
 * docs/ and never point at reference files outside the repository; every `docs/… §n` reference
 * names a page and a section that exist.
 */
const root = join(import.meta.dir, '..', '..');

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|mjs|js|json|md|sql)$/.test(name) ? [path] : [];
  });
}

const scanned = [
  ...['kernel', 'lib', 'plugins', 'test', 'bench', 'infra', 'docs', 'migrations'].flatMap((d) => files(join(root, d))),
  join(root, 'README.md'), join(root, 'package.json'),
].filter((f) => f !== import.meta.path);
const rel = (f: string) => relative(root, f);

// Built from pieces so that this file does not match itself.
const OUTSIDE = new RegExp(['\\.\\./shared', '/work/' + 'shared', 'DOMAIN' + '\\.md', '\\bAPI' + '\\.md', 'SECURITY' + '-TESTS', 'ANCHORS' + '-', 'ARCHITECTURE' + '\\.md', '\\bSPEC' + '\\.md'].join('|'));
/**
 * The one exception: the conformance tests may read the specification beside the clone at run time
 * (test/ only). What remains of a line once that path and name are taken out must still be clean.
 */
const outsideReference = (file: string, line: string) => OUTSIDE.exec(
  rel(file).startsWith('test/') ? line.replace(/(\.\.\/)+shared\/docs\/SPEC\.md/g, '').replace(/\bSPEC\.md/g, '') : line,
);

describe('self-contained repository', () => {
  test('no file points at reference material outside the repository', () => {
    const found: string[] = [];
    for (const file of scanned) {
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (outsideReference(file, line)) found.push(`${rel(file)}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found).toEqual([]);
  });

  test('every docs/… reference names a page and a section that exist', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of scanned) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?<!shared\/)\bdocs\/([\w/-]+\.md)((?: §[\d.]+(?: and §?[\d.]+|, §?[\d.]+)*))?/g)) {
        checked++;
        const page = join(root, 'docs', match[1]);
        if (!existsSync(page)) { broken.push(`${rel(file)}: docs/${match[1]} does not exist`); continue; }
        const doc = readFileSync(page, 'utf8');
        for (const section of (match[2] ?? '').match(/[\d.]+/g) ?? []) {
          const [top, sub] = section.replace(/\.$/, '').split('.');
          const heading = sub ? new RegExp(`^###? ${top}\\.${sub}\\b`, 'm') : new RegExp(`^## ${top}\\.`, 'm');
          const topBody = doc.split(new RegExp(`^## ${top}\\.`, 'm'))[1]?.split(/^## /m)[0] ?? '';
          const listed = sub !== undefined && new RegExp(`^${sub}\\. `, 'm').test(topBody);
          if (!heading.test(doc) && !listed) broken.push(`${rel(file)}: docs/${match[1]} has no §${section}`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });
});
