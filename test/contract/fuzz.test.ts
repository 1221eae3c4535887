import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app';
import { createCompany, type TestCompany } from '../support/factories';
import { startGoogleIdp, type GoogleIdp } from '../support/google';
import { SchemaSampler } from '../support/schema-sample';
import { mulberry32 } from '../support/seeded-random';

/**
 * Hostile input for every operation of /openapi.json, sent as the owner of a company: wrong types,
 * huge strings and numbers, NUL, bad UUIDs and dates, empty and malformed bodies, wrong content
 * types, deep nesting. Asserts no 5xx and bounded memory, and prints the figures. The seed
 * (FUZZ_SEED, default 12) fixes every choice; FUZZ_PER_OPERATION scales the run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 12);
const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 36);
/**
 * RSS may grow this much over the run, once every GET operation was read once (see the warm-up);
 * before the fix it grew by over 4 GB. On PostgreSQL the figure is the service's own (+64 to +192 MB
 * at 270 operations without the warm-up, when the first book and export loaded their libraries
 * inside the run: +272 to +437 MB at 301 operations; with it, +176 to +231 MB alone and +343 MB
 * inside the whole suite, whose process has grown to 500 MB by then: the allocator keeps pages
 * that transient peaks took). So PostgreSQL gets 450 MB: a leak of the kind this test exists for
 * grew by gigabytes. On PGlite the database's
 * WebAssembly heap lives in this process, grows with the rows the run writes and is never given
 * back, and the first PDF or spreadsheet a run makes loads pdfkit, exceljs and the embedded fonts
 * once (about 80 MB, flat after: a book of 20 PDFs in a row grows no further): +308 to +676 MB
 * measured with no 5xx. PGlite gets 800.
 */
const RSS_BUDGET_MB = process.env.CUADRA_TEST_DB === 'postgres' ? 450 : 800;

function prng(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    uuid: () => Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('').replace(/^(.{8})(.{4})(.{3})(.{3})(.{12})$/, '$1-$2-4$3-a$4-$5'),
  };
}

/** Like encodeURIComponent, but a lone surrogate becomes the (invalid UTF-8) bytes a client could still send. */
const encode = (value: string) => {
  try { return encodeURIComponent(value); } catch { return '%ED%A0%80'; }
};
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const HOSTILE_VALUES: readonly unknown[] = [
  null, true, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 99999999999999999999999, '', ' ', 'x'.repeat(100_000), 'a\u0000b', '\u0000',
  'not-a-uuid', '00000000-0000-0000-0000-000000000000', '2026-02-30', '2026-13-45', '9999-12-31', '0000-00-00', '2026-01-15T25:61:00Z',
  '-99999999999999999999.99', '1e400', 'NaN', '12.345', '-0.00', '<script>alert(1)</script>', "' or '1'='1", '../../etc/passwd',
  '\uD800', '😀'.repeat(1000), [], {}, [1, 'a', null], { a: { b: { c: [] } } }, JSON.parse(nested(60)),
];
const HOSTILE_STRINGS: readonly string[] = [
  '', 'abc', '-1', '0', '1e309', '99999999999999999999999', 'x'.repeat(10_000), 'a\u0000b', '2026-13-45', '2026-02-30', 'not-a-uuid',
  'true', '[]', '{"a":1}', '%', '../../etc/passwd', "' or 1=1 --", '\uD800', '9'.repeat(400), '-0', ' 1 ', '0x10', 'Infinity',
];
const HOSTILE_PATH: readonly string[] = [
  'not-a-uuid', '%00', 'x'.repeat(5000), '00000000-0000-0000-0000-000000000000', '..%2F..%2Fetc', "1'%20or%20'1'='1", '%F0%9F%98%80', '-1', '9'.repeat(40),
];

interface Operation { method: string; path: string; operation: any }
interface Mutation { description: string; path: string; headers: Record<string, string>; body?: RequestInit['body'] }

let app: TestApp;
let idp: GoogleIdp;
let owner: TestCompany;
let sampler: SchemaSampler;
let operations: Operation[];
const knownIds: Record<string, string> = {};

beforeAll(async () => {
  idp = await startGoogleIdp();
  // The default rate limits are read from the environment when the app starts: lift them for this app only.
  const limits = ['RATE_LIMIT_USER', 'RATE_LIMIT_IP', 'RATE_LIMIT_API_KEY'] as const;
  const saved = limits.map((name) => process.env[name]);
  for (const name of limits) process.env[name] = '100000000';
  try {
    app = await startTestApp({ env: { GOOGLE_CLIENT_ID: idp.clientId, GOOGLE_JWKS_URL: idp.jwksUrl } });
  } finally {
    limits.forEach((name, i) => (saved[i] === undefined ? delete process.env[name] : (process.env[name] = saved[i])));
  }
  owner = await createCompany(app);
  // a few real rows, so that mutations on their ids reach past "not found"
  const contact = await app.post('/api/v1/contacts', { kind: 'both', name: 'Cliente Fuzz SL', tax_id: 'B65410011' }, owner.token);
  knownIds.contacts = contact.body.id;
  const taxes = await app.get('/api/v1/taxes?kind=vat&limit=1', owner.token);
  knownIds.taxes = taxes.body.items[0].id;
  const invoice = await app.post('/api/v1/invoices', {
    contact_id: contact.body.id, issue_date: '2026-03-01', status: 'draft',
    lines: [{ description: 'Servicio', quantity: '1', unit_price: '100.00', tax_type_id: knownIds.taxes }],
  }, owner.token);
  knownIds.invoices = invoice.body.id;
  const document = (await app.get('/openapi.json')).body;
  sampler = new SchemaSampler(document.components.schemas);
  operations = Object.entries<any>(document.paths).flatMap(([path, methods]) =>
    Object.entries<any>(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));
  // Operations that end the owner's session run last, so the rest runs signed in.
  operations.sort((a, b) => Number(a.path.endsWith('/auth/logout')) - Number(b.path.endsWith('/auth/logout')));
}, 300_000);
afterAll(async () => {
  await app?.close();
  await idp?.stop();
});

/** A parameter's valid extremes: an integer's minimum and maximum, every value of an enum. */
function edgesOf(schema: any): unknown[] {
  if (Array.isArray(schema.enum)) return schema.enum;
  const choices = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(choices) && choices.length && choices.every((choice: any) => 'const' in choice)) return choices.map((choice: any) => choice.const);
  if (schema.type === 'integer') return [schema.minimum, schema.maximum].filter((value) => value !== undefined);
  return [];
}

function mutationsOf({ path, operation }: Operation, random: ReturnType<typeof prng>): Mutation[] {
  const parameters: any[] = (operation.parameters ?? []).filter((p: any) => p.in !== 'header');
  const pathParameters = parameters.filter((p) => p.in === 'path');
  const queryParameters = parameters.filter((p) => p.in === 'query');
  const resource = path.split('/')[3] ?? '';
  const fillPath = (override?: { name: string; value: string }) => path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    override?.name === name ? override.value : encodeURIComponent(knownIds[resource] && random.next() < 0.7 ? knownIds[resource] : random.uuid()));
  const validQuery = () => '';
  const json = { 'content-type': 'application/json' };
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const sample = bodySchema ? (sampler.sample(bodySchema) as any) : undefined;
  const out: Mutation[] = [];
  const add = (description: string, mutation: Partial<Mutation> = {}) =>
    out.push({ description, path: mutation.path ?? fillPath() + validQuery(), headers: mutation.headers ?? (bodySchema ? json : {}), body: mutation.body ?? (bodySchema ? JSON.stringify(sample) : undefined) });

  add('sampled valid request');
  for (const parameter of pathParameters) {
    for (let i = 0; i < 3; i++) {
      const value = random.pick(HOSTILE_PATH);
      add(`path ${parameter.name}=${value.slice(0, 30)}`, { path: fillPath({ name: parameter.name, value }) });
    }
  }
  for (const parameter of queryParameters) {
    for (let i = 0; i < 3; i++) {
      const value = random.pick(HOSTILE_STRINGS);
      add(`query ${parameter.name}=${value.slice(0, 30)}`, { path: `${fillPath()}?${parameter.name}=${encode(value)}` });
    }
  }
  // valid values at the edges of each parameter's range (a tax year not begun, the last quarter)
  for (const parameter of queryParameters) {
    for (const value of edgesOf(sampler.deref(parameter.schema ?? {}))) {
      add(`query ${parameter.name}=${value} (valid)`, { path: `${fillPath()}?${parameter.name}=${encode(String(value))}` });
    }
  }
  if (queryParameters.length) {
    const all = queryParameters.map((p) => `${p.name}=${encode(random.pick(HOSTILE_STRINGS))}`).join('&');
    add('every query parameter hostile', { path: `${fillPath()}?${all}` });
    add('repeated query parameters', { path: `${fillPath()}?${queryParameters.map((p) => `${p.name}=1&${p.name}=2`).join('&')}` });
  }
  const properties = Object.keys(sampler.deref(bodySchema ?? {}).properties ?? {});
  if (bodySchema) {
    const budget = Math.max(PER_OPERATION - out.length - 14, properties.length);
    for (let i = 0; i < budget && properties.length; i++) {
      const key = properties[i % properties.length];
      const value = random.pick(HOSTILE_VALUES);
      const body = { ...(sample && typeof sample === 'object' ? sample : {}), [key]: value };
      // one level down too: the first item of an array of objects (invoice lines, entry lines)
      const item = Array.isArray(sample?.[key]) && sample[key][0] && typeof sample[key][0] === 'object' ? sample[key][0] : undefined;
      if (item && random.next() < 0.5) {
        const inner = random.pick(Object.keys(item));
        body[key] = [{ ...item, [inner]: random.pick(HOSTILE_VALUES) }];
        add(`body ${key}[0].${inner} hostile`, { body: JSON.stringify(body) });
      } else add(`body ${key}=${JSON.stringify(value)?.slice(0, 30)}`, { body: JSON.stringify(body) });
    }
    add('unknown property', { body: JSON.stringify({ ...sample, tenant_id: random.uuid(), id: random.uuid(), is_admin: true }) });
    add('body string of 900 KB', { body: JSON.stringify({ ...sample, [properties[0] ?? 'x']: 'x'.repeat(900_000) }) });
  }
  for (const [description, body] of [
    ['empty body', ''], ['malformed JSON', '{"a":'], ['JSON null', 'null'], ['JSON array', '[]'], ['JSON string', '"x"'], ['JSON number', '1e999'],
    ['nesting 65 levels', nested(65)], ['nesting 100,000 levels', '['.repeat(100_000)], ['nested objects 120 KB', '{"a":'.repeat(24_000) + '1' + '}'.repeat(24_000)],
    ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ] as const) add(description, { body: body as RequestInit['body'], headers: json });
  const text = JSON.stringify(sample ?? {});
  add('text/plain', { body: text, headers: { 'content-type': 'text/plain' } });
  add('urlencoded', { body: properties.map((p) => `${p}=%00`).join('&') || 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  add('application/xml', { body: '<a>1</a>', headers: { 'content-type': 'application/xml' } });
  add('no content type', { body: text, headers: {} });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(256).map(() => random.int(256))], { type: 'image/png' }), 'x.png');
  for (const property of properties.slice(0, 3)) form.append(property, 'a\u0000b');
  add('multipart with junk file', { body: form, headers: {} });
  const deepForm = new FormData();
  for (const property of properties.slice(0, 2)) deepForm.append(property, nested(50_000));
  add('multipart field of JSON nested 50,000 levels', { body: deepForm, headers: {} });
  add('multipart declared but not multipart', { body: text, headers: { 'content-type': 'multipart/form-data; boundary=zz' } });
  return out.slice(0, Math.max(PER_OPERATION, out.length));
}

test(`no 5xx and bounded memory over hostile input to every operation (seed ${SEED})`, async () => {
  const random = prng(SEED);
  const statuses = new Map<number, number>();
  const serverErrors: string[] = [];
  const throttled = new Set<string>();
  let requests = 0;
  // A first read of every GET operation loads what the service loads once and keeps (pdfkit and its
  // fonts for the books, exceljs for exports: 50–75 MB each, measured); the budget is for what
  // hostile input adds beyond that, over the run of thousands of requests. Only reads: a write
  // could sign the owner out or delete the company the run acts as.
  for (const operation of operations.filter((o) => o.method === 'GET')) {
    const path = operation.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-a000-000000000000');
    const warm = await app.handle(new Request(`http://localhost${path}`, { method: operation.method, headers: { authorization: `Bearer ${owner.token}`, 'x-forwarded-for': '198.19.0.1' } }));
    await warm.arrayBuffer();
  }
  Bun.gc(true);
  const baselineRss = process.memoryUsage().rss;
  let peakRss = baselineRss;
  const started = performance.now();

  for (const operation of operations) {
    for (const mutation of mutationsOf(operation, random)) {
      const headers: Record<string, string> = { authorization: `Bearer ${owner.token}`, 'x-forwarded-for': `198.18.${random.int(256)}.${random.int(256)}`, ...mutation.headers };
      const request = new Request(`http://localhost${mutation.path}`, { method: operation.method, headers, body: operation.method === 'GET' ? undefined : mutation.body });
      const response = await app.handle(request);
      const body = await response.text();
      requests += 1;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 429) throttled.add(`${operation.method} ${operation.path}`);
      if (response.status >= 500) serverErrors.push(`${operation.method} ${operation.path} [${mutation.description}] → ${response.status} ${body.slice(0, 200)}`);
      if (requests % 25 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
      // collect now and then, so that the figure is what the service keeps, not garbage not yet collected
      if (requests % 250 === 0) Bun.gc(true);
    }
  }
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const seconds = (performance.now() - started) / 1000;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
  console.log(`fuzz (${process.env.CUADRA_TEST_DB ?? 'pglite'}, seed ${SEED}): ${operations.length} operations, ${requests} requests in ${seconds.toFixed(1)} s; ` +
    `statuses ${histogram}; 5xx: ${serverErrors.length}; RSS ${mb(baselineRss)} MB → peak ${mb(peakRss)} MB (+${mb(peakRss - baselineRss)} MB)`);
  console.log(`  429 (lockouts and per-route limits that stay on) from: ${[...throttled].join(', ') || 'none'}`);
  for (const error of serverErrors.slice(0, 20)) console.log(`  ${error}`);

  expect(serverErrors).toEqual([]);
  expect(mb(peakRss - baselineRss)).toBeLessThan(RSS_BUDGET_MB);
  expect((await app.get('/health')).status).toBe(200);
}, 300_000);
