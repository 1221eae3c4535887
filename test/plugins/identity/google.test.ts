import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SignJWT } from 'jose';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, registerUser } from '../../support/factories';
import { startGoogleIdp, startTestAppWithGoogle, type GoogleIdp } from '../../support/google';
import { enableMfa, totpCode } from '../../support/totp';

let idp: GoogleIdp;
let app: TestApp;
beforeAll(async () => {
  idp = await startGoogleIdp();
  app = await startTestAppWithGoogle(idp);
});
afterAll(async () => {
  await app.close();
  idp.stop();
});

const google = (id_token: string, mfa_code?: string) => app.post('/api/v1/auth/google', { id_token, ...(mfa_code ? { mfa_code } : {}) });
const sql = <T = any>(statement: string, params: unknown[] = []) => app.kernel.db.orm.em.fork().getConnection().execute<T[]>(statement, params);
const newEmail = () => `google-${crypto.randomUUID().slice(0, 8)}@gmail.com`;
const newSub = () => String(100000000000000000000n + BigInt(Math.floor(Math.random() * 1e15)));

describe('Google sign-in: resolving the account', () => {
  test('(c) no match: a new verified account without a usable password, sent to onboarding', async () => {
    const email = newEmail();
    const res = await google(await idp.sign({ sub: newSub(), email, email_verified: true, name: 'Lucía Google' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, tenant_id: null });
    const me = await app.get('/api/v1/auth/me', res.body.access_token);
    expect(me.body.user).toMatchObject({ email, email_verified: true, full_name: 'Lucía Google', mfa_enabled: false });
    expect(me.body.onboarding_required).toBe(true);
    const [row] = await sql<{ password_set: boolean; password_hash: string }>('select password_set, password_hash from users where email = ?', [email]);
    expect(row.password_set).toBe(false);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect((await app.post('/api/v1/auth/onboarding/complete', { name: 'Google SL', tax_id: 'B12345674' }, res.body.access_token)).status).toBe(200);
  });

  test('(a) a linked subject signs in the same account, whatever email the token now carries', async () => {
    const sub = newSub();
    const first = await google(await idp.sign({ sub, email: newEmail(), email_verified: true }));
    const userId = (await app.get('/api/v1/auth/me', first.body.access_token)).body.user.id;
    const again = await google(await idp.sign({ sub, email: newEmail(), email_verified: true }));
    expect(again.status).toBe(200);
    expect((await app.get('/api/v1/auth/me', again.body.access_token)).body.user.id).toBe(userId);
    expect(await sql('select 1 from user_identities where subject = ?', [sub])).toHaveLength(1);
  });

  test('(b) verified email of an existing password account: linked silently, lands in their company, the password keeps working', async () => {
    const company = await createCompany(app);
    await sql('update users set email_verified_at = now() where id = ?', [company.userId]); // as if the emailed link had been followed
    const sub = newSub();
    const res = await google(await idp.sign({ sub, email: company.email.toUpperCase(), email_verified: true }));
    expect(res.status).toBe(200);
    expect(res.body.tenant_id).toBe(company.tenantId);
    expect((await app.get('/api/v1/auth/me', res.body.access_token)).body.user.id).toBe(company.userId);
    expect((await sql('select user_id from user_identities where subject = ?', [sub]))[0].user_id).toBe(company.userId);
    expect((await app.post('/api/v1/auth/login', { email: company.email, password: company.password })).status).toBe(200);
  });

  test('(b) unverified email of an existing account: 409 telling to log in with the password first; nothing is linked', async () => {
    const user = await registerUser(app);
    const sub = newSub();
    const res = await google(await idp.sign({ sub, email: user.email, email_verified: false }));
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/log in with your email and password first/);
    expect(await sql('select 1 from user_identities where subject = ?', [sub])).toHaveLength(0);
    expect((await app.get('/api/v1/auth/me', user.token)).status).toBe(200);
  });

  test('(b) against a pre-registered account whose email was never verified: linking disables its password and revokes its sessions', async () => {
    const squatter = await registerUser(app); // registered by someone who never proved the mailbox
    const res = await google(await idp.sign({ sub: newSub(), email: squatter.email, email_verified: true }));
    expect(res.status).toBe(200);
    expect((await app.get('/api/v1/auth/me', squatter.token)).status).toBe(401);
    expect((await app.post('/api/v1/auth/login', { email: squatter.email, password: squatter.password })).status).toBe(401);
    expect((await app.get('/api/v1/auth/me', res.body.access_token)).body.user.email_verified).toBe(true);
  });

  test('MFA still applies: without a code 401 "MFA code required", with one 200', async () => {
    const sub = newSub();
    const first = await google(await idp.sign({ sub, email: newEmail(), email_verified: true }));
    const { secret } = await enableMfa(app, first.body.access_token);
    const token = await idp.sign({ sub, email: newEmail(), email_verified: true });
    const missing = await google(token);
    expect(missing.status).toBe(401);
    expect(missing.body.detail).toBe('MFA code required');
    expect((await google(token, '000000' === totpCode(secret, 1) ? '000001' : '000000')).body.detail).toBe('Invalid MFA code');
    expect((await google(token, totpCode(secret, 1))).status).toBe(200);
  });

  test('a password-less account turns MFA off with a code (it has no password to give)', async () => {
    const first = await google(await idp.sign({ sub: newSub(), email: newEmail(), email_verified: true }));
    const { recoveryCodes } = await enableMfa(app, first.body.access_token);
    expect((await app.post('/api/v1/auth/mfa/disable', { password: 'cualquier clave' }, first.body.access_token)).status).toBe(422);
    const off = await app.post('/api/v1/auth/mfa/disable', { code: recoveryCodes[0] }, first.body.access_token);
    expect(off.status).toBe(204);
    expect((await app.get('/api/v1/auth/mfa/status', first.body.access_token)).body.enabled).toBe(false);
  });
});

describe('Google sign-in: token verification', () => {
  test('a bad signature is 401', async () => {
    const res = await google(await idp.forge({ email: newEmail(), email_verified: true }));
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('Invalid Google ID token');
  });

  test('another client id (audience) is 401', async () => {
    expect((await google(await idp.sign({ email: newEmail(), email_verified: true, aud: 'someone-else.apps.googleusercontent.com' }))).status).toBe(401);
  });

  test('an expired token is 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await google(await idp.sign({ email: newEmail(), email_verified: true, iat: now - 7200, exp: now - 3600 }));
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('The Google ID token has expired');
  });

  test('a foreign issuer, an HS256 token, garbage and an empty token are refused', async () => {
    expect((await google(await idp.sign({ email: newEmail(), iss: 'https://evil.example.com' }))).status).toBe(401);
    const hs = await new SignJWT({ email: newEmail(), email_verified: true }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setAudience(idp.clientId)
      .setIssuer(idp.issuer).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode('a shared secret that is long enough'));
    expect((await google(hs)).status).toBe(401);
    expect((await google('not.a.jwt')).status).toBe(401);
    expect((await app.post('/api/v1/auth/google', { id_token: '' })).status).toBe(422);
    expect((await app.post('/api/v1/auth/google', {})).status).toBe(422);
  });

  test('a key published later (unknown kid) is fetched again from the JWKS', async () => {
    expect((await google(await idp.sign({ email: newEmail(), email_verified: true }))).status).toBe(200);
    const before = idp.fetches;
    const kid = await idp.addKey();
    await Bun.sleep(1100); // jose refetches at most once per cooldown (1 s)
    const res = await google(await idp.sign({ email: newEmail(), email_verified: true }, kid));
    expect(res.status).toBe(200);
    expect(idp.fetches).toBeGreaterThan(before);
  });
});

describe('Google sign-in not configured', () => {
  test('answers 503 without GOOGLE_CLIENT_ID', async () => {
    const plain = await startTestApp();
    try {
      const res = await plain.post('/api/v1/auth/google', { id_token: await idp.sign({ email: newEmail() }) });
      expect(res.status).toBe(503);
    } finally {
      await plain.close();
    }
  });
});

describe('OpenAPI', () => {
  test('the named schemas are components, and operations reference them', async () => {
    const spec = (await app.get('/openapi.json')).body;
    for (const name of ['IdentityProviderLoginRequest', 'LoginResponse']) expect([name, spec.components.schemas[name] !== undefined]).toEqual([name, true]);
    expect(spec.paths['/api/v1/auth/google'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/IdentityProviderLoginRequest');
    expect(spec.paths['/api/v1/auth/google'].post.security).toEqual([]);
  });
});
