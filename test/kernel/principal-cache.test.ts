import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApp } from '../../kernel/app';
import { loadConfig } from '../../kernel/config';
import { startTestApp, type TestApp } from '../support/app';
import { backend } from '../support/database';
import { createApiKey, createCompany } from '../support/factories';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app.close());

const me = (token: string, target: { handle(r: Request): Promise<Response> } = app) =>
  target.handle(new Request('http://localhost/api/v1/tenants/me', { headers: { authorization: `Bearer ${token}` } })).then((r) => r.status);

describe('cached principals never outlive what they were built from', () => {
  test('a deleted key, a changed password and a demotion take effect on the next request', async () => {
    const company = await createCompany(app);
    const key = await createApiKey(app, company.token, 'admin');
    expect(await me(key.key)).toBe(200);
    expect(await me(key.key)).toBe(200); // now cached
    expect((await app.del(`/api/v1/auth/api-keys/${key.keyId}`, company.token)).status).toBe(204);
    expect(await me(key.key)).toBe(401);

    const admin = await createApiKey(app, company.token, 'admin');
    expect((await app.patch('/api/v1/tenants/me', { city: 'Cádiz' }, admin.key)).status).toBe(200);
    const login = await app.post('/api/v1/auth/login', { email: company.email, password: company.password });
    const second = login.body.access_token;
    expect(await me(second)).toBe(200);
    const changed = await app.post('/api/v1/auth/change-password', { current_password: company.password, new_password: 'otra clave bien larga' }, company.token);
    expect(changed.status).toBe(204);
    expect(await me(second)).toBe(401);
  });

  test.skipIf(backend === 'pglite')('another instance on the same PostgreSQL hears the change (PostgreSQL only)', async () => {
    const other = await createApp({ config: loadConfig({ DATABASE_URL: app.config.databaseUrl, DATABASE_OWNER_URL: app.config.databaseOwnerUrl, DATA_DIR: app.config.dataDir, LOG_LEVEL: 'error' }) });
    try {
      const company = await createCompany(app);
      const key = await createApiKey(app, company.token);
      expect(await me(key.key, other)).toBe(200);
      expect(await me(key.key, other)).toBe(200);
      expect((await app.del(`/api/v1/auth/api-keys/${key.keyId}`, company.token)).status).toBe(204);
      let status = 200;
      for (let i = 0; i < 50 && status === 200; i++) { await Bun.sleep(10); status = await me(key.key, other); }
      expect(status).toBe(401);
    } finally {
      await other.stop();
    }
  });
});
