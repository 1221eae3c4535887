import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

/**
 * The app's bundle: built with Bun's bundler into a folder named by a hash of everything that
 * goes into it (the sources under app/, the versions of the packages it bundles, Bun's version),
 * so a start with unchanged sources reuses the folder and an edit makes a new one. Each file is
 * also stored gzipped, served as is to browsers that accept it.
 */
export const APP_SOURCES = join(import.meta.dir, 'app');
export const BUNDLED_PACKAGES = ['react', 'react-dom', 'react-aria-components', 'openapi-fetch'];

export interface WebAppAsset { file: string; contentType: string; bytes: number; gzipBytes: number }
export interface WebAppBuild {
  dir: string;
  /** The page every /app path answers with (the SPA's shell). */
  html: string;
  /** Hashed file name → what it is; served under /app/assets/. */
  assets: Record<string, WebAppAsset>;
  /** The JavaScript (the entry and the chunks it imports statically) and CSS the first page load fetches, gzipped, in bytes. */
  initialJsGzipBytes: number;
  initialCssGzipBytes: number;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const contentTypeOf = (file: string) => CONTENT_TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]).sort();
}

/** A short hash of the sources, the bundled packages' versions and Bun's version. */
export function sourceHash(): string {
  const hash = createHash('sha256');
  hash.update(`bun ${Bun.version}\n`);
  for (const name of BUNDLED_PACKAGES) {
    const manifest = Bun.resolveSync(`${name}/package.json`, import.meta.dir);
    hash.update(`${name} ${JSON.parse(readFileSync(manifest, 'utf8')).version}\n`);
  }
  // schema.d.ts holds types only: it changes no byte of the bundle.
  for (const file of filesUnder(APP_SOURCES).filter((f) => !f.endsWith('.d.ts'))) {
    hash.update(`${relative(APP_SOURCES, file)}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

// The stylesheet link carries the id React Aria gives the <style> element it would otherwise inject
// (a touch-action rule, copied into styles.css): finding it, React Aria injects nothing, so the
// content security policy needs no 'unsafe-inline' for styles.
const shell = (script: string, stylesheet: string) => `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cuadra</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" id="react-aria-pressable-style" href="/app/assets/${stylesheet}">
<script type="module" src="/app/assets/${script}"></script>
</head>
<body>
<div id="root"></div>
<noscript>Cuadra necesita JavaScript. Cuadra needs JavaScript.</noscript>
</body>
</html>
`;

/**
 * The entry script and every chunk it imports statically, transitively: what the first page load
 * fetches before the app runs (chunks reached only through import() load later).
 */
function staticImportsOf(dir: string, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(dir, file), 'utf8');
    // minified ESM: `import{a as b}from"./chunk-x.js"` or `import"./chunk-x.js"`, never `import(`
    for (const match of code.matchAll(/\bimport\s*(?:[\w$*{},\s]+?\s*from\s*)?["']\.\/([^"']+)["']/g)) visit(match[1]);
    for (const match of code.matchAll(/\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["']\.\/([^"']+)["']/g)) visit(match[1]);
  };
  visit(entry);
  return [...seen];
}

/** The cached build for the current sources, building it first when there is none under `cacheRoot`. */
export async function buildWebApp(cacheRoot: string): Promise<WebAppBuild> {
  const dir = join(cacheRoot, sourceHash());
  const manifestFile = join(dir, 'manifest.json');
  if (existsSync(manifestFile)) return JSON.parse(readFileSync(manifestFile, 'utf8')) as WebAppBuild;

  // Built beside the final folder and renamed into place, so a reader never sees half a build
  // and two processes building at once both end with a complete one.
  const staging = `${dir}.${process.pid}.${Date.now()}`;
  mkdirSync(staging, { recursive: true });
  try {
    const result = await Bun.build({
      entrypoints: [join(APP_SOURCES, 'main.tsx')],
      outdir: staging,
      target: 'browser',
      format: 'esm',
      // Pages imported with import() become chunks of their own, fetched on first visit.
      splitting: true,
      minify: true,
      sourcemap: 'none',
      naming: { entry: '[name]-[hash].[ext]', chunk: 'chunk-[name]-[hash].[ext]', asset: '[name]-[hash].[ext]' },
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    if (!result.success) throw new AggregateError(result.logs, 'the web app failed to build');
    const entry = result.outputs.find((o) => o.kind === 'entry-point');
    if (!entry) throw new Error('the web app build produced no entry point');

    const css = readFileSync(join(APP_SOURCES, 'styles.css'));
    const stylesheet = `styles-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
    writeFileSync(join(staging, stylesheet), css);

    const assets: Record<string, WebAppAsset> = {};
    for (const name of readdirSync(staging)) {
      const content = readFileSync(join(staging, name));
      const gzipped = Bun.gzipSync(content, { level: 9 });
      writeFileSync(join(staging, `${name}.gz`), gzipped);
      assets[name] = { file: name, contentType: contentTypeOf(name), bytes: content.length, gzipBytes: gzipped.length };
    }
    const script = relative(staging, entry.path);
    const initialScripts = staticImportsOf(staging, script);
    const build: WebAppBuild = {
      dir,
      html: shell(script, stylesheet),
      assets,
      initialJsGzipBytes: initialScripts.reduce((sum, file) => sum + assets[file].gzipBytes, 0),
      initialCssGzipBytes: assets[stylesheet].gzipBytes,
    };
    writeFileSync(join(staging, 'manifest.json'), JSON.stringify(build, null, 2));
    if (existsSync(manifestFile)) rmSync(staging, { recursive: true, force: true });
    else {
      rmSync(dir, { recursive: true, force: true });
      renameSync(staging, dir);
      // Builds of earlier sources are never served again.
      for (const entry of readdirSync(cacheRoot)) {
        if (entry !== basename(dir) && /^[0-9a-f]{16}$/.test(entry)) rmSync(join(cacheRoot, entry), { recursive: true, force: true });
      }
    }
    return build;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
