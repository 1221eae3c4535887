import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { decodeJwt, SignJWT } from 'jose';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLOCK_SKEW_SECONDS, MAX_SESSION_SECONDS, SESSION_SECONDS } from '../../../plugins/identity/tokens';
import { startTestApp, type TestApp } from '../../support/app';
import { createApiKey, createCompany, type TestCompany } from '../../support/factories';

let app: TestApp;
let owner: TestCompany;

beforeAll(async () => {
  app = await startTestApp();
  owner = await createCompany(app);
});
afterAll(async () => app?.close());

const jwtSecret = () => new TextEncoder().encode(readFileSync(join(app.config.dataDir, 'secrets', 'jwt.key'), 'utf8').trim());
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the service's own key, so only the claims under test differ from a real one. */
async function signed(claims: { iat: number; exp: number; sid?: string; auth_time?: number }) {
  const { sid, auth_time } = claims;
  return new SignJWT({ tid: owner.tenantId, sv: 1, ...(sid ? { sid } : {}), ...(auth_time !== undefined ? { auth_time } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(owner.userId)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .setJti(crypto.randomUUID())
    .sign(jwtSecret());
}

const login = async () => {
  const res = await app.post('/api/v1/auth/login', { email: owner.email, password: owner.password });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
};

describe('token age', () => {
  test('a token issued 2 minutes in the future is 401; within the minute of clock skew it is accepted', async () => {
    const future = await signed({ iat: now() + 120, exp: now() + 3600 });
    const res = await app.get('/api/v1/auth/me', future);
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('Invalid session token');
    const skewed = await signed({ iat: now() + CLOCK_SKEW_SECONDS - 20, exp: now() + 3600 });
    expect((await app.get('/api/v1/auth/me', skewed)).status).toBe(200);
  });

  test('a token older than the maximum session lifetime is 401 even though its exp is later', async () => {
    const old = await signed({ iat: now() - MAX_SESSION_SECONDS - 60, exp: now() + 3600 });
    const res = await app.get('/api/v1/auth/me', old);
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('Session expired');
  });

  test('a fresh token of a session that began more than the maximum lifetime ago is 401', async () => {
    const token = await signed({ iat: now(), exp: now() + 3600, sid: crypto.randomUUID(), auth_time: now() - MAX_SESSION_SECONDS - 60 });
    expect((await app.get('/api/v1/auth/me', token)).status).toBe(401);
  });

  test('switching company keeps the session: same id, same start, and never an expiry past its end', async () => {
    const second = await app.post('/api/v1/auth/tenants', { name: 'Segunda SL', tax_id: 'A58818501' }, owner.token);
    expect(second.status).toBe(201);
    const startedAt = now() - MAX_SESSION_SECONDS + 1800; // 30 minutes of session left
    const sid = crypto.randomUUID();
    const late = await signed({ iat: now(), exp: now() + 3600, sid, auth_time: startedAt });
    const switched = await app.post('/api/v1/auth/switch-tenant', { tenant_id: second.body.tenant.id }, late);
    expect(switched.status).toBe(200);
    expect(switched.body.expires_in).toBeLessThanOrEqual(1800);
    expect(switched.body.expires_in).toBeGreaterThan(1700);
    const claims = decodeJwt(switched.body.access_token);
    expect(claims.sid).toBe(sid);
    expect(claims.auth_time).toBe(startedAt);
    expect(claims.exp! - startedAt).toBeLessThanOrEqual(MAX_SESSION_SECONDS);
  });

  test('a login starts a session of its own: the usual one-hour token with a new id', async () => {
    const res = await app.post('/api/v1/auth/login', { email: owner.email, password: owner.password });
    expect(res.body.expires_in).toBe(SESSION_SECONDS);
    const claims = decodeJwt(res.body.access_token);
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.auth_time).toBe(claims.iat);
  });
});

describe('POST /auth/logout', () => {
  test('ends the session at once, even with the principal cache warm; other sessions go on', async () => {
    const token = await login();
    const other = await login();
    // warm the cache: the principal of this token is remembered for a while
    expect((await app.get('/api/v1/auth/me', token)).status).toBe(200);
    expect((await app.get('/api/v1/contacts', token)).status).toBe(200);
    // a token the session was exchanged for dies with it
    const switched = await app.post('/api/v1/auth/switch-tenant', { tenant_id: owner.tenantId }, token);
    expect(switched.status).toBe(200);

    const out = await app.post('/api/v1/auth/logout', undefined, token);
    expect(out.status).toBe(204);

    for (const path of ['/api/v1/auth/me', '/api/v1/contacts']) {
      const res = await app.get(path, token);
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe('Session revoked');
    }
    expect((await app.get('/api/v1/auth/me', switched.body.access_token)).status).toBe(401);
    expect((await app.post('/api/v1/auth/logout', undefined, token)).status).toBe(401);
    expect((await app.get('/api/v1/auth/me', other)).status).toBe(200);
  });

  test('a token from before sessions had ids (no sid, no auth_time) works and can be logged out', async () => {
    const legacy = await signed({ iat: now(), exp: now() + 3600 });
    expect((await app.get('/api/v1/auth/me', legacy)).status).toBe(200);
    expect((await app.post('/api/v1/auth/logout', undefined, legacy)).status).toBe(204);
    expect((await app.get('/api/v1/auth/me', legacy)).status).toBe(401);
  });

  test('needs a session: no credential is 401, an API key is 403', async () => {
    expect((await app.post('/api/v1/auth/logout')).status).toBe(401);
    const { key } = await createApiKey(app, owner.token);
    expect((await app.post('/api/v1/auth/logout', undefined, key)).status).toBe(403);
    expect((await app.get('/api/v1/contacts', key)).status).toBe(200);
  });
});
