/**
 * Issuing invoices under concurrency, through the whole request pipeline (auth, rate limits,
 * validation, RLS, numbering on the locked counter row, posting to the ledger, commit):
 *
 *   1. issue:  16 clients POST /api/v1/invoices/{id}/issue on drafts created beforehand;
 *   2. create: 16 clients POST /api/v1/invoices (create and issue in one request).
 *
 * Every invoice goes to ONE tenant and ONE series (the worst case: all issues queue on the same
 * counter row and on the tenant's journal counter). Prints invoices/s, p50/p95/p99 latency, the CPU
 * per invoice (the service, this database's PostgreSQL backends, the rest of the machine) and a
 * gap check at the end (numbers 1..N in the series, counter row = N, journal numbers 1..M).
 * Target: ≥ 500 invoices/s.
 *
 * Ceiling, measured in the same run just before each mode (PostgreSQL only): what serializes
 * issuing, alone. The same number of transactions from the same number of clients, each only
 * taking the next number of ONE series, `insert … on conflict (series) do update set n = n + 1
 * returning n` on a scratch table of the bench's database (`bench_series_counter`), then COMMIT,
 * through postgres.js as the tables' owner with the app's connection settings. No invoice, no
 * entry: the service's rate as a ratio of it says how much of the counter row's queue is left.
 *
 * Requests are handed to the app in-process (CuadraApp.handle: the same pipeline as the server,
 * without the socket), so the load generator costs almost nothing on a 2-core machine.
 *
 * Steady state, not a cold start: the tenant first gets `--warmup` issued invoices (1,000) in a
 * series of its own, then the tables are vacuumed and analyzed (VACUUM ANALYZE, `--analyze no` to skip),
 * as autovacuum keeps them on a server in service. Without that, plans cached on long-lived
 * connections while the scratch database was empty (foreign-key checks) may read a whole tenant
 * per row looked up until autovacuum analyzes the tables (create-and-issue then fell to 78–229/s).
 *
 * Run: .tools/node_modules/.bin/bun bench/invoices-issue.ts [--clients 16] [--count 4000] [--mode both|issue|create] [--tenants 1] [--warmup 1000] [--analyze yes|no] [--without verifactu]
 *   BENCH_DB=postgres (default; BENCH_DATABASE_URL or postgres://root@127.0.0.1:5432/test, a scratch
 *   database is created and dropped) | pglite
 */
import { existsSync, readFileSync } from 'node:fs';
import { postgresJs, postgresTarget } from '../kernel/postgres-url';

process.env.CUADRA_TEST_DB = process.env.BENCH_DB ?? 'postgres';
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
process.env.LOG_LEVEL ??= 'error';
const { startDocumentsApp, taxId, createContact, pluginsWithout } = await import('../test/support/documents');
const { createCompany, createApiKey } = await import('../test/support/factories');

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
const CLIENTS = Number(option('clients', '16'));
const COUNT = Number(option('count', '4000'));
const MODE = option('mode', 'both');
const TENANTS = Number(option('tenants', '1'));
const WARMUP = Number(option('warmup', '1000'));
/** Plugins left out (comma-separated), e.g. `verifactu` to measure issuing without its in-transaction record. */
const WITHOUT = option('without', '').split(',').filter(Boolean);

const app = await startDocumentsApp({ unlimited: true, ...(WITHOUT.length ? { plugins: await pluginsWithout(...WITHOUT) } : {}) });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

interface Tenant { company: Awaited<ReturnType<typeof createCompany>>; key: string; customer: any }
async function tenant(): Promise<Tenant> {
  const company = await createCompany(app);
  const key = (await createApiKey(app, company.token, 'member')).key;
  const customer = await createContact(app, company.token, { name: 'Cliente Benchmark SL', vat: 'B65410011' });
  return { company, key, customer };
}

const request = (method: string, path: string, key: string, body?: unknown) => app.handle(new Request(`http://localhost${path}`, {
  method, headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
}), '127.0.0.1');

const invoiceBody = (t: Tenant, series: string, i: number, status: 'draft' | 'issued') => ({
  contact_id: t.customer.id, series, issue_date: '2026-06-01', status,
  lines: [
    { description: `Servicio ${i}`, quantity: '1', unit_price: `${100 + (i % 50)}.50`, tax_type_id: taxId(t.company, 'IVA21'), nature: 'services' },
    { description: 'Material', quantity: '3', unit_price: '12.345', tax_type_id: taxId(t.company, 'IVA10') },
  ],
});

/** Busy CPU time of the whole machine (all cores) from /proc/stat, in ms. */
function machineBusyMs(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3] + fields[4];
  return ((fields.reduce((a, b) => a + b, 0) - idle) * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * CPU time (ms) of each PostgreSQL backend of this benchmark's database, from /proc (a server on
 * this machine): unlike the machine's busy time, it leaves out whatever else runs on the machine.
 */
async function backendCpuMs(): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (app.kernel.db.kind !== 'postgres') return cpu;
  for (const { pid } of await app.asOwner<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()')) {
    if (!existsSync(`/proc/${pid}/stat`)) continue;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    cpu.set(Number(pid), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100); // utime + stime, USER_HZ 100
  }
  return cpu;
}

/** Runs `total` jobs with `clients` concurrent workers; returns the wall time, each job's latency and the CPU spent per job. */
async function run(total: number, clients: number, job: (i: number) => Promise<Response | void>) {
  const latencies: number[] = [];
  let next = 0, failures = 0;
  const firstFailure: string[] = [];
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const busy0 = existsSync('/proc/stat') ? machineBusyMs() : 0;
  const backends0 = await backendCpuMs();
  await Promise.all(Array.from({ length: clients }, async () => {
    for (;;) {
      const i = next++;
      if (i >= total) return;
      const t0 = performance.now();
      const res = await job(i);
      latencies.push(performance.now() - t0);
      if (!res) continue;
      if (res.status >= 300) { failures++; if (firstFailure.length < 3) firstFailure.push(`${res.status} ${(await res.text()).slice(0, 200)}`); } else await res.arrayBuffer();
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const serviceMs = (cpu.user + cpu.system) / 1000;
  const othersMs = existsSync('/proc/stat') ? Math.max(0, machineBusyMs() - busy0 - serviceMs) : NaN;
  const backends = await backendCpuMs();
  const backendsMs = backends.size ? [...backends].reduce((sum, [pid, ms]) => sum + ms - (backends0.get(pid) ?? 0), 0) : NaN;
  latencies.sort((a, b) => a - b);
  return {
    seconds, rate: total / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), failures, firstFailure,
    cpu: `CPU per invoice: service ${(serviceMs / total).toFixed(2)} ms, this database's PostgreSQL backends ${(backendsMs / total).toFixed(2)} ms, rest of the machine ${(othersMs / total).toFixed(2)} ms`,
  };
}

async function gapCheck(t: Tenant, series: string, expected: number) {
  const rows = await app.asAppRole<{ n: number; max: number | null; distinct: number; counter: number | null; entries: number; max_entry: number | null }>(t.company.tenantId, `
    select (select count(*)::int from invoices where series = '${series}' and seq is not null) as n,
           (select max(seq) from invoices where series = '${series}') as max,
           (select count(distinct number)::int from invoices where series = '${series}' and number is not null) as distinct,
           (select max(last_number) from invoice_series where series = '${series}') as counter,
           (select count(*)::int from journal_entries) as entries,
           (select max(number) from journal_entries) as max_entry`);
  const r = rows[0];
  const ok = Number(r.n) === expected && Number(r.max) === expected && Number(r.distinct) === expected && Number(r.counter) === expected && Number(r.entries) === Number(r.max_entry);
  return { ok, text: `${r.n} numbered, max ${r.max}, ${r.distinct} distinct, counter ${r.counter}; journal ${r.entries} entries, max number ${r.max_entry} → ${ok ? '0 gaps, 0 duplicates' : 'GAP OR DUPLICATE'}` };
}

/**
 * Tables as autovacuum keeps them on a database in service. The scratch database is minutes old:
 * plans cached on long-lived connections while its tables were empty (foreign-key checks, trigger
 * queries) may scan a whole tenant where one row is wanted, until an ANALYZE invalidates them,
 * which autovacuum does within a minute or so on a real server; and the warm-up leaves dead row
 * versions (drafts become issued, counters move) that autovacuum would clear. VACUUM ANALYZE does
 * both, whether or not the server runs autovacuum (some test servers switch it off).
 */
async function steadyTables() {
  if (option('analyze', 'yes') !== 'yes') return;
  if (app.kernel.db.kind !== 'postgres') return void await app.asOwner('analyze');
  // as the tables' owner (VACUUM skips tables of other roles)
  const sql = postgresJs(postgresTarget(app.config.databaseOwnerUrl!), { max: 1 });
  try {
    await sql.unsafe('vacuum (analyze)');
  } finally {
    await sql.end();
  }
}

/**
 * The ceiling (see the header): --count transactions from --clients connections, each only taking
 * the next number of one series. Answers null on PGlite (one session: there is no queue to measure).
 */
async function counterCeiling(series: string) {
  if (app.kernel.db.kind !== 'postgres') return null;
  const sql = postgresJs(postgresTarget(app.config.databaseOwnerUrl!), { max: CLIENTS });
  try {
    await sql.unsafe('create table if not exists bench_series_counter (series text primary key, n bigint not null)');
    const take = () => sql.begin((tx) => tx`insert into bench_series_counter as c (series, n) values (${series}, 1)
      on conflict (series) do update set n = c.n + 1 returning n`);
    await Promise.all(Array.from({ length: CLIENTS * 4 }, take)); // opens the connections, prepares the statement
    const [before] = await sql`select n from bench_series_counter where series = ${series}`;
    const r = await run(COUNT, CLIENTS, async () => { await take(); });
    const [after] = await sql`select n from bench_series_counter where series = ${series}`;
    if (Number(after.n) - Number(before.n) !== COUNT) throw new Error(`counter ceiling: ${Number(after.n) - Number(before.n)} numbers taken, ${COUNT} expected`);
    console.log(`counter ceiling: ${r.rate.toFixed(0)} transactions/s  p50 ${fmt(r.p50)}  p99 ${fmt(r.p99)}  (only the series' counter row: upsert, commit)`);
    return r.rate;
  } finally {
    await sql.end();
  }
}

async function autovacuumIsOff(): Promise<boolean> {
  if (app.kernel.db.kind !== 'postgres') return false;
  const [row] = await app.asOwner<{ setting: string }>(`select setting from pg_settings where name = 'autovacuum'`);
  return row?.setting === 'off';
}

const rows: string[] = [];
const machine = `${navigator.hardwareConcurrency} cores, ${app.kernel.db.kind}`;
console.log(`invoices issue benchmark — ${machine}, ${CLIENTS} clients, ${COUNT} invoices per mode, ${TENANTS} tenant(s), one series`);
if (await autovacuumIsOff()) console.log('note: this PostgreSQL server runs without autovacuum: dead row versions made during the run stay, as they would not on a server in service');
let allGapless = true;
try {
  const tenants = await Promise.all(Array.from({ length: TENANTS }, tenant));
  // warm-up (JIT, connection pool, plans), in its own series
  await run(WARMUP, CLIENTS, (i) => request('POST', '/api/v1/invoices', tenants[i % TENANTS].key, invoiceBody(tenants[i % TENANTS], 'W', i, 'issued')));

  if (MODE === 'both' || MODE === 'issue') {
    const drafts: { t: Tenant; id: string }[] = [];
    const created = await run(COUNT, CLIENTS, async (i) => {
      const t = tenants[i % TENANTS];
      const res = await request('POST', '/api/v1/invoices', t.key, invoiceBody(t, 'F', i, 'draft'));
      const body = await res.clone().json() as any;
      drafts[i] = { t, id: body.id };
      return res;
    });
    if (created.failures) throw new Error(`drafts not created: ${created.firstFailure.join('; ')}`);
    await steadyTables();
    const ceiling = await counterCeiling('F');
    const r = await run(COUNT, CLIENTS, (i) => request('POST', `/api/v1/invoices/${drafts[i].id}/issue`, drafts[i].t.key));
    const checks = await Promise.all(tenants.map((t, k) => gapCheck(t, 'F', Math.floor(COUNT / TENANTS) + (k < COUNT % TENANTS ? 1 : 0))));
    allGapless &&= checks.every((c) => c.ok) && r.failures === 0;
    console.log(`issue drafts   : ${r.rate.toFixed(0)} invoices/s  p50 ${fmt(r.p50)}  p95 ${fmt(r.p95)}  p99 ${fmt(r.p99)}  failures ${r.failures}${r.firstFailure.length ? ` (${r.firstFailure[0]})` : ''}`);
    if (ceiling) console.log(`  = ${(r.rate / ceiling).toFixed(2)}× the counter ceiling (${ceiling.toFixed(0)}/s)`);
    console.log(`  ${r.cpu}`);
    for (const c of checks) console.log(`  gap check F  : ${c.text}`);
    rows.push(`| ${machine} | POST /invoices/{id}/issue | ${CLIENTS} | ${COUNT} | ${r.rate.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${checks.every((c) => c.ok) ? '0 gaps, 0 dups' : 'FAILED'} |`);
  }
  if (MODE === 'both' || MODE === 'create') {
    await steadyTables();
    const ceiling = await counterCeiling('C');
    const r = await run(COUNT, CLIENTS, (i) => request('POST', '/api/v1/invoices', tenants[i % TENANTS].key, invoiceBody(tenants[i % TENANTS], 'C', i, 'issued')));
    const checks = await Promise.all(tenants.map((t, k) => gapCheck(t, 'C', Math.floor(COUNT / TENANTS) + (k < COUNT % TENANTS ? 1 : 0))));
    allGapless &&= checks.every((c) => c.ok) && r.failures === 0;
    console.log(`create + issue : ${r.rate.toFixed(0)} invoices/s  p50 ${fmt(r.p50)}  p95 ${fmt(r.p95)}  p99 ${fmt(r.p99)}  failures ${r.failures}${r.firstFailure.length ? ` (${r.firstFailure[0]})` : ''}`);
    if (ceiling) console.log(`  = ${(r.rate / ceiling).toFixed(2)}× the counter ceiling (${ceiling.toFixed(0)}/s)`);
    console.log(`  ${r.cpu}`);
    for (const c of checks) console.log(`  gap check C  : ${c.text}`);
    rows.push(`| ${machine} | POST /invoices (issued) | ${CLIENTS} | ${COUNT} | ${r.rate.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${checks.every((c) => c.ok) ? '0 gaps, 0 dups' : 'FAILED'} |`);
  }
  console.log('\n| machine | operation | clients | invoices | invoices/s | p50 ms | p99 ms | gap check |\n|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await app.close();
}
if (!allGapless) { console.error('gap check FAILED'); process.exit(1); }

export {};
