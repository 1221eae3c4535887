import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SignJWT } from 'jose';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../support/app';
import { createApiKey, createCompany, registerUser } from '../../support/factories';
import { linkIn, startSmtpServer } from '../../support/smtp';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Cuadra <no-reply@cuadra.test>' } });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const jwtSecret = () => new TextEncoder().encode(readFileSync(join(app.config.dataDir, 'secrets', 'jwt.key'), 'utf8').trim());

describe('register and verify email', () => {
  test('201 with a session, sends a verification link that verifies when followed', async () => {
    const email = `Nueva.${crypto.randomUUID().slice(0, 6)}@Example.com`;
    const res = await app.post('/api/v1/auth/register', { email, password: 'una clave muy larga', full_name: 'Nueva' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: email.toLowerCase(), email_verified: false, token_type: 'bearer', expires_in: 3600 });
    expect(res.body.user_id).toMatch(/^[0-9a-f-]{36}$/);
    const mail = await smtp.lastTo(email);
    expect(mail.subject).toContain('Confirma');
    const link = linkIn(mail.text);
    expect(link.startsWith('http://api.cuadra.test/api/v1/auth/verify-email?token=')).toBe(true);
    const follow = await app.get(new URL(link).pathname + new URL(link).search);
    expect(follow.status).toBe(302);
    expect(follow.headers.get('location')).toBe('http://app.cuadra.test/?email_verification=verified');
    const me = await app.get('/api/v1/auth/me', res.body.access_token);
    expect(me.body.user.email_verified).toBe(true);
    const again = await app.get(new URL(link).pathname + new URL(link).search);
    expect(again.headers.get('location')).toBe('http://app.cuadra.test/?email_verification=already_verified');
  });

  test('verify-email: bad token redirects with invalid, missing token is 422', async () => {
    const bad = await app.get('/api/v1/auth/verify-email?token=nope');
    expect(bad.status).toBe(302);
    expect(bad.headers.get('location')).toBe('http://app.cuadra.test/?email_verification=invalid');
    const missing = await app.get('/api/v1/auth/verify-email');
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0].loc).toEqual(['query', 'token']);
  });

  test('duplicate email (any case) is 409; bad email, short, long and common passwords are 422', async () => {
    const user = await registerUser(app);
    expect((await app.post('/api/v1/auth/register', { email: user.email.toUpperCase(), password: 'otra clave larga' })).status).toBe(409);
    const badEmail = await app.post('/api/v1/auth/register', { email: 'not-an-email', password: 'otra clave larga' });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.detail[0].loc).toEqual(['body', 'email']);
    const short = await app.post('/api/v1/auth/register', { email: 'short@example.com', password: 'corta' });
    expect(short.status).toBe(422);
    expect(short.body.detail[0]).toMatchObject({ loc: ['body', 'password'], type: 'value_error.password_length' });
    expect((await app.post('/api/v1/auth/register', { email: 'long@example.com', password: 'x'.repeat(257) })).status).toBe(422);
    const common = await app.post('/api/v1/auth/register', { email: 'common@example.com', password: 'password123' });
    expect(common.status).toBe(422);
    expect(common.body.detail[0].type).toBe('value_error.password_common');
    expect((await app.post('/api/v1/auth/register', { password: 'una clave muy larga' })).status).toBe(422);
    expect((await app.request('POST', '/api/v1/auth/register', { body: '{"email":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });

  test('resend verification sends a new link and the old one stops working', async () => {
    const user = await registerUser(app);
    const first = linkIn((await smtp.lastTo(user.email)).text);
    const count = smtp.inbox.length;
    expect((await app.post('/api/v1/auth/verify-email/resend', {}, user.token)).status).toBe(204);
    while (smtp.inbox.length === count) await Bun.sleep(20);
    const second = linkIn((await smtp.lastTo(user.email)).text);
    expect(second).not.toBe(first);
    const old = await app.get(new URL(first).pathname + new URL(first).search);
    expect(old.headers.get('location')).toContain('already_verified');
    const fresh = await app.get(new URL(second).pathname + new URL(second).search);
    expect(fresh.headers.get('location')).toContain('=verified');
    expect((await app.post('/api/v1/auth/verify-email/resend', { email: 'nobody@example.com' })).status).toBe(204);
    expect((await app.post('/api/v1/auth/verify-email/resend', {})).status).toBe(422);
  });
});

describe('login, me and sessions', () => {
  test('login works with any email case; wrong password and unknown email give the same 401', async () => {
    const user = await registerUser(app);
    const ok = await app.post('/api/v1/auth/login', { email: user.email.toUpperCase(), password: user.password });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, tenant_id: null });
    const wrong = await app.post('/api/v1/auth/login', { email: user.email, password: 'no es esta clave' });
    const unknown = await app.post('/api/v1/auth/login', { email: 'ghost@example.com', password: 'no es esta clave' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  });

  test('/auth/me answers the user, company and memberships; API keys get 403', async () => {
    const company = await createCompany(app, 'Mi Empresa SL');
    const me = await app.get('/api/v1/auth/me', company.token);
    expect(me.status).toBe(200);
    expect(me.body.tenant).toMatchObject({ id: company.tenantId, name: 'Mi Empresa SL', tax_id: 'B12345674', country: 'ES' });
    expect(me.body.memberships).toEqual([{ tenant_id: company.tenantId, tenant_name: 'Mi Empresa SL', role: 'owner' }]);
    expect(me.body.onboarding_required).toBe(false);
    const key = await createApiKey(app, company.token);
    expect((await app.get('/api/v1/auth/me', key.key)).status).toBe(403);
    expect((await app.get('/api/v1/auth/me')).status).toBe(401);
  });

  test('tampered, alg none, expired, wrong-key and revoked tokens are 401', async () => {
    const user = await registerUser(app);
    const [header, payload, signature] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: crypto.randomUUID() })).toString('base64url');
    expect((await app.get('/api/v1/auth/me', `${header}.${forged}.${signature}`)).status).toBe(401);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await app.get('/api/v1/auth/me', `${none}.${payload}.`)).status).toBe(401);
    const expired = await new SignJWT({ tid: null, sv: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.userId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600).setJti('x').sign(jwtSecret());
    const expiredRes = await app.get('/api/v1/auth/me', expired);
    expect(expiredRes.status).toBe(401);
    expect(expiredRes.body.detail).toBe('Session expired');
    const otherKey = await new SignJWT({ tid: null, sv: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.userId)
      .setIssuedAt().setExpirationTime('1h').setJti('y').sign(new TextEncoder().encode('not-the-secret-not-the-secret-123'));
    expect((await app.get('/api/v1/auth/me', otherKey)).status).toBe(401);
    const valid = await new SignJWT({ tid: null, sv: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.userId)
      .setIssuedAt().setExpirationTime('1h').setJti('z').sign(jwtSecret());
    expect((await app.get('/api/v1/auth/me', valid)).status).toBe(200);
    expect((await app.get('/api/v1/auth/me', 'garbage')).status).toBe(401);
  });

  test('change-password answers 204, revokes earlier sessions at once and returns a new one in X-Access-Token', async () => {
    const user = await registerUser(app);
    const second = (await app.post('/api/v1/auth/login', { email: user.email, password: user.password })).body.access_token;
    const wrong = await app.post('/api/v1/auth/change-password', { current_password: 'equivocada clave', new_password: 'nueva clave larga' }, user.token);
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail[0].loc).toEqual(['body', 'current_password']);
    const weak = await app.post('/api/v1/auth/change-password', { current_password: user.password, new_password: 'password123' }, user.token);
    expect(weak.status).toBe(422);
    const changed = await app.post('/api/v1/auth/change-password', { current_password: user.password, new_password: 'nueva clave larga' }, user.token);
    expect(changed.status).toBe(204);
    expect(changed.text).toBe('');
    expect((await app.get('/api/v1/auth/me', user.token)).status).toBe(401);
    expect((await app.get('/api/v1/auth/me', second)).status).toBe(401);
    expect((await app.get('/api/v1/auth/me', changed.headers.get('x-access-token') ?? '')).status).toBe(200);
    expect((await app.post('/api/v1/auth/login', { email: user.email, password: user.password })).status).toBe(401);
    expect((await app.post('/api/v1/auth/login', { email: user.email, password: 'nueva clave larga' })).status).toBe(200);
  });
  // the lockout policy is tested clause by clause in lockout.test.ts
});

describe('password reset', () => {
  test('forgot-password is 204 either way; the emailed single-use link resets the password and revokes sessions', async () => {
    const user = await registerUser(app);
    expect((await app.post('/api/v1/auth/forgot-password', { email: 'ghost@example.com' })).status).toBe(204);
    expect((await app.post('/api/v1/auth/forgot-password', { email: user.email })).status).toBe(204);
    await app.kernel.outbox.idle(); // the link is mailed after the answer, from the outbox
    const mail = await smtp.lastTo(user.email);
    expect(mail.subject).toContain('Restablece');
    const link = new URL(linkIn(mail.text));
    expect(link.origin + link.pathname).toBe('http://app.cuadra.test/reset-password');
    const token = link.searchParams.get('token')!;
    expect((await app.post('/api/v1/auth/reset-password', { token, new_password: 'password123' })).status).toBe(422);
    expect((await app.post('/api/v1/auth/reset-password', { token, new_password: 'clave restablecida' })).status).toBe(204);
    expect((await app.get('/api/v1/auth/me', user.token)).status).toBe(401);
    expect((await app.post('/api/v1/auth/login', { email: user.email, password: 'clave restablecida' })).status).toBe(200);
    const reused = await app.post('/api/v1/auth/reset-password', { token, new_password: 'otra clave distinta' });
    expect(reused.status).toBe(400);
    expect((await app.post('/api/v1/auth/reset-password', { token: 'nope', new_password: 'otra clave distinta' })).status).toBe(400);
  });
});

describe('companies and API keys', () => {
  test('onboarding validates the NIF/CIF, refuses a second onboarding, and more companies come from /auth/tenants', async () => {
    const user = await registerUser(app);
    const bad = await app.post('/api/v1/auth/onboarding/complete', { name: 'Mala SL', tax_id: 'B12345675' }, user.token);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'tax_id']);
    expect((await app.get('/api/v1/tenants/me', user.token)).status).toBe(403);
    const done = await app.post('/api/v1/auth/onboarding/complete', { name: 'Buena SL', tax_id: 'ESB65410011', city: 'Sevilla' }, user.token);
    expect(done.status).toBe(200);
    expect(done.body.tenant).toMatchObject({ name: 'Buena SL', tax_id: 'B65410011', city: 'Sevilla', fiscal_year_start_month: 1 });
    expect((await app.post('/api/v1/auth/onboarding/complete', { name: 'Otra SL', tax_id: 'A58818501' }, done.body.access_token)).status).toBe(409);
    const second = await app.post('/api/v1/auth/tenants', { name: 'Segunda SL', tax_id: 'A58818501' }, done.body.access_token);
    expect(second.status).toBe(201);
    expect((await app.get('/api/v1/tenants/me', second.body.access_token)).body.name).toBe('Segunda SL');
    // X-Tenant-Id picks another company of the user; a foreign one is 403
    const viaHeader = await app.get('/api/v1/tenants/me', second.body.access_token, { 'x-tenant-id': done.body.tenant.id });
    expect(viaHeader.body.name).toBe('Buena SL');
    const stranger = await createCompany(app);
    expect((await app.get('/api/v1/tenants/me', second.body.access_token, { 'x-tenant-id': stranger.tenantId })).status).toBe(403);
    expect((await app.get('/api/v1/tenants/me', second.body.access_token, { 'x-tenant-id': 'not-a-uuid' })).status).toBe(403);
    const switched = await app.post('/api/v1/auth/switch-tenant', { tenant_id: done.body.tenant.id }, second.body.access_token);
    expect(switched.status).toBe(200);
    expect(switched.body.tenant_id).toBe(done.body.tenant.id);
    expect((await app.post('/api/v1/auth/switch-tenant', { tenant_id: stranger.tenantId }, second.body.access_token)).status).toBe(403);
  });

  test('API keys: agl_ + 256 bits, hash only stored, shown once, last_used_at, role cap, deletion is immediate', async () => {
    const company = await createCompany(app);
    const created = await app.post('/api/v1/auth/api-keys', { name: 'Robot contable', role: 'accountant' }, company.token);
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^agl_[A-Za-z0-9_-]{43}$/);
    expect(created.body.prefix).toBe(created.body.key.slice(0, 12));
    const tenant = await app.get('/api/v1/tenants/me', created.body.key);
    expect(tenant.status).toBe(200);
    expect(tenant.body.id).toBe(company.tenantId);
    const list = await app.get('/api/v1/auth/api-keys', company.token);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty('key');
    expect(list.body[0].last_used_at).not.toBeNull();
    const stored = await app.kernel.db.system<{ n: number }>('select count(*)::int as n from cuadra_api_key_principal(?)', [created.body.key]);
    expect(stored[0].n).toBe(0); // the raw key is not what is stored
    // another tenant's id in X-Tenant-Id is refused for a key
    const other = await createCompany(app);
    expect((await app.get('/api/v1/tenants/me', created.body.key, { 'x-tenant-id': other.tenantId })).status).toBe(403);
    // an accountant key cannot mint keys from a session only route... keys are minted by sessions
    expect((await app.post('/api/v1/auth/api-keys', { name: 'child' }, created.body.key)).status).toBe(403);
    // a member cannot mint an admin key
    const memberKeyRes = await app.post('/api/v1/auth/api-keys', { name: 'm', role: 'member' }, company.token);
    expect(memberKeyRes.status).toBe(201);
    expect((await app.post('/api/v1/auth/api-keys', { name: 'bad', role: 'superuser' }, company.token)).status).toBe(422);
    expect((await app.post('/api/v1/auth/api-keys', { name: 'past', expires_at: '2020-01-01T00:00:00Z' }, company.token)).status).toBe(422);
    // deletion: 204, then the key fails at once; deleting again or another tenant's key is 404
    expect((await app.del(`/api/v1/auth/api-keys/${created.body.key_id}`, company.token)).status).toBe(204);
    expect((await app.get('/api/v1/tenants/me', created.body.key)).status).toBe(401);
    expect((await app.del(`/api/v1/auth/api-keys/${created.body.key_id}`, company.token)).status).toBe(404);
    expect((await app.del(`/api/v1/auth/api-keys/${memberKeyRes.body.key_id}`, other.token)).status).toBe(404);
    expect((await app.get('/api/v1/tenants/me', memberKeyRes.body.key)).status).toBe(200);
    expect((await app.get('/api/v1/tenants/me', 'agl_' + 'x'.repeat(43))).status).toBe(401);
  });

  test('an expired API key is 401', async () => {
    const company = await createCompany(app);
    const soon = new Date(Date.now() + 1500).toISOString();
    const created = await app.post('/api/v1/auth/api-keys', { name: 'short-lived', expires_at: soon }, company.token);
    expect(created.status).toBe(201);
    expect((await app.get('/api/v1/tenants/me', created.body.key)).status).toBe(200);
    await Bun.sleep(1600);
    expect((await app.get('/api/v1/tenants/me', created.body.key)).status).toBe(401);
  });
});
