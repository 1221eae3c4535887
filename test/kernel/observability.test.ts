import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { createLogger } from '../../kernel/logger';
import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { createCompany } from '../support/factories';
import { startTestApp, type TestApp } from '../support/app';
import { backend } from '../support/database';

const TOKEN = 'metrics-token-for-the-scraper-0123456789';
const lines: Record<string, unknown>[] = [];

/** A route that logs from deep inside its handler, after an await, as plugin code does. */
const chatty = definePlugin({
  name: 'test-chatty',
  dependsOn: ['tenants'],
  permissions: { 'test-chatty.write': rolesFrom('member') },
  setup(kernel) {
    kernel.observeWrites('test-chatty', async (write) => { if (write.route.endsWith('/test-chatty-writes')) throw new Error('observer down'); });
  },
  routes: (kernel) => new Elysia({ name: 'cuadra:test-chatty-writes' }).use(kernel.http)
    .post('/test-chatty-writes', () => ({ ok: true }), { permission: 'test-chatty.write' }),
  rootRoutes: (kernel) => new Elysia({ name: 'cuadra:test-chatty' }).get('/test-chatty', async () => {
    await Bun.sleep(1);
    kernel.logger.warn('deep in a handler', { step: 2 });
    return { ok: true };
  }),
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { METRICS_TOKEN: TOKEN }, extraPlugins: [chatty], logger: createLogger('info', {}, (line) => lines.push(JSON.parse(line))) });
});
afterAll(() => app?.close());

/** The value of one series in the exposition text, or undefined when absent. */
function series(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('GET /metrics (Prometheus)', () => {
  test('only for the bearer of METRICS_TOKEN', async () => {
    expect((await app.get('/metrics')).status).toBe(401);
    expect((await app.get('/metrics', 'metrics-token-for-the-scraper-0123456788')).status).toBe(401);
    expect((await app.get('/metrics', 'short')).status).toBe(401);
    const ok = await app.get('/metrics', TOKEN);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toStartWith('text/plain');
    // not an API operation: absent from the OpenAPI document
    expect(Object.keys((await app.get('/openapi.json')).body.paths)).not.toContain('/metrics');
  });

  test('requests counted by route template and status, never by raw path', async () => {
    const id = crypto.randomUUID();
    await app.get(`/api/v1/contacts/${id}`);
    await app.get(`/api/v1/contacts/${crypto.randomUUID()}`);
    await app.get('/no/such/path');
    const text = (await app.get('/metrics', TOKEN)).text;
    expect(series(text, 'cuadra_http_requests_total', 'method="GET",route="/api/v1/contacts/:contact_id",status="401"')).toBe(2);
    expect(series(text, 'cuadra_http_requests_total', 'method="GET",route="unmatched",status="404"')).toBe(1);
    expect(series(text, 'cuadra_http_request_duration_seconds_count', 'method="GET",route="/api/v1/contacts/:contact_id",status="401"')).toBe(2);
    expect(text).not.toContain(id);
  });

  test('the pool and the outbox backlog, read when scraped', async () => {
    const text = (await app.get('/metrics', TOKEN)).text;
    for (const name of ['cuadra_db_pool_connections', 'cuadra_db_pool_idle', 'cuadra_db_pool_waiting', 'cuadra_outbox_pending', 'cuadra_outbox_oldest_pending_seconds', 'cuadra_outbox_dead', 'cuadra_ingest_jobs_running', 'cuadra_ingest_jobs_oldest_seconds']) {
      expect({ name, value: series(text, name) }).toEqual({ name, value: expect.any(Number) });
    }
    if (backend === 'postgres') expect(series(text, 'cuadra_db_pool_connections')).toBeGreaterThan(0);
    // the backlog's own figures are checked against dead deliveries in outbox-deliveries.test.ts
  });
});

describe('structured logs', () => {
  test('every line logged while handling a request carries its request id, given or generated', async () => {
    for (const sent of ['trace-0123456789', undefined]) {
      lines.length = 0;
      const response = await app.get('/test-chatty', undefined, sent ? { 'x-request-id': sent } : {});
      const requestId = response.headers.get('x-request-id')!;
      if (sent) expect(requestId).toBe(sent);
      const deep = lines.find((l) => l.msg === 'deep in a handler');
      const summary = lines.find((l) => l.msg === 'request');
      expect(deep).toMatchObject({ level: 'warn', step: 2, requestId });
      expect(summary).toMatchObject({ level: 'info', requestId, method: 'GET', path: '/test-chatty', status: 200 });
    }
  });
});

describe('write observers', () => {
  test('one that fails after the write committed is logged; the caller still gets the write\'s answer', async () => {
    const company = await createCompany(app);
    lines.length = 0;
    const response = await app.post('/api/v1/test-chatty-writes', undefined, company.token);
    expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { ok: true } });
    expect(lines.find((l) => l.msg === 'a write observer failed after the write committed')).toMatchObject({
      level: 'error', plugin: 'test-chatty', method: 'POST', route: '/api/v1/test-chatty-writes', requestId: response.headers.get('x-request-id'),
    });
  });
});
