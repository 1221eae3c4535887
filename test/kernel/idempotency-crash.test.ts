import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Subprocess } from 'bun';
import { seededTaxTypeId } from '../../plugins/taxes/api';
import { backend, freshDatabase, type FreshDatabase } from '../support/database';

/**
 * Crash recovery of Idempotency-Key: the real service as a child process, 20 keyed create-and-issue
 * requests in flight, `kill -9`, a restart on the same database, and a retry of every key. Every
 * retry completes once the lease of the dead process's claims has run out, no key makes two
 * invoices, and the numbering has no gap. On PostgreSQL and on PGlite with a data directory.
 */
const ROOT = resolve(import.meta.dir, '../..');
const KEYS = 20;
const LEASE_SECONDS = 5;

const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-crash-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}`;
let database: FreshDatabase | undefined;
let child: Subprocess | undefined;

afterAll(async () => {
  child?.kill(9);
  await child?.exited;
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startService(): Promise<Subprocess> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir,
    LOG_LEVEL: 'error', IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS), RATE_LIMIT_USER: '100000',
  };
  if (database && backend === 'postgres') Object.assign(env, { DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl! });
  const service = Bun.spawn([process.execPath, 'kernel/main.ts'], { cwd: ROOT, env, stdout: 'ignore', stderr: 'inherit' });
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (service.exitCode !== null) throw new Error(`the service exited with ${service.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return service;
    } catch { /* not listening yet */ }
    await Bun.sleep(100);
  }
  throw new Error('the service did not start within 150 s');
}

async function call(method: string, path: string, body: unknown, token?: string, key?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers['idempotency-key'] = key;
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

describe(`Idempotency-Key after kill -9 (${backend})`, () => {
  test(`${KEYS} keyed create-and-issue requests in flight, kill -9, restart: every retry completes, one invoice per key, no gap`, async () => {
    if (backend === 'postgres') database = await freshDatabase();
    child = await startService();

    const email = `crash-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const registered = await call('POST', '/api/v1/auth/register', { email, password: 'Una clave larga de prueba 42', full_name: 'Crash Test' });
    expect(registered.status).toBe(201);
    const onboarded = await call('POST', '/api/v1/auth/onboarding/complete', { name: 'Caída Controlada SL', tax_id: 'B12345674' }, registered.body.access_token);
    expect(onboarded.status).toBe(200);
    const token: string = onboarded.body.access_token;
    const tenantId: string = onboarded.body.tenant.id;
    // The invoice's legal content (art. 6 RD 1619/2012): the company's and the customer's addresses.
    expect((await call('PATCH', '/api/v1/tenants/me', { address: 'Calle Mayor 1', city: 'Madrid', postal_code: '28013', province: 'Madrid' }, token)).status).toBe(200);
    const customer = await call('POST', '/api/v1/contacts', { kind: 'customer', name: 'Cliente Persistente SL', vat: 'B65410011', address: 'Calle Menor 2', city: 'Madrid', postal_code: '28014' }, token);
    expect(customer.status).toBe(201);
    const invoice = (i: number) => ({
      contact_id: customer.body.id, issue_date: '2026-03-15',
      lines: [{ description: `Servicio ${i}`, quantity: '1', unit_price: `${100 + i}.00`, tax_type_id: seededTaxTypeId(tenantId, 'IVA21') }],
    });
    const keyOf = (i: number) => `crash-${i}`;

    // 20 in flight; the process is killed as soon as a few have been answered
    const answered = new Map<number, { status: number; id?: string; number?: string }>();
    let settled = 0;
    const inFlight = Array.from({ length: KEYS }, (_, i) => call('POST', '/api/v1/invoices', invoice(i), token, keyOf(i))
      .then((r) => { answered.set(i, { status: r.status, id: r.body?.id, number: r.body?.number }); }, () => undefined)
      .finally(() => { settled++; }));
    while (answered.size < 3 && settled < KEYS) await Bun.sleep(1);
    child.kill(9);
    await child.exited;
    await Promise.all(inFlight);
    const answeredBeforeKill = answered.size;

    child = await startService();
    const retried: { status: number; replayed: boolean; id: string; number: string; conflicts: number }[] = [];
    const started = performance.now();
    const giveUpAt = Date.now() + (3 * LEASE_SECONDS + 10) * 1000;
    for (let i = 0; i < KEYS; i++) {
      let conflicts = 0;
      for (;;) {
        const r = await call('POST', '/api/v1/invoices', invoice(i), token, keyOf(i));
        if (r.status === 409 && Date.now() < giveUpAt) {
          conflicts++;
          await Bun.sleep(Math.min(1000, 1000 * Number(r.headers.get('retry-after') ?? 1)));
          continue;
        }
        retried.push({ status: r.status, replayed: r.headers.get('idempotent-replayed') === 'true', id: r.body?.id, number: r.body?.number, conflicts });
        break;
      }
    }
    const replays = retried.filter((r) => r.replayed).length;
    console.log(`crash test (${backend}): ${answeredBeforeKill} of ${KEYS} answered before kill -9; retries: ` +
      `${retried.filter((r) => r.status === 201).length} × 201 (${replays} replayed, ${KEYS - replays} run again), ` +
      `${retried.reduce((n, r) => n + r.conflicts, 0)} × 409 while leases ran out, all done in ${Math.round(performance.now() - started)} ms`);

    expect(retried.map((r) => r.status)).toEqual(Array(KEYS).fill(201));
    // an answer given before the kill is replayed unchanged
    for (const [i, before] of answered) if (before.status === 201) expect(retried[i]!.id).toBe(before.id!);
    const list = await call('GET', '/api/v1/invoices?limit=100', undefined, token);
    expect(list.body.total).toBe(KEYS);
    expect(new Set(retried.map((r) => r.id))).toEqual(new Set(list.body.items.map((item: { id: string }) => item.id)));
    const seqs = list.body.items.map((item: { number: string }) => Number(item.number.split('-').at(-1))).sort((a: number, b: number) => a - b);
    expect(seqs).toEqual(Array.from({ length: KEYS }, (_, i) => i + 1));
  }, 400_000);
});
