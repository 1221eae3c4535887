/**
 * GET /api/v1/tenants/me under load, with an API key and with a session JWT, on PostgreSQL and on
 * PGlite. The service runs in this process on a real socket; the load comes from another process:
 * wrk (Debian package, one thread) when it is installed, else autocannon (Node).
 *
 * Baseline, measured in the same run with the same load generator: a bare `Bun.serve` handler in
 * this process that compares the bearer token with the key it knows and runs the same primary-key
 * lookup of the tenant with postgres.js (prepared, as many connections as the service's statement
 * pool; PGlite: the same embedded database, with the tenant set once for its session), answering
 * the same JSON. It has no framework, no authentication beyond a string comparison, no permission
 * check, no row-level security of its own and no transaction: what the machine can serve at most
 * for this lookup. Cuadra's throughput is reported as a ratio of it (target ≥ 0.6).
 * Run: .tools/node_modules/.bin/bun bench/tenants-me.ts [--duration 10] [--connections 64]
 *   [--transport tcp|socket|both] [--generator wrk|autocannon] [--db postgres|pglite|both]
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/test; a scratch database is
 * created and dropped). The service reaches it over TCP and, when BENCH_SOCKET_DIR (default
 * /var/run/postgresql) exists, over the Unix socket too (DATABASE_URL `?host=<directory>`).
 */
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createApp } from '../kernel/app';
import { loadConfig } from '../kernel/config';
import { createPglite } from '../kernel/database';
import { postgresJs, postgresTarget } from '../kernel/postgres-url';
import { scratchDatabase } from './scratch-database';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
const duration = Number(option('duration', '10'));
const connections = Number(option('connections', '64'));
const only = option('db', 'both');
const socketDirectory = process.env.BENCH_SOCKET_DIR ?? '/var/run/postgresql';
const transports = option('transport', 'both') === 'both' ? ['tcp', 'socket'] : [option('transport', 'both')];
// wrk (C, one thread) leaves more of the two cores to the service than autocannon (Node) does
const generator = option('generator', Bun.which('wrk') ? 'wrk' : 'autocannon');

/** The same database through the Unix-domain socket (libpq's `host=<directory>` form). */
function viaSocket(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.host = 'localhost';
  url.searchParams.set('host', socketDirectory);
  return url.toString();
}

async function autocannon(url: string, token: string) {
  const bin = resolve(import.meta.dir, '..', 'node_modules', 'autocannon', 'autocannon.js');
  const child = Bun.spawn(['node', bin, '--json', '-c', String(connections), '-d', String(duration), '-H', `authorization=Bearer ${token}`, url], { stdout: 'pipe', stderr: 'ignore' });
  const out = await new Response(child.stdout).text();
  await child.exited;
  const result = JSON.parse(out);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** wrk's --latency report: Requests/sec, the 50% and 99% lines, non-2xx and socket errors. */
async function wrk(url: string, token: string) {
  const child = Bun.spawn(['wrk', '-t1', `-c${connections}`, `-d${duration}s`, '--latency', '-H', `authorization: Bearer ${token}`, url], { stdout: 'pipe', stderr: 'pipe' });
  const out = await new Response(child.stdout).text();
  await child.exited;
  const ms = (label: string) => {
    const match = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(out);
    if (!match) throw new Error(`wrk printed no ${label}% latency:\n${out}`);
    return Number(match[1]) * ({ us: 0.001, ms: 1, s: 1000 } as const)[match[2] as 'us' | 'ms' | 's'];
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1])),
    p50: Math.round(ms('50') * 100) / 100,
    p99: Math.round(ms('99') * 100) / 100,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

const load = generator === 'wrk' ? wrk : autocannon;

const TENANT_SQL = `select id, name, legal_name, tax_id, address, city, postal_code, province, country, logo_token, fiscal_year_start_month,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at from tenants where id = $1`;

/** The bare baseline: token comparison, one prepared primary-key lookup, JSON. */
function bareServer(kind: string, databaseUrl: string, pglite: PGlite | undefined, token: string, tenantId: string) {
  const sql = kind === 'postgres' ? postgresJs(postgresTarget(databaseUrl), { max: 2 * availableParallelism() }) : undefined;
  const lookup = async () => sql ? (await sql.unsafe(TENANT_SQL, [tenantId], { prepare: true }))[0] : (await pglite!.query<any>(TENANT_SQL, [tenantId])).rows[0];
  const expected = `Bearer ${token}`;
  const server = Bun.serve({
    port: 0, hostname: '127.0.0.1',
    async fetch(request) {
      if (request.headers.get('authorization') !== expected) return new Response('{"detail":"Unauthorized"}', { status: 401 });
      const row = await lookup();
      return Response.json({ ...row, logo_url: null });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/`, async stop() { server.stop(true); await sql?.end(); } };
}
const rows: string[] = [];
const runs = (only === 'both' ? ['postgres', 'pglite'] : [only]).flatMap((kind) =>
  kind === 'pglite' ? [{ kind, transport: 'embedded' }] : transports.filter((t) => t === 'tcp' || existsSync(socketDirectory)).map((transport) => ({ kind, transport })));
for (const { kind, transport } of runs) {
  const database = await scratchDatabase(kind, 'tenants_me');
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-bench-'));
  const url = transport === 'socket' ? viaSocket(database.url) : database.url;
  const config = loadConfig({ DATABASE_ALLOW_PRIVILEGED: '1', DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'error', PORT: '0' });
  // The whole request pipeline is measured (rate limits included), with limits raised so they never bite.
  process.env.RATE_LIMIT_API_KEY = process.env.RATE_LIMIT_USER = '100000000';
  const pglite = kind === 'pglite' ? await createPglite() : undefined;
  const cuadra = await createApp({ config, pglite });
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (r, bun) => cuadra.handle(r, bun.requestIP(r)?.address) });
  const base = `http://127.0.0.1:${server.port}`;
  const post = async (path: string, body: unknown, token?: string) => (await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json() as Promise<any>;
  const user = await post('/api/v1/auth/register', { email: 'bench@example.com', password: 'una clave de benchmark' });
  const company = await post('/api/v1/auth/onboarding/complete', { name: 'Bench SL', tax_id: 'B12345674' }, user.access_token);
  const key = await post('/api/v1/auth/api-keys', { name: 'bench', role: 'viewer' }, company.access_token);
  const bare = bareServer(kind, url, pglite, key.key, company.tenant.id);
  // PGlite's one session runs as the application role, under row-level security: for the bare
  // lookup to find the company, its tenant is set once for the session (and cleared after)
  if (pglite) await pglite.query(`select set_config('app.tenant_id', $1, false)`, [company.tenant.id]);
  const probe = await (await fetch(bare.url, { headers: { authorization: `Bearer ${key.key}` } })).json() as { id?: string };
  if (probe.id !== company.tenant.id) throw new Error(`the bare baseline does not answer the company: ${JSON.stringify(probe)}`);
  await load(bare.url, key.key); // warm-up run, discarded
  const limit = await load(bare.url, key.key);
  if (pglite) await pglite.query(`select set_config('app.tenant_id', '', false)`);
  rows.push(`| ${kind} | ${transport} | bare baseline | ${limit.rps} | ${limit.p50} | ${limit.p99} | ${limit.non2xx} | ${limit.errors} | 1.00 |`);
  console.error(`${kind} ${transport} bare baseline: ${limit.rps} req/s p50 ${limit.p50} ms p99 ${limit.p99} ms`);
  for (const [label, token] of [['API key', key.key], ['session JWT', company.access_token]] as const) {
    await load(`${base}/api/v1/tenants/me`, token); // warm-up run, discarded
    const r = await load(`${base}/api/v1/tenants/me`, token);
    rows.push(`| ${kind} | ${transport} | ${label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${(r.rps / limit.rps).toFixed(2)} |`);
    console.error(`${kind} ${transport} ${label}: ${r.rps} req/s p50 ${r.p50} ms p99 ${r.p99} ms (${(r.rps / limit.rps).toFixed(2)} of the bare baseline)`);
  }
  await bare.stop();
  server.stop(true);
  await cuadra.stop();
  await pglite?.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nGET /api/v1/tenants/me — ${generator}, ${connections} connections, ${duration} s per run, after a warm-up run\n`);
console.log('| database | transport | credential | req/s | p50 ms | p99 ms | non-2xx | errors | ratio to bare |\n|---|---|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));
