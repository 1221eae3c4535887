import type { TestApp } from './app';
import { COMPANY_ADDRESS, registerUser, type TestCompany } from './factories';

/** A valid DNI-style NIF for `n` (eight digits and the check letter of n mod 23). */
export const nifFor = (n: number) => `${String(n).padStart(8, '0')}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;

/** A user who created an accounting firm (a company of kind `firm`) and owns it. */
export async function createFirm(app: TestApp, taxId: string, name = `Gestoría ${taxId} SL`): Promise<TestCompany> {
  const user = await registerUser(app);
  const res = await app.post('/api/v1/auth/onboarding/complete', { name, tax_id: taxId, kind: 'firm', ...COMPANY_ADDRESS }, user.token);
  if (res.status !== 200) throw new Error(`firm onboarding failed: ${res.status} ${res.text}`);
  return { ...user, token: res.body.access_token, ownerToken: res.body.access_token, tenantId: res.body.tenant.id };
}

/** The client's owner grants the firm `role`; the firm's owner accepts. Answers the access id. */
export async function grantFirm(app: TestApp, clientToken: string, firm: TestCompany, firmTaxId: string, role: string): Promise<string> {
  const granted = await app.post('/api/v1/team/firm-access', { firm_tax_id: firmTaxId, role }, clientToken);
  if (granted.status !== 201) throw new Error(`grant failed: ${granted.status} ${granted.text}`);
  const accepted = await app.post(`/api/v1/firm/clients/${granted.body.id}/accept`, undefined, firm.token);
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${accepted.text}`);
  return granted.body.id;
}
