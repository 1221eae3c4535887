import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Subprocess } from 'bun';
import { backend, freshDatabase, type FreshDatabase } from './database';

const ROOT = resolve(import.meta.dir, '../..');

/**
 * The real service as a child process (`kernel/main.ts`) on a random local port, on PostgreSQL (the
 * given database) or on PGlite in `dataDir`: for tests that kill it (`kill -9`) and start it again
 * on the same data. `call` sends JSON, or a FormData as multipart.
 */
export function serviceProcess(options: { dataDir: string; database?: FreshDatabase; env?: Record<string, string>; bunFlags?: string[] }) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  let child: Subprocess | undefined;
  const service = {
    base,
    /** The running service's process id (undefined when it is not running). */
    get pid(): number | undefined { return child?.pid; },
    async start(): Promise<void> {
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: options.dataDir,
        LOG_LEVEL: 'error', RATE_LIMIT_USER: '100000', ...options.env,
      };
      if (options.database && backend === 'postgres') Object.assign(env, { DATABASE_URL: options.database.url, DATABASE_OWNER_URL: options.database.ownerUrl! });
      const service = Bun.spawn([process.execPath, ...(options.bunFlags ?? []), 'kernel/main.ts'], { cwd: ROOT, env, stdout: 'ignore', stderr: 'inherit' });
      child = service;
      const deadline = Date.now() + 150_000;
      while (Date.now() < deadline) {
        if (service.exitCode !== null) throw new Error(`the service exited with ${service.exitCode}`);
        try {
          if ((await fetch(`${base}/health`)).ok) return;
        } catch { /* not listening yet */ }
        await Bun.sleep(100);
      }
      throw new Error('the service did not start within 150 s');
    },
    /** kill -9: no shutdown hook runs. */
    async kill(): Promise<void> {
      child?.kill(9);
      await child?.exited;
      child = undefined;
    },
    async call(method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
      const all: Record<string, string> = { ...headers };
      if (!(body instanceof FormData) && body !== undefined) all['content-type'] = 'application/json';
      if (token) all.authorization = `Bearer ${token}`;
      const payload = body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body);
      const response = await fetch(`${base}${path}`, { method, headers: all, body: payload });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
    },
    /** A new user who creates a company: its owner's token and the tenant's id. */
    async registerCompany(name: string, taxId: string): Promise<{ token: string; tenantId: string }> {
      const email = `svc-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const registered = await service.call('POST', '/api/v1/auth/register', { email, password: 'Una clave larga de prueba 42', full_name: 'Service Test' });
      if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
      const onboarded = await service.call('POST', '/api/v1/auth/onboarding/complete', { name, tax_id: taxId }, registered.body.access_token);
      if (onboarded.status !== 200) throw new Error(`onboarding: ${onboarded.status} ${JSON.stringify(onboarded.body)}`);
      return { token: onboarded.body.access_token, tenantId: onboarded.body.tenant.id };
    },
  };
  return service;
}

/** `serviceProcess` on data of its own (a fresh PostgreSQL database, or a PGlite data directory); `dispose` kills it and removes them. */
export async function serviceOnFreshData(env: Record<string, string> = {}, bunFlags: string[] = []) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-service-'));
  const database = backend === 'postgres' ? await freshDatabase() : undefined;
  const service = serviceProcess({ dataDir, database, env, bunFlags });
  return Object.assign(service, {
    async dispose(): Promise<void> {
      await service.kill();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
