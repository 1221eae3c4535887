/**
 * A mixed workload against one instance of the service and then two, on one PostgreSQL database:
 * 32 clients (one request at a time each) send a fixed number of requests, 60 % reads (the
 * invoice list, the contact list, the company, the bank movements), 30 % invoices created and
 * issued, 10 % bank statement imports (a CSV of 20 movements, each file new). With two instances
 * the requests alternate between them, as a load balancer would spread them.
 *
 * Reported per phase: throughput, p50/p99 latency (all requests and per kind), resident memory of
 * each instance (now and its peak), and where the CPU went: the service processes, the PostgreSQL
 * backends serving this database, this load generator, and the rest of the machine, from /proc,
 * against the machine's cores. The baseline is the same run's one-instance phase; phases alternate
 * (1, 2, 1, 2 … with --rounds) so that a change of load on the machine hits both.
 *
 * Target: two instances ≥ 1.6× one where the database is not the bottleneck. On a machine with
 * two cores shared by the service, PostgreSQL and the generator, both phases are CPU-bound: the
 * CPU table says so, and the ratio then measures how the work divides, not how it scales.
 *
 * Run: .tools/node_modules/.bin/bun bench/multi-instance.ts [--requests 3000] [--clients 32] [--companies 16] [--rounds 2] [--warmup 300]
 *   BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/test): a database is created and dropped.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.CUADRA_TEST_DB = 'postgres';
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const { freshDatabase } = await import('../test/support/database');
const { serviceProcess } = await import('../test/support/service-process');
const { seededTaxTypeId } = await import('../plugins/taxes/api');

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => { const i = args.indexOf(`--${name}`); return i >= 0 ? Number(args[i + 1]) : fallback; };
const REQUESTS = option('requests', 3000);
const CLIENTS = option('clients', 32);
const COMPANIES = option('companies', 16);
const ROUNDS = option('rounds', 2);
const WARMUP = option('warmup', 300);

type Kind = 'read' | 'invoice' | 'import';
interface Company { token: string; tenantId: string; customerId: string; walletId: string }
type Instance = ReturnType<typeof serviceProcess>;

// ---------- /proc ----------

const TICKS = 100; // USER_HZ on Linux
const ticksOf = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch { return 0; }
};
const memoryOf = (pid: number): { rss: number; peak: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
};
/** PostgreSQL backends serving `database` (their title names it) and their CPU ticks so far. */
function backendsOf(database: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `)) found.set(Number(entry), ticksOf(Number(entry)));
    } catch { /* gone */ }
  }
  return found;
}
const machineTicks = () => {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { total: fields.reduce((a, b) => a + b, 0), idle: fields[3]! + fields[4]! };
};
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

function cpuSnapshot(instances: Instance[], database: string) {
  return {
    instances: instances.map((i) => ticksOf(i.pid!)),
    backends: backendsOf(database),
    self: process.cpuUsage(),
    machine: machineTicks(),
  };
}
type CpuSnapshot = ReturnType<typeof cpuSnapshot>;

/** CPU-seconds used between two snapshots, by who; and the machine's busy share of its cores. */
function cpuBetween(before: CpuSnapshot, after: CpuSnapshot) {
  const instances = after.instances.map((t, i) => (t - before.instances[i]!) / TICKS);
  let postgres = 0;
  for (const [pid, ticks] of after.backends) postgres += (ticks - (before.backends.get(pid) ?? 0)) / TICKS;
  const self = (after.self.user + after.self.system - before.self.user - before.self.system) / 1e6;
  const total = after.machine.total - before.machine.total;
  const busy = (total - (after.machine.idle - before.machine.idle)) / TICKS;
  const cores = cpus().length;
  const wall = total / TICKS / cores;
  return { instances, postgres, self, busy, other: Math.max(0, busy - instances.reduce((a, b) => a + b, 0) - postgres - self), wall, cores };
}

// ---------- the workload ----------

const percentile = (sorted: number[], p: number) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
let files = 0;
const statementCsv = () => {
  const file = ++files;
  const lines = ['Fecha;Concepto;Importe'];
  for (let i = 0; i < 20; i++) lines.push(`${String(1 + (i % 28)).padStart(2, '0')}/03/2026;Cobro ${file}-${i};${(file % 900) + 10},${String(i).padStart(2, '0')}`);
  return lines.join('\n') + '\n';
};

function requestFor(k: number, company: Company): { kind: Kind; method: string; path: string; body?: unknown } {
  const slot = (k * 37) % 100;
  if (slot < 60) {
    const reads = ['/api/v1/invoices?limit=20', '/api/v1/contacts?limit=20', '/api/v1/tenants/me', `/api/v1/bank-movements?treasury_id=${company.walletId}&limit=20`];
    return { kind: 'read', method: 'GET', path: reads[k % reads.length]! };
  }
  if (slot < 90) {
    return {
      kind: 'invoice', method: 'POST', path: '/api/v1/invoices',
      body: { contact_id: company.customerId, issue_date: '2026-03-15', lines: [{ description: 'Servicio', quantity: '1', unit_price: `${100 + (k % 50)}.00`, tax_type_id: seededTaxTypeId(company.tenantId, 'IVA21') }] },
    };
  }
  const form = new FormData();
  form.append('file', new File([statementCsv()], 'extracto.csv'));
  return { kind: 'import', method: 'POST', path: `/api/v1/treasuries/${company.walletId}/import`, body: form };
}

async function run(serving: Instance[], companies: Company[], total: number) {
  const latencies: Record<Kind, number[]> = { read: [], invoice: [], import: [] };
  const failures = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, async (_, client) => {
    const company = companies[client % companies.length]!;
    for (let k = next++; k < total; k = next++) {
      const request = requestFor(k, company);
      const instance = serving[k % serving.length]!;
      const t0 = performance.now();
      const response = await instance.call(request.method, request.path, request.body, company.token).catch((error) => ({ status: 0, body: String(error) }));
      latencies[request.kind].push(performance.now() - t0);
      if (response.status < 200 || response.status >= 300) {
        const key = `${request.kind} ${response.status}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  const all = Object.values(latencies).flat().sort((a, b) => a - b);
  for (const list of Object.values(latencies)) list.sort((a, b) => a - b);
  return { seconds, throughput: total / seconds, all, latencies, failures };
}

// ---------- set-up ----------

const database = await freshDatabase();
const databaseName = new URL(database.url).pathname.slice(1);
const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-bench-instances-'));
const env = { TRUST_PROXY: '1', JWT_SECRET: `bench-${crypto.randomUUID()}`, RATE_LIMIT_USER: '10000000', RATE_LIMIT_IP: '10000000' };
const instances = [serviceProcess({ dataDir, database, env }), serviceProcess({ dataDir, database, env })];
try {
  await instances[0]!.start();
  await instances[1]!.start();
  console.log(`multi-instance bench: ${REQUESTS} requests × ${ROUNDS} rounds per phase, ${CLIENTS} clients, ${COMPANIES} companies, ${cpus().length} cores, load ${loadAverage()} at start`);

  const companies: Company[] = [];
  for (let c = 0; c < COMPANIES; c++) {
    const service = instances[c % 2]!;
    const from = { 'x-forwarded-for': `2001:db8:b::${(c + 1).toString(16)}` };
    const email = `bench-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const registered = await service.call('POST', '/api/v1/auth/register', { email, password: 'Una clave larga de prueba 42', full_name: 'Bench' }, undefined, from);
    const digits = String(4_200_000 + 7919 * (c + 1)).padStart(7, '0');
    let sum = 0;
    for (let i = 0; i < 7; i++) { const v = Number(digits[i]); sum += i % 2 === 0 ? Math.floor((v * 2) / 10) + ((v * 2) % 10) : v; }
    const onboarded = await service.call('POST', '/api/v1/auth/onboarding/complete', { name: `Empresa ${c} SL`, tax_id: `B${digits}${(10 - (sum % 10)) % 10}` }, registered.body.access_token, from);
    if (onboarded.status !== 200) throw new Error(`onboarding: ${onboarded.status} ${JSON.stringify(onboarded.body)}`);
    const token = onboarded.body.access_token as string;
    await service.call('PATCH', '/api/v1/tenants/me', { address: 'Calle Mayor 1', city: 'Madrid', postal_code: '28013', province: 'Madrid' }, token);
    const customer = await service.call('POST', '/api/v1/contacts', { kind: 'customer', name: `Cliente ${c} SL`, vat: 'B65410011', address: 'Calle Menor 2', city: 'Madrid', postal_code: '28014' }, token);
    const wallet = await service.call('POST', '/api/v1/treasuries', { kind: 'wallet', name: 'Pasarela', provider: 'pasarela cobros' }, token);
    if (customer.status !== 201 || wallet.status !== 201) throw new Error(`seeding: ${customer.status} ${wallet.status}`);
    companies.push({ token, tenantId: onboarded.body.tenant.id, customerId: customer.body.id, walletId: wallet.body.id });
  }

  const results: Record<number, { throughput: number[]; p50: number[]; p99: number[] }> = { 1: { throughput: [], p50: [], p99: [] }, 2: { throughput: [], p50: [], p99: [] } };
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const ceilings: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const count of [1, 2]) {
      const serving = instances.slice(0, count);
      await run(serving, companies, WARMUP);
      const before = cpuSnapshot(instances, databaseName);
      const load = loadAverage();
      const result = await run(serving, companies, REQUESTS);
      const cpu = cpuBetween(before, cpuSnapshot(instances, databaseName));
      const p = (list: number[], q: number) => ms(percentile(list, q));
      results[count]!.throughput.push(result.throughput);
      results[count]!.p50.push(percentile(result.all, 50));
      results[count]!.p99.push(percentile(result.all, 99));
      console.log(`\nround ${round}, ${count} instance${count > 1 ? 's' : ''} (load ${load} before): ${result.throughput.toFixed(0)} req/s over ${result.seconds.toFixed(1)} s; p50 ${p(result.all, 50)}, p99 ${p(result.all, 99)}`);
      for (const kind of ['read', 'invoice', 'import'] as Kind[]) {
        console.log(`  ${kind.padEnd(7)} ${String(result.latencies[kind].length).padStart(5)} requests: p50 ${p(result.latencies[kind], 50)}, p99 ${p(result.latencies[kind], 99)}`);
      }
      if (result.failures.size) console.log(`  not 2xx: ${[...result.failures].map(([k, n]) => `${k} × ${n}`).join(', ')}`);
      console.log(`  memory: ${instances.map((i, n) => { const m = memoryOf(i.pid!); return `instance ${n + 1}${n < count ? '' : ' (idle)'} RSS ${m.rss.toFixed(0)} MB (peak ${m.peak.toFixed(0)} MB)`; }).join('; ')}`);
      const share = (seconds: number) => `${seconds.toFixed(1)} s (${((seconds / cpu.wall) * 100).toFixed(0)} % of a core)`;
      console.log(`  CPU over ${cpu.wall.toFixed(1)} s on ${cpu.cores} cores, machine ${((cpu.busy / (cpu.wall * cpu.cores)) * 100).toFixed(0)} % busy: `
        + `service ${cpu.instances.slice(0, count).map(share).join(' + ')}; PostgreSQL backends of this database ${share(cpu.postgres)}; `
        + `load generator ${share(cpu.self)}; everything else ${share(cpu.other)}`);
      const perRequest = { service: (cpu.instances.slice(0, count).reduce((a, b) => a + b, 0) / REQUESTS) * 1000, postgres: (cpu.postgres / REQUESTS) * 1000, generator: (cpu.self / REQUESTS) * 1000 };
      console.log(`  CPU per request: service ${perRequest.service.toFixed(2)} ms, PostgreSQL ${perRequest.postgres.toFixed(2)} ms, generator ${perRequest.generator.toFixed(2)} ms`);
      // What this machine could do were it ours alone: each instance is one JavaScript thread (at most
      // a core), and the service, PostgreSQL and the generator together need the cores for all of it.
      const machine = (cpu.cores * 1000) / (perRequest.service + perRequest.postgres + perRequest.generator);
      const ceiling = (instancesCount: number) => Math.min((instancesCount * 1000) / perRequest.service, machine);
      console.log(`  ceiling from these costs with the machine to ourselves: 1 instance ${ceiling(1).toFixed(0)} req/s, 2 instances ${ceiling(2).toFixed(0)} req/s `
        + `(${(ceiling(2) / ceiling(1)).toFixed(2)}×; the ${cpu.cores} cores run out at ${machine.toFixed(0)} req/s, one instance's thread at ${(1000 / perRequest.service).toFixed(0)} req/s)`);
      ceilings.push(ceiling(2) / ceiling(1));
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const one = median(results[1]!.throughput), two = median(results[2]!.throughput);
  console.log(`\nmedian over ${ROUNDS} rounds: 1 instance ${one.toFixed(0)} req/s (p50 ${ms(median(results[1]!.p50))}, p99 ${ms(median(results[1]!.p99))}); `
    + `2 instances ${two.toFixed(0)} req/s (p50 ${ms(median(results[2]!.p50))}, p99 ${ms(median(results[2]!.p99))}); ratio ${(two / one).toFixed(2)}× (target ≥ 1.6× where the database is not the bottleneck); `
    + `the CPU costs measured allow at most ${median(ceilings).toFixed(2)}× on this machine`);
} finally {
  for (const instance of instances) await instance.kill();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
