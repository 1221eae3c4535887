import { afterAll, describe, expect, test } from 'bun:test';
import { seededTaxTypeId } from '../../plugins/taxes/api';
import { backend } from '../support/database';
import { serviceOnFreshData } from '../support/service-process';

/**
 * Crash recovery of Idempotency-Key: the real service as a child process, 20 keyed create-and-issue
 * requests in flight, `kill -9`, a restart on the same database, and a retry of every key. Every
 * retry completes once the lease of the dead process's claims has run out, no key makes two
 * invoices, and the numbering has no gap. On PostgreSQL and on PGlite with a data directory.
 */
const KEYS = 20;
const LEASE_SECONDS = 5;

let service: Awaited<ReturnType<typeof serviceOnFreshData>> | undefined;
afterAll(() => service?.dispose());

const call = (method: string, path: string, body: unknown, token?: string, key?: string) =>
  service!.call(method, path, body, token, key ? { 'idempotency-key': key } : {});

describe(`Idempotency-Key after kill -9 (${backend})`, () => {
  test(`${KEYS} keyed create-and-issue requests in flight, kill -9, restart: every retry completes, one invoice per key, no gap`, async () => {
    service = await serviceOnFreshData({ IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS) });
    await service.start();

    const { token, tenantId } = await service.registerCompany('Caída Controlada SL', 'B12345674');
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
    await service.kill();
    await Promise.all(inFlight);
    const answeredBeforeKill = answered.size;

    await service.start();
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
