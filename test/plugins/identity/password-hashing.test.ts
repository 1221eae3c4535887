import { afterAll, beforeAll, expect, test } from 'bun:test';
import { PRODUCTION_PASSWORD_HASH_COST, setPasswordHashCostForTests } from '../../../plugins/identity/passwords';
import { startTestApp, type TestApp } from '../../support/app';
import { registerUser } from '../../support/factories';
import { useTestPasswordHashCost } from '../../support/password-hash-cost';

/**
 * The rest of the suite hashes at a lower cost (test/support/password-hash-cost.ts); here the
 * service hashes as it does in production: argon2id, 19 MiB, two passes, one lane (OWASP's minimum).
 */
let app: TestApp;
beforeAll(async () => {
  setPasswordHashCostForTests(PRODUCTION_PASSWORD_HASH_COST);
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
  useTestPasswordHashCost();
});

const sql = <T = any>(statement: string, params: unknown[] = []) => app.kernel.db.orm.em.fork().getConnection().execute<T[]>(statement, params);

test('a registered password is stored as argon2id at the production cost, and signs in; another password does not', async () => {
  const user = await registerUser(app);
  const [row] = await sql<{ password_hash: string }>('select password_hash from users where email = ?', [user.email]);
  expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
  expect((await app.post('/api/v1/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  expect((await app.post('/api/v1/auth/login', { email: user.email, password: `${user.password}!` })).status).toBe(401);
});
