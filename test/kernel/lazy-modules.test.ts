import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { backend, freshDatabase, type FreshDatabase } from '../support/database';

/**
 * What only some requests need loads with the first of them, not at start-up: OCR, PDF reading and
 * writing, fonts, images, spreadsheets, QR codes, the MCP SDK, mail and Redis clients, and the
 * tax-id validators of countries other than Spain. Each stays resident once loaded, so loading
 * them at start-up would cost every instance their memory for good (bench/idle-memory.ts).
 * The app starts in a child process, so that modules this test runner loaded do not count.
 */
const ROOT = resolve(import.meta.dir, '../..');

const LOADED_ON_FIRST_USE: Record<string, RegExp> = {
  'tesseract.js': /\/node_modules\/tesseract\.js\//,
  'pdfjs-dist': /\/node_modules\/pdfjs-dist\//,
  pdfkit: /\/node_modules\/pdfkit\//,
  fontkit: /\/node_modules\/fontkit\//,
  exceljs: /\/node_modules\/exceljs\//,
  sharp: /\/node_modules\/sharp\//,
  '@napi-rs/canvas': /\/node_modules\/@napi-rs\/canvas\//,
  qrcode: /\/node_modules\/qrcode\//,
  '@modelcontextprotocol/sdk': /\/node_modules\/@modelcontextprotocol\/sdk\//,
  nodemailer: /\/node_modules\/nodemailer\//,
  ioredis: /\/node_modules\/ioredis\//,
  // traces are optional: off (no OTLP endpoint), no OpenTelemetry SDK or exporter loads
  // (kernel/tracing.ts); the API alone is a no-op facade prom-client loads for its exemplars
  'OpenTelemetry SDK': /\/node_modules\/@opentelemetry\/(?!api\/)/,
  'node-forge': /\/node_modules\/node-forge\//,
  xadesjs: /\/node_modules\/xadesjs\//,
  'xml-crypto': /\/node_modules\/xml-crypto\//,
  "stdnum's other countries": /\/node_modules\/stdnum\/lib\/(esm|cjs)\/(?!es\/|util\/|exceptions)/,
};

async function modulesLoadedAtStart(database?: FreshDatabase): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-modules-'));
  try {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'error',
      ...(database ? { DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl! } : { DATABASE_URL: 'memory://' }),
    };
    const child = Bun.spawn([process.execPath, 'test/support/modules-at-start.ts'], { cwd: ROOT, env, stdout: 'pipe', stderr: 'pipe' });
    const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    if (code !== 0) throw new Error(`the app did not start (${code}): ${err}`);
    return JSON.parse(out.trim().split('\n').at(-1)!) as string[];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe(`modules loaded at start-up (${backend})`, () => {
  let database: FreshDatabase | undefined;
  afterAll(() => database?.drop());

  test('none of the heavy libraries only some requests use is loaded; the framework and the database driver are', async () => {
    if (backend === 'postgres') database = await freshDatabase();
    const loaded = await modulesLoadedAtStart(database);
    // the listing sees node_modules packages loaded at start-up (so an empty answer cannot pass)
    expect(loaded.some((file) => /\/node_modules\/elysia\//.test(file))).toBe(true);
    expect(loaded.some((file) => /\/node_modules\/(@electric-sql\/pglite|postgres)\//.test(file))).toBe(true);
    const early = Object.entries(LOADED_ON_FIRST_USE)
      .map(([name, pattern]) => ({ name, files: loaded.filter((file) => pattern.test(file)) }))
      .filter(({ files }) => files.length > 0)
      .map(({ name, files }) => `${name} (${files.length} files, e.g. ${files[0].replace(/^.*node_modules\//, '')})`);
    expect(early).toEqual([]);
  }, 120_000);
});
