import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, Span, Tracer } from '@opentelemetry/api';
import type { Logger } from './logger';

/**
 * Optional OpenTelemetry traces: on only when an OTLP endpoint is configured
 * (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, or `OTEL_EXPORTER_OTLP_ENDPOINT` plus `/v1/traces`).
 * Off, no OpenTelemetry SDK or exporter is loaded (they are imported when tracing starts) and
 * the request pipeline pays one `undefined` check, a unit of work one store lookup.
 *
 * On, each request gets a server span named by its method and route template (the raw path
 * would make a name per record), with the method, the template, the status and the request id;
 * a 5xx marks the span as an error. A caller's W3C `traceparent` header is honoured: the span
 * continues the caller's trace. Each unit of work's database transaction is a child span.
 * Spans carry no tenant id, no user, no raw path or query and no bodies: a trace backend is
 * often shared with other teams and services, outside the books' own access rules (docs/scale-out.md).
 */
export interface Tracing {
  /** Runs `work` (the request's handling) inside its server span, named by `route()` (the matched template) once answered. */
  request(incoming: Request, requestId: string, work: () => Promise<Response>, route: () => string | undefined): Promise<Response>;
  /** Sends every finished span now. */
  flush(): Promise<void>;
  /** Flushes and stops the exporter (at shutdown). */
  shutdown(): Promise<void>;
}

/** The OTLP/HTTP traces URL the environment configures, or undefined (tracing off). */
export function tracesEndpoint(env: Record<string, string | undefined>): string | undefined {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

/** The active request's tracer and span, for child spans (units of work) anywhere below it. */
const active = new AsyncLocalStorage<{ tracer: Tracer; context: Context; api: typeof import('@opentelemetry/api') }>();

/**
 * Runs `work` in a child span of the current request's span (named `name`), or just runs it
 * when tracing is off or no request is being traced.
 */
export async function inSpan<T>(name: string, attributes: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const current = active.getStore();
  if (!current) return work();
  const span = current.tracer.startSpan(name, { kind: current.api.SpanKind.INTERNAL, attributes }, current.context);
  try {
    return await work();
  } catch (error) {
    span.setStatus({ code: current.api.SpanStatusCode.ERROR });
    span.setAttribute('error.type', error instanceof Error ? error.name : 'Error');
    throw error;
  } finally {
    span.end();
  }
}

/** How long stopping waits for the last spans to be sent. */
const SHUTDOWN_MS = 3000;

/** `traceparent` as W3C Trace Context defines it (version 00, and later versions' first four fields). */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** What the environment configures for traces (read before start-up touches the database). */
export interface TracingSettings {
  url: string;
  serviceName: string;
  /** Which requests are traced: all, none, or a share by trace id; `parentBased` follows a caller's decision. */
  sampler: { root: 'always_on' | 'always_off' | 'traceidratio'; ratio: number; parentBased: boolean };
}

const SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'];

/**
 * The trace settings, or undefined when no endpoint is set (tracing off). `OTEL_TRACES_SAMPLER`
 * and `OTEL_TRACES_SAMPLER_ARG` as OpenTelemetry names them (default: every request, unless the
 * caller's `traceparent` says it is not sampled); a value outside them stops start-up.
 */
export function tracingSettings(env: Record<string, string | undefined>): TracingSettings | undefined {
  const url = tracesEndpoint(env);
  if (!url) return undefined;
  const name = env.OTEL_TRACES_SAMPLER?.trim().toLowerCase() || 'parentbased_always_on';
  if (!SAMPLERS.includes(name)) throw new Error(`OTEL_TRACES_SAMPLER must be one of ${SAMPLERS.join(', ')}; got "${env.OTEL_TRACES_SAMPLER}"`);
  const arg = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const ratio = arg ? Number(arg) : 1;
  if (name.endsWith('traceidratio') && (!/^\d*\.?\d+$/.test(arg ?? '1') || !(ratio >= 0 && ratio <= 1))) {
    throw new Error(`OTEL_TRACES_SAMPLER_ARG must be a share of requests between 0 and 1 (e.g. 0.1); got "${arg}"`);
  }
  return {
    url,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'cuadra',
    sampler: { root: name.replace('parentbased_', '') as TracingSettings['sampler']['root'], ratio, parentBased: name.startsWith('parentbased_') },
  };
}

/**
 * Starts tracing with `settings` (tracing off: undefined, and nothing is loaded). The exporter
 * sends OTLP/HTTP JSON and reads its other settings (headers, timeout) from the process environment.
 */
export async function startTracing(settings: TracingSettings | undefined, version: string, logger: Logger): Promise<Tracing | undefined> {
  if (!settings) return undefined;
  const { url } = settings;
  const [api, sdk, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/api'), import('@opentelemetry/sdk-trace'), import('@opentelemetry/exporter-trace-otlp-http'), import('@opentelemetry/resources'),
  ]);
  const { root, ratio, parentBased } = settings.sampler;
  const rootSampler = root === 'always_on' ? new sdk.AlwaysOnSampler() : root === 'always_off' ? new sdk.AlwaysOffSampler() : new sdk.TraceIdRatioBasedSampler(ratio);
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName, 'service.version': version }),
    sampler: parentBased ? new sdk.ParentBasedSampler({ root: rootSampler }) : rootSampler,
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }) })],
  });
  const tracer = provider.getTracer('cuadra', version);
  logger.info('tracing: sending OpenTelemetry traces', { endpoint: url });

  /** The caller's span context from `traceparent` (and `tracestate`), else the enclosing request's, else none. */
  const parentOf = (request: Request): Context => {
    // a request the service sends itself (kernel.dispatch) continues the request that sent it
    const outer = active.getStore()?.context ?? api.ROOT_CONTEXT;
    const match = TRACEPARENT.exec(request.headers.get('traceparent')?.trim().toLowerCase() ?? '');
    if (!match) return outer;
    const [, version, traceId, spanId, flags, rest] = match;
    if (version === 'ff' || (version === '00' && rest) || !api.isValidTraceId(traceId) || !api.isValidSpanId(spanId)) return outer;
    const state = request.headers.get('tracestate');
    return api.trace.setSpanContext(api.ROOT_CONTEXT, {
      traceId, spanId, traceFlags: parseInt(flags, 16) & 1, isRemote: true, ...(state ? { traceState: api.createTraceState(state) } : {}),
    });
  };

  return {
    async request(incoming, requestId, work, route) {
      const span: Span = tracer.startSpan(incoming.method, {
        kind: api.SpanKind.SERVER,
        attributes: { 'http.request.method': incoming.method, 'cuadra.request_id': requestId },
      }, parentOf(incoming));
      const context = api.trace.setSpan(api.ROOT_CONTEXT, span);
      let status = 500;
      try {
        const response = await active.run({ tracer, context, api }, work);
        status = response.status;
        return response;
      } finally {
        const template = route();
        if (template) {
          span.updateName(`${incoming.method} ${template}`);
          span.setAttribute('http.route', template);
        }
        span.setAttribute('http.response.status_code', status);
        if (status >= 500) {
          span.setStatus({ code: api.SpanStatusCode.ERROR });
          span.setAttribute('error.type', String(status));
        }
        span.end();
      }
    },
    flush: () => provider.forceFlush(),
    async shutdown() {
      // a collector that is down must not hold the service's stop: the last spans get a few seconds
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<void>((resolve) => { timer = setTimeout(() => { logger.warn('tracing: the collector did not take the last spans in time'); resolve(); }, SHUTDOWN_MS); });
      await Promise.race([provider.shutdown().catch((error: unknown) => logger.warn('tracing: the last spans could not be sent', { error })), late]);
      clearTimeout(timer);
    },
  };
}
