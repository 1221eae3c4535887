import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { gunzipSync } from 'node:zlib';
import { Elysia } from 'elysia';
import { definePlugin } from '../../kernel/plugin';
import { tracesEndpoint, tracingSettings } from '../../kernel/tracing';
import { createCompany, type TestCompany } from '../support/factories';
import { startTestApp, type TestApp } from '../support/app';
import { backend } from '../support/database';

/**
 * Optional OpenTelemetry traces (kernel/tracing.ts), read by a real OTLP/HTTP receiver: a small
 * server in this process that keeps what the service's exporter POSTs to /v1/traces (the
 * exporter sends OTLP JSON, so the test reads it as the collector would).
 */
interface OtlpAttribute { key: string; value: { stringValue?: string; intValue?: string | number; boolValue?: boolean } }
interface OtlpSpan { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes: OtlpAttribute[]; status?: { code?: number } }
interface Export { resource: Record<string, unknown>; spans: OtlpSpan[] }

const exports: Export[] = [];
const receiver = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/v1/traces') return new Response('no', { status: 404 });
    let bytes = new Uint8Array(await request.arrayBuffer());
    if (request.headers.get('content-encoding') === 'gzip') bytes = gunzipSync(bytes);
    const body = JSON.parse(new TextDecoder().decode(bytes));
    for (const resourceSpans of body.resourceSpans ?? []) {
      exports.push({
        resource: attributes(resourceSpans.resource?.attributes ?? []),
        spans: (resourceSpans.scopeSpans ?? []).flatMap((scope: { spans?: OtlpSpan[] }) => scope.spans ?? []),
      });
    }
    return Response.json({});
  },
});
const endpoint = `http://127.0.0.1:${receiver.port}`;

const attributes = (list: OtlpAttribute[]): Record<string, unknown> =>
  Object.fromEntries(list.map(({ key, value }) => [key, value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : value.boolValue)]));
const spans = () => exports.flatMap((e) => e.spans);
const serverSpanOf = (requestId: string) => spans().find((s) => attributes(s.attributes)['cuadra.request_id'] === requestId);

/** A route that fails as a bug would: the service answers 500. */
const broken = definePlugin({
  name: 'test-broken',
  rootRoutes: () => new Elysia({ name: 'cuadra:test-broken' }).get('/test-broken', () => { throw new Error('a bug'); }),
});

let app: TestApp;
let company: TestCompany;
beforeAll(async () => {
  app = await startTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'cuadra-under-test' }, extraPlugins: [broken] });
  company = await createCompany(app);
});
afterAll(async () => {
  await app?.close();
  receiver.stop(true);
});

describe(`OpenTelemetry traces (${backend})`, () => {
  test('the endpoint settings: traces endpoint as given, else the base one plus /v1/traces, else off', () => {
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/traces' })).toBe('http://b:4318/traces');
    expect(tracesEndpoint({})).toBeUndefined();
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBeUndefined();
  });

  test('the sampler settings: every request unless the caller says otherwise, or as OTEL_TRACES_SAMPLER says; wrong values stop start-up', () => {
    const on = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingSettings({})).toBeUndefined();
    expect(tracingSettings(on)).toEqual({ url: 'http://collector:4318/v1/traces', serviceName: 'cuadra', sampler: { root: 'always_on', ratio: 1, parentBased: true } });
    expect(tracingSettings({ ...on, OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' })?.sampler).toEqual({ root: 'traceidratio', ratio: 0.25, parentBased: false });
    expect(tracingSettings({ ...on, OTEL_TRACES_SAMPLER: 'parentbased_always_off' })?.sampler).toEqual({ root: 'always_off', ratio: 1, parentBased: true });
    expect(() => tracingSettings({ ...on, OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow('OTEL_TRACES_SAMPLER must be one of');
    for (const bad of ['1.5', '-0.1', 'half', '1e-3x']) {
      expect(() => tracingSettings({ ...on, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: bad })).toThrow('OTEL_TRACES_SAMPLER_ARG must be');
    }
  });

  test('one server span per request, named by method and route template, with its status; a caller\'s traceparent continues', async () => {
    const contactId = crypto.randomUUID();
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const sent = {
      ok: await app.get('/api/v1/contacts', company.token, { 'x-request-id': 'trace-ok' }),
      missing: await app.get(`/api/v1/contacts/${contactId}`, company.token, { 'x-request-id': 'trace-missing' }),
      unmatched: await app.get('/no/such/path', undefined, { 'x-request-id': 'trace-unmatched' }),
      invalid: await app.post('/api/v1/contacts', { name: 'Cliente secreto SL', tax_id: 12 }, company.token, { 'x-request-id': 'trace-invalid' }),
      continued: await app.get('/health', undefined, { 'x-request-id': 'trace-continued', traceparent: `00-${callerTrace}-${callerSpan}-01` }),
      badParent: await app.get('/health', undefined, { 'x-request-id': 'trace-bad-parent', traceparent: `00-${'0'.repeat(32)}-${callerSpan}-01` }),
      unsampled: await app.get('/health', undefined, { 'x-request-id': 'trace-unsampled', traceparent: `00-${callerTrace}-${callerSpan}-00` }),
    };
    expect(Object.fromEntries(Object.entries(sent).map(([k, r]) => [k, r.status])))
      .toEqual({ ok: 200, missing: 404, invalid: 422, unmatched: 404, continued: 200, badParent: 200, unsampled: 200 });
    await app.tracing!.flush();

    const ok = serverSpanOf('trace-ok')!;
    expect(ok.name).toBe('GET /api/v1/contacts');
    expect(ok.kind).toBe(2); // SERVER
    expect(attributes(ok.attributes)).toEqual({
      'http.request.method': 'GET', 'http.route': '/api/v1/contacts', 'http.response.status_code': 200, 'cuadra.request_id': 'trace-ok',
    });
    expect(ok.status?.code ?? 0).toBe(0); // unset: not an error

    const missing = serverSpanOf('trace-missing')!;
    expect(missing.name).toBe('GET /api/v1/contacts/:contact_id'); // the template, never the id
    expect(attributes(missing.attributes)['http.response.status_code']).toBe(404);
    expect(missing.status?.code ?? 0).toBe(0); // a 4xx is the caller's mistake, not the server's

    const unmatched = serverSpanOf('trace-unmatched')!;
    expect(unmatched.name).toBe('GET');
    expect(attributes(unmatched.attributes)['http.route']).toBeUndefined();
    expect(attributes(unmatched.attributes)['http.response.status_code']).toBe(404);

    const invalid = serverSpanOf('trace-invalid')!;
    expect(invalid.name).toBe('POST /api/v1/contacts');
    expect(attributes(invalid.attributes)['http.response.status_code']).toBe(422);

    const continued = serverSpanOf('trace-continued')!;
    expect(continued.traceId).toBe(callerTrace);
    expect(continued.parentSpanId).toBe(callerSpan);
    expect(continued.name).toBe('GET /health');
    // an invalid traceparent (all-zero trace id) starts a trace of its own
    const fresh = serverSpanOf('trace-bad-parent')!;
    expect(fresh.traceId).not.toBe('0'.repeat(32));
    expect(fresh.parentSpanId ?? '').toBe('');

    // a caller that did not sample its trace is followed: no span
    expect(serverSpanOf('trace-unsampled')).toBeUndefined();

    // the unit of work's transaction is a child of the request's span
    const transaction = spans().find((s) => s.name === 'db.transaction' && s.parentSpanId === ok.spanId && s.traceId === ok.traceId);
    expect(transaction).toBeDefined();

    // service.name from OTEL_SERVICE_NAME, and the version
    expect(exports[0].resource['service.name']).toBe('cuadra-under-test');
    expect(exports[0].resource['service.version']).toEqual(expect.stringMatching(/^\d+\.\d+\.\d+/));

    // no tenant, no user, no body, no raw path in any span
    const everything = JSON.stringify(spans());
    for (const secret of [company.tenantId, company.userId, company.email, company.token, 'Cliente secreto', contactId]) expect(everything).not.toContain(secret);
  });

  test('a 5xx marks the span as an error', async () => {
    const response = await app.get('/test-broken', undefined, { 'x-request-id': 'trace-5xx' });
    expect(response.status).toBe(500);
    await app.tracing!.flush();
    const span = serverSpanOf('trace-5xx')!;
    expect(span.name).toBe('GET /test-broken');
    expect(attributes(span.attributes)).toMatchObject({ 'http.response.status_code': 500, 'error.type': '500' });
    expect(span.status?.code).toBe(2); // ERROR
  });
});

describe(`stopping (${backend})`, () => {
  test('the spans not sent yet go out when the service stops', async () => {
    const stopping = await startTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint } });
    try {
      expect((await stopping.get('/health', undefined, { 'x-request-id': 'trace-at-stop' })).status).toBe(200);
      expect(serverSpanOf('trace-at-stop')).toBeUndefined(); // batched: not sent yet
      await stopping.stop();
      expect(serverSpanOf('trace-at-stop')?.name).toBe('GET /health');
    } finally {
      await stopping.close();
    }
  });
});

describe(`without an OTLP endpoint (${backend})`, () => {
  test('no tracing: nothing is sent (that the SDK is not even loaded: lazy-modules.test.ts)', async () => {
    const plain = await startTestApp();
    try {
      expect(plain.tracing).toBeUndefined();
      const before = spans().length;
      expect((await plain.get('/health', undefined, { 'x-request-id': 'trace-off', traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' })).status).toBe(200);
      await app.tracing!.flush(); // the traced app's exporter is the only one: it sends nothing of the plain app's
      expect(spans().length).toBe(before);
      expect(serverSpanOf('trace-off')).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
