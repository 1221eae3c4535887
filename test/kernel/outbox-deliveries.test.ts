import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Elysia, t } from 'elysia';
import { outboxCommand } from '../../kernel/outbox-command';
import { retryDelayMs } from '../../kernel/outbox';
import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { postgresJs, postgresTarget } from '../../kernel/postgres-url';
import { APP_ROLE } from '../../kernel/migration';
import { startTestApp, type TestApp } from '../support/app';
import { createCompany } from '../support/factories';

declare module '../../kernel/hooks' {
  interface Events { 'delivery-test.happened': { label: string } }
}

const MAX_ATTEMPTS = 3;
const RETRY_BASE_MS = 50;

/** Calls per subscriber and label, with the attempt number and when it ran. */
const calls: { plugin: string; label: string; attempt: number; at: number; eventId: string }[] = [];
/** plugin:label → failures still to come (Infinity = always fails). */
const failuresLeft = new Map<string, number>();
/** Run inside a delivery of test-sub-a, before it returns (a test makes another instance act meanwhile). */
let whileDelivering: ((label: string) => Promise<void>) | undefined;

const subscriber = (name: string) => definePlugin({
  name,
  dependsOn: ['tenants'],
  hooks: {
    events: {
      'delivery-test.happened': async (payload, ctx) => {
        calls.push({ plugin: name, label: payload.label, attempt: ctx.attempt, at: Date.now(), eventId: ctx.eventId });
        if (name === 'test-sub-a') await whileDelivering?.(payload.label);
        const left = failuresLeft.get(`${name}:${payload.label}`) ?? 0;
        if (left > 0) { failuresLeft.set(`${name}:${payload.label}`, left - 1); throw new Error(`${name} is down`); }
      },
    },
  },
});

/** Takes the events only of the tenants that subscribed it (POST /test-deliveries/subscription). */
const scopedSubscriber = definePlugin({
  name: 'test-sub-scoped',
  dependsOn: ['tenants'],
  setup(kernel) {
    kernel.hooks.onEvent('delivery-test.happened', 'test-sub-scoped', (payload, ctx) => {
      calls.push({ plugin: 'test-sub-scoped', label: payload.label, attempt: ctx.attempt, at: Date.now(), eventId: ctx.eventId });
    }, { tenants: 'subscribed' });
  },
});

const publisher = definePlugin({
  name: 'test-delivery-publisher',
  dependsOn: ['tenants'],
  permissions: { 'test-delivery.write': rolesFrom('member') },
  routes: (kernel) => new Elysia({ name: 'cuadra:test-delivery-publisher' }).use(kernel.http)
    .post('/test-deliveries', ({ uow, body }) => uow.run(async (tx) => { tx.publish('delivery-test.happened', { label: body.label }); return { ok: true }; }),
      { permission: 'test-delivery.write', body: t.Object({ label: t.String() }) })
    .post('/test-deliveries/batch', ({ uow, body }) => uow.run(async (tx) => { for (const label of body.labels) tx.publish('delivery-test.happened', { label }); return { ok: true }; }),
      { permission: 'test-delivery.write', body: t.Object({ labels: t.Array(t.String()) }) })
    .post('/test-deliveries/subscription', ({ uow, body }) => uow.run(async (tx) => {
      await tx.sql(`select cuadra_outbox_subscribe_tenant('test-sub-scoped', :tenant, :subscribed)`, { subscribed: body.subscribed });
      return { ok: true };
    }), { permission: 'test-delivery.write', body: t.Object({ subscribed: t.Boolean() }) }),
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    extraPlugins: [publisher, subscriber('test-sub-a'), subscriber('test-sub-b'), scopedSubscriber],
    outbox: { maxAttempts: MAX_ATTEMPTS, retryBaseMs: RETRY_BASE_MS, pollMs: 25 },
  });
});
afterAll(() => app.close());

const callsOf = (plugin: string, label: string) => calls.filter((c) => c.plugin === plugin && c.label === label);
const waitFor = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) { app.kernel.outbox.wake(); await app.kernel.outbox.idle(); await Bun.sleep(20); }
};
/** As the tables' owner (the dispatcher's functions are the only way in otherwise): what a lease's end would do. */
const asOwner = async (statement: string) => {
  if (app.pglite) {
    await app.pglite.exec('reset role');
    try { await app.pglite.exec(statement); } finally { await app.pglite.exec(`set role ${APP_ROLE}`); }
    return;
  }
  const owner = postgresJs(postgresTarget(app.config.databaseOwnerUrl!), { max: 1 });
  try { await owner.unsafe(statement); } finally { await owner.end(); }
};
const publish = async (label: string, token: string) => expect((await app.post('/api/v1/test-deliveries', { label }, token)).status).toBe(200);

describe('outbox deliveries', () => {
  test('an event becomes one delivery per subscribing plugin', async () => {
    const company = await createCompany(app);
    await publish('fan', company.token);
    await waitFor(() => callsOf('test-sub-a', 'fan').length === 1 && callsOf('test-sub-b', 'fan').length === 1);
    const eventId = callsOf('test-sub-a', 'fan')[0].eventId;
    // a handler has run before its delivery is settled: wait for both to be marked delivered
    const deliveredOf = async () => (await app.kernel.outbox.deliveries('delivered', { tenantId: company.tenantId })).filter((d) => d.eventId === eventId);
    await waitFor(async () => (await deliveredOf()).length === 2);
    const delivered = await deliveredOf();
    expect(delivered.map((d) => [d.subscriber, d.attempts])).toEqual([['test-sub-a', 1], ['test-sub-b', 1]]);
  });

  test('a subscriber scoped to subscribed tenants gets a delivery only for those, from the subscription on', async () => {
    const company = await createCompany(app);
    const other = await createCompany(app);
    const subscribe = async (token: string, subscribed: boolean) => expect((await app.post('/api/v1/test-deliveries/subscription', { subscribed }, token)).status).toBe(200);
    const deliveredTo = async (tenantId: string, label: string) => {
      const ids = new Set(calls.filter((c) => c.label === label).map((c) => c.eventId));
      return (await app.kernel.outbox.deliveries('delivered', { tenantId })).filter((d) => ids.has(d.eventId)).map((d) => d.subscriber).sort();
    };
    // the subscription is looked up when the event is fanned out (just after its commit)
    await publish('scoped-before', company.token);
    await waitFor(async () => (await deliveredTo(company.tenantId, 'scoped-before')).length === 2);
    await subscribe(company.token, true);
    await subscribe(company.token, true);
    await publish('scoped-after', company.token);
    await publish('scoped-other', other.token);
    await waitFor(async () => (await deliveredTo(company.tenantId, 'scoped-after')).length === 3 && (await deliveredTo(other.tenantId, 'scoped-other')).length === 2);
    expect(await deliveredTo(company.tenantId, 'scoped-before')).toEqual(['test-sub-a', 'test-sub-b']);
    expect(await deliveredTo(company.tenantId, 'scoped-after')).toEqual(['test-sub-a', 'test-sub-b', 'test-sub-scoped']);
    expect(await deliveredTo(other.tenantId, 'scoped-other')).toEqual(['test-sub-a', 'test-sub-b']);

    await subscribe(company.token, false);
    await publish('scoped-ended', company.token);
    await waitFor(async () => (await deliveredTo(company.tenantId, 'scoped-ended')).length === 2);
    expect(await deliveredTo(company.tenantId, 'scoped-ended')).toEqual(['test-sub-a', 'test-sub-b']);
    expect(calls.filter((c) => c.plugin === 'test-sub-scoped').map((c) => c.label)).toEqual(['scoped-after']);
  });

  test('a failing subscriber is retried alone, with exponential backoff; the others run once', async () => {
    const company = await createCompany(app);
    failuresLeft.set('test-sub-b:retry', 2);
    await publish('retry', company.token);
    await waitFor(() => callsOf('test-sub-b', 'retry').length === 3);
    expect(callsOf('test-sub-a', 'retry').map((c) => c.attempt)).toEqual([1]);
    const b = callsOf('test-sub-b', 'retry');
    expect(b.map((c) => c.attempt)).toEqual([1, 2, 3]);
    // the n-th retry waits at least RETRY_BASE_MS × 2^n
    expect(b[1].at - b[0].at).toBeGreaterThanOrEqual(retryDelayMs(1, RETRY_BASE_MS));
    expect(b[2].at - b[1].at).toBeGreaterThanOrEqual(retryDelayMs(2, RETRY_BASE_MS));
    expect((await app.kernel.outbox.deadLetters({ tenantId: company.tenantId }))).toEqual([]);
  });

  test('a batch that outlives its lease: what another instance claimed meanwhile is left to it, and each runs once', async () => {
    const company = await createCompany(app);
    const labels = ['takeover-1', 'takeover-2', 'takeover-3'];
    const ofThisTest = `event_id in (select id from outbox_events where tenant_id = '${company.tenantId}')`;
    let takenOver: { subscriber: string; payload: { label: string } }[] = [];
    // three events, two subscribers: one batch of six deliveries. While the first runs, the lease of
    // the other five runs out and another instance claims them.
    whileDelivering = async (label) => {
      if (label !== 'takeover-1' || takenOver.length) return;
      await asOwner(`update outbox_deliveries set next_attempt_at = now() - interval '1 second' where status = 'pending' and ${ofThisTest}
        and not (subscriber = 'test-sub-a' and event_id in (select id from outbox_events where payload ->> 'label' = 'takeover-1'))`);
      takenOver = await app.kernel.db.system(`select * from cuadra_outbox_claim_deliveries(20, interval '60 seconds')`, [], { ownTransaction: true });
    };
    try {
      expect((await app.post('/api/v1/test-deliveries/batch', { labels }, company.token)).status).toBe(200);
      await waitFor(() => callsOf('test-sub-a', 'takeover-1').length === 1);
      await app.kernel.outbox.idle();
    } finally {
      whileDelivering = undefined;
    }
    expect(takenOver.map((d) => `${d.subscriber} ${d.payload.label}`).sort()).toEqual(['test-sub-a takeover-2', 'test-sub-a takeover-3', 'test-sub-b takeover-1', 'test-sub-b takeover-2', 'test-sub-b takeover-3']);
    // this instance ran only the delivery it still held
    expect(calls.filter((c) => labels.includes(c.label)).map((c) => `${c.plugin} ${c.label}`)).toEqual(['test-sub-a takeover-1']);
    // the other instance "dies": once its lease runs out, the five are claimed again and each runs once
    await asOwner(`update outbox_deliveries set next_attempt_at = now() where status = 'pending' and ${ofThisTest}`);
    await waitFor(() => calls.filter((c) => labels.includes(c.label)).length === 6);
    await app.kernel.outbox.idle();
    const ran = calls.filter((c) => labels.includes(c.label)).map((c) => `${c.plugin} ${c.label}`).sort();
    expect(ran).toEqual(['test-sub-a takeover-1', 'test-sub-a takeover-2', 'test-sub-a takeover-3', 'test-sub-b takeover-1', 'test-sub-b takeover-2', 'test-sub-b takeover-3']);
  });

  test('a late settle from an instance whose lease ran out leaves the new claim alone (the delivery is not marked delivered under it)', async () => {
    const company = await createCompany(app);
    const mine = `subscriber = 'test-sub-a' and event_id in (select id from outbox_events where tenant_id = '${company.tenantId}')`;
    let reclaimed: { id: string; subscriber: string; attempts: number }[] = [];
    // while test-sub-a runs, its lease runs out and another instance claims that same delivery (attempt 2)
    whileDelivering = async (label) => {
      if (label !== 'late-settle' || reclaimed.length) return;
      await asOwner(`update outbox_deliveries set next_attempt_at = now() - interval '1 second' where status = 'pending' and ${mine}`);
      const claimed = await app.kernel.db.system<{ id: string; subscriber: string; attempts: number; tenant_id: string }>(`select * from cuadra_outbox_claim_deliveries(20, interval '60 seconds')`, [], { ownTransaction: true });
      reclaimed = claimed.filter((d) => d.tenant_id === company.tenantId);
    };
    try {
      await publish('late-settle', company.token);
      await waitFor(() => callsOf('test-sub-b', 'late-settle').length === 1 && callsOf('test-sub-a', 'late-settle').length === 1);
      await app.kernel.outbox.idle();
    } finally {
      whileDelivering = undefined;
    }
    expect(reclaimed.map((d) => [d.subscriber, d.attempts])).toEqual([['test-sub-a', 2]]);
    // the first instance's success came after the new claim: the delivery is still the other's, pending
    const pending = (await app.kernel.outbox.deliveries('pending', { tenantId: company.tenantId })).filter((d) => d.subscriber === 'test-sub-a');
    expect(pending.map((d) => [d.id, d.attempts])).toEqual([[reclaimed[0]!.id, 2]]);
    // the other instance "dies": its lease runs out, this one delivers it
    await asOwner(`update outbox_deliveries set next_attempt_at = now() where status = 'pending' and ${mine}`);
    app.kernel.outbox.wake();
    await waitFor(async () => (await app.kernel.outbox.deliveries('pending', { tenantId: company.tenantId })).length === 0);
    expect(callsOf('test-sub-a', 'late-settle').map((c) => c.attempt)).toEqual([1, 3]);
  });

  test('the default backoff doubles from 2 seconds up to an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([2000, 4000, 8000, 16000]);
    expect(retryDelayMs(20)).toBe(3600_000);
  });

  test('after the last attempt a delivery is dead: listed for its tenant, and replayed once fixed', async () => {
    const company = await createCompany(app);
    const other = await createCompany(app);
    failuresLeft.set('test-sub-b:dead', Infinity);
    await publish('dead', company.token);
    await waitFor(async () => (await app.kernel.outbox.deadLetters({ tenantId: company.tenantId })).length === 1);
    expect(callsOf('test-sub-b', 'dead').map((c) => c.attempt)).toEqual([1, 2, 3]);
    expect(callsOf('test-sub-a', 'dead')).toHaveLength(1);
    const [dead] = await app.kernel.outbox.deadLetters({ tenantId: company.tenantId });
    const deadGauge = async () => (await app.kernel.metrics.registry.getSingleMetric('cuadra_outbox_dead')!.get()).values[0]!.value;
    const deadBefore = await deadGauge();
    expect(deadBefore).toBeGreaterThanOrEqual(1); // /metrics sees it, whatever the tenant
    expect(dead).toMatchObject({ tenantId: company.tenantId, event: 'delivery-test.happened', payload: { label: 'dead' }, subscriber: 'test-sub-b', status: 'dead', attempts: MAX_ATTEMPTS, lastError: 'test-sub-b is down' });
    expect(await app.kernel.outbox.deadLetters({ tenantId: other.tenantId })).toEqual([]);
    // no further attempt once dead
    await Bun.sleep(retryDelayMs(MAX_ATTEMPTS, RETRY_BASE_MS) * 2);
    app.kernel.outbox.wake();
    await app.kernel.outbox.idle();
    expect(callsOf('test-sub-b', 'dead')).toHaveLength(3);

    failuresLeft.set('test-sub-b:dead', 0);
    expect(await app.kernel.outbox.replay({ ids: [dead.id], tenantId: other.tenantId })).toBe(0);
    expect(await app.kernel.outbox.replay({ ids: [dead.id] })).toBe(1);
    await waitFor(() => callsOf('test-sub-b', 'dead').length === 4);
    expect(callsOf('test-sub-b', 'dead').at(-1)!.attempt).toBe(1);
    expect(callsOf('test-sub-a', 'dead')).toHaveLength(1);
    await waitFor(async () => (await app.kernel.outbox.deliveries('delivered', { tenantId: company.tenantId })).some((d) => d.id === dead.id));
    expect(await app.kernel.outbox.deadLetters({ tenantId: company.tenantId })).toEqual([]);
    expect(await deadGauge()).toBe(deadBefore - 1);
    expect(await app.kernel.outbox.replay({ ids: [dead.id] })).toBe(0);
  });

  test('the operator command lists dead deliveries as JSON lines and replays them', async () => {
    const company = await createCompany(app);
    failuresLeft.set('test-sub-a:operator', Infinity);
    await publish('operator', company.token);
    await waitFor(async () => (await app.kernel.outbox.deadLetters({ tenantId: company.tenantId })).length === 1);
    const lines: string[] = [];
    expect(await outboxCommand(app.kernel.outbox, ['dead-letters', '--tenant', company.tenantId], (line) => lines.push(line))).toBe(0);
    expect(lines.map((line) => JSON.parse(line).subscriber)).toEqual(['test-sub-a']);
    failuresLeft.set('test-sub-a:operator', 0);
    const output: string[] = [];
    expect(await outboxCommand(app.kernel.outbox, ['replay', '--all', '--tenant', company.tenantId], (line) => output.push(line))).toBe(0);
    expect(output).toEqual(['replayed 1; still dead: 0']);
    expect(callsOf('test-sub-a', 'operator')).toHaveLength(MAX_ATTEMPTS + 1);
    expect(await outboxCommand(app.kernel.outbox, ['replay'], () => {})).toBe(2);
  });
});
