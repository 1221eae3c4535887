/**
 * Failed MFA codes make the account wait longer and longer (5 free, then 1 minute doubling up to a
 * day) and email the account holder when the waits start. Time is moved through the counter
 * store's clock, never waited for; the mail goes through a real SMTP server.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { TooManyRequests } from '../../../kernel/errors';
import { MemoryCounterStore } from '../../../lib/throttle';
import { MFA_BACKOFF, MfaBackoff } from '../../../plugins/mfa/backoff';
import { startTestApp, type TestApp } from '../../support/app';
import { registerUser, type TestUser } from '../../support/factories';
import { startSmtpServer } from '../../support/smtp';
import { enableMfa, totpCode } from '../../support/totp';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let now = Date.now();

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ env: { SMTP_URL: smtp.url }, counters: new MemoryCounterStore(() => now) });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const login = (user: TestUser, mfa_code: string) => app.post('/api/v1/auth/login', { email: user.email, password: user.password, mfa_code });
const ALERT = 'Intentos fallidos de verificación en dos pasos en tu cuenta de Cuadra';
const alertsTo = (email: string) => smtp.inbox.filter((mail) => mail.to.includes(email) && mail.subject === ALERT);

test('five wrong codes are free; then each failure doubles the wait (429 with Retry-After, even for a valid code); the holder is emailed once; a valid code clears it', async () => {
  const user = await registerUser(app);
  const { secret } = await enableMfa(app, user.token);
  const valid = totpCode(secret, 1);
  const wrong = valid === '000000' ? '000001' : '000000';

  for (let i = 1; i <= 4; i++) expect((await login(user, wrong)).status).toBe(401);
  expect(alertsTo(user.email)).toEqual([]);
  expect((await login(user, wrong)).status).toBe(401); // the fifth: the waits start, the holder is told
  const [alert] = alertsTo(user.email);
  expect(alert.text).toContain('5 códigos');

  const waits: number[] = [];
  for (let i = 0; i < 3; i++) {
    const refused = await login(user, valid);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    waits.push(wait);
    now += (wait - 1) * 1000;
    expect((await login(user, valid)).status).toBe(429); // a second early is still early
    now += 1000;
    if (i < 2) expect((await login(user, wrong)).status).toBe(401);
  }
  expect(waits).toEqual([60, 120, 240]);
  expect(alertsTo(user.email)).toHaveLength(1);

  expect((await login(user, valid)).status).toBe(200);
  // a success starts over: five free failures again
  const next = totpCode(secret, 2) === '000000' ? '000001' : '000000';
  for (let i = 1; i <= 4; i++) expect((await login(user, next)).status).toBe(401);
  expect((await login(user, next)).status).toBe(401);
  expect((await login(user, next)).status).toBe(429);
});

test('the waits are per account, and failing to prove oneself when disabling MFA counts too', async () => {
  const user = await registerUser(app);
  await enableMfa(app, user.token);
  for (let i = 0; i < MFA_BACKOFF.freeFailures; i++) expect((await app.post('/api/v1/auth/mfa/disable', { password: 'no es la clave' }, user.token)).status).toBe(422);
  const refused = await app.post('/api/v1/auth/mfa/disable', { password: user.password }, user.token);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBe(60);
  expect(alertsTo(user.email)).toHaveLength(1);
  const other = await registerUser(app);
  const { secret } = await enableMfa(app, other.token);
  expect((await login(other, totpCode(secret, 1))).status).toBe(200);
});

/** What an attacker holding the password can try in a year, trying as soon as each wait ends, against the real limiter. */
async function attemptsInAYear(): Promise<number> {
  let clock = 0;
  const backoff = new MfaBackoff(new MemoryCounterStore(() => clock));
  const year = 365 * 86_400_000;
  let attempts = 0;
  while (clock < year) {
    try {
      await backoff.assertAllowed('victim');
      await backoff.recordFailure('victim');
      attempts += 1;
    } catch (error) {
      if (!(error instanceof TooManyRequests)) throw error;
      clock += Number(error.headers['Retry-After']) * 1000;
    }
  }
  return attempts;
}

test('a year of guessing gets at most a few hundred codes: the chance docs/api.md states', async () => {
  const attempts = await attemptsInAYear();
  // a TOTP code is accepted within ±1 step: 3 of the 10^6 codes are right at any moment
  const chance = 1 - (1 - 3e-6) ** attempts;
  expect(attempts).toBeLessThan(400);
  expect(chance).toBeLessThan(0.002);
  const docs = await Bun.file(`${import.meta.dir}/../../../docs/api.md`).text();
  expect(docs).toContain(`at most ${attempts} codes a year`);
  expect(docs).toContain(`${(chance * 100).toFixed(2)} %`);
});
