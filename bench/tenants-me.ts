/**
 * GET /api/v1/tenants/me under load, with an API key and with a session JWT, on PostgreSQL and on
 * PGlite. The service runs in this process on a real socket; autocannon runs in a separate Node
 * process. Run: .tools/node_modules/.bin/bun bench/tenants-me.ts [--duration 10] [--connections 64]
 *   [--transport tcp|socket|both]
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/test; a scratch database is
 * created and dropped). The service reaches it over TCP and, when BENCH_SOCKET_DIR (default
 * /var/run/postgresql) exists, over the Unix socket too (DATABASE_URL `?host=<directory>`).
 */
import { existsSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp } from '../kernel/app';
import { loadConfig } from '../kernel/config';
import { scratchDatabase } from './scratch-database';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
const duration = Number(option('duration', '10'));
const connections = Number(option('connections', '64'));
const only = option('db', 'both');
const socketDirectory = process.env.BENCH_SOCKET_DIR ?? '/var/run/postgresql';
const transports = option('transport', 'both') === 'both' ? ['tcp', 'socket'] : [option('transport', 'both')];


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

const rows: string[] = [];
const runs = (only === 'both' ? ['postgres', 'pglite'] : [only]).flatMap((kind) =>
  kind === 'pglite' ? [{ kind, transport: 'embedded' }] : transports.filter((t) => t === 'tcp' || existsSync(socketDirectory)).map((transport) => ({ kind, transport })));
for (const { kind, transport } of runs) {
  const database = await scratchDatabase(kind, 'tenants_me');
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-bench-'));
  const url = transport === 'socket' ? viaSocket(database.url) : database.url;
  const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'error', PORT: '0' });
  // The whole request pipeline is measured (rate limits included), with limits raised so they never bite.
  process.env.RATE_LIMIT_API_KEY = process.env.RATE_LIMIT_USER = '100000000';
  const cuadra = await createApp({ config });
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (r, bun) => cuadra.handle(r, bun.requestIP(r)?.address) });
  const base = `http://127.0.0.1:${server.port}`;
  const post = async (path: string, body: unknown, token?: string) => (await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json() as Promise<any>;
  const user = await post('/api/v1/auth/register', { email: 'bench@example.com', password: 'una clave de benchmark' });
  const company = await post('/api/v1/auth/onboarding/complete', { name: 'Bench SL', tax_id: 'B12345674' }, user.access_token);
  const key = await post('/api/v1/auth/api-keys', { name: 'bench', role: 'viewer' }, company.access_token);
  for (const [label, token] of [['API key', key.key], ['session JWT', company.access_token]] as const) {
    await autocannon(`${base}/api/v1/tenants/me`, token); // warm-up run, discarded
    const r = await autocannon(`${base}/api/v1/tenants/me`, token);
    rows.push(`| ${kind} | ${transport} | ${label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`);
    console.error(`${kind} ${transport} ${label}: ${r.rps} req/s p50 ${r.p50} ms p99 ${r.p99} ms`);
  }
  server.stop(true);
  await cuadra.stop();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nGET /api/v1/tenants/me — ${connections} connections, ${duration} s per run, after a warm-up run\n`);
console.log('| database | transport | credential | req/s | p50 ms | p99 ms | non-2xx | errors |\n|---|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));
