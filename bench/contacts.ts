/**
 * Contacts at scale: GET /api/v1/contacts with a search and two filters against the same SQL run
 * raw in the same process and run, and the streamed export of every contact to xlsx and CSV.
 *
 * Run: .tools/node_modules/.bin/bun bench/contacts.ts [--db postgres|pglite|both] [--contacts 100000]
 *      [--iterations 300] [--multi]    (--multi adds 1,000 more tenants with 1,000 contacts each)
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/test); a scratch
 * database is created and dropped. Contacts are seeded with generate_series, not through the API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { createApp, type CuadraApp } from '../kernel/app';
import { loadConfig } from '../kernel/config';
import { contactFilterSql, type ContactFilters } from '../plugins/contacts/filters';
import { CONTACT_COLUMNS_SQL } from '../plugins/contacts/service';
import { scratchDatabase } from './scratch-database';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
const only = option('db', 'postgres');
const contactCount = Number(option('contacts', '100000'));
const iterations = Number(option('iterations', '300'));
const multi = args.includes('--multi');
const otherTenants = multi ? 1000 : 0;
const contactsPerOtherTenant = 1000;

const FILTERS: ContactFilters = { search: 'martínez', kind: 'customer', country: 'ES' };
const LIST_QUERY = 'search=mart%C3%ADnez&kind=customer&country=ES&limit=50';


const FIRST = ['José', 'María', 'Ángel', 'Lucía', 'Jesús', 'Sofía', 'Iñaki', 'Begoña', 'Raúl', 'Inés', 'Óscar', 'Nuria', 'Joan', 'Mónica', 'Andrés',
  'Elena', 'Pau', 'Núria', 'Tomás', 'Carmen', 'Héctor', 'Pilar', 'Rubén', 'Sergio', 'Marta', 'Álvaro', 'Laura', 'Iván', 'Julia', 'Adrián'];
const LAST = ['García', 'Martínez', 'López', 'Sánchez', 'Pérez', 'Gómez', 'Martín', 'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz',
  'Álvarez', 'Romero', 'Alonso', 'Gutiérrez', 'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco',
  'Molina', 'Morales', 'Suárez', 'Ortega', 'Delgado', 'Castro', 'Ortiz', 'Rubio', 'Marín', 'Sanz', 'Núñez', 'Iglesias', 'Medina', 'Garrido'];
const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s}'`).join(', ')}]`;
// Folding in SQL for the seed only: the service folds in TypeScript (String.normalize).
const fold = (expression: string) => `translate(lower(${expression}), 'áéíóúüñçàèòï', 'aeiouuncaeoi')`;

/** `count` contacts for the unit of work's tenant, in one statement. */
const SEED_CONTACTS = `
  insert into contacts (id, tenant_id, kind, name, legal_name, customer_type, vat, vat_valid, country, email, phone, city,
                        external_source, payment_processor_id, name_key, search_text, created_at, updated_at)
  select gen_random_uuid(), :tenant, s.kind, s.name, s.legal_name, s.customer_type, s.vat, s.vat is not null, s.country, s.email,
         '+34 6' || lpad((i * 7919 % 100000000)::text, 8, '0'), 'Ciudad ' || (i % 200),
         case when i % 10 = 0 then 'holded' end, case when i % 6 = 0 then 'cus_' || i end,
         ${fold('s.name')},
         ${fold('s.name')} || E'\\n' || coalesce(${fold('s.legal_name')} || E'\\n', '') || coalesce(lower(s.vat) || E'\\n', '') || s.email,
         now() - ((i % 720) * interval '1 day'), now()
  from generate_series(1, :count) as i,
  lateral (select
      (${sqlArray(FIRST)})[1 + (i * 7) % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (i * 13) % ${LAST.length}] || ' ' || (${sqlArray(LAST)})[1 + (i * 17) % ${LAST.length}] || ' ' || i as name,
      case when i % 3 = 0 then 'Sociedad ' || i || ' SL' end as legal_name,
      (array['customer', 'customer', 'supplier', 'both'])[1 + i % 4] as kind,
      case when i % 5 = 0 then 'consumer' else 'business' end as customer_type,
      case when i % 7 <> 0 then 'B' || lpad(i::text, 8, '0') end as vat,
      (array['ES', 'ES', 'ES', 'ES', 'ES', 'FR', 'DE', 'PT', 'US', 'IT'])[1 + i % 10] as country,
      'contacto' || i || '@example.com' as email) as s`;

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const ms = (value: number) => value.toFixed(2);

/** The service's statements for the list, run raw: same SQL, same role, same RLS, one transaction. */
function rawListStatements() {
  const { where, params } = contactFilterSql(FILTERS);
  const items = `select ${CONTACT_COLUMNS_SQL} from contacts c where ${where} order by c.name_key, c.id limit :limit offset :offset`;
  const count = `select count(*)::int as total from contacts c where ${where}`;
  const positional = (sql: string, values: Record<string, unknown>, tenantId: string) => {
    const list: unknown[] = [];
    const text = sql.replace(/(?<!:):([a-z_][a-z0-9_]*)/gi, (_m, key: string) => { list.push(key === 'tenant' ? tenantId : values[key]); return `$${list.length}`; });
    return { text, values: list };
  };
  return (tenantId: string) => [positional(items, { ...params, limit: 50, offset: 0 }, tenantId), positional(count, params, tenantId)];
}

interface RawRunner { run(tenantId: string): Promise<number>; close(): Promise<void> }

async function rawRunner(kind: string, url: string, pglite?: PGlite): Promise<RawRunner> {
  const statements = rawListStatements();
  if (kind === 'postgres') {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    await sql.unsafe('set role cuadra_app');
    return {
      async run(tenantId) {
        const [items, count] = statements(tenantId);
        const total = await sql.begin(async (tx) => {
          await tx.unsafe(`select set_config('app.tenant_id', $1, true)`, [tenantId]);
          const rows = await tx.unsafe(items.text, items.values as any[]);
          if (!rows.length) throw new Error('no rows');
          return (await tx.unsafe(count.text, count.values as any[]))[0].total as number;
        });
        return total;
      },
      close: () => sql.end(),
    };
  }
  // PGlite is one session, already switched to the application role by the app's connection.
  return {
    async run(tenantId) {
      const [items, count] = statements(tenantId);
      return pglite!.transaction(async (tx) => {
        await tx.query(`select set_config('app.tenant_id', $1, true)`, [tenantId]);
        await tx.query(items.text, items.values);
        return ((await tx.query<{ total: number }>(count.text, count.values)).rows[0]).total;
      });
    },
    close: async () => {},
  };
}

async function seed(cuadra: CuadraApp, tenantId: string, count: number) {
  const chunk = 50_000;
  for (let done = 0; done < count; done += chunk) {
    await cuadra.kernel.unitOfWork(null).run((tx) => tx.sql(SEED_CONTACTS, { count: Math.min(chunk, count - done) }), { tenantId });
  }
}

async function seedOtherTenants(cuadra: CuadraApp) {
  for (let t = 0; t < otherTenants; t++) {
    const tenantId = crypto.randomUUID();
    await cuadra.kernel.unitOfWork(null).run(async (tx) => {
      await tx.sql(`insert into tenants (id, name, tax_id) values (:tenant, :name, 'B12345674')`, { name: `Otra ${t}` });
      await tx.sql(SEED_CONTACTS, { count: contactsPerOtherTenant });
    }, { tenantId });
    if (t % 100 === 99) console.error(`  ${t + 1} other tenants seeded`);
  }
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

/** For comparison: the live heap of every contact row of the tenant held at once (what the export avoids). */
async function heapOfAllRows(cuadra: CuadraApp, tenantId: string) {
  Bun.gc(true);
  const before = process.memoryUsage().heapUsed;
  const rows = await cuadra.kernel.unitOfWork(null).run((tx) => tx.sql(`select ${CONTACT_COLUMNS_SQL} from contacts c where c.tenant_id = :tenant`), { tenantId });
  Bun.gc(true);
  const after = process.memoryUsage().heapUsed;
  return { rows: rows.length, mb: ((after - before) / 1048576).toFixed(0) };
}

const report: string[] = [];
for (const kind of only === 'both' ? ['postgres', 'pglite'] : [only]) {
  const database = await scratchDatabase(kind, 'contacts');
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-bench-'));
  const config = loadConfig({ DATABASE_ALLOW_PRIVILEGED: '1', DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  process.env.RATE_LIMIT_API_KEY = process.env.RATE_LIMIT_USER = '100000000';
  const pglite = kind === 'pglite' ? await PGlite.create() : undefined;
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
  const tenantId = company.body.tenant.id;

  let started = performance.now();
  await seed(cuadra, tenantId, contactCount);
  console.error(`${kind}: ${contactCount} contacts seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (otherTenants) {
    started = performance.now();
    await seedOtherTenants(cuadra);
    console.error(`${kind}: ${otherTenants} × ${contactsPerOtherTenant} more contacts in other tenants in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  if (kind === 'postgres') {
    const admin = postgres(database.url, { max: 1, onnotice: () => {} });
    await admin.unsafe('vacuum analyze contacts');
    await admin.end();
  } else {
    await pglite!.exec('analyze contacts');
  }

  if (args.includes('--explain')) {
    const [items, count] = rawListStatements()(tenantId);
    for (const statement of [items, count]) {
      const explain = `explain (analyze, buffers) ${statement.text}`;
      const plan = kind === 'postgres'
        ? await (async () => { const sql = postgres(database.url, { max: 1, onnotice: () => {} }); await sql.unsafe('set role cuadra_app'); const rows = await sql.begin(async (tx) => { await tx.unsafe(`select set_config('app.tenant_id', $1, true)`, [tenantId]); return tx.unsafe(explain, statement.values as any[]); }); await sql.end(); return rows.map((r: any) => r['QUERY PLAN']); })()
        : await pglite!.transaction(async (tx) => { await tx.query(`select set_config('app.tenant_id', $1, true)`, [tenantId]); return (await tx.query<any>(explain, statement.values)).rows.map((r) => r['QUERY PLAN']); });
      console.error(plan.join('\n'));
    }
  }
  const raw = await rawRunner(kind, database.url, pglite);
  const service: number[] = [], direct: number[] = [];
  let total = -1;
  for (let i = 0; i < iterations + 30; i++) {
    let t0 = performance.now();
    const res = await cuadra.handle(new Request(`http://localhost/api/v1/contacts?${LIST_QUERY}`, { headers: { authorization: `Bearer ${key}` } }), '127.0.0.1');
    const body = await res.json() as any;
    const serviceMs = performance.now() - t0;
    if (res.status !== 200 || body.items.length !== 50) throw new Error(`list: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    t0 = performance.now();
    const rawTotal = await raw.run(tenantId);
    const rawMs = performance.now() - t0;
    if (rawTotal !== body.total) throw new Error(`raw total ${rawTotal} != service total ${body.total}`);
    total = body.total;
    if (i >= 30) { service.push(serviceMs); direct.push(rawMs); } // the first 30 warm up
  }
  await raw.close();
  const s50 = percentile(service, 50), s99 = percentile(service, 99), r50 = percentile(direct, 50), r99 = percentile(direct, 99);
  const target = 1.5 * r50 + 2;
  const rows = contactCount + otherTenants * contactsPerOtherTenant;
  report.push(`\n## ${kind}: ${contactCount.toLocaleString('en')} contacts in the measured tenant, ${rows.toLocaleString('en')} in ${1 + otherTenants} tenant(s)\n`);
  report.push(`GET /api/v1/contacts?${decodeURIComponent(LIST_QUERY)} — ${total} matches, ${iterations} runs after 30 warm-up\n`);
  report.push('| | p50 ms | p99 ms |\n|---|---|---|');
  report.push(`| service (in-process request: API key auth, transaction, JSON) | ${ms(s50)} | ${ms(s99)} |`);
  report.push(`| same SQL raw (same role, RLS and transaction) | ${ms(r50)} | ${ms(r99)} |`);
  report.push(`\ntarget p50 ≤ 1.5 × raw + 2 ms = ${ms(target)} ms → ${s50 <= target ? 'met' : 'NOT met'}\n`);

  report.push(`| export of ${contactCount.toLocaleString('en')} contacts (all 21 columns) | total s | first byte ms | file MB | peak live heap +MB | peak RSS +MB |\n|---|---|---|---|---|---|`);
  for (const format of ['xlsx', 'csv'] as const) {
    const r = await timeExport(cuadra, key, format);
    report.push(`| ${format} | ${r.seconds} | ${r.firstByteMs} | ${r.sizeMb} | ${r.liveHeapDelta} | ${r.rssDelta} |`);
    console.error(`${kind} export ${format}: ${r.seconds} s, ${r.sizeMb} MB, live heap +${r.liveHeapDelta} MB, rss +${r.rssDelta} MB`);
  }
  const all = await heapOfAllRows(cuadra, tenantId);
  report.push(`\nFor comparison, the same ${all.rows.toLocaleString('en')} rows held in memory at once: +${all.mb} MB of live heap (before any file is written).`);

  await cuadra.stop();
  if (pglite) await pglite.close();
  if (args.includes('--keep')) console.error(`kept ${database.url}`);
  else await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(report.join('\n'));
