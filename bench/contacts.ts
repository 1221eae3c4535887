/**
 * Contacts at scale: GET /api/v1/contacts with a search and two filters, and a deep page by cursor
 * against the first, each measured against its baseline in the same run: the very statements the
 * service runs (its own flow, readContactPage, in contacts/service.ts), sent raw through postgres.js (PGlite:
 * its own query API) as the application role under row-level security, in one transaction. Then,
 * with --export, the streamed export of every contact of the tenant to xlsx and CSV.
 *
 * Run: .tools/node_modules/.bin/bun bench/contacts.ts [--db postgres|pglite|both] [--contacts 100000]
 *      [--tenants 1] [--iterations 300] [--warmup 30] [--search "iñaki ortega,martínez"] [--explain] [--export] [--keep]
 * --tenants 1000 spreads the contacts over 1,000 companies (the measured one holds 1/1,000 of them).
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/test); a scratch database
 * is created and dropped. Contacts are seeded with generate_series in one statement, not the API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createApp, type CuadraApp } from '../kernel/app';
import { loadConfig } from '../kernel/config';
import { createPglite } from '../kernel/database';
import { encodeCursor } from '../lib/listing';
import { postgresJs, postgresTarget } from '../kernel/postgres-url';
import type { ContactFilters } from '../plugins/contacts/filters';
import { CONTACT_COLUMNS_SQL, readContactPage, type ContactPage } from '../plugins/contacts/service';
import { scratchDatabase } from './scratch-database';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
const only = option('db', 'postgres');
const contactCount = Number(option('contacts', '100000'));
const tenantCount = Number(option('tenants', '1'));
const iterations = Number(option('iterations', '300'));
/** A typical search (a first name and a surname: ~1 contact in 1,200) and a broad one (a common surname: 1 in 20). */
const SEARCHES = option('search', 'iñaki ortega,martínez').split(',');
const WARMUP = Number(option('warmup', '30'));
const PAGE = 50;
const DEEP_PAGE = 1000;

const filtersOf = (search: string): ContactFilters => ({ search, kind: 'customer', country: 'ES' });
const listQuery = (search: string) => `search=${encodeURIComponent(search)}&kind=customer&country=ES&limit=${PAGE}`;

const FIRST = ['José', 'María', 'Ángel', 'Lucía', 'Jesús', 'Sofía', 'Iñaki', 'Begoña', 'Raúl', 'Inés', 'Óscar', 'Nuria', 'Joan', 'Mónica', 'Andrés',
  'Elena', 'Pau', 'Núria', 'Tomás', 'Carmen', 'Héctor', 'Pilar', 'Rubén', 'Sergio', 'Marta', 'Álvaro', 'Laura', 'Iván', 'Julia', 'Adrián'];
const LAST = ['García', 'Martínez', 'López', 'Sánchez', 'Pérez', 'Gómez', 'Martín', 'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz',
  'Álvarez', 'Romero', 'Alonso', 'Gutiérrez', 'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco',
  'Molina', 'Morales', 'Suárez', 'Ortega', 'Delgado', 'Castro', 'Ortiz', 'Rubio', 'Marín', 'Sanz', 'Núñez', 'Iglesias', 'Medina', 'Garrido'];
const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s}'`).join(', ')}]`;

/**
 * Contacts `from`..`to`, contact i going to a tenant of `tenants` picked by a hash of i, in one
 * statement run as the owner. name_key folds in SQL here; the service folds it in TypeScript
 * (String.normalize) — the same for these names.
 */
const seedStatement = (from: number, to: number, tenants: string[]) => `
  insert into contacts (id, tenant_id, kind, customer_and_supplier, name, legal_name, customer_type, vat, vat_valid, country, email, phone, city,
                        external_source, external_id, payment_processor_id, name_key, created_at, updated_at)
  select gen_random_uuid(), (array[${tenants.map((t) => `'${t}'::uuid`).join(', ')}])[1 + abs(hashint4(i)) % ${tenants.length}],
         s.kind, i % 4 = 3, s.name, s.legal_name, s.customer_type, s.vat, s.vat is not null, s.country, s.email,
         '+34 6' || lpad((i::bigint * 7919 % 100000000)::text, 8, '0'), 'Ciudad ' || (i % 200),
         case when i % 10 = 0 then 'holded' end, case when i % 10 = 0 then 'H' || i end, case when i % 6 = 0 then 'cus_' || i end,
         translate(lower(s.name), 'áéíóúüñçàèòï', 'aeiouuncaeoi'),
         now() - ((i % 720) * interval '1 day'), now()
  from generate_series(${from}, ${to}) as i,
  lateral (select
      (${sqlArray(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}] || ' '
        || (${sqlArray(LAST)})[1 + (i / ${FIRST.length * LAST.length}) % ${LAST.length}] || ' ' || i as name,
      case when i % 3 = 0 then 'Sociedad ' || i || ' SL' end as legal_name,
      (array['customer', 'customer', 'supplier', 'customer'])[1 + (i / 7) % 4] as kind,
      case when i % 5 = 0 then 'individual' else 'business' end as customer_type,
      case when i % 7 <> 0 then 'B' || lpad(i::text, 8, '0') end as vat,
      (array['ES', 'ES', 'ES', 'ES', 'ES', 'FR', 'DE', 'PT', 'US', 'IT'])[1 + (i / 11) % 10] as country,
      'contacto' || i || '@example.com' as email) as s`;

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const ms = (value: number) => value.toFixed(2);

/** Named parameters → $n, the tenant's id for :tenant. */
function positional(sql: string, values: Record<string, unknown>, tenantId: string) {
  const list: unknown[] = [];
  const text = sql.replace(/'(?:[^']|'')*'|(?<!:):([a-z_][a-z0-9_]*)/gi, (match, key: string | undefined) => {
    if (key === undefined) return match;
    list.push(key === 'tenant' ? tenantId : values[key]);
    return `$${list.length}`;
  });
  return { text, values: list };
}

/** The SQL an owner runs: seeding, ANALYZE, dropping and rebuilding the search index. */
interface Owner { exec(sql: string): Promise<any[]>; close(): Promise<void> }

async function ownerOf(kind: string, url: string, pglite?: PGlite): Promise<Owner> {
  if (kind === 'postgres') {
    const sql = postgresJs(postgresTarget(url), { max: 1 });
    return { exec: async (text) => [...await sql.unsafe(text)], close: () => sql.end() };
  }
  return {
    async exec(text) {
      await pglite!.exec('reset role');
      try { return (await pglite!.query<any>(text)).rows; } finally { await pglite!.exec('set role cuadra_app'); }
    },
    close: async () => {},
  };
}

/** Runs the service's statements raw, as the application role, in one transaction per page. */
interface Raw { page(tenantId: string, filters: ContactFilters, page: ContactPage): Promise<{ rows: number; total: number }>; explain(tenantId: string, filters: ContactFilters, page: ContactPage): Promise<string>; close(): Promise<void> }

async function rawRunner(kind: string, url: string, pglite?: PGlite): Promise<Raw> {
  const named = (tenantId: string, query: (text: string, values: unknown[]) => Promise<any[]>) => (sql: string, params: Record<string, unknown>) => {
    const { text, values } = positional(sql, params, tenantId);
    return query(text, values);
  };
  // the service's own flow (readContactPage), its statements sent through the raw driver
  const run = async (tenantId: string, filters: ContactFilters, page: ContactPage, query: (text: string, values: unknown[]) => Promise<any[]>) => {
    const { rows, total } = await readContactPage(named(tenantId, query), filters, page);
    return { rows: rows.length, total };
  };
  /** EXPLAIN ANALYZE of each statement the service's flow sends for a page, in order. */
  const explain = async (tenantId: string, filters: ContactFilters, page: ContactPage, query: (text: string, values: unknown[]) => Promise<any[]>) => {
    const out = [`${filters.search}:`];
    const explaining = async (text: string, values: unknown[]) => {
      if (!text.startsWith('explain')) out.push((await query(`explain (analyze, buffers) ${text}`, values)).map((r: any) => r['QUERY PLAN']).join('\n'));
      return query(text, values);
    };
    const { rows, total } = await readContactPage(named(tenantId, explaining), filters, page);
    out.push(`${rows.length} rows, total ${total}`);
    return out.join('\n\n');
  };
  if (kind === 'postgres') {
    const sql = postgresJs(postgresTarget(url), { max: 1 });
    await sql.unsafe('set role cuadra_app');
    const inTenant = <T>(tenantId: string, body: (query: (text: string, values: unknown[]) => Promise<any[]>) => Promise<T>) => sql.begin(async (tx) => {
      await tx.unsafe(`select set_config('app.tenant_id', $1, true)`, [tenantId]);
      return body(async (text, values) => [...await tx.unsafe(text, values as any[], { prepare: true })]);
    }) as Promise<T>;
    return {
      page: (tenantId, filters, page) => inTenant(tenantId, (query) => run(tenantId, filters, page, query)),
      explain: (tenantId, filters, page) => inTenant(tenantId, (query) => explain(tenantId, filters, page, query)),
      close: () => sql.end(),
    };
  }
  // PGlite is one session, already switched to the application role by the app's connection.
  const inTenant = <T>(tenantId: string, body: (query: (text: string, values: unknown[]) => Promise<any[]>) => Promise<T>) => pglite!.transaction(async (tx) => {
    await tx.query(`select set_config('app.tenant_id', $1, true)`, [tenantId]);
    return body(async (text, values) => (await tx.query<any>(text, values)).rows);
  });
  return {
    page: (tenantId, filters, page) => inTenant(tenantId, (query) => run(tenantId, filters, page, query)),
    explain: (tenantId, filters, page) => inTenant(tenantId, (query) => explain(tenantId, filters, page, query)),
    close: async () => {},
  };
}

/** p50/p99 of the service (in-process request) and of the raw statements, interleaved. */
async function measure(cuadra: CuadraApp, key: string, raw: Raw, tenantId: string, path: string, filters: ContactFilters, page: ContactPage, runs: number) {
  const service: number[] = [], direct: number[] = [];
  let total = 0, count = 0;
  for (let i = 0; i < runs + WARMUP; i++) {
    let t0 = performance.now();
    const res = await cuadra.handle(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${key}` } }), '127.0.0.1');
    const body = await res.json() as any;
    const serviceMs = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    t0 = performance.now();
    const direct1 = await raw.page(tenantId, filters, page);
    const rawMs = performance.now() - t0;
    if (direct1.total !== body.total || direct1.rows !== body.items.length) throw new Error(`raw ${direct1.rows}/${direct1.total} != service ${body.items.length}/${body.total}`);
    total = body.total;
    count = body.items.length;
    if (i >= WARMUP) { service.push(serviceMs); direct.push(rawMs); }
  }
  return { s50: percentile(service, 50), s99: percentile(service, 99), r50: percentile(direct, 50), r99: percentile(direct, 99), total, count };
}

/**
 * Downloads the whole export. Two runs: one timed as is (peak RSS sampled), one with a forced GC
 * every 100 ms to sample the live heap (Bun collects lazily, so heapUsed alone counts garbage).
 */
async function timeExport(cuadra: CuadraApp, token: string, format: 'xlsx' | 'csv') {
  const run = async (sampleLiveHeap: boolean) => {
    Bun.gc(true);
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss, peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      if (sampleLiveHeap) Bun.gc(true);
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, sampleLiveHeap ? 100 : 10);
    const started = performance.now();
    const response = await cuadra.handle(new Request(`http://localhost/api/v1/contacts/export?format=${format}`, { headers: { authorization: `Bearer ${token}` } }), '127.0.0.1');
    if (response.status !== 200) throw new Error(`export ${format}: ${response.status} ${await response.text()}`);
    let bytes = 0, firstByteMs = 0;
    for await (const chunk of response.body as any as AsyncIterable<Uint8Array>) {
      if (!bytes) firstByteMs = performance.now() - started;
      bytes += chunk.byteLength;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    return { seconds, firstByteMs, bytes, rssDelta: peakRss - baseline.rss, heapDelta: peakHeap - baseline.heapUsed };
  };
  const timed = await run(false);
  const sampled = await run(true);
  const mb = (n: number) => (n / 1048576).toFixed(0);
  return { seconds: timed.seconds.toFixed(2), firstByteMs: timed.firstByteMs.toFixed(0), sizeMb: (timed.bytes / 1048576).toFixed(1), rssDelta: mb(timed.rssDelta), liveHeapDelta: mb(sampled.heapDelta) };
}

const report: string[] = [];
for (const kind of only === 'both' ? ['postgres', 'pglite'] : [only]) {
  const database = await scratchDatabase(kind, 'contacts');
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-bench-'));
  const config = loadConfig({ DATABASE_ALLOW_PRIVILEGED: '1', DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  process.env.RATE_LIMIT_API_KEY = process.env.RATE_LIMIT_USER = '100000000';
  const pglite = kind === 'pglite' ? await createPglite() : undefined;
  const cuadra = await createApp({ config, pglite });
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await cuadra.handle(new Request(`http://localhost${path}`, {
      method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined,
    }), '127.0.0.1');
    return { status: res.status, body: await res.json() as any };
  };
  const user = await call('POST', '/api/v1/auth/register', { email: 'bench@example.com', password: 'una clave de benchmark' });
  const company = await call('POST', '/api/v1/auth/onboarding/complete', { name: 'Bench Contactos SL', tax_id: 'B12345674' }, user.body.access_token);
  const key = (await call('POST', '/api/v1/auth/api-keys', { name: 'bench', role: 'member' }, company.body.access_token)).body.key;
  const tenantId: string = company.body.tenant.id;

  // Seeding as the owner, with the trigram index built once afterwards (as a restore would).
  const owner = await ownerOf(kind, database.url, pglite);
  const tenants = [tenantId];
  if (tenantCount > 1) {
    const others = Array.from({ length: tenantCount - 1 }, () => crypto.randomUUID());
    await owner.exec(`insert into tenants (id, name, tax_id) select id, 'Otra ' || n, 'B12345674' from unnest(array[${others.map((t) => `'${t}'::uuid`).join(', ')}]) with ordinality as o(id, n)`);
    tenants.push(...others);
  }
  const [{ indexdef }] = await owner.exec(`select indexdef from pg_indexes where indexname = 'contacts_search'`);
  await owner.exec('drop index contacts_search');
  let started = performance.now();
  const chunk = kind === 'pglite' ? 50_000 : 250_000;
  for (let done = 0; done < contactCount; done += chunk) await owner.exec(seedStatement(done + 1, Math.min(done + chunk, contactCount), tenants));
  const seedSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await owner.exec(indexdef);
  const indexSeconds = (performance.now() - started) / 1000;
  await owner.exec(kind === 'postgres' ? 'vacuum analyze contacts' : 'analyze contacts');
  const [{ n: measuredCount }] = await owner.exec(`select count(*)::int as n from contacts where tenant_id = '${tenantId}'`);
  console.error(`${kind}: ${contactCount} contacts over ${tenantCount} tenant(s) seeded in ${seedSeconds.toFixed(1)} s, search index built in ${indexSeconds.toFixed(1)} s`);

  const raw = await rawRunner(kind, database.url, pglite);
  if (args.includes('--explain')) for (const search of SEARCHES) console.error(await raw.explain(tenantId, filtersOf(search), { limit: PAGE, offset: 0 }));

  const searched = [];
  for (const search of SEARCHES) {
    searched.push({ search, label: 'exact total', ...await measure(cuadra, key, raw, tenantId, `/api/v1/contacts?${listQuery(search)}`, filtersOf(search), { limit: PAGE, offset: 0 }, iterations) });
    searched.push({ search, label: '`total=estimate`', ...await measure(cuadra, key, raw, tenantId, `/api/v1/contacts?${listQuery(search)}&total=estimate`, filtersOf(search), { limit: PAGE, offset: 0, total: 'estimate' }, iterations) });
  }

  // Page 1 and a deep page of the plain list: by cursor (keyset) and, for contrast, by offset.
  const deep = Math.max(2, Math.min(DEEP_PAGE, Math.floor(measuredCount / PAGE)));
  const [boundary] = await owner.exec(`select name_key, id::text as id from contacts where tenant_id = '${tenantId}' order by name_key, id offset ${(deep - 1) * PAGE - 1} limit 1`);
  const cursor = encodeCursor('name', [boundary.name_key, boundary.id]);
  if (args.includes('--explain')) for (const page of [{ limit: PAGE, offset: 0 }, { limit: PAGE, offset: 0, cursor }]) console.error(await raw.explain(tenantId, {}, page));
  const pageRuns = Math.max(50, Math.floor(iterations / 2));
  const first = await measure(cuadra, key, raw, tenantId, `/api/v1/contacts?limit=${PAGE}`, {}, { limit: PAGE, offset: 0 }, pageRuns);
  const byCursor = await measure(cuadra, key, raw, tenantId, `/api/v1/contacts?limit=${PAGE}&cursor=${cursor}`, {}, { limit: PAGE, offset: 0, cursor }, pageRuns);
  const byOffset = await measure(cuadra, key, raw, tenantId, `/api/v1/contacts?limit=${PAGE}&offset=${(deep - 1) * PAGE}`, {}, { limit: PAGE, offset: (deep - 1) * PAGE }, Math.max(30, Math.floor(pageRuns / 3)));
  await raw.close();

  report.push(`\n## ${kind}: ${contactCount.toLocaleString('en')} contacts over ${tenantCount.toLocaleString('en')} tenant(s); the measured tenant holds ${measuredCount.toLocaleString('en')}\n`);
  report.push('| request | matches | service p50 / p99 ms | raw p50 / p99 ms | service / raw (p50) |\n|---|---|---|---|---|');
  const row = (label: string, r: Awaited<ReturnType<typeof measure>>) =>
    `| ${label} | ${r.total.toLocaleString('en')} | ${ms(r.s50)} / ${ms(r.s99)} | ${ms(r.r50)} / ${ms(r.r99)} | ${(r.s50 / r.r50).toFixed(2)} |`;
  for (const r of searched) report.push(row(`search \`${r.search}\` + kind + country, page 1 (${r.count} rows), ${r.label}`, r));
  report.push(row(`list, page 1`, first));
  report.push(row(`list, page ${deep} by cursor`, byCursor));
  report.push(row(`list, page ${deep} by offset`, byOffset));
  for (const r of searched) report.push(`\nsearch \`${r.search}\`, ${r.label}: p50 ≤ 15 ms and p99 ≤ 50 ms ${r.s50 <= 15 && r.s99 <= 50 ? 'met' : 'NOT met'}`);
  report.push(`page ${deep} by cursor / page 1 (service p50): ${(byCursor.s50 / first.s50).toFixed(2)} (target ≤ 1.5)`);
  report.push(`seeding ${seedSeconds.toFixed(1)} s, trigram index build ${indexSeconds.toFixed(1)} s`);
  console.error(report.slice(-16).join('\n'));

  if (args.includes('--export')) {
    report.push(`\n| export of ${measuredCount.toLocaleString('en')} contacts (all 21 columns) | total s | first byte ms | file MB | peak live heap +MB | peak RSS +MB |\n|---|---|---|---|---|---|`);
    for (const format of ['xlsx', 'csv'] as const) {
      const r = await timeExport(cuadra, key, format);
      report.push(`| ${format} | ${r.seconds} | ${r.firstByteMs} | ${r.sizeMb} | ${r.liveHeapDelta} | ${r.rssDelta} |`);
    }
    Bun.gc(true);
    const before = process.memoryUsage().heapUsed;
    const rows = await cuadra.kernel.unitOfWork(null).run((tx) => tx.sql(`select ${CONTACT_COLUMNS_SQL} from contacts c where c.tenant_id = :tenant`), { tenantId });
    Bun.gc(true);
    report.push(`\nFor comparison, the same ${rows.length.toLocaleString('en')} rows held in memory at once: +${((process.memoryUsage().heapUsed - before) / 1048576).toFixed(0)} MB of live heap.`);
  }

  await owner.close();
  await cuadra.stop();
  if (pglite) await pglite.close();
  if (args.includes('--keep')) console.error(`kept ${database.url}`);
  else await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(report.join('\n'));
