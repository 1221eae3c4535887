import type { TestApp } from './app';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Valid Spanish CIFs (checksums verified) for companies made by tests. */
export const VALID_CIFS = ['B12345674', 'A58818501', 'B65410011', 'A28017895', 'B86561412'];

export interface TestUser { email: string; password: string; token: string; userId: string }
export interface TestCompany extends TestUser { tenantId: string; ownerToken: string }

export async function registerUser(app: TestApp, overrides: { email?: string; password?: string } = {}): Promise<TestUser> {
  const email = overrides.email ?? `user-${unique()}@example.com`;
  const password = overrides.password ?? `Una clave larga ${unique()}`;
  const res = await app.post('/api/v1/auth/register', { email, password, full_name: 'Test User' });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { email, password, token: res.body.access_token, userId: res.body.user_id };
}

/** The company's address given at onboarding: an invoice cannot be issued without it (art. 6.1.e RD 1619/2012). */
export const COMPANY_ADDRESS = { address: 'Calle Mayor 1', city: 'Madrid', postal_code: '28013', province: 'Madrid' };

/** A user who has completed onboarding: owner of a new company (with the address invoices need). */
export async function createCompany(app: TestApp, name = `Empresa ${unique()} SL`, taxId = VALID_CIFS[0]): Promise<TestCompany> {
  const user = await registerUser(app);
  const res = await app.post('/api/v1/auth/onboarding/complete', { name, tax_id: taxId, ...COMPANY_ADDRESS }, user.token);
  if (res.status !== 200) throw new Error(`onboarding failed: ${res.status} ${res.text}`);
  return { ...user, token: res.body.access_token, ownerToken: res.body.access_token, tenantId: res.body.tenant.id };
}

export async function createApiKey(app: TestApp, token: string, role?: string): Promise<{ key: string; keyId: string }> {
  const res = await app.post('/api/v1/auth/api-keys', { name: `key ${unique()}`, ...(role ? { role } : {}) }, token);
  if (res.status !== 201) throw new Error(`api key failed: ${res.status} ${res.text}`);
  return { key: res.body.key, keyId: res.body.key_id };
}
