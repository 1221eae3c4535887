/**
 * A mail server that is down: registering still creates the account and signs it in (the link can
 * be sent again later), and a request that must mail answers 503 naming the mail server, never
 * "the database connection was lost" (nodemailer's ECONNREFUSED is not the database's).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../../support/app';
import { startSmtpServer } from '../../support/smtp';

let app: TestApp;
beforeAll(async () => {
  const smtp = await startSmtpServer();
  await smtp.close();
  app = await startTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(() => app?.close());

describe('the mail server is down', () => {
  test('registering creates the account and answers its session; resending the link is 503 naming the mail server', async () => {
    const email = `sin-correo-${Date.now().toString(36)}@example.com`;
    const res = await app.post('/api/v1/auth/register', { email, password: 'Correcto-Caballo-99' });
    expect(res.status).toBe(201);
    const token: string = res.body.access_token;
    expect(typeof token).toBe('string');
    expect(res.body).toMatchObject({ email, email_verified: false });
    expect((await app.get('/api/v1/auth/me', token)).status).toBe(200);
    const resend = await app.post('/api/v1/auth/verify-email/resend', undefined, token);
    expect(resend.status).toBe(503);
    expect(resend.body.detail).toContain('mail server');
    expect(resend.body.detail).not.toContain('database');
  });
});
