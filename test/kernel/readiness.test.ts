import { afterAll, describe, expect, test } from 'bun:test';
import postgres from 'postgres';
import type { CuadraApp } from '../../kernel/app';
import { serveWhileStarting, type Serving } from '../../kernel/serve';
import { startTestApp, type TestApp } from '../support/app';
import { backend } from '../support/database';

/** A port nobody listens on now. */
function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

let app: TestApp | undefined;
let serving: Serving | undefined;
afterAll(async () => {
  await serving?.server.stop(true);
  await app?.close();
});

describe('readiness (/health/ready)', () => {
  test('503 with Retry-After on every path while the app starts, then the app on the same port', async () => {
    let release!: () => void;
    const startUp = new Promise<void>((resolve) => { release = resolve; });
    const port = freePort();
    const started = serveWhileStarting({ port, hostname: '127.0.0.1' }, async () => {
      await startUp;
      app = await startTestApp();
      return app as CuadraApp;
    });
    await Bun.sleep(0);
    for (const path of ['/health/ready', '/health', '/api/v1/auth/me']) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      expect({ path, status: response.status, retry: response.headers.get('retry-after') }).toEqual({ path, status: 503, retry: '1' });
      expect(((await response.json()) as { detail: string }).detail).toStartWith('starting');
    }
    release();
    serving = await started;
    expect(serving.server.port).toBe(port);
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 200, body: { status: 'ready', database: backend } });
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404); // no METRICS_TOKEN, no metrics
  });

  test.skipIf(backend !== 'postgres')('503 while the database refuses connections, 200 again once it accepts them', async () => {
    const name = new URL(app!.config.databaseUrl!).pathname.slice(1);
    // the administrator works from another database: a database cannot refuse its own session's connections
    const elsewhere = new URL(app!.adminUrl!);
    elsewhere.pathname = '/postgres';
    const admin = postgres(elsewhere.toString(), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`alter database "${name}" with allow_connections false`);
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
      const down = await app!.get('/health/ready');
      expect({ status: down.status, body: down.body }).toEqual({ status: 503, body: { detail: 'database unreachable' } });
      await admin.unsafe(`alter database "${name}" with allow_connections true`);
      let up = await app!.get('/health/ready');
      for (let attempt = 0; attempt < 20 && up.status !== 200; attempt++) up = await app!.get('/health/ready');
      expect(up.status).toBe(200);
    } finally {
      await admin.unsafe(`alter database "${name}" with allow_connections true`).catch(() => {});
      await admin.end();
    }
  });

  test('503 once the instance is stopping, before it closes the database', async () => {
    const closing = app!.close(); // stops the app (at once), then drops its database
    const response = await app!.get('/health/ready');
    app = undefined;
    await closing;
    expect({ status: response.status, body: response.body }).toEqual({ status: 503, body: { detail: 'stopping: finishing the requests in flight' } });
  });
});
