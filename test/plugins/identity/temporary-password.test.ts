/**
 * A quick-created member's temporary password: a session from it may only change it (or read
 * /auth/me, or log out), and the password stops working 72 hours after it was made.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { TEMPORARY_PASSWORD_TTL_MS } from '../../../plugins/team/service';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany } from '../../support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const sql = <T = any>(statement: string, params: unknown[] = []) => app.kernel.db.orm.em.fork().getConnection().execute<T[]>(statement, params);
const newEmail = () => `temporal-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function quickCreated(role = 'admin') {
  const company = await createCompany(app);
  const email = newEmail();
  const created = await app.post('/api/v1/team/members/quick-create', { email, role }, company.token);
  expect(created.status).toBe(201);
  const login = await app.post('/api/v1/auth/login', { email, password: created.body.temporary_password });
  expect(login.status).toBe(200);
  return { company, email, password: created.body.temporary_password as string, token: login.body.access_token as string };
}

describe('a session from a temporary password may only change it', () => {
  test('every route but change-password, me and logout answers 403 saying so; after the change everything its role allows works', async () => {
    const { company, password, token } = await quickCreated('admin');
    const refusals = [
      await app.get('/api/v1/tenants/me', token),
      await app.get('/api/v1/team/members', token),
      await app.post('/api/v1/team/members/quick-create', { email: newEmail(), role: 'admin' }, token),
      await app.post('/api/v1/auth/api-keys', { name: 'escape', role: 'admin' }, token),
      await app.get('/api/v1/account/export', token),
      await app.post('/api/v1/auth/tenants', { name: 'Otra SL', tax_id: 'B65410011', address: 'Calle 1', city: 'Madrid', postal_code: '28001' }, token),
      await app.post('/api/v1/auth/switch-tenant', { tenant_id: company.tenantId }, token),
      await app.get('/api/v1/auth/mfa/status', token),
      await app.post('/api/v1/auth/verify-email/resend', undefined, token),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.body.detail).toMatch(/^Change your temporary password first/);
    }
    const me = await app.get('/api/v1/auth/me', token);
    expect(me.status).toBe(200);
    expect(me.body.password_change_required).toBe(true);

    const changed = await app.post('/api/v1/auth/change-password', { current_password: password, new_password: 'una clave propia y larga' }, token);
    expect(changed.status).toBe(204);
    const fresh = changed.headers.get('x-access-token')!;
    expect((await app.get('/api/v1/tenants/me', fresh)).status).toBe(200);
    expect((await app.post('/api/v1/auth/api-keys', { name: 'bot', role: 'admin' }, fresh)).status).toBe(201);
  });

  test('the MCP server refuses it too', async () => {
    const { token } = await quickCreated('admin');
    const res = await app.handle(new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
    }));
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).detail).toMatch(/^Change your temporary password first/);
  });

  test('logging out works, and ends the session', async () => {
    const { token } = await quickCreated('viewer');
    expect((await app.post('/api/v1/auth/logout', undefined, token)).status).toBe(204);
    expect((await app.get('/api/v1/auth/me', token)).status).toBe(401);
  });
});

describe('a temporary password expires after 72 hours', () => {
  test('quick-create sets the expiry; once past, neither the password nor its sessions work', async () => {
    const { email, password, token } = await quickCreated('member');
    const [row] = await sql<{ password_expires_at: Date | string; created_at: Date | string }>('select password_expires_at, created_at from users where email = ?', [email]);
    const lifetime = new Date(row.password_expires_at).getTime() - new Date(row.created_at).getTime();
    expect(Math.abs(lifetime - TEMPORARY_PASSWORD_TTL_MS)).toBeLessThan(60_000);
    expect(TEMPORARY_PASSWORD_TTL_MS).toBe(72 * 3600_000);

    await sql("update users set password_expires_at = now() - interval '1 second' where email = ?", [email]);
    app.kernel.principals.clear(); // the row was changed behind the application's back
    const login = await app.post('/api/v1/auth/login', { email, password });
    expect(login.status).toBe(401);
    expect(login.body.detail).toMatch(/temporary password has expired/);
    const session = await app.get('/api/v1/auth/me', token);
    expect(session.status).toBe(401);
    expect(session.body.detail).toMatch(/temporary password has expired/);
    expect((await app.post('/api/v1/auth/login', { email, password: 'not the password' })).body.detail).toBe('Incorrect email or password');
  });

  test('a changed password has no expiry', async () => {
    const { email, password, token } = await quickCreated('member');
    expect((await app.post('/api/v1/auth/change-password', { current_password: password, new_password: 'una clave propia y larga' }, token)).status).toBe(204);
    const [row] = await sql<{ password_expires_at: unknown; must_change_password: boolean }>('select password_expires_at, must_change_password from users where email = ?', [email]);
    expect(row).toEqual({ password_expires_at: null, must_change_password: false });
  });
});
