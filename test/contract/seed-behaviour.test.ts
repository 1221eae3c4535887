import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import type { TestApp, TestResponse } from '../support/app';
import { createApiKey, createCompany, registerUser } from '../support/factories';
import { linkIn, startTestAppWithMail } from '../support/smtp';
import { addMember } from '../support/team';
import { awaitStepMargin, enableMfa, totpCode } from '../support/totp';
import { seedSpecification } from '../support/seed-spec';

/** What the seed specification's tables and rules say operations do, run against the service. */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startTestAppWithMail>>['smtp'];
let stop: () => Promise<void>;
beforeAll(async () => { ({ app, smtp, close: stop } = await startTestAppWithMail()); });
afterAll(() => stop());

async function mailTo(email: string, before: number) {
  for (let i = 0; i < 500 && !smtp.inbox.slice(before).some((m) => m.to.includes(email)); i++) await Bun.sleep(10);
  return smtp.lastTo(email);
}

describe('every 204 of the specification answers 204 with an empty body', () => {
  const seen = new Set<string>();
  const expectNoContent = (name: string, res: TestResponse) => {
    expect([name, res.status, res.text]).toEqual([name, 204, '']);
    expect(res.headers.get('content-type') ?? '').not.toContain('json');
    seen.add(name);
  };

  test('account and session operations', async () => {
    const user = await registerUser(app);
    expectNoContent('POST /api/v1/auth/verify-email/resend', await app.post('/api/v1/auth/verify-email/resend', undefined, user.token));
    const before = smtp.inbox.length;
    expectNoContent('POST /api/v1/auth/forgot-password', await app.post('/api/v1/auth/forgot-password', { email: user.email }));
    const token = new URL(linkIn((await mailTo(user.email, before)).text)).searchParams.get('token') ?? '';
    expectNoContent('POST /api/v1/auth/reset-password', await app.post('/api/v1/auth/reset-password', { token, new_password: 'otra clave bien larga' }));
    const login = await app.post('/api/v1/auth/login', { email: user.email, password: 'otra clave bien larga' });
    const changed = await app.post('/api/v1/auth/change-password', { current_password: 'otra clave bien larga', new_password: 'la tercera clave larga' }, login.body.access_token);
    expectNoContent('POST /api/v1/auth/change-password', changed);
    // The new session comes in a header; the one used for the change stops working.
    expect((await app.get('/api/v1/auth/me', changed.headers.get('x-access-token') ?? '')).status).toBe(200);
    expect((await app.get('/api/v1/auth/me', login.body.access_token)).status).toBe(401);

    const { secret } = await enableMfa(app, changed.headers.get('x-access-token') ?? '');
    await awaitStepMargin();
    expectNoContent('POST /api/v1/auth/mfa/disable', await app.post('/api/v1/auth/mfa/disable', { code: totpCode(secret, 1) }, changed.headers.get('x-access-token') ?? ''));
  });

  test('company operations', async () => {
    const company = await createCompany(app);
    const key = await createApiKey(app, company.token);
    expectNoContent('DELETE /api/v1/auth/api-keys/{key_id}', await app.del(`/api/v1/auth/api-keys/${key.keyId}`, company.token));

    const member = await addMember(app, company.token, 'viewer');
    expectNoContent('DELETE /api/v1/team/members/{user_id}', await app.del(`/api/v1/team/members/${member.userId}`, company.token));

    const invitation = await app.post('/api/v1/team/invitations', { email: `inv-${crypto.randomUUID().slice(0, 8)}@example.com`, role: 'member' }, company.token);
    expectNoContent('POST /api/v1/team/invitations/{inv_id}/resend', await app.post(`/api/v1/team/invitations/${invitation.body.inv_id}/resend`, undefined, company.token));
    expectNoContent('DELETE /api/v1/team/invitations/{inv_id}', await app.del(`/api/v1/team/invitations/${invitation.body.inv_id}`, company.token));

    const form = new FormData();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    form.append('file', new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }));
    expect((await app.request('POST', '/api/v1/tenants/me/logo', { token: company.token, form })).status).toBe(200);
    expectNoContent('DELETE /api/v1/tenants/me/logo', await app.del('/api/v1/tenants/me/logo', company.token));

    const contact = await app.post('/api/v1/contacts', { kind: 'customer', name: 'Borrable SL' }, company.token);
    expectNoContent('DELETE /api/v1/contacts/{contact_id}', await app.del(`/api/v1/contacts/${contact.body.id}`, company.token));
  });

  test('no 204 of the specification was left out', () => {
    const all = seedSpecification().operations.filter((op) => op.status === 204).map((op) => `${op.method} ${op.path}`);
    const pending = ['DELETE /api/v1/dashboard/boards/{board_id}'];
    expect(all.filter((name) => !seen.has(name) && !pending.includes(name))).toEqual([]);
  });
});

describe('§4.1 authentication rules', () => {
  test('/auth/me: no tenant and onboarding required before onboarding; the active tenant is the token\'s, not the oldest; API keys refused', async () => {
    const user = await registerUser(app);
    const before = await app.get('/api/v1/auth/me', user.token);
    expect(before.body).toMatchObject({ tenant: null, onboarding_required: true, memberships: [] });

    const first = await app.post('/api/v1/auth/onboarding/complete', { name: 'Primera SL', tax_id: 'B12345674' }, user.token);
    const second = await app.post('/api/v1/auth/tenants', { name: 'Segunda SL', tax_id: 'A58818501' }, first.body.access_token);
    expect(second.status).toBe(201);
    const switched = await app.post('/api/v1/auth/switch-tenant', { tenant_id: second.body.tenant.id }, first.body.access_token);
    const me = await app.get('/api/v1/auth/me', switched.body.access_token);
    expect(me.body.tenant.id).toBe(second.body.tenant.id);
    expect(me.body.onboarding_required).toBe(false);
    expect(me.body.memberships).toHaveLength(2);

    const key = await createApiKey(app, first.body.access_token);
    expect((await app.get('/api/v1/auth/me', key.key)).status).toBe(403);
    expect((await app.get('/api/v1/tenants/me', key.key)).body.id).toBe(first.body.tenant.id);
  });

  test('MFA (§3): setup leaves it off and rotates the pending secret; refused while on; disable clears secret and recovery codes', async () => {
    const user = await registerUser(app);
    const firstSetup = await app.post('/api/v1/auth/mfa/setup', undefined, user.token);
    expect((await app.get('/api/v1/auth/mfa/status', user.token)).body).toEqual({ enabled: false, pending: true, recovery_codes_remaining: 0 });
    const secondSetup = await app.post('/api/v1/auth/mfa/setup', undefined, user.token);
    expect(secondSetup.body.secret).not.toBe(firstSetup.body.secret);

    await awaitStepMargin();
    const activated = await app.post('/api/v1/auth/mfa/activate', { code: totpCode(secondSetup.body.secret) }, user.token);
    expect(activated.body.recovery_codes).toHaveLength(10);
    expect((await app.get('/api/v1/auth/mfa/status', user.token)).body).toEqual({ enabled: true, pending: false, recovery_codes_remaining: 10 });
    expect((await app.post('/api/v1/auth/mfa/setup', undefined, user.token)).status).toBe(409);

    expect((await app.post('/api/v1/auth/mfa/disable', { password: user.password }, user.token)).status).toBe(204);
    expect((await app.get('/api/v1/auth/mfa/status', user.token)).body).toEqual({ enabled: false, pending: false, recovery_codes_remaining: 0 });
    expect((await app.post('/api/v1/auth/mfa/activate', { code: totpCode(secondSetup.body.secret, 1) }, user.token)).status).not.toBe(200);
  });
});

describe('§4.3 team', () => {
  test('quick-create returns a temporary password once and sends no email', async () => {
    const company = await createCompany(app);
    const email = `rapida-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const before = smtp.inbox.length;
    const res = await app.post('/api/v1/team/members/quick-create', { email, role: 'member' }, company.token);
    expect(res.status).toBe(201);
    expect(res.body.temporary_password.length).toBeGreaterThanOrEqual(12);
    expect((await app.post('/api/v1/auth/login', { email, password: res.body.temporary_password })).status).toBe(200);
    await Bun.sleep(200);
    expect(smtp.inbox.slice(before).some((m) => m.to.includes(email))).toBe(false);
    expect(JSON.stringify((await app.get('/api/v1/team/members', company.token)).body)).not.toContain(res.body.temporary_password);
  });

  test('an invitation resent has a new link; the old one stops working; a revoked one answers 404', async () => {
    const company = await createCompany(app);
    const email = `inv-${crypto.randomUUID().slice(0, 8)}@example.com`;
    let before = smtp.inbox.length;
    const invited = await app.post('/api/v1/team/invitations', { email, role: 'accountant' }, company.token);
    const first = linkIn((await mailTo(email, before)).text).split('/').pop() ?? '';
    expect((await app.get(`/api/v1/auth/invitations/${first}`)).status).toBe(200);
    before = smtp.inbox.length;
    expect((await app.post(`/api/v1/team/invitations/${invited.body.inv_id}/resend`, undefined, company.token)).status).toBe(204);
    const second = linkIn((await mailTo(email, before)).text).split('/').pop() ?? '';
    expect(second).not.toBe(first);
    expect((await app.get(`/api/v1/auth/invitations/${first}`)).status).toBe(404);
    expect((await app.get(`/api/v1/auth/invitations/${second}`)).body).toMatchObject({ email, role: 'accountant' });
    expect((await app.del(`/api/v1/team/invitations/${invited.body.inv_id}`, company.token)).status).toBe(204);
    expect((await app.get(`/api/v1/auth/invitations/${second}`)).status).toBe(404);
    const listed = (await app.get('/api/v1/team/invitations', company.token)).body;
    expect(listed.find((i: any) => i.inv_id === invited.body.inv_id)?.status).toBe('revoked');
  });
});

describe('§4.5 contacts', () => {
  test('merge refuses keep_id among the duplicates and another company\'s contacts; never overwrites vat or country', async () => {
    const company = await createCompany(app);
    const other = await createCompany(app, 'Otra SL', 'A28017895');
    const keep = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Guardada SL', vat: 'B65410011' }, company.token)).body;
    const dup = (await app.post('/api/v1/contacts', { kind: 'supplier', name: 'Duplicada SARL', country: 'FR', vat: 'FR40303265045' }, company.token)).body;
    const foreign = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Ajena SL' }, other.token)).body;

    const itself = await app.post(`/api/v1/contacts/${keep.id}/merge`, { duplicate_ids: [dup.id, keep.id] }, company.token);
    expect(itself.status).toBe(422);
    const crossing = await app.post(`/api/v1/contacts/${keep.id}/merge`, { duplicate_ids: [dup.id, foreign.id] }, company.token);
    expect(crossing.status).toBe(404);
    expect((await app.get(`/api/v1/contacts/${dup.id}`, company.token)).status).toBe(200);

    const merged = await app.post(`/api/v1/contacts/${keep.id}/merge`, { duplicate_ids: [dup.id] }, company.token);
    expect(merged.status).toBe(200);
    expect(merged.body.contact).toMatchObject({ id: keep.id, vat: 'B65410011', country: 'ES', kind: 'customer', customer_and_supplier: true });
    expect((await app.get(`/api/v1/contacts/${dup.id}`, company.token)).status).toBe(404);
    expect((await app.get(`/api/v1/contacts/${foreign.id}`, other.token)).status).toBe(200);
  });

  test('the tax suggestion\'s context defaults to sale', async () => {
    const company = await createCompany(app);
    const french = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Société SARL', country: 'FR', vat: 'FR40303265045' }, company.token)).body;
    const implicit = await app.get(`/api/v1/contacts/${french.id}/tax-suggestion`, company.token);
    expect(implicit.body).toMatchObject({ context: 'sale', code: 'IVAINTRA' });
    expect((await app.get(`/api/v1/contacts/${french.id}/tax-suggestion?context=purchase`, company.token)).body).toMatchObject({ context: 'purchase', code: 'RCINTRACOM' });
  });

  test('kind and customer_type take only the values of the specification', async () => {
    const company = await createCompany(app);
    const both = await app.post('/api/v1/contacts', { kind: 'both', name: 'Ambas SL' }, company.token);
    expect(both.status).toBe(422);
    expect(both.body.detail).toEqual([{ loc: ['body', 'kind'], msg: 'Input should be one of: customer, supplier', type: 'enum' }]);
    const consumer = await app.post('/api/v1/contacts', { kind: 'customer', name: 'Persona', customer_type: 'consumer' }, company.token);
    expect(consumer.body.detail).toEqual([{ loc: ['body', 'customer_type'], msg: 'Input should be one of: business, individual', type: 'enum' }]);
    const filtered = await app.get('/api/v1/contacts?customer_type=consumer', company.token);
    expect(filtered.status).toBe(422);
    expect(filtered.body.detail[0]).toMatchObject({ loc: ['query', 'customer_type'], msg: 'Input should be one of: business, individual' });
    // the same message for a union of literals written out by hand
    const paid = await app.post('/api/v1/invoices', { contact_id: crypto.randomUUID(), issue_date: '2026-03-02', status: 'paid', lines: [] }, company.token);
    expect(paid.body.detail).toContainEqual({ loc: ['body', 'status'], msg: 'Input should be one of: draft, issued', type: 'enum' });
    const individual = await app.post('/api/v1/contacts', { kind: 'customer', name: 'Persona', customer_type: 'individual' }, company.token);
    expect(individual.body).toMatchObject({ kind: 'customer', customer_type: 'individual', customer_and_supplier: false });
  });
});

describe('§2 list endpoints accept from and to', () => {
  test('contacts and tax types filter on their creation day', async () => {
    const company = await createCompany(app);
    await app.post('/api/v1/contacts', { kind: 'customer', name: 'Hoy SL' }, company.token);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await app.get(`/api/v1/contacts?from=${today}&to=${today}`, company.token)).body.total).toBe(1);
    expect((await app.get(`/api/v1/contacts?from=${tomorrow}`, company.token)).body.total).toBe(0);
    expect((await app.get(`/api/v1/taxes?to=${yesterday}`, company.token)).body.total).toBe(0);
    expect((await app.get(`/api/v1/taxes?from=${today}`, company.token)).body.total).toBeGreaterThan(10);
    expect((await app.get('/api/v1/taxes?from=2026-13-01', company.token)).status).toBe(422);
  });
});

describe('unknown body fields', () => {
  test('answer 422 naming each field, at any depth, and change nothing', async () => {
    const company = await createCompany(app);
    const res = await app.post('/api/v1/contacts', { kind: 'customer', name: 'Con NIF', nif: 'B12345674' }, company.token);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([{ loc: ['body', 'nif'], msg: 'Unknown field "nif": it is not part of this request', type: 'extra_forbidden' }]);
    expect((await app.get('/api/v1/contacts', company.token)).body.total).toBe(0);

    const contact = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente SL' }, company.token)).body;
    const taxes = (await app.get('/api/v1/taxes?limit=100', company.token)).body.items;
    const vat = taxes.find((t: any) => t.code === 'IVA21').id;
    const nested = await app.post('/api/v1/invoices', {
      contact_id: contact.id, issue_date: '2026-03-02', lines: [{ description: 'x', quantity: '1', unit_price: '1.00', tax_type_id: vat, vat_rate: '21' }],
    }, company.token);
    expect(nested.status).toBe(422);
    expect(nested.body.detail).toEqual([{ loc: ['body', 'lines', 0, 'vat_rate'], msg: 'Unknown field "vat_rate": it is not part of this request', type: 'extra_forbidden' }]);
    expect((await app.patch(`/api/v1/contacts/${contact.id}`, { name: 'Nuevo', colour: 'red' }, company.token)).body.detail[0].loc).toEqual(['body', 'colour']);
    expect((await app.get(`/api/v1/contacts/${contact.id}`, company.token)).body.name).toBe('Cliente SL');
  });
});
