import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Elysia, t } from 'elysia';
import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { Conflict } from '../../kernel/errors';
import { startTestApp, type TestApp } from '../support/app';
import { createCompany } from '../support/factories';

declare module '../../kernel/hooks' {
  interface Events { 'outbox-test.happened': { label: string } }
  interface SyncHooks { 'outbox-test.vetoing': { label: string } }
}

const delivered: { label: string; tenantId: string | null; attempt: number }[] = [];
const failuresLeft = new Map<string, number>();

/** Publishes an event in a unit of work that commits, or one that a sync subscriber vetoes. */
const eventsPlugin = definePlugin({
  name: 'test-events',
  dependsOn: ['tenants'],
  permissions: { 'test-events.write': rolesFrom('member') },
  hooks: {
    sync: { 'outbox-test.vetoing': (_tx, payload) => { if (payload.label.startsWith('veto')) throw new Conflict('vetoed'); } },
    events: {
      'outbox-test.happened': (payload, ctx) => {
        const left = failuresLeft.get(payload.label) ?? 0;
        if (left > 0) { failuresLeft.set(payload.label, left - 1); throw new Error('subscriber down'); }
        delivered.push({ label: payload.label, tenantId: ctx.tenantId, attempt: ctx.attempt });
      },
    },
  },
  routes: (kernel) => new Elysia({ name: 'cuadra:test-events' }).use(kernel.http)
    .post('/test-events', async ({ uow, body }) => uow.run(async (tx) => {
      tx.publish('outbox-test.happened', { label: body.label });
      tx.publish('outbox-test.happened', { label: `${body.label}-second` });
      await tx.hook('outbox-test.vetoing', { label: body.label });
      return { ok: true };
    }), { permission: 'test-events.write', body: t.Object({ label: t.String() }) }),
});

let app: TestApp;
beforeAll(async () => { app = await startTestApp({ extraPlugins: [eventsPlugin] }); });
afterAll(() => app.close());

const waitFor = async (check: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) { app.kernel.outbox.wake(); await app.kernel.outbox.idle(); await Bun.sleep(20); }
};

describe('outbox events', () => {
  test('events of a committed unit of work are delivered after commit, with the tenant', async () => {
    const company = await createCompany(app);
    expect((await app.post('/api/v1/test-events', { label: 'alta' }, company.token)).status).toBe(200);
    await waitFor(() => delivered.some((d) => d.label === 'alta-second'));
    expect(delivered.filter((d) => d.label.startsWith('alta'))).toEqual([
      { label: 'alta', tenantId: company.tenantId, attempt: 1 },
      { label: 'alta-second', tenantId: company.tenantId, attempt: 1 },
    ]);
  });

  test('a vetoed unit of work publishes nothing', async () => {
    const company = await createCompany(app);
    expect((await app.post('/api/v1/test-events', { label: 'veto-1' }, company.token)).status).toBe(409);
    await Bun.sleep(100);
    await app.kernel.outbox.idle();
    expect(delivered.some((d) => d.label.startsWith('veto'))).toBe(false);
  });

  test('a failing subscriber never affects the response and is retried until it succeeds', async () => {
    const company = await createCompany(app);
    failuresLeft.set('retry', 1);
    expect((await app.post('/api/v1/test-events', { label: 'retry' }, company.token)).status).toBe(200);
    // the first attempt fails; the retry is due two seconds later
    await waitFor(() => delivered.some((d) => d.label === 'retry'), 15_000);
    expect(delivered.find((d) => d.label === 'retry')?.attempt).toBe(2);
  });
});
