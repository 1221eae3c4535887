import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app';

const ALLOWED = 'https://app.example.com';
const preflight = (app: TestApp, origin: string, path = '/api/v1/contacts') =>
  app.handle(new Request(`http://localhost${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  }));

describe('CORS with CORS_ORIGINS set', () => {
  let app: TestApp;
  beforeAll(async () => { app = await startTestApp({ env: { CORS_ORIGINS: `${ALLOWED}/, https://admin.example.com` } }); });
  afterAll(async () => { await app?.close(); });

  test('a preflight from an allowed origin is answered 204 with the CORS headers, before auth', async () => {
    const res = await preflight(app, ALLOWED);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-methods')).toContain('DELETE');
    const allowedHeaders = res.headers.get('access-control-allow-headers')!.split(',').map((h) => h.trim());
    expect(allowedHeaders).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));
    expect(res.headers.get('vary')).toContain('Origin');
    expect(await res.text()).toBe('');
  });

  test('the second configured origin is allowed too', async () => {
    expect((await preflight(app, 'https://admin.example.com')).headers.get('access-control-allow-origin')).toBe('https://admin.example.com');
  });

  test('a preflight from another origin gets no CORS header', async () => {
    for (const origin of ['https://evil.example.com', 'https://app.example.com.evil.net', 'http://app.example.com']) {
      const res = await preflight(app, origin);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-methods')).toBeNull();
    }
  });

  test('actual responses to an allowed origin carry the origin and expose x-request-id; others do not', async () => {
    const ok = await app.get('/health', undefined, { origin: ALLOWED });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(ok.headers.get('access-control-expose-headers')).toContain('x-request-id');
    // a browser front end reads the new session token after a password change, and replays after a retry
    expect(ok.headers.get('access-control-expose-headers')).toContain('x-access-token');
    expect(ok.headers.get('access-control-expose-headers')).toContain('idempotent-replayed');
    const unauthorized = await app.get('/api/v1/contacts', undefined, { origin: ALLOWED });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const other = await app.get('/health', undefined, { origin: 'https://evil.example.com' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('vary')).toContain('Origin');
  });
});

describe('CORS by default', () => {
  let app: TestApp;
  beforeAll(async () => { app = await startTestApp(); });
  afterAll(async () => { await app?.close(); });

  test('no origin is allowed: no CORS header on preflights or responses', async () => {
    const res = await preflight(app, ALLOWED);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const ok = await app.get('/health', undefined, { origin: ALLOWED });
    expect(ok.headers.get('access-control-allow-origin')).toBeNull();
  });
});
