import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { startTestApp, type TestApp } from '../support/app';

/**
 * The typed-client flow as CI runs it: types generated from the running service's own document,
 * the flow script type-checked under --strict, then run against the started service over HTTP.
 */
const here = join(import.meta.dir, 'typed-client');
let app: TestApp;
let server: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  app = await startTestApp();
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request, srv) => app.handle(request, srv.requestIP(request)?.address) });
});
afterAll(async () => {
  server?.stop(true);
  await app.close();
});

test('the flow script uses no casts and no non-null assertions', () => {
  const source = readFileSync(join(here, 'flow.ts'), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '').replace(/'[^'\n]*'|`[^`]*`/g, "''");
  expect(source.match(/\bas\s+(?!const\b)[A-Za-z{[(]/g) ?? []).toEqual([]);
  expect(source.match(/[\w)\]]!(?!=)/g) ?? []).toEqual([]);
  expect(source).not.toMatch(/\bany\b/);
  expect(source).not.toContain('@ts-');
});

test('a client generated from /openapi.json type-checks under --strict and runs the main flow', async () => {
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as OpenAPI3;
  const types = astToString(await openapiTS(document));
  mkdirSync(join(here, 'generated'), { recursive: true });
  writeFileSync(join(here, 'generated', 'api.ts'), types);
  // Integers are integers: no `string | number` in the generated types but a validation error's
  // location (field names and array indexes).
  expect((types.match(/.*string \| number.*/g) ?? []).filter((line) => !/^\s*loc: \(string \| number\)\[\];$/.test(line))).toEqual([]);

  // the suite's type checker (support/type-check.ts): TypeScript 7, a tenth of TypeScript 5's time on this client
  const tsc = Bun.spawnSync([process.execPath, 'node_modules/typescript-7/bin/tsc', '--noEmit', '-p', join(here, 'tsconfig.json')], { cwd: join(import.meta.dir, '../..') });
  expect(tsc.stdout.toString() + tsc.stderr.toString()).toBe('');
  expect(tsc.exitCode).toBe(0);

  // Imported by path at run time: the suite's own type check must not follow it into the generated
  // types, which exist only once this test has written them.
  const { runFlow } = await import(join(here, 'flow.ts'));
  const result = await runFlow(baseUrl, `robot-${Date.now()}@example.com`);
  expect(result.invoiceNumber).toMatch(/^F-2026-\d{6}$/);
  expect(result.invoiceTotal).toBe('1028.50');
  expect(result.pdfBytes).toBeGreaterThan(1000);
  expect(result.purchaseTotal).toBe('145.20');
  expect(result.trialBalance.debit).toBe(result.trialBalance.credit);
  expect(result.accounts).toEqual(['4100', '4300', '472', '477', '5550001', '5720001', '629', '7000']);
  expect(result.statementImported).toBe(1);
});
