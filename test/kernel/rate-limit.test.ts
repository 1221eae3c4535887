import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { RedisCounterStore } from '../../lib/redis-counters';
import { startTestApp, type TestApp } from '../support/app';
import { createApiKey, createCompany } from '../support/factories';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app.close());

describe('rate limits', () => {
  test('every response announces the policy and what is left', async () => {
    const company = await createCompany(app);
    const key = await createApiKey(app, company.token);
    const first = await app.get('/api/v1/tenants/me', key.key);
    expect(first.headers.get('ratelimit-policy')).toBe('"api-key";q=1200;w=60');
    const remaining = (r: typeof first) => Number(/r=(\d+)/.exec(r.headers.get('ratelimit')!)![1]);
    const second = await app.get('/api/v1/tenants/me', key.key);
    expect(remaining(second)).toBe(remaining(first) - 1);
    expect((await app.get('/api/v1/tenants/me', company.token)).headers.get('ratelimit-policy')).toBe('"user";q=600;w=60');
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a spent window answers 429 with Retry-After (forgot-password: 5 per minute per IP)', async () => {
    const ip = { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` };
    for (let i = 0; i < 5; i++) {
      const ok = await app.post('/api/v1/auth/forgot-password', { email: `x${i}@example.com` }, undefined, ip);
      expect(ok.status).toBe(204);
      expect(ok.headers.get('ratelimit-policy')).toContain('"password-reset";q=5;w=60');
    }
    const limited = await app.post('/api/v1/auth/forgot-password', { email: 'y@example.com' }, undefined, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit')).toContain('r=0');
    expect(limited.body.detail).toContain('Rate limit');
  });

  test('limits hold across two instances sharing Redis', async () => {
    const redisUrl = 'redis://127.0.0.1:6379';
    const other = await startTestApp({ env: { REDIS_URL: redisUrl } });
    const third = await startTestApp({ env: { REDIS_URL: redisUrl } });
    try {
      expect(other.kernel.counters).toBeInstanceOf(RedisCounterStore);
      const ip = { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250)}` };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const target = i % 2 ? other : third;
        statuses.push((await target.post('/api/v1/auth/forgot-password', { email: `r${i}@example.com` }, undefined, ip)).status);
      }
      expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
    } finally {
      await other.close();
      await third.close();
    }
  });
});
