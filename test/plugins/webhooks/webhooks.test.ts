/**
 * Webhooks end to end: endpoints registered through the API, a receiver started here gets signed
 * deliveries of real events (an issued invoice), retries driven by moving the clock given to
 * deliverDue (no sleeps), rotation, redelivery, disabling with an email, tenancy.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { seededTaxTypeId } from '../../../plugins/taxes/api';
import { startTestApp, type TestApp } from '../../support/app';
import { createApiKey, createCompany, type TestCompany } from '../../support/factories';
import { startSmtpServer } from '../../support/smtp';
import { documentedPythonVerifier, documentedVerifier, startReceiver } from './receiver';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: TestCompany;
let b: TestCompany;
let customerId: string;
/** Run while the receiver answers /late (a test makes another instance claim the delivery meanwhile). */
let whileLate: (() => Promise<void>) | undefined;
const receiver = startReceiver(async (path, count) => {
  if (path === '/late') await whileLate?.();
  if (path === '/retry' && count === 1) return new Response('temporarily down', { status: 500 });
  if (path === '/down') return new Response('x'.repeat(5000), { status: 503 });
  if (path === '/moved') return new Response(null, { status: 302, headers: { location: '/elsewhere' } });
  return new Response('{"received":true}', { headers: { 'content-type': 'application/json' } });
});

const HOUR = 3600_000;
const webhooks = () => app.kernel.service('webhooks');


async function issueInvoiceOf(company: TestCompany, contactId: string): Promise<any> {
  const res = await app.post('/api/v1/invoices', {
    contact_id: contactId, issue_date: '2026-11-02',
    lines: [{ description: 'Consultoría', quantity: '1', unit_price: '100.00', tax_type_id: seededTaxTypeId(company.tenantId, 'IVA21') }],
  }, company.token);
  if (res.status !== 201) throw new Error(`invoice: ${res.status} ${res.text}`);
  await app.kernel.outbox.idle();
  await webhooks().idle();
  return res.body;
}

async function issueInvoice(token: string): Promise<any> {
  return issueInvoiceOf({ ...a, token }, customerId);
}

async function createEndpoint(company: TestCompany, path: string, events = ['invoice.issued']) {
  const res = await app.post('/api/v1/webhooks', { url: receiver.url(path), events, description: path }, company.token);
  expect(res.status).toBe(201);
  return res.body;
}

const deliveriesOf = async (id: string, token = a.token) => (await app.get(`/api/v1/webhooks/${id}/deliveries`, token)).body;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: '1', SMTP_URL: smtp.url, WEBHOOKS_POLL_MS: '3600000' } });
  a = await createCompany(app);
  b = await createCompany(app, 'Otra Empresa SL', 'A58818501');
  customerId = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente Webhook SL', vat: 'B65410011', address: 'Calle Gancho 1', city: 'Madrid', postal_code: '28001' }, a.token)).body.id;
});
afterAll(async () => {
  receiver.stop();
  await app.close();
  await smtp.close();
});

describe('deliveries', () => {
  let retry: any;
  let gone: any;
  let moved: any;
  let foreign: any;
  let invoice: any;

  test('an issued invoice reaches the receiver signed; a 500 is retried within 30 s and then delivered', async () => {
    retry = await createEndpoint(a, '/retry');
    expect(retry.secret).toMatch(/^whsec_/);
    expect((await app.get(`/api/v1/webhooks/${retry.id}`, a.token)).body.secret).toBeUndefined();
    gone = await createEndpoint(a, '/gone');
    expect((await app.del(`/api/v1/webhooks/${gone.id}`, a.token)).status).toBe(204);
    moved = await createEndpoint(a, '/moved');
    foreign = await createEndpoint(b, '/foreign');

    invoice = await issueInvoice(a.token);
    const [first] = receiver.on('/retry');
    expect(first).toBeDefined();
    const body = JSON.parse(first.body);
    expect(body).toMatchObject({ type: 'invoice.issued', tenant_id: a.tenantId, data: { kind: 'invoice', id: invoice.id, number: invoice.number, status: 'issued', total: '121.00', currency: 'EUR' } });
    expect(Object.keys(body).sort()).toEqual(['created_at', 'data', 'id', 'tenant_id', 'type']);
    const verify = await documentedVerifier();
    const header = first.headers.get('cuadra-signature')!;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(first.body, header, retry.secret)).toBe(true);
    expect(verify(first.body.replace('121.00', '1.00'), header, retry.secret)).toBe(false);
    const t = Number(/t=(\d+)/.exec(header)![1]);
    expect(verify(first.body, header, retry.secret, 300, t + 301)).toBe(false); // a stale replay

    let [delivery] = (await deliveriesOf(retry.id)).items;
    expect(delivery).toMatchObject({ event_type: 'invoice.issued', event_id: body.id, status: 'pending', attempts: 1, response_status: 500, response_excerpt: 'temporarily down' });
    const wait = Date.parse(delivery.next_attempt_at) - Date.parse(delivery.last_attempt_at);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30_000);

    expect(await webhooks().deliverDue(new Date(Date.now() + 5_000))).toBe(0); // not due yet
    expect(await webhooks().deliverDue(new Date(Date.now() + 31_000))).toBeGreaterThanOrEqual(1);
    const second = receiver.on('/retry')[1];
    expect(JSON.parse(second.body).id).toBe(body.id);
    expect(verify(second.body, second.headers.get('cuadra-signature')!, retry.secret, 300, Date.now() / 1000 + 31)).toBe(true);
    [delivery] = (await deliveriesOf(retry.id)).items;
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, response_status: 200, response_excerpt: '{"received":true}', next_attempt_at: null });
  });

  test('nothing reaches a deleted endpoint, another company\'s endpoint, or a redirect\'s target', () => {
    expect(receiver.on('/gone')).toEqual([]);
    expect(receiver.on('/foreign')).toEqual([]);
    expect(receiver.on('/moved')).toHaveLength(2); // the first attempt and the retry 31 s later
    expect(receiver.on('/elsewhere')).toEqual([]);
  });

  test('a redirect is a failure, not followed', async () => {
    const [delivery] = (await deliveriesOf(moved.id)).items;
    expect(delivery).toMatchObject({ status: 'pending', response_status: 302, error: 'Redirect to /elsewhere not followed' });
    expect((await app.del(`/api/v1/webhooks/${moved.id}`, a.token)).status).toBe(204);
  });

  test('the documented Python verifier accepts the delivery and refuses a stale one', async () => {
    const python = Bun.which('python3');
    if (!python) return console.warn('python3 not installed: the Python verifier is not run');
    const [delivery] = receiver.on('/retry');
    const header = delivery.headers.get('cuadra-signature')!;
    const t = Number(/t=(\d+)/.exec(header)![1]);
    const script = `${await documentedPythonVerifier()}
import sys
body = sys.stdin.buffer.read()
print(verify_cuadra_signature(body, ${JSON.stringify(header)}, ${JSON.stringify(retry.secret)}, now=${t + 10}),
      verify_cuadra_signature(body, ${JSON.stringify(header)}, ${JSON.stringify(retry.secret)}, now=${t + 301}))`;
    const run = Bun.spawnSync([python, '-c', script], { stdin: new TextEncoder().encode(delivery.body) });
    expect(run.stdout.toString().trim()).toBe('True False');
  });

  test('during a rotation each delivery is signed with both secrets; redelivery sends the same event again', async () => {
    const rotated = await app.post(`/api/v1/webhooks/${retry.id}/rotate-secret`, { previous_valid_hours: 24 }, a.token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(retry.secret);
    const [delivery] = (await deliveriesOf(retry.id)).items;
    const again = await app.post(`/api/v1/webhooks/${retry.id}/deliveries/${delivery.id}/redeliver`, undefined, a.token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: delivery.id, status: 'delivered', attempts: 3 });
    const last = receiver.on('/retry').at(-1)!;
    const header = last.headers.get('cuadra-signature')!;
    expect(header.match(/v1=/g)).toHaveLength(2);
    const verify = await documentedVerifier();
    expect(verify(last.body, header, rotated.body.secret)).toBe(true);
    expect(verify(last.body, header, retry.secret)).toBe(true);
    expect(JSON.parse(last.body).id).toBe(delivery.event_id);
  });

  test('an endpoint failing for days is disabled and its creator emailed; retries stop after 24 h', async () => {
    const failures = async (then: string) => (await app.kernel.metrics.registry.getSingleMetric('cuadra_webhook_delivery_failures_total')?.get())
      ?.values.find((v) => v.labels.then === then)?.value ?? 0;
    const [retriedBefore, failedBefore] = [await failures('retry'), await failures('failed')];
    const down = await createEndpoint(a, '/down');
    await issueInvoice(a.token);
    expect(await failures('retry')).toBe(retriedBefore + 1); // /metrics counts each failed attempt
    let [delivery] = (await deliveriesOf(down.id)).items;
    expect(delivery).toMatchObject({ status: 'pending', response_status: 503 });
    expect(delivery.response_excerpt).toHaveLength(1000);
    await webhooks().deliverDue(new Date(Date.now() + 73 * HOUR));
    [delivery] = (await deliveriesOf(down.id)).items;
    expect(delivery).toMatchObject({ status: 'failed', attempts: 2, next_attempt_at: null });
    expect(await failures('failed')).toBe(failedBefore + 1);
    const endpoint = (await app.get(`/api/v1/webhooks/${down.id}`, a.token)).body;
    expect(endpoint.enabled).toBe(false);
    expect(endpoint.disabled_reason).toMatch(/HTTP 503/);
    const mail = await smtp.lastTo(a.email);
    expect(mail.text).toContain(receiver.url('/down'));
    const enabled = await app.patch(`/api/v1/webhooks/${down.id}`, { enabled: true }, a.token);
    expect(enabled.body).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });
});

describe('endpoints', () => {
  test('another company\'s endpoint is 404 everywhere and never listed', async () => {
    const theirs = await createEndpoint(b, '/theirs');
    const [mine] = (await app.get('/api/v1/webhooks', a.token)).body.items;
    for (const [method, path, body] of [
      ['GET', `/api/v1/webhooks/${theirs.id}`], ['PATCH', `/api/v1/webhooks/${theirs.id}`, { enabled: false }],
      ['DELETE', `/api/v1/webhooks/${theirs.id}`], ['GET', `/api/v1/webhooks/${theirs.id}/deliveries`],
      ['POST', `/api/v1/webhooks/${theirs.id}/rotate-secret`, {}], ['POST', `/api/v1/webhooks/${theirs.id}/ping`],
      ['POST', `/api/v1/webhooks/${mine.id}/deliveries/${crypto.randomUUID()}/redeliver`],
    ] as [string, string, unknown?][]) {
      expect({ method, path, status: (await app.request(method, path, { token: a.token, body })).status }).toEqual({ method, path, status: 404 });
    }
    const listed = (await app.get('/api/v1/webhooks', a.token)).body;
    expect(listed.items.map((w: any) => w.id)).not.toContain(theirs.id);
    expect(listed.total).toBe(listed.items.length);
    expect((await app.get(`/api/v1/webhooks/${theirs.id}`, b.token)).status).toBe(200);
  });

  test('event types come from the catalogue; members may not manage webhooks', async () => {
    const types = (await app.get('/api/v1/webhooks/event-types', a.token)).body.map((e: any) => e.type);
    expect(types).toEqual(expect.arrayContaining(['invoice.issued', 'purchase.registered', 'document.paid', 'bank_movement.imported', 'reconciliation.matched']));
    const bad = await app.post('/api/v1/webhooks', { url: receiver.url(), events: ['invoice.exploded'] }, a.token);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'events', 0]);
    const { key } = await createApiKey(app, a.token, 'member');
    expect((await app.post('/api/v1/webhooks', { url: receiver.url(), events: ['invoice.issued'] }, key)).status).toBe(403);
    expect((await app.get('/api/v1/webhooks', key)).status).toBe(403);
  });
});

describe('ping', () => {
  test('sends a signed test event now, answers how it went and logs it; a failing receiver is reported, not retried', async () => {
    const endpoint = await createEndpoint(a, '/ping', ['invoice.issued']);
    const res = await app.post(`/api/v1/webhooks/${endpoint.id}/ping`, undefined, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ event_type: 'webhook.ping', status: 'delivered', attempts: 1, response_status: 200, next_attempt_at: null });
    const [received] = receiver.on('/ping');
    const body = JSON.parse(received.body);
    expect(body).toMatchObject({ id: res.body.event_id, type: 'webhook.ping', tenant_id: a.tenantId, data: { webhook_id: endpoint.id } });
    expect(received.headers.get('cuadra-event-type')).toBe('webhook.ping');
    const verify = await documentedVerifier();
    expect(verify(received.body, received.headers.get('cuadra-signature')!, endpoint.secret)).toBe(true);
    expect((await deliveriesOf(endpoint.id)).items[0]).toMatchObject({ id: res.body.id, event_type: 'webhook.ping' });

    const down = await createEndpoint(a, '/down');
    const failed = await app.post(`/api/v1/webhooks/${down.id}/ping`, undefined, a.token);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ status: 'failed', response_status: 503, error: 'HTTP 503', next_attempt_at: null });
    const { key } = await createApiKey(app, a.token, 'member');
    expect((await app.post(`/api/v1/webhooks/${endpoint.id}/ping`, undefined, key)).status).toBe(403);
    for (const id of [endpoint.id, down.id]) expect((await app.del(`/api/v1/webhooks/${id}`, a.token)).status).toBe(204);
  });
});

describe('outbox', () => {
  test('a company gets outbox deliveries for webhooks only while it has an enabled endpoint', async () => {
    const c = await createCompany(app);
    const contactId = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente C SL', vat: 'B65410011' }, c.token)).body.id;
    const webhookDeliveries = async () => (await app.kernel.outbox.deliveries('delivered', { tenantId: c.tenantId, limit: 1000 })).filter((d) => d.subscriber === 'webhooks').map((d) => d.event);
    const pay = async (invoice: any) => {
      expect((await app.post(`/api/v1/invoices/${invoice.id}/payments`, { date: '2026-11-10', amount: invoice.total }, c.token)).status).toBe(200);
      await app.kernel.outbox.idle();
      await webhooks().idle();
    };
    // the issue statement's event and the events a unit of work queues (the payment's)
    await pay(await issueInvoiceOf(c, contactId));
    expect(await webhookDeliveries()).toEqual([]);

    const endpoint = await createEndpoint(c, '/c', ['invoice.issued', 'document.paid']);
    const before = receiver.on('/c').length;
    await pay(await issueInvoiceOf(c, contactId));
    // a full payment is also an e-invoice status change when the einvoice-status plugin is installed
    const statusChange = app.plugins.some((p) => p.name === 'einvoice-status') ? ['einvoice.status_changed'] : [];
    expect((await webhookDeliveries()).sort()).toEqual(['document.paid', ...statusChange, 'invoice.issued', 'settlement.created']);
    expect(receiver.on('/c').length).toBe(before + 2);

    const afterEnabled = (await webhookDeliveries()).length;
    expect((await app.patch(`/api/v1/webhooks/${endpoint.id}`, { enabled: false }, c.token)).status).toBe(200);
    await issueInvoiceOf(c, contactId);
    expect(await webhookDeliveries()).toHaveLength(afterEnabled);
  });
});

describe('claims', () => {
  test('an attempt that outlived its claim does not settle over the instance that claimed the delivery since', async () => {
    const late = await createEndpoint(a, '/late');
    // while the receiver is slow, the lease runs out and another instance claims the delivery (a new lease end)
    whileLate = async () => {
      whileLate = undefined;
      await app.kernel.unitOfWork(null).run((tx) => tx.sql(`update webhook_deliveries set next_attempt_at = now() + interval '1 hour'
        where tenant_id = :tenant and endpoint_id = :endpoint and status = 'pending'`, { endpoint: late.id }), { tenantId: a.tenantId });
    };
    await issueInvoice(a.token);
    expect(receiver.on('/late')).toHaveLength(1);
    // its 200 came after the new claim: the delivery is still pending, the other instance's to settle
    let [delivery] = (await deliveriesOf(late.id)).items;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0 });
    // that instance died too: once its lease has run out, the delivery is attempted again and settles
    expect(await webhooks().deliverDue(new Date(Date.now() + 2 * HOUR))).toBeGreaterThanOrEqual(1);
    expect(receiver.on('/late')).toHaveLength(2);
    [delivery] = (await deliveriesOf(late.id)).items;
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});
