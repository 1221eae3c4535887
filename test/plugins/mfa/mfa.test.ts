import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SecretBox } from '../../../plugins/mfa/crypto';
import { startTestApp, type TestApp } from '../../support/app';
import { createApiKey, createCompany, registerUser, type TestUser } from '../../support/factories';
import { awaitStepMargin, enableMfa, totpCode } from '../../support/totp';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app.close());

const sql = <T = any>(statement: string, params: unknown[] = []) => app.kernel.db.orm.em.fork().getConnection().execute<T[]>(statement, params);
const login = (user: TestUser, mfa_code?: string) => app.post('/api/v1/auth/login', { email: user.email, password: user.password, ...(mfa_code !== undefined ? { mfa_code } : {}) });
const status = async (token: string) => (await app.get('/api/v1/auth/mfa/status', token)).body;

describe('MFA lifecycle (one test per row)', () => {
  test('1. a new account has MFA off: status enabled=false, pending=false, 0 recovery codes; /auth/me says mfa_enabled=false', async () => {
    const user = await registerUser(app);
    const res = await app.get('/api/v1/auth/mfa/status', user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: false, pending: false, recovery_codes_remaining: 0 });
    expect((await app.get('/api/v1/auth/me', user.token)).body.user.mfa_enabled).toBe(false);
  });

  test('2. setup stores a pending secret and returns it with an otpauth://totp/ URI (issuer Cuadra); MFA is not enabled yet', async () => {
    const user = await registerUser(app);
    const setup = await app.post('/api/v1/auth/mfa/setup', undefined, user.token);
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.body.provisioning_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(setup.body.provisioning_uri.startsWith('otpauth://totp/')).toBe(true);
    expect(uri.searchParams.get('issuer')).toBe('Cuadra');
    expect(uri.searchParams.get('secret')).toBe(setup.body.secret);
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    expect(await status(user.token)).toEqual({ enabled: false, pending: true, recovery_codes_remaining: 0 });
    expect((await login(user)).status).toBe(200); // still no second factor required
  });

  test('3. a second setup rotates the pending secret: the first secret no longer activates', async () => {
    const user = await registerUser(app);
    await awaitStepMargin();
    const first = (await app.post('/api/v1/auth/mfa/setup', undefined, user.token)).body.secret;
    const second = (await app.post('/api/v1/auth/mfa/setup', undefined, user.token)).body.secret;
    expect(second).not.toBe(first);
    const stale = await app.post('/api/v1/auth/mfa/activate', { code: totpCode(first) }, user.token);
    expect(stale.status).toBe(422);
    expect(stale.body.detail[0].loc).toEqual(['body', 'code']);
    expect((await app.post('/api/v1/auth/mfa/activate', { code: totpCode(second) }, user.token)).status).toBe(200);
  });

  test('4. activate: a wrong code is 422 and enables nothing; a valid code enables MFA and returns 10 recovery codes once, stored only as argon2id hashes', async () => {
    const user = await registerUser(app);
    expect((await app.post('/api/v1/auth/mfa/activate', { code: '123456' }, user.token)).status).toBe(409); // nothing pending
    await awaitStepMargin();
    const { secret } = (await app.post('/api/v1/auth/mfa/setup', undefined, user.token)).body;
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    expect((await app.post('/api/v1/auth/mfa/activate', { code: wrong }, user.token)).status).toBe(422);
    expect((await status(user.token)).enabled).toBe(false);
    const res = await app.post('/api/v1/auth/mfa/activate', { code: totpCode(secret) }, user.token);
    expect(res.status).toBe(200);
    expect(res.body.enabled).toBe(true);
    expect(res.body.recovery_codes).toHaveLength(10);
    expect(new Set(res.body.recovery_codes).size).toBe(10);
    for (const code of res.body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status(user.token)).toEqual({ enabled: true, pending: false, recovery_codes_remaining: 10 });
    expect((await app.get('/api/v1/auth/me', user.token)).body.user.mfa_enabled).toBe(true);
    const hashes = await sql<{ code_hash: string }>('select code_hash from mfa_recovery_codes where user_id = ?', [user.userId]);
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      expect(code_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$/);
      for (const code of res.body.recovery_codes) expect(code_hash).not.toContain(code.replace('-', ''));
    }
    // activating again is a conflict; the codes are never shown again
    expect((await app.post('/api/v1/auth/mfa/activate', { code: totpCode(secret, 1) }, user.token)).status).toBe(409);
    expect(JSON.stringify(await status(user.token))).not.toContain(res.body.recovery_codes[0]);
  });

  test('5. setup is refused with 409 while MFA is enabled', async () => {
    const user = await registerUser(app);
    await enableMfa(app, user.token);
    const res = await app.post('/api/v1/auth/mfa/setup', undefined, user.token);
    expect(res.status).toBe(409);
    expect((await status(user.token)).pending).toBe(false);
  });

  test('6. login with MFA on: no code → 401 "MFA code required", wrong code → 401 "Invalid MFA code", a valid code → 200', async () => {
    const user = await registerUser(app);
    const { secret } = await enableMfa(app, user.token);
    const missing = await login(user);
    expect(missing.status).toBe(401);
    expect(missing.body.detail).toBe('MFA code required');
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    expect((await login(user, '')).body.detail).toBe('MFA code required');
    const wrong = await login(user, totpCode(secret, 1) === '999999' ? '999998' : '999999');
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe('Invalid MFA code');
    expect((await login(user, 'not-a-code')).body.detail).toBe('Invalid MFA code');
    // the wrong password still answers the password error, whatever the code
    expect((await app.post('/api/v1/auth/login', { email: user.email, password: 'no es esta clave', mfa_code: totpCode(secret, 1) })).body.detail).toBe('Incorrect email or password');
    const ok = await login(user, totpCode(secret, 1)); // activation consumed the current step
    expect(ok.status).toBe(200);
    expect((await app.get('/api/v1/auth/me', ok.body.access_token)).status).toBe(200);
  });

  test('7. TOTP codes are accepted within ±1 time step and refused two steps away', async () => {
    const user = await registerUser(app);
    await awaitStepMargin();
    const { secret } = (await app.post('/api/v1/auth/mfa/setup', undefined, user.token)).body;
    // activation with the previous step's code proves the -1 window and leaves the current step unused
    expect((await app.post('/api/v1/auth/mfa/activate', { code: totpCode(secret, -1) }, user.token)).status).toBe(200);
    await awaitStepMargin();
    const twoBack = await login(user, totpCode(secret, -2));
    expect(twoBack.status).toBe(401);
    const twoAhead = await login(user, totpCode(secret, 2));
    expect(twoAhead.status).toBe(401);
    expect((await login(user, totpCode(secret, 0))).status).toBe(200);
    expect((await login(user, totpCode(secret, 1))).status).toBe(200);
  });

  test('8. an accepted code is never accepted again (replay), nor an older step after a newer one', async () => {
    const user = await registerUser(app);
    const { secret } = await enableMfa(app, user.token);
    const code = totpCode(secret, 1);
    expect((await login(user, code)).status).toBe(200);
    const replay = await login(user, code);
    expect(replay.status).toBe(401);
    expect(replay.body.detail).toBe('Invalid MFA code');
    // the code of the step activation consumed is refused too
    expect((await login(user, totpCode(secret, 0))).status).toBe(401);
    // concurrent submissions of one fresh code: exactly one succeeds
    const other = await registerUser(app);
    const otherSecret = (await enableMfa(app, other.token)).secret;
    const fresh = totpCode(otherSecret, 1);
    const results = await Promise.all(Array.from({ length: 5 }, () => login(other, fresh)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  test('9. a recovery code signs in once; the count of remaining codes drops', async () => {
    const user = await registerUser(app);
    const { recoveryCodes } = await enableMfa(app, user.token);
    const first = await login(user, recoveryCodes[3].toUpperCase().replace('-', ' '));
    expect(first.status).toBe(200);
    expect((await status(first.body.access_token)).recovery_codes_remaining).toBe(9);
    const again = await login(user, recoveryCodes[3]);
    expect(again.status).toBe(401);
    expect(again.body.detail).toBe('Invalid MFA code');
    expect((await login(user, recoveryCodes[4])).status).toBe(200);
    expect((await status(user.token)).recovery_codes_remaining).toBe(8);
    expect((await login(user, 'abcde-fghij')).status).toBe(401);
  });

  test('10. five failed MFA attempts in a row lock the account\'s MFA with 429 and Retry-After, even for a valid code (the escalation: backoff.test.ts)', async () => {
    const user = await registerUser(app);
    const { secret } = await enableMfa(app, user.token);
    const valid = totpCode(secret, 1);
    const wrong = valid === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await login(user, wrong)).status).toBe(401);
    const locked = await login(user, valid);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // the lock is per account: another account with MFA still signs in
    const other = await registerUser(app);
    const otherSecret = (await enableMfa(app, other.token)).secret;
    expect((await login(other, totpCode(otherSecret, 1))).status).toBe(200);
  });

  test('11. disable with the password clears the secret and the codes; a wrong password is 422 and changes nothing', async () => {
    const user = await registerUser(app);
    await enableMfa(app, user.token);
    expect((await app.post('/api/v1/auth/mfa/disable', {}, user.token)).status).toBe(422);
    const wrong = await app.post('/api/v1/auth/mfa/disable', { password: 'no es la clave' }, user.token);
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail[0].loc).toEqual(['body', 'password']);
    expect((await status(user.token)).enabled).toBe(true);
    const res = await app.post('/api/v1/auth/mfa/disable', { password: user.password }, user.token);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await app.get('/api/v1/auth/mfa/status', user.token)).body).toEqual({ enabled: false, pending: false, recovery_codes_remaining: 0 });
    expect(await sql('select 1 from mfa_credentials where user_id = ?', [user.userId])).toHaveLength(0);
    expect(await sql('select 1 from mfa_recovery_codes where user_id = ?', [user.userId])).toHaveLength(0);
    expect((await login(user)).status).toBe(200);
    expect((await app.post('/api/v1/auth/mfa/disable', { password: user.password }, user.token)).status).toBe(409);
  });

  test('12. disable with a current TOTP code or with a recovery code (no password needed)', async () => {
    const user = await registerUser(app);
    const { secret } = await enableMfa(app, user.token);
    const badCode = await app.post('/api/v1/auth/mfa/disable', { code: totpCode(secret, 0) }, user.token); // consumed by activation
    expect(badCode.status).toBe(422);
    expect(badCode.body.detail[0].loc).toEqual(['body', 'code']);
    expect((await app.post('/api/v1/auth/mfa/disable', { code: totpCode(secret, 1) }, user.token)).status).toBe(204);
    expect((await status(user.token)).enabled).toBe(false);

    const other = await registerUser(app);
    const { recoveryCodes } = await enableMfa(app, other.token);
    expect((await app.post('/api/v1/auth/mfa/disable', { code: recoveryCodes[0] }, other.token)).status).toBe(204);
    expect((await login(other)).status).toBe(200);
  });

  test('13. MFA routes need a user session: no token is 401, an API key is 403; bad bodies are 422', async () => {
    const company = await createCompany(app);
    const key = await createApiKey(app, company.token, 'owner');
    expect((await app.get('/api/v1/auth/mfa/status')).status).toBe(401);
    expect((await app.get('/api/v1/auth/mfa/status', key.key)).status).toBe(403);
    expect((await app.post('/api/v1/auth/mfa/setup', undefined, key.key)).status).toBe(403);
    expect((await app.post('/api/v1/auth/mfa/activate', {}, company.token)).status).toBe(422);
    expect((await app.post('/api/v1/auth/mfa/activate', { code: 'x'.repeat(100) }, company.token)).status).toBe(422);
  });

  test('14. the TOTP secret is stored encrypted (AES-256-GCM) with the key generated under DATA_DIR, bound to its user', async () => {
    const user = await registerUser(app);
    const { secret } = await enableMfa(app, user.token);
    const [row] = await sql<{ secret_sealed: string }>('select secret_sealed from mfa_credentials where user_id = ?', [user.userId]);
    expect(row.secret_sealed).not.toContain(secret);
    const box = new SecretBox(readFileSync(join(app.config.dataDir, 'secrets', 'mfa.key'), 'utf8').trim());
    expect(box.open(row.secret_sealed, user.userId)).toBe(secret);
    expect(() => box.open(row.secret_sealed, crypto.randomUUID())).toThrow();
  });
});

describe('MFA_ENCRYPTION_KEY from the environment', () => {
  test('the secret is sealed with the configured key, and the same key opens it', async () => {
    const key = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
    const other = await startTestApp({ env: { MFA_ENCRYPTION_KEY: key } });
    try {
      const user = await registerUser(other);
      const { secret } = await enableMfa(other, user.token);
      const [row] = await other.kernel.db.orm.em.fork().getConnection().execute<{ secret_sealed: string }[]>('select secret_sealed from mfa_credentials where user_id = ?', [user.userId]);
      expect(new SecretBox(key).open(row.secret_sealed, user.userId)).toBe(secret);
      expect(() => new SecretBox('another key entirely').open(row.secret_sealed, user.userId)).toThrow();
      expect((await other.post('/api/v1/auth/login', { email: user.email, password: user.password, mfa_code: totpCode(secret, 1) })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('OpenAPI', () => {
  test('the named schemas are components, and operations reference them', async () => {
    const spec = (await app.get('/openapi.json')).body;
    for (const name of ['MfaStatusResponse', 'MfaSetupResponse', 'MfaActivateRequest', 'MfaActivateResponse', 'MfaDisableRequest']) expect([name, spec.components.schemas[name] !== undefined]).toEqual([name, true]);
    expect(spec.paths['/api/v1/auth/mfa/activate'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/MfaActivateRequest');
    expect(spec.paths['/api/v1/auth/mfa/status'].get.security).toEqual([{ bearer: [] }]);
  });
});
