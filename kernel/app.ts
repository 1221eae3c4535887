import { Elysia } from 'elysia';
import type { PGlite } from '@electric-sql/pglite';
import { loadConfig, type Config } from './config';
import { openDatabase } from './database';
import { HookBus } from './hooks';
import { createHttpContext, handleError } from './http';
import { Kernel } from './kernel';
import { discoverPlugins, orderPlugins } from './loader';
import { createLogger, type Logger } from './logger';
import { createMailer } from './mail';
import { OutboxDispatcher } from './outbox';
import { buildOpenApiDocument, docsAsset, docsPage } from './openapi';
import type { CuadraPlugin } from './plugin';
import { MemoryCounterStore, type CounterStore } from './throttle';
import { kernelMigrations } from '../migrations';

export interface CreateAppOptions {
  config?: Config;
  logger?: Logger;
  /** Defaults to every plugin under plugins/. Tests may add their own. */
  plugins?: CuadraPlugin[];
  extraPlugins?: CuadraPlugin[];
  pglite?: PGlite;
  counters?: CounterStore;
}

export interface CuadraApp {
  app: Elysia<any, any, any, any, any, any, any>;
  kernel: Kernel;
  plugins: CuadraPlugin[];
  /** Handles one request in-process (tests, benchmarks). */
  handle(request: Request): Promise<Response>;
  stop(): Promise<void>;
}

export async function createApp(options: CreateAppOptions = {}): Promise<CuadraApp> {
  const config = options.config ?? loadConfig();
  const logger = options.logger ?? createLogger(config.logLevel);
  const plugins = orderPlugins([...(options.plugins ?? (await discoverPlugins())), ...(options.extraPlugins ?? [])]);

  const entities = plugins.flatMap((p) => [...(p.entities ?? []), ...(p.globalEntities ?? [])]);
  const tenantEntities = plugins.flatMap((p) => (p.entities ?? []).map((e: { name: string }) => e.name));
  const migrations = [...kernelMigrations, ...plugins.flatMap((p) => p.migrations ?? [])];
  const db = await openDatabase({ config, logger, entities, tenantEntities, migrations, pglite: options.pglite });

  const hooks = new HookBus();
  for (const plugin of plugins) {
    for (const [name, handler] of Object.entries(plugin.hooks?.sync ?? {})) hooks.onSync(name as never, plugin.name, handler as never);
    for (const [name, handler] of Object.entries(plugin.hooks?.events ?? {})) hooks.onEvent(name as never, plugin.name, handler as never);
  }
  const mail = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  const outbox = new OutboxDispatcher(db, hooks, logger);
  const kernel = new Kernel(config, logger, db, hooks, mail, outbox, options.counters ?? new MemoryCounterStore());
  for (const plugin of plugins) kernel.permissions.add(plugin.name, plugin.permissions ?? {});
  const models = Object.assign({}, ...plugins.map((p) => p.models ?? {}));
  kernel.http = createHttpContext(kernel).model(models) as any;

  for (const plugin of plugins) await plugin.setup?.(kernel);

  const api = new Elysia({ prefix: '/api/v1' });
  for (const plugin of plugins) if (plugin.routes) api.use(plugin.routes(kernel));

  const app = new Elysia()
    .onRequest(({ request, set }) => {
      const id = request.headers.get('x-request-id') || crypto.randomUUID();
      set.headers['x-request-id'] = id;
    })
    .onError(({ code, error, request }) => handleError(kernel, code, error, request))
    .get('/health', async () => {
      const started = performance.now();
      await db.orm.em.fork().getConnection().execute('select 1');
      return { status: 'ok', database: db.kind, latency_ms: Math.round((performance.now() - started) * 100) / 100 };
    }, { detail: { summary: 'Liveness and database check', tags: ['system'] } });
  for (const plugin of plugins) if (plugin.rootRoutes) app.use(plugin.rootRoutes(kernel));
  app.use(api);

  let openapiDocument: unknown;
  app
    .get('/openapi.json', () => (openapiDocument ??= buildOpenApiDocument(app, kernel)), { detail: { hide: true } })
    .get('/docs', () => new Response(docsPage(), { headers: { 'content-type': 'text/html; charset=utf-8' } }), { detail: { hide: true } })
    .get('/docs/swagger-ui-bundle.js', () => new Response(Bun.file(docsAsset('swagger-ui-bundle.js')), { headers: { 'content-type': 'text/javascript; charset=utf-8' } }), { detail: { hide: true } })
    .get('/docs/swagger-ui.css', () => new Response(Bun.file(docsAsset('swagger-ui.css')), { headers: { 'content-type': 'text/css; charset=utf-8' } }), { detail: { hide: true } });

  outbox.start();
  let stopped = false;
  return {
    app,
    kernel,
    plugins,
    handle: (request) => app.handle(request),
    async stop() {
      if (stopped) return;
      stopped = true;
      await outbox.stop();
      for (const plugin of [...plugins].reverse()) await plugin.teardown?.(kernel);
      mail.close();
      await db.close();
    },
  };
}
