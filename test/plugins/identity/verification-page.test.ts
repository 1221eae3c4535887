import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../../support/app';
import { pluginsWithout } from '../../support/documents';
import { linkIn, startSmtpServer } from '../../support/smtp';

/**
 * Without a front end (FRONTEND_URL unset, and no web-app plugin, which would otherwise take the
 * link to /app) the verification link lands on Cuadra's own page.
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // startTestApp configures a front end by default; undefined leaves FRONTEND_URL unset.
  app = await startTestApp({ plugins: await pluginsWithout('web-app'), env: { SMTP_URL: smtp.url, FRONTEND_URL: undefined as unknown as string } });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const pathOf = (url: string) => { const u = new URL(url); return u.pathname + u.search; };

describe('email verification without a front end', () => {
  test('the link still answers 302, to a confirmation page that exists and tells the outcome', async () => {
    expect(app.config.frontendUrl).toBe(app.config.publicUrl);
    const email = `sin.front.${crypto.randomUUID().slice(0, 6)}@example.com`;
    expect((await app.post('/api/v1/auth/register', { email, password: 'una clave muy larga' })).status).toBe(201);
    const link = linkIn((await smtp.lastTo(email)).text);

    const follow = await app.get(pathOf(link));
    expect(follow.status).toBe(302);
    const location = follow.headers.get('location')!;
    expect(location).toBe('http://api.cuadra.test/email-verification?status=verified');

    const landing = await app.get(pathOf(location));
    expect(landing.status).toBe(200);
    expect(landing.headers.get('content-type')).toContain('text/html');
    expect(landing.text).toContain('Email verified');

    const again = await app.get(pathOf(link));
    expect(again.status).toBe(302);
    expect((await app.get(pathOf(again.headers.get('location')!))).text).toContain('already verified');
  });

  test('a bad token lands on the page too, saying the link is not valid; unknown statuses read as not valid', async () => {
    const bad = await app.get('/api/v1/auth/verify-email?token=nope');
    expect(bad.status).toBe(302);
    expect(bad.headers.get('location')).toBe('http://api.cuadra.test/email-verification?status=invalid');
    const page = await app.get('/email-verification?status=invalid');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Link not valid');
    expect((await app.get('/email-verification?status=%3Cscript%3E')).text).not.toContain('<script>');
  });
});
