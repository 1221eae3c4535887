import { Elysia, t } from 'elysia';
import type { PGlite } from '@electric-sql/pglite';
import type { TSchema } from '@sinclair/typebox';
import { loadConfig, type Config } from './config';
import { openDatabase } from './database';
import { HookBus } from './hooks';
import { collectionLister, createHttpContextWithModels, handleError, resolveModel } from './http';
import { Kernel } from './kernel';
import { discoverPlugins, orderPlugins } from './loader';
import { createLogger, withLogFields, type Logger } from './logger';
import { ExtensionRegistry } from './extensions';
import { readAllSettings } from './settings';
import { createMailer } from '../lib/mail';
import { createFileStore } from '../lib/file-store';
import { OutboxDispatcher, type OutboxOptions } from './outbox';
import { buildOpenApiDocument, docsAsset, docsPage, VERSION } from './openapi';
import type { CuadraPlugin } from './plugin';
import { MemoryCounterStore, type CounterStore } from '../lib/throttle';
import { RateLimiter } from './rate-limit';
import { IdempotencyGuard } from './idempotency';
import { BodyGuard } from './request-body';
import { CorsPolicy } from './cors';
import { isConnectionLost, ServiceUnavailable } from './errors';
import { PRINCIPALS_CHANNEL } from './principal-cache';
import { postgresJs, postgresTarget } from './postgres-url';
import { kernelMigrations } from '../migrations';
import { Metrics } from './metrics';
import { startTracing, tracingSettings, type Tracing } from './tracing';
import { timingSafeEqual } from 'node:crypto';

export interface CreateAppOptions {
  config?: Config;
  logger?: Logger;
  /** Defaults to every plugin under plugins/. Tests may add their own. */
  plugins?: CuadraPlugin[];
  extraPlugins?: CuadraPlugin[];
  pglite?: PGlite;
  counters?: CounterStore;
  /** Outbox retry policy (tests shorten it); defaults in OUTBOX_DEFAULTS. */
  outbox?: OutboxOptions;
}

export interface CuadraApp {
  app: Elysia<any, any, any, any, any, any, any>;
  kernel: Kernel;
  plugins: CuadraPlugin[];
  /**
   * The request pipeline: request id, rate limits, idempotency keys, then the routes. The server
   * and in-process callers (tests, benchmarks) both go through it.
   */
  handle(request: Request, clientIp?: string): Promise<Response>;
  /** The largest request body any route accepts (the server refuses larger ones itself). */
  maxBodyBytes: number;
  /** OpenTelemetry traces, when an OTLP endpoint is configured (kernel/tracing.ts). */
  tracing?: Tracing;
  stop(): Promise<void>;
}

export async function createApp(options: CreateAppOptions = {}): Promise<CuadraApp> {
  const config = options.config ?? loadConfig();
  const logger = options.logger ?? createLogger(config.logLevel);
  const plugins = orderPlugins([...(options.plugins ?? (await discoverPlugins())), ...(options.extraPlugins ?? [])]);
  // Wrong settings and dangling contributions stop start-up before the database is touched.
  const settings = readAllSettings(plugins, config.environment);
  const extensions = ExtensionRegistry.collect(plugins);
  const traces = tracingSettings(config.environment);

  const entities = plugins.flatMap((p) => [...(p.entities ?? []), ...(p.globalEntities ?? [])]);
  const tenantEntities = plugins.flatMap((p) => (p.entities ?? []).map((e: { name: string }) => e.name));
  const migrations = [...kernelMigrations, ...plugins.flatMap((p) => p.migrations ?? [])];
  const db = await openDatabase({ config, logger, entities, tenantEntities, migrations, pglite: options.pglite });

  const hooks = new HookBus();
  for (const plugin of plugins) {
    for (const [name, handler] of Object.entries(plugin.hooks?.sync ?? {})) hooks.onSync(name as never, plugin.name, handler as never);
    for (const [name, handler] of Object.entries(plugin.hooks?.events ?? {})) hooks.onEvent(name as never, plugin.name, handler as never);
  }
  const files = createFileStore(config.environment, config.dataDir);
  const mail = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  const outbox = new OutboxDispatcher(db, hooks, logger, { leaseSeconds: config.outboxLeaseSeconds, ...options.outbox });
  const redisCounters = !options.counters && config.redisUrl ? new (await import('../lib/redis-counters')).RedisCounterStore(config.redisUrl) : undefined;
  const counters = options.counters ?? redisCounters ?? new MemoryCounterStore();
  const kernel = new Kernel(config, logger, db, hooks, mail, outbox, counters, files);
  kernel.install(extensions, settings);
  const rateLimiter = new RateLimiter(counters, plugins.flatMap((p) => p.rateLimits ?? []));
  const idempotency = new IdempotencyGuard(db, {
    leaseSeconds: config.idempotencyLeaseSeconds,
    startedExecuting: (request) => kernel.startedExecuting(request),
    delegatedCaller: (request) => kernel.delegatedCaller(request),
    principalOf: async (request) => {
      if (!request.headers.get('authorization')) return null;
      return kernel.authenticate(request).catch(() => undefined);
    },
  });
  const cors = new CorsPolicy(config.corsOrigins);
  for (const plugin of plugins) kernel.permissions.add(plugin.name, plugin.permissions ?? {});
  for (const plugin of plugins) kernel.permissions.addReadableWithScopes(plugin.name, plugin.readableWithScopes ?? {});
  const models = Object.assign({}, ...plugins.map((p) => p.models ?? {}));
  kernel.http = createHttpContextWithModels(kernel, models);
  const metrics = new Metrics(db);
  kernel.metrics = metrics;
  // OpenTelemetry traces only when an OTLP endpoint is set (kernel/tracing.ts); else nothing is loaded.
  const tracing = await startTracing(traces, VERSION, logger);

  for (const plugin of plugins) await plugin.setup?.(kernel);

  // Other instances on the same PostgreSQL announce changes to keys, passwords and roles.
  const principalsListener = db.kind === 'postgres' ? postgresJs(postgresTarget(config.databaseUrl!), { max: 1 }) : undefined;
  await principalsListener?.listen(PRINCIPALS_CHANNEL, () => kernel.principals.clear());

  let stopping = false;
  // The route template each request matched, for the metrics' labels (set by the app, read by the pipeline).
  const matched = new WeakMap<Request, { route?: string }>();
  const api = new Elysia({ prefix: '/api/v1' });
  for (const plugin of plugins) if (plugin.routes) api.use(plugin.routes(kernel));

  const app = new Elysia()
    .onError(({ code, error, request }) => handleError(kernel, code, error, request))
    .onTransform({ as: 'global' }, ({ request, route }) => { const seen = matched.get(request); if (seen) seen.route = route; })
    .get('/health', async () => {
      const started = performance.now();
      await db.orm.em.fork().getConnection().execute('select 1');
      return { status: 'ok', database: db.kind, latency_ms: Math.round((performance.now() - started) * 100) / 100 };
    }, {
      response: { 200: t.Object({ status: t.String(), database: t.String(), latency_ms: t.Number() }, { additionalProperties: true }) },
      detail: { summary: 'Liveness and database check', tags: ['system'] },
    })
    .get('/health/ready', async ({ set }) => {
      const problem = stopping ? 'stopping: finishing the requests in flight'
        : await databaseProblem(() => db.orm.em.fork().getConnection().execute('select 1'), READY_CHECK_MS,
          (error) => logger.warn('readiness: database unreachable', { error: error.message }));
      if (!problem) return { status: 'ready', database: db.kind };
      set.status = 503;
      set.headers['retry-after'] = '1';
      return { detail: problem };
    }, {
      response: { 200: t.Object({ status: t.Literal('ready'), database: t.String() }), 503: t.Object({ detail: t.String() }) },
      detail: {
        summary: 'Readiness: 200 when this instance can serve requests',
        description: 'Answers 503 (with Retry-After) while the service starts and runs its migrations, while it stops, and when '
          + `the database does not answer within ${READY_CHECK_MS / 1000} s. Use it to route traffic; use /health for liveness.`,
        tags: ['system'],
      },
    });
  if (config.metricsToken) app.get('/metrics', ({ request }) => metricsResponse(request, config.metricsToken!, metrics), { detail: { hide: true } });
  for (const plugin of plugins) if (plugin.rootRoutes) app.use(plugin.rootRoutes(kernel));
  app.use(api);

  const tags = [
    { name: 'system', description: 'Health of the service' },
    ...plugins.flatMap((p) => Object.entries(p.tags ?? {}).map(([name, description]) => ({ name, description }))),
  ];
  const bodySchemas = requestBodySchemas(app.routes, models);
  kernel.bodySchemaOf = (method, route) => bodySchemas.get(`${method} ${route}`);
  kernel.listPathFor = collectionLister(app.routes.filter((route) => route.method === 'GET').map((route) => route.path));
  const routeDetails = new Map(app.routes.map((route) => [`${route.method} ${route.path}`, (route.hooks as { detail?: Record<string, unknown> } | undefined)?.detail]));
  kernel.routeDetailOf = (method, route) => routeDetails.get(`${method} ${route}`);
  let openapiDocument: unknown;
  kernel.openApiDocument = () => (openapiDocument ??= buildOpenApiDocument(app, kernel, tags));
  app
    .get('/openapi.json', () => kernel.openApiDocument(), { detail: { hide: true } })
    .get('/docs', () => new Response(docsPage(), { headers: { 'content-type': 'text/html; charset=utf-8' } }), { detail: { hide: true } })
    .get('/docs/swagger-ui-bundle.js', () => new Response(Bun.file(docsAsset('swagger-ui-bundle.js')), { headers: { 'content-type': 'text/javascript; charset=utf-8' } }), { detail: { hide: true } })
    .get('/docs/swagger-ui.css', () => new Response(Bun.file(docsAsset('swagger-ui.css')), { headers: { 'content-type': 'text/css; charset=utf-8' } }), { detail: { hide: true } });

  const bodies = new BodyGuard(app);
  const handle = (incoming: Request, socketIp?: string): Promise<Response> => {
    const requestId = incoming.headers.get('x-request-id')?.slice(0, 100) || crypto.randomUUID();
    // The route template each request matched, for the metrics' labels and the span's name.
    const seen: { route?: string } = {};
    return withLogFields({ requestId }, () => tracing
      ? tracing.request(incoming, requestId, () => handleRequest(incoming, requestId, seen, socketIp), () => seen.route)
      : handleRequest(incoming, requestId, seen, socketIp));
  };
  const handleRequest = async (incoming: Request, requestId: string, seen: { route?: string }, socketIp?: string): Promise<Response> => {
    const started = performance.now();
    kernel.remember(incoming, { ip: socketIp ?? 'unknown', requestId });
    const ip = kernel.clientIp(incoming);
    const path = new URL(incoming.url).pathname;
    let response: Response;
    let limits: Record<string, string> = {};
    const preflight = cors.preflight(incoming);
    if (preflight) {
      preflight.headers.set('x-request-id', requestId);
      return preflight;
    }
    try {
      const decision = await rateLimiter.check(incoming, ip, path);
      limits = decision.headers;
      if (!decision.allowed) {
        response = new Response(JSON.stringify({ detail: 'Rate limit exceeded, retry later' }), { status: 429, headers: { 'content-type': 'application/json' } });
      } else {
        const admitted = await bodies.admit(incoming, path);
        if (admitted instanceof Response) response = admitted;
        else {
          kernel.remember(admitted, { ip: socketIp ?? 'unknown', requestId });
          response = await idempotency.handle(admitted, ip, (request) => {
            kernel.remember(request, { ip: socketIp ?? 'unknown', requestId });
            matched.set(request, seen);
            return app.handle(request).then(async (answer) => {
              await kernel.completed(request, answer);
              return answer;
            });
          });
        }
      }
    } catch (error) {
      const unavailable = isConnectionLost(error);
      if (unavailable) logger.warn('database connection lost', { requestId, error });
      else logger.error('request pipeline failed', { requestId, error });
      response = unavailable
        ? new Response(JSON.stringify({ detail: new ServiceUnavailable().message }), { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '1' } })
        : new Response(JSON.stringify({ detail: 'Internal Server Error' }), { status: 500, headers: { 'content-type': 'application/json' } });
    }
    // Responses built by the app are mutable; setting headers in place keeps the body as it is
    // (re-wrapping it would turn every body into a stream).
    response.headers.set('x-request-id', requestId);
    for (const [name, value] of Object.entries(limits)) response.headers.set(name, value);
    cors.decorate(incoming, response);
    const elapsed = performance.now() - started;
    metrics.observe(incoming.method, seen.route ?? 'unmatched', response.status, elapsed / 1000);
    logger.info('request', { requestId, method: incoming.method, path, status: response.status, ms: Math.round(elapsed * 10) / 10 });
    return response;
  };

  kernel.dispatch = (request, clientIp) => handle(kernel.markInProcess(request), clientIp);
  const idempotencyPurge = setInterval(() => idempotency.purgeExpired().catch((error) => logger.warn('idempotency purge failed', { error })), 3600_000);
  idempotencyPurge.unref?.();
  outbox.start();
  let stopped = false;
  return {
    app,
    kernel,
    plugins,
    handle,
    maxBodyBytes: bodies.largestLimit,
    tracing,
    async stop() {
      if (stopped) return;
      stopped = true;
      stopping = true;
      clearInterval(idempotencyPurge);
      await outbox.stop();
      for (const plugin of [...plugins].reverse()) await plugin.teardown?.(kernel);
      mail.close();
      await principalsListener?.end({ timeout: 5 });
      await db.close();
      await redisCounters?.close();
      await tracing?.shutdown();
    },
  };
}

/**
 * Each route's body schema by `METHOD /path`, for the unknown-field guard. A route naming a model
 * that no plugin lists in its `models` would pass unchecked (the guard could not see its fields),
 * so that is a start-up error.
 */
function requestBodySchemas(routes: readonly { method: string; path: string; hooks: unknown }[], models: Record<string, TSchema>): Map<string, unknown> {
  const schemas = new Map<string, unknown>();
  for (const route of routes) {
    const body = (route.hooks as { body?: unknown } | undefined)?.body;
    if (!body) continue;
    if (!resolveModel(body, models)) {
      const name = typeof body === 'string' ? body : String((body as { $ref?: string }).$ref);
      throw new Error(`${route.method} ${route.path}: its body model "${name}" is in no plugin's \`models\`, so unknown fields would pass unchecked; list it there`);
    }
    schemas.set(`${route.method} ${route.path}`, body);
  }
  return schemas;
}

/** How long the readiness check waits for the database before answering 503. */
const READY_CHECK_MS = 2000;

/** Why the database cannot serve now (it failed or did not answer in time), or null when it answered. */
async function databaseProblem(query: () => Promise<unknown>, timeoutMs: number, onError: (error: Error) => void): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => { timer = setTimeout(() => resolve(`database did not answer within ${timeoutMs} ms`), timeoutMs); });
  try {
    // the cause (host, port, driver message) goes to the log, not to an unauthenticated caller
    return await Promise.race([query().then(() => null, (error: Error) => { onError(error); return 'database unreachable'; }), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /metrics: the Prometheus text for the bearer of METRICS_TOKEN, 401 for anyone else. */
async function metricsResponse(request: Request, token: string, metrics: Metrics): Promise<Response> {
  const sent = Buffer.from(/^Bearer (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    return new Response(JSON.stringify({ detail: 'Not authenticated: send METRICS_TOKEN as a bearer token' }),
      { status: 401, headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer' } });
  }
  const { body, contentType } = await metrics.text();
  return new Response(body, { headers: { 'content-type': contentType } });
}
