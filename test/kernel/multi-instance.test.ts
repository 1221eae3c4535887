/**
 * Several instances of the real service (`kernel/main.ts`, child processes) on one PostgreSQL
 * database, one Redis and one data directory, as a scaled-out deployment runs them; requests
 * spread over them. They start together on a fresh database (the migrations take turns); rate
 * limits and sign-in lockouts are counted once across them; a key deleted on one is refused by all; an Idempotency-Key is honoured by
 * whichever answers it; events are delivered once to a real HTTP receiver even when the receiver is
 * slower than a claim's lease; the background work (recurring invoices, payment reminders,
 * ingestion jobs) and a depreciation run sent to every instance at once are done once; and an
 * instance killed with `kill -9` in the middle of a webhook attempt and of keyed requests loses
 * nothing and duplicates nothing: the survivors finish its work.
 *
 * PostgreSQL only: PGlite is an embedded database that one process opens, so there is no second
 * instance to run on it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'bun';
import { todayInSpain } from '../../plugins/ledger/api';
import { seededTaxTypeId } from '../../plugins/taxes/api';
import { backend, freshDatabase, type FreshDatabase } from '../support/database';
import { serviceProcess } from '../support/service-process';
import { startSmtpServer } from '../support/smtp';
import { ingestForm, textPdf } from '../plugins/purchase-ingestion/fixtures';

type Instance = ReturnType<typeof serviceProcess>;

/** A Redis database of its own (the counters' keys are hashes of fresh credentials and addresses, so runs never meet). */
const REDIS_URL = Object.assign(new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'), { pathname: '/9' }).toString();
/** A webhook attempt may take this long; a claim is an instance's for twice that (WEBHOOKS_CLAIM_LEASE_SECONDS is below it). */
const WEBHOOK_TIMEOUT_MS = 3000;
const LEASE_MS = 2 * WEBHOOK_TIMEOUT_MS;

/** Polls `check` until it answers something other than undefined (a bound, not a timed assertion: the expectations follow). */
async function eventually<T>(check: () => Promise<T | undefined>, what: string, withinMs = 60_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what} after ${withinMs} ms`);
    await Bun.sleep(100);
  }
}

/** A valid CIF (letter B, seven digits, the control digit) per company, so that no two share one. */
let cifs = 0;
function nextCif(): string {
  const digits = String(3_100_000 + 7919 * ++cifs).padStart(7, '0');
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const value = Number(digits[i]);
    sum += i % 2 === 0 ? Math.floor((value * 2) / 10) + ((value * 2) % 10) : value;
  }
  return `B${digits}${(10 - (sum % 10)) % 10}`;
}

/** A documentation-range address of its own for each sign-up (sign-ups are limited per address, across the instances). */
const newAddress = () => ({ 'x-forwarded-for': `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}::${Math.floor(Math.random() * 0xffff).toString(16)}` });

/** The process (of `pids`) whose TCP socket has local port `port`: from /proc/net/tcp's inode and the processes' open files. */
function processWithLocalPort(port: number, pids: number[]): number | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hexPort}`)) inodes.add(fields[9]!);
    }
  }
  for (const pid of pids) {
    let fds: string[];
    try { fds = readdirSync(`/proc/${pid}/fd`); } catch { continue; }
    for (const fd of fds) {
      try {
        if (inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '')) return pid;
      } catch { /* closed meanwhile */ }
    }
  }
  return undefined;
}

/**
 * The webhook receiver: answers 2xx after `delayMs` and counts, per event id, the deliveries it
 * answered; on a path marked `hold`, the first request is never answered (the instance sending it
 * is killed while it waits) and its sender's process id is reported.
 */
function startReceiver(instancePids: () => number[]) {
  const answered = new Map<string, Map<string, number>>();
  const received = new Map<string, number>();
  const held = Promise.withResolvers<{ pid: number | undefined; eventId: string }>();
  let holding = false;
  const server: Server<undefined> = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(request, bun) {
      const path = new URL(request.url).pathname;
      const eventId = request.headers.get('cuadra-event-id') ?? '?';
      await request.text();
      received.set(path, (received.get(path) ?? 0) + 1);
      if (path.startsWith('/hold') && !holding) {
        holding = true;
        held.resolve({ pid: processWithLocalPort(bun.requestIP(request)!.port, instancePids()), eventId });
        // never answered: the sender dies waiting
        await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve()));
        return new Response('too late', { status: 500 });
      }
      const delay = Number(/^\/slow-(\d+)/.exec(path)?.[1] ?? 0);
      if (delay) await Bun.sleep(delay);
      const perEvent = answered.get(path) ?? new Map<string, number>();
      perEvent.set(eventId, (perEvent.get(eventId) ?? 0) + 1);
      answered.set(path, perEvent);
      return new Response('ok');
    },
  });
  return {
    url: (path: string) => `http://127.0.0.1:${server.port}${path}`,
    /** Event id → deliveries answered 2xx, on one path. */
    answered: (path: string) => answered.get(path) ?? new Map<string, number>(),
    received: (path: string) => received.get(path) ?? 0,
    held: held.promise,
    stop: () => server.stop(true),
  };
}

describe.skipIf(backend === 'pglite')('three instances on one PostgreSQL database and one Redis (PostgreSQL only: PGlite is one process)', () => {
  let database: FreshDatabase;
  let dataDir: string;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let receiver: ReturnType<typeof startReceiver>;
  let instances: Instance[] = [];
  /** Round robin over the live instances: consecutive calls land on different processes. */
  let turn = 0;
  const next = () => { const live = instances.filter((i) => i.pid !== undefined); return live[turn++ % live.length]!; };

  beforeAll(async () => {
    database = await freshDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'cuadra-instances-'));
    smtp = await startSmtpServer();
    receiver = startReceiver(() => instances.map((i) => i.pid).filter((pid): pid is number => pid !== undefined));
    const env = {
      REDIS_URL, SMTP_URL: smtp.url, TRUST_PROXY: '1',
      WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOKS_POLL_MS: '200', WEBHOOKS_TIMEOUT_MS: String(WEBHOOK_TIMEOUT_MS), WEBHOOKS_CLAIM_LEASE_SECONDS: '1',
      WEBHOOKS_FIRST_RETRY_SECONDS: '1',
      RECURRING_INVOICES_POLL_MS: '1000', PAYMENT_REMINDERS_POLL_MS: '1000',
      IDEMPOTENCY_LEASE_SECONDS: '2', OUTBOX_LEASE_SECONDS: '5', INGEST_JOB_LEASE_SECONDS: '1', INGEST_PAGE_MEGAPIXELS: '2',
    };
    instances = [0, 1, 2].map(() => serviceProcess({ dataDir, database, env }));
    // all three at once on the empty database and data directory: the migrations take turns (one
    // runs them, the others wait and find none pending) and the secrets generated under DATA_DIR
    // (the session signing key among them: no JWT_SECRET) are one for the three
    await Promise.all(instances.map((i) => i.start()));
  }, 200_000);

  afterAll(async () => {
    for (const instance of instances) await instance.kill();
    receiver?.stop();
    await smtp?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A company with its address (an issued invoice's legal content) and a customer with one, registered through any instance. */
  async function company(name: string, customerEmail?: string) {
    const from = newAddress();
    const email = `svc-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const registered = await next().call('POST', '/api/v1/auth/register', { email, password: 'Una clave larga de prueba 42', full_name: 'Multi Instancia' }, undefined, from);
    expect(registered.status).toBe(201);
    const onboarded = await next().call('POST', '/api/v1/auth/onboarding/complete', { name, tax_id: nextCif() }, registered.body.access_token, from);
    expect(onboarded.status).toBe(200);
    const { access_token: token, tenant: { id: tenantId } } = onboarded.body;
    expect((await next().call('PATCH', '/api/v1/tenants/me', { address: 'Calle Mayor 1', city: 'Madrid', postal_code: '28013', province: 'Madrid' }, token)).status).toBe(200);
    const customer = await next().call('POST', '/api/v1/contacts', {
      kind: 'customer', name: 'Cliente Compartido SL', vat: 'B65410011', address: 'Calle Menor 2', city: 'Madrid', postal_code: '28014', ...(customerEmail ? { email: customerEmail } : {}),
    }, token);
    expect(customer.status).toBe(201);
    const line = (price: string) => ({ description: 'Servicio', quantity: '1', unit_price: price, tax_type_id: seededTaxTypeId(tenantId, 'IVA21') });
    return { token, tenantId, customerId: customer.body.id as string, line };
  }

  test('all three answer ready, on one database', async () => {
    for (const instance of instances) expect((await instance.call('GET', '/health/ready')).status).toBe(200);
    expect(new Set(instances.map((i) => i.pid)).size).toBe(3);
  });

  test('a rate limit and a sign-in lockout are counted once across the instances (Redis)', async () => {
    // forgot-password: 5 a minute per address, wherever they land
    const from = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await next().call('POST', '/api/v1/auth/forgot-password', { email: `nadie-${i}@example.com` }, undefined, from)).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);

    // 10 failed sign-ins for one account from one address, spread over three instances, lock that pair out on any of them
    const email = `bloqueo-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = 'Una clave larga de prueba 42';
    expect((await next().call('POST', '/api/v1/auth/register', { email, password, full_name: 'Bloqueo Compartido' }, undefined, newAddress())).status).toBe(201);
    const attacker = { 'x-forwarded-for': `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}` };
    for (let i = 0; i < 10; i++) expect((await next().call('POST', '/api/v1/auth/login', { email, password: `no es la clave ${i}` }, undefined, attacker)).status).toBe(401);
    for (const instance of instances) {
      const refused = await instance.call('POST', '/api/v1/auth/login', { email, password }, undefined, attacker);
      expect(refused.status).toBe(429);
      expect(refused.body.detail).toBe('Too many failed attempts, try again later');
    }
  }, 120_000);

  test('an API key deleted on one instance is refused by the others well before their cache would forget it (NOTIFY)', async () => {
    const { token } = await company('Claves Revocadas SL');
    const created = await instances[0]!.call('POST', '/api/v1/auth/api-keys', { name: 'integración' }, token);
    expect(created.status).toBe(201);
    // every instance resolves it once, so each holds it in its principal cache (30 s)
    for (const instance of instances) expect((await instance.call('GET', '/api/v1/tenants/me', undefined, created.body.key)).status).toBe(200);
    expect((await instances[0]!.call('DELETE', `/api/v1/auth/api-keys/${created.body.key_id}`, undefined, token)).status).toBe(204);
    for (const instance of instances.slice(1)) {
      await eventually(async () => ((await instance.call('GET', '/api/v1/tenants/me', undefined, created.body.key)).status === 401 ? true : undefined), 'the key refused', 10_000);
    }
  }, 120_000);

  test('an Idempotency-Key is honoured by whichever instance answers: in turn, and sent to all three at once', async () => {
    const { token } = await company('Idempotente SL');
    const contact = (name: string) => ({ kind: 'customer', name, vat: 'B65410011' });
    const first = await instances[0]!.call('POST', '/api/v1/contacts', contact('Una Sola Vez SL'), token, { 'idempotency-key': 'alta-1' });
    expect(first.status).toBe(201);
    for (const instance of instances.slice(1)) {
      const replay = await instance.call('POST', '/api/v1/contacts', contact('Una Sola Vez SL'), token, { 'idempotency-key': 'alta-1' });
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body.id).toBe(first.body.id);
    }
    // the same key to the three at once: one runs it; the others answer 409 (still running) or replay it
    const together = await Promise.all(instances.map((i) => i.call('POST', '/api/v1/contacts', contact('A La Vez SL'), token, { 'idempotency-key': 'alta-2' })));
    const ran = together.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') !== 'true');
    expect(ran.length).toBe(1);
    for (const other of together.filter((r) => r !== ran[0])) {
      if (other.status === 201) expect(other.body.id).toBe(ran[0]!.body.id);
      else expect(other.status).toBe(409);
    }
    const listed = await next().call('GET', '/api/v1/contacts?limit=100', undefined, token);
    expect(listed.body.items.filter((c: { name: string }) => c.name === 'A La Vez SL').length).toBe(1);
    expect(listed.body.items.filter((c: { name: string }) => c.name === 'Una Sola Vez SL').length).toBe(1);
  }, 120_000);

  test('every event reaches a receiver slower than a claim\'s lease exactly once, whichever instance published or claimed it', async () => {
    const { token, customerId, line } = await company('Eventos Lentos SL');
    // 1.5 s an answer: a batch of five or more claimed together outlasts the 6 s lease, unless each attempt renews its claim
    const path = '/slow-1500';
    expect((await next().call('POST', '/api/v1/webhooks', { url: receiver.url(path), events: ['invoice.issued'] }, token)).status).toBe(201);
    const INVOICES = 12;
    const issued = await Promise.all(Array.from({ length: INVOICES }, (_, i) => next().call('POST', '/api/v1/invoices', {
      contact_id: customerId, issue_date: '2026-03-15', lines: [line(`${100 + i}.00`)],
    }, token)));
    expect(issued.map((r) => r.status)).toEqual(Array(INVOICES).fill(201));
    const answered = await eventually(async () => (receiver.answered(path).size === INVOICES ? receiver.answered(path) : undefined), `${INVOICES} webhook deliveries`);
    // two more leases and polls: a second delivery of any of them would have come by now
    await Bun.sleep(2 * LEASE_MS);
    expect([...answered.values()]).toEqual(Array(INVOICES).fill(1));
    expect(receiver.received(path)).toBe(INVOICES);
    const [endpoint] = (await next().call('GET', '/api/v1/webhooks', undefined, token)).body.items;
    const log = (await next().call('GET', `/api/v1/webhooks/${endpoint.id}/deliveries?limit=100`, undefined, token)).body;
    expect(log.total).toBe(INVOICES);
    expect(log.items.map((d: { status: string; attempts: number }) => `${d.status} ${d.attempts}`)).toEqual(Array(INVOICES).fill('delivered 1'));
  }, 120_000);

  test('recurring invoices are made once per period, though every instance runs the job every second', async () => {
    const { token, customerId, line } = await company('Cuotas Mensuales SL');
    // monthly from the first of the month four months back: five periods are due today
    const [year, month] = todayInSpain().split('-').map(Number);
    const start = new Date(Date.UTC(year!, month! - 1 - 4, 1)).toISOString().slice(0, 10);
    const template = await next().call('POST', '/api/v1/recurring-invoices', { contact_id: customerId, start_date: start, lines: [line('50.00')] }, token);
    expect(template.status).toBe(201);
    const invoices = async () => (await next().call('GET', '/api/v1/invoices?limit=100', undefined, token)).body;
    await eventually(async () => ((await invoices()).total >= 5 ? true : undefined), 'five recurring invoices');
    // three more passes of every instance
    await Bun.sleep(3000);
    const made = await invoices();
    expect(made.total).toBe(5);
    expect(new Set(made.items.map((i: { issue_date: string }) => i.issue_date)).size).toBe(5);
    const runs = (await next().call('GET', `/api/v1/recurring-invoices/${template.body.id}/runs?limit=100`, undefined, token)).body.items;
    expect(runs.length).toBe(5);
  }, 90_000);

  test('a payment reminder is mailed once, though every instance looks for due reminders every second', async () => {
    const email = `moroso-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { token, customerId, line } = await company('Cobros Pendientes SL', email);
    expect((await next().call('PUT', '/api/v1/payment-reminders/settings', { enabled: true, days: [7], message: null }, token)).status).toBe(200);
    const invoice = await next().call('POST', '/api/v1/invoices', { contact_id: customerId, issue_date: '2026-01-05', due_date: '2026-01-10', lines: [line('100.00')] }, token);
    expect(invoice.status).toBe(201);
    const to = (address: string) => smtp.inbox.filter((m) => m.to.includes(address));
    await eventually(async () => (to(email).length ? true : undefined), 'the reminder');
    await Bun.sleep(3000);
    expect(to(email).length).toBe(1);
    expect(to(email)[0]!.subject).toContain('Recordatorio de pago');
    const reminders = (await next().call('GET', `/api/v1/payment-reminders?document_id=${invoice.body.id}`, undefined, token)).body;
    expect(reminders.items.length).toBe(1);
  }, 120_000);

  test('a depreciation run sent to the three instances at once posts each month once', async () => {
    const { token } = await company('Amortiza Una Vez SL');
    const asset = await next().call('POST', '/api/v1/fixed-assets', { name: 'Ordenadores', account: '217', acquisition_date: '2026-01-01', cost: '1200.00', useful_life_months: 12 }, token);
    expect(asset.status).toBe(201);
    const runs = await Promise.all(instances.map((i) => i.call('POST', '/api/v1/fixed-assets/depreciate', { until: '2026-12-31' }, token)));
    expect(runs.map((r) => r.status)).toEqual([200, 200, 200]);
    const totals = runs.map((r) => r.body.total).sort();
    expect(totals).toEqual(['0.00', '0.00', '1200.00']);
    const schedule = (await next().call('GET', `/api/v1/fixed-assets/${asset.body.id}/schedule`, undefined, token)).body.items;
    expect(schedule.filter((i: { posted: boolean }) => i.posted).length).toBe(12);
  }, 120_000);

  test('an ingestion job taken by one instance is answered by another', async () => {
    const { token } = await company('Compras Repartidas SL');
    const pdf = await textPdf(['Suministros Levante S.L.', 'CIF: A58818501', 'Factura nº MI-1', 'Fecha: 15/03/2026', 'Base imponible 100,00', 'IVA 21% 21,00', 'TOTAL 121,00']);
    const started = await instances[0]!.call('POST', '/api/v1/ai/ingest-purchase', ingestForm(pdf, { async: 'true' }), token);
    expect(started.status).toBe(202);
    const done = await instances[1]!.call('GET', `/api/v1/ai/ingest-purchase/jobs/${started.body.id}?wait=30`, undefined, token);
    expect(done.body).toMatchObject({ status: 'done', result_status: 201 });
    expect(done.body.result.purchase).toMatchObject({ supplier_invoice_number: 'MI-1', total: '121.00' });
  }, 120_000);

  test('kill -9 of the instance in the middle of a webhook attempt: the survivors deliver it and the rest of its claim, each once', async () => {
    const { token, customerId, line } = await company('Caída A Medias SL');
    const path = '/hold';
    expect((await next().call('POST', '/api/v1/webhooks', { url: receiver.url(path), events: ['invoice.issued'] }, token)).status).toBe(201);
    const INVOICES = 6;
    const issued = await Promise.all(Array.from({ length: INVOICES }, (_, i) => next().call('POST', '/api/v1/invoices', {
      contact_id: customerId, issue_date: '2026-04-15', lines: [line(`${200 + i}.00`)],
    }, token)));
    expect(issued.map((r) => r.status)).toEqual(Array(INVOICES).fill(201));
    // the first attempt is held unanswered; its sender is killed while it waits
    const held = await receiver.held;
    const victim = instances.find((i) => i.pid === held.pid);
    expect(victim).toBeDefined();
    await victim!.kill();
    const answered = await eventually(async () => (receiver.answered(path).size === INVOICES ? receiver.answered(path) : undefined), 'every delivery after the kill', 100_000);
    await Bun.sleep(2 * LEASE_MS);
    // each event answered once; the held one was also received (unanswered) by the instance that died
    expect([...answered.values()]).toEqual(Array(INVOICES).fill(1));
    expect(answered.has(held.eventId)).toBe(true);
    expect(receiver.received(path)).toBe(INVOICES + 1);
    const [endpoint] = (await next().call('GET', '/api/v1/webhooks', undefined, token)).body.items;
    const log = (await next().call('GET', `/api/v1/webhooks/${endpoint.id}/deliveries?limit=100`, undefined, token)).body;
    expect(log.items.map((d: { status: string }) => d.status)).toEqual(Array(INVOICES).fill('delivered'));
    // the killed instance comes back on the same data and serves again
    await victim!.start();
    expect((await victim!.call('GET', '/health/ready')).status).toBe(200);
  }, 180_000);

  test('kill -9 with keyed requests in flight: each retried on a survivor completes once, numbered without a gap', async () => {
    const { token, customerId, line } = await company('Reintentos Seguros SL');
    const victim = instances[0]!;
    const KEYS = 10;
    const invoice = (i: number) => ({ contact_id: customerId, issue_date: '2026-05-15', lines: [line(`${300 + i}.00`)] });
    const answered = new Map<number, string>();
    let settled = 0;
    const inFlight = Array.from({ length: KEYS }, (_, i) => victim.call('POST', '/api/v1/invoices', invoice(i), token, { 'idempotency-key': `caida-${i}` })
      .then((r) => { if (r.status === 201) answered.set(i, r.body.id); }, () => undefined)
      .finally(() => { settled++; }));
    while (answered.size < 2 && settled < KEYS) await Bun.sleep(1);
    await victim.kill();
    await Promise.all(inFlight);

    const ids: string[] = [];
    for (let i = 0; i < KEYS; i++) {
      const retried = await eventually(async () => {
        const r = await next().call('POST', '/api/v1/invoices', invoice(i), token, { 'idempotency-key': `caida-${i}` });
        return r.status === 409 ? undefined : r;
      }, `key caida-${i} once the dead instance's lease ran out`, 30_000);
      expect(retried.status).toBe(201);
      if (answered.has(i)) expect(retried.body.id).toBe(answered.get(i)!);
      ids.push(retried.body.id);
    }
    const list = (await next().call('GET', '/api/v1/invoices?limit=100', undefined, token)).body;
    expect(list.total).toBe(KEYS);
    expect(new Set(ids)).toEqual(new Set(list.items.map((item: { id: string }) => item.id)));
    const seqs = list.items.map((item: { number: string }) => Number(item.number.split('-').at(-1))).sort((a: number, b: number) => a - b);
    expect(seqs).toEqual(Array.from({ length: KEYS }, (_, i) => i + 1));
  }, 120_000);
});
