import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type CreateAppOptions, type CuadraApp } from '../../kernel/app';
import { loadConfig, type Config } from '../../kernel/config';
import { backend, freshDatabase, type Backend } from './database';
import { migratedPglite } from './embedded-template';
import { migratedPostgresDatabase } from './postgres-template';
import type { PGlite } from '@electric-sql/pglite';

export interface TestResponse<T = any> { status: number; body: T; headers: Headers; text: string }

export interface TestApp extends CuadraApp {
  config: Config;
  /** PostgreSQL: the test server's administrator (a superuser) on this app's database. */
  adminUrl?: string;
  /** PGlite: the app's embedded database (its one session), for raw SQL doors in tests. */
  pglite?: PGlite;
  request<T = any>(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string>; form?: FormData }): Promise<TestResponse<T>>;
  get<T = any>(path: string, token?: string, headers?: Record<string, string>): Promise<TestResponse<T>>;
  post<T = any>(path: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<TestResponse<T>>;
  patch<T = any>(path: string, body?: unknown, token?: string): Promise<TestResponse<T>>;
  del<T = any>(path: string, token?: string): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of the backend under test, with its own DATA_DIR. The database
 * starts migrated (a copy of a migrated template: embedded-template.ts, postgres-template.ts) unless
 * the test brings its own PGlite.
 */
export async function startTestApp(options: Omit<CreateAppOptions, 'config'> & { env?: Record<string, string>; backend?: Backend } = {}): Promise<TestApp> {
  // `backend` picks one other than the run's (a test moving data between the two)
  const kind = options.backend ?? backend;
  const database = kind === 'postgres' ? await migratedPostgresDatabase(options) : kind === backend ? await freshDatabase() : { url: 'memory://', drop: async () => {} };
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-test-'));
  const config = loadConfig({
    DATABASE_URL: database.url,
    ...(database.ownerUrl ? { DATABASE_OWNER_URL: database.ownerUrl } : {}),
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://api.cuadra.test',
    FRONTEND_URL: 'http://app.cuadra.test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    // Each test request comes from its own documentation-range address unless a test sets one,
    // so per-IP limits only bite where a test means them to.
    TRUST_PROXY: '1',
    ...options.env,
  });
  // On PGlite, unless the test brings its own, the app starts from a migrated copy (see embedded-template.ts).
  const ownPglite = kind === 'pglite' && !options.pglite ? await migratedPglite(options) : undefined;
  const pglite = options.pglite ?? ownPglite;
  const app = await createApp({ ...options, ...(pglite ? { pglite } : {}), config });
  const request: TestApp['request'] = async (method, path, { body, token, headers = {}, form } = {}) => {
    const init: RequestInit = { method, headers: { 'x-forwarded-for': randomIp(), ...headers } };
    if (token) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
    if (form) init.body = form;
    else if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await app.handle(new Request(`http://localhost${path}`, init));
    const text = await response.text();
    let parsed: any = text;
    try { parsed = text ? JSON.parse(text) : undefined; } catch {}
    return { status: response.status, body: parsed, headers: response.headers, text };
  };
  return {
    ...app,
    config,
    adminUrl: database.adminUrl,
    pglite,
    request,
    get: (path, token, headers) => request('GET', path, { token, headers }),
    post: (path, body, token, headers) => request('POST', path, { body, token, headers }),
    patch: (path, body, token) => request('PATCH', path, { body, token }),
    del: (path, token) => request('DELETE', path, { token }),
    async close() {
      await app.stop();
      await ownPglite?.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const randomIp = () => `198.51.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
