import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../../support/app';
import { createApiKey, createCompany, registerUser } from '../../support/factories';
import { linkIn, startSmtpServer } from '../../support/smtp';
import { addMember, tenantSql } from '../../support/team';
import { enableMfa, totpCode } from '../../support/totp';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const tokenOf = (link: string) => decodeURIComponent(new URL(link).pathname.split('/').pop()!);
const newEmail = () => `invitada-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function invite(token: string, email: string, role = 'accountant') {
  const count = smtp.inbox.length;
  const res = await app.post('/api/v1/team/invitations', { email, role }, token);
  if (res.status !== 201) return { res, link: '' };
  while (smtp.inbox.length === count) await Bun.sleep(10);
  return { res, link: linkIn((await smtp.lastTo(email)).text) };
}

describe('members', () => {
  test('list answers MemberOut for every member; viewers may read it; API keys of a manager may too', async () => {
    const company = await createCompany(app);
    const viewer = await addMember(app, company.token, 'viewer');
    const res = await app.get('/api/v1/team/members', viewer.token);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toEqual({ user_id: company.userId, email: company.email, full_name: 'Test User', role: 'owner', joined_at: expect.any(String) });
    expect(res.body[1]).toMatchObject({ user_id: viewer.userId, email: viewer.email, full_name: 'Miembro viewer', role: 'viewer' });
    const key = await createApiKey(app, company.token, 'admin');
    expect((await app.get('/api/v1/team/members', key.key)).body).toHaveLength(2);
  });

  test('change role: admins manage everyone but owners and never grant above their own role', async () => {
    const company = await createCompany(app);
    const admin = await addMember(app, company.token, 'admin');
    const member = await addMember(app, company.token, 'member');
    const promoted = await app.patch(`/api/v1/team/members/${member.userId}`, { role: 'accountant' }, admin.token);
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ user_id: member.userId, role: 'accountant' });
    expect((await app.patch(`/api/v1/team/members/${member.userId}`, { role: 'owner' }, admin.token)).status).toBe(403);
    expect((await app.patch(`/api/v1/team/members/${company.userId}`, { role: 'viewer' }, admin.token)).status).toBe(403);
    expect((await app.del(`/api/v1/team/members/${company.userId}`, admin.token)).status).toBe(403);
    expect((await app.patch(`/api/v1/team/members/${admin.userId}`, { role: 'superuser' }, company.token)).status).toBe(422);
    // the role change applies to the next request at once
    expect((await app.patch(`/api/v1/team/members/${admin.userId}`, { role: 'viewer' }, company.token)).status).toBe(200);
    expect((await app.get('/api/v1/team/invitations', admin.token)).status).toBe(403);
    expect((await app.get('/api/v1/team/members', company.token)).body.find((m: any) => m.user_id === member.userId).role).toBe('accountant');
  });

  test('a tenant always keeps an owner: demoting or removing the last owner is 409; with two owners it works', async () => {
    const company = await createCompany(app);
    const demote = await app.patch(`/api/v1/team/members/${company.userId}`, { role: 'admin' }, company.token);
    expect(demote.status).toBe(409);
    expect((await app.del(`/api/v1/team/members/${company.userId}`, company.token)).status).toBe(409);
    const second = await addMember(app, company.token, 'owner');
    expect((await app.patch(`/api/v1/team/members/${company.userId}`, { role: 'admin' }, second.token)).status).toBe(200);
    expect((await app.del(`/api/v1/team/members/${second.userId}`, second.token)).status).toBe(409); // now the last owner
    const owners = (await app.get('/api/v1/team/members', second.token)).body.filter((m: any) => m.role === 'owner');
    expect(owners.map((m: any) => m.user_id)).toEqual([second.userId]);
  });

  test('removing a member ends their access to the company at once, API keys included; unknown and foreign ids are 404', async () => {
    const company = await createCompany(app);
    const member = await addMember(app, company.token, 'member');
    const key = await createApiKey(app, member.token, 'member');
    expect((await app.get('/api/v1/tenants/me', key.key)).status).toBe(200);
    expect((await app.del(`/api/v1/team/members/${member.userId}`, company.token)).status).toBe(204);
    expect((await app.get('/api/v1/tenants/me', member.token)).status).toBe(403);
    expect((await app.get('/api/v1/tenants/me', key.key)).status).toBe(401);
    expect((await app.del(`/api/v1/team/members/${member.userId}`, company.token)).status).toBe(404);
    const other = await createCompany(app);
    const foreign = await app.patch(`/api/v1/team/members/${other.userId}`, { role: 'viewer' }, company.token);
    const random = await app.patch(`/api/v1/team/members/${crypto.randomUUID()}`, { role: 'viewer' }, company.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(random.body);
    expect((await app.patch('/api/v1/team/members/not-a-uuid', { role: 'viewer' }, company.token)).status).toBe(422);
  });
});

describe('quick-create', () => {
  test('returns a temporary password once, sends no email; the user must change it at first login', async () => {
    const company = await createCompany(app);
    const email = newEmail();
    const before = smtp.inbox.length;
    const res = await app.post('/api/v1/team/members/quick-create', { email, full_name: 'Rápida', role: 'accountant' }, company.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, role: 'accountant' });
    expect(res.body.temporary_password.length).toBeGreaterThanOrEqual(16);
    const login = await app.post('/api/v1/auth/login', { email, password: res.body.temporary_password });
    expect(login.status).toBe(200);
    expect(login.body.tenant_id).toBe(company.tenantId);
    const me = await app.get('/api/v1/auth/me', login.body.access_token);
    expect(me.body.password_change_required).toBe(true);
    expect(me.body.memberships).toEqual([{ tenant_id: company.tenantId, tenant_name: expect.any(String), role: 'accountant' }]);
    const changed = await app.post('/api/v1/auth/change-password', { current_password: res.body.temporary_password, new_password: 'mi clave definitiva' }, login.body.access_token);
    expect(changed.status).toBe(204);
    expect((await app.get('/api/v1/auth/me', changed.headers.get('x-access-token') ?? '')).body.password_change_required).toBe(false);
    await Bun.sleep(100);
    expect(smtp.inbox.slice(before).some((m) => m.to.includes(email))).toBe(false);
    const stored = await app.kernel.db.orm.em.fork().getConnection().execute('select password_hash from users where email = ?', [email]);
    expect(stored[0].password_hash).not.toContain(res.body.temporary_password);
  });

  test('an email that is already a member is 409; a role above yours is 403; bad input is 422', async () => {
    const company = await createCompany(app);
    const existing = await registerUser(app);
    expect((await app.post('/api/v1/team/members/quick-create', { email: existing.email, role: 'member' }, company.token)).status).toBe(201);
    expect((await app.post('/api/v1/team/members/quick-create', { email: company.email, role: 'member' }, company.token)).status).toBe(409);
    const admin = await addMember(app, company.token, 'admin');
    expect((await app.post('/api/v1/team/members/quick-create', { email: newEmail(), role: 'owner' }, admin.token)).status).toBe(403);
    expect((await app.post('/api/v1/team/members/quick-create', { email: 'nope', role: 'member' }, company.token)).status).toBe(422);
    expect((await app.post('/api/v1/team/members/quick-create', { email: newEmail() }, company.token)).status).toBe(422);
  });
});

describe('invitations', () => {
  test('a new user: email with a single-use link to FRONTEND_URL/invitations/{token}; preview; accept sets the password, verifies the email and gives a session for the company', async () => {
    const company = await createCompany(app, 'Invitadora SL');
    const email = newEmail();
    const { res, link } = await invite(company.token, email, 'accountant');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, role: 'accountant', status: 'pending' });
    const expires = new Date(res.body.expires_at).getTime() - Date.now();
    expect(expires).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(expires).toBeLessThanOrEqual(7 * 24 * 3600_000);
    const mail = await smtp.lastTo(email);
    expect(mail.subject).toBe('Te han invitado a Invitadora SL en Cuadra');
    expect(mail.text).toContain('contable');
    expect(link.startsWith('http://app.cuadra.test/invitations/')).toBe(true);
    const token = tokenOf(link);
    // only the hash is stored
    const rows = await tenantSql(app, company.tenantId, 'select token_hash from invitations where tenant_id = :tenant');
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toBe(token);
    expect(rows[0].token_hash).toBe(new Bun.CryptoHasher('sha256').update(token).digest('hex'));

    const preview = await app.get(`/api/v1/auth/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ tenant_name: 'Invitadora SL', email, role: 'accountant', invited_by: 'Test User', expires_at: res.body.expires_at, user_exists: false });
    expect((await app.post(`/api/v1/auth/invitations/${token}/accept`, { password: 'corta' })).status).toBe(422);
    const accepted = await app.post(`/api/v1/auth/invitations/${token}/accept`, { password: 'una clave de invitada', full_name: 'Invitada' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, tenant_id: company.tenantId });
    const me = await app.get('/api/v1/auth/me', accepted.body.access_token);
    expect(me.body.user).toMatchObject({ email, full_name: 'Invitada', email_verified: true });
    expect(me.body.tenant.id).toBe(company.tenantId);
    expect(me.body.memberships[0].role).toBe('accountant');
    expect((await app.post('/api/v1/auth/login', { email, password: 'una clave de invitada' })).status).toBe(200);
    // single use
    expect((await app.post(`/api/v1/auth/invitations/${token}/accept`, { password: 'una clave de invitada' })).status).toBe(404);
    expect((await app.get(`/api/v1/auth/invitations/${token}`)).status).toBe(404);
    const list = await app.get('/api/v1/team/invitations', company.token);
    expect(list.body).toEqual([{ inv_id: res.body.inv_id, email, role: 'accountant', status: 'accepted', expires_at: res.body.expires_at, created_at: res.body.created_at }]);
  });

  test('an existing user proves it with their password (and MFA code when enabled) and joins with the invited role', async () => {
    const company = await createCompany(app);
    const existing = await registerUser(app);
    const { secret } = await enableMfa(app, existing.token);
    const { link } = await invite(company.token, existing.email, 'viewer');
    const token = tokenOf(link);
    expect((await app.get(`/api/v1/auth/invitations/${token}`)).body.user_exists).toBe(true);
    const wrong = await app.post(`/api/v1/auth/invitations/${token}/accept`, { password: 'no es su clave' });
    expect(wrong.status).toBe(401);
    const noCode = await app.post(`/api/v1/auth/invitations/${token}/accept`, { password: existing.password });
    expect(noCode.status).toBe(401);
    expect(noCode.body.detail).toBe('MFA code required');
    const ok = await app.post(`/api/v1/auth/invitations/${token}/accept`, { password: existing.password, mfa_code: totpCode(secret, 1) });
    expect(ok.status).toBe(200);
    expect(ok.body.tenant_id).toBe(company.tenantId);
    const members = (await app.get('/api/v1/team/members', company.token)).body;
    expect(members.find((m: any) => m.user_id === existing.userId).role).toBe('viewer');
    expect((await app.get('/api/v1/tenants/me', ok.body.access_token)).body.id).toBe(company.tenantId);
    // inviting a member again is a conflict
    expect((await app.post('/api/v1/team/invitations', { email: existing.email, role: 'viewer' }, company.token)).status).toBe(409);
  });

  test('resend emails a new link; the old one stops working', async () => {
    const company = await createCompany(app);
    const email = newEmail();
    const { res, link } = await invite(company.token, email);
    expect((await app.post('/api/v1/team/invitations', { email, role: 'member' }, company.token)).status).toBe(409); // already pending
    const count = smtp.inbox.length;
    const resent = await app.post(`/api/v1/team/invitations/${res.body.inv_id}/resend`, undefined, company.token);
    expect(resent.status).toBe(204);
    expect((await app.get('/api/v1/team/invitations', company.token)).body.find((i: any) => i.inv_id === res.body.inv_id).status).toBe('pending');
    while (smtp.inbox.length === count) await Bun.sleep(10);
    const fresh = linkIn((await smtp.lastTo(email)).text);
    expect(fresh).not.toBe(link);
    expect((await app.get(`/api/v1/auth/invitations/${tokenOf(link)}`)).status).toBe(404);
    expect((await app.post(`/api/v1/auth/invitations/${tokenOf(link)}/accept`, { password: 'una clave de invitada' })).status).toBe(404);
    expect((await app.post(`/api/v1/auth/invitations/${tokenOf(fresh)}/accept`, { password: 'una clave de invitada' })).status).toBe(200);
    expect((await app.post(`/api/v1/team/invitations/${res.body.inv_id}/resend`, undefined, company.token)).status).toBe(409); // accepted
  });

  test('revoke: the link stops working and the status says revoked; an accepted invitation cannot be revoked', async () => {
    const company = await createCompany(app);
    const email = newEmail();
    const { res, link } = await invite(company.token, email);
    const revoked = await app.del(`/api/v1/team/invitations/${res.body.inv_id}`, company.token);
    expect(revoked.status).toBe(204);
    expect((await app.get(`/api/v1/auth/invitations/${tokenOf(link)}`)).status).toBe(404);
    expect((await app.post(`/api/v1/auth/invitations/${tokenOf(link)}/accept`, { password: 'una clave de invitada' })).status).toBe(404);
    expect((await app.get('/api/v1/team/invitations', company.token)).body[0].status).toBe('revoked');
    expect((await app.post(`/api/v1/team/invitations/${res.body.inv_id}/resend`, undefined, company.token)).status).toBe(409);
    // a new invitation to the same email is possible after revocation
    const again = await invite(company.token, email);
    expect(again.res.status).toBe(201);
    expect((await app.post(`/api/v1/auth/invitations/${tokenOf(again.link)}/accept`, { password: 'una clave de invitada' })).status).toBe(200);
    expect((await app.del(`/api/v1/team/invitations/${again.res.body.inv_id}`, company.token)).status).toBe(409);
  });

  test('expiry: after 7 days the status is expired, preview and accept answer 410; resend renews it', async () => {
    const company = await createCompany(app);
    const email = newEmail();
    const { res, link } = await invite(company.token, email);
    await tenantSql(app, company.tenantId, `update invitations set expires_at = now() - interval '1 second' where tenant_id = :tenant and id = :id`, { id: res.body.inv_id });
    expect((await app.get('/api/v1/team/invitations', company.token)).body[0].status).toBe('expired');
    const preview = await app.get(`/api/v1/auth/invitations/${tokenOf(link)}`);
    expect(preview.status).toBe(410);
    expect((await app.post(`/api/v1/auth/invitations/${tokenOf(link)}/accept`, { password: 'una clave de invitada' })).status).toBe(410);
    // a new invitation to the same email is allowed once the old one expired; resend renews the old one too
    const count = smtp.inbox.length;
    const renewed = await app.post(`/api/v1/team/invitations/${res.body.inv_id}/resend`, undefined, company.token);
    expect(renewed.status).toBe(204);
    expect((await app.get('/api/v1/team/invitations', company.token)).body.find((i: any) => i.inv_id === res.body.inv_id).status).toBe('pending');
    while (smtp.inbox.length === count) await Bun.sleep(10);
    const fresh = tokenOf(linkIn((await smtp.lastTo(email)).text));
    expect((await app.get(`/api/v1/auth/invitations/${fresh}`)).status).toBe(200);
  });

  test('two concurrent accepts of one invitation: exactly one succeeds', async () => {
    const company = await createCompany(app);
    const { link } = await invite(company.token, newEmail(), 'member');
    const token = tokenOf(link);
    const results = await Promise.all(Array.from({ length: 4 }, () => app.post(`/api/v1/auth/invitations/${token}/accept`, { password: 'una clave de invitada' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results) expect([200, 404, 409]).toContain(r.status);
    expect((await app.get('/api/v1/team/members', company.token)).body).toHaveLength(2);
  });

  test('nobody invites above their own role; unknown tokens are 404; foreign invitation ids are 404', async () => {
    const company = await createCompany(app);
    const admin = await addMember(app, company.token, 'admin');
    expect((await app.post('/api/v1/team/invitations', { email: newEmail(), role: 'owner' }, admin.token)).status).toBe(403);
    expect((await invite(admin.token, newEmail(), 'admin')).res.status).toBe(201);
    const member = await addMember(app, company.token, 'member');
    expect((await app.post('/api/v1/team/invitations', { email: newEmail(), role: 'viewer' }, member.token)).status).toBe(403);
    expect((await app.get(`/api/v1/auth/invitations/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await app.get('/api/v1/auth/invitations/short')).status).toBe(422);
    const other = await createCompany(app);
    const { res } = await invite(other.token, newEmail());
    expect((await app.del(`/api/v1/team/invitations/${res.body.inv_id}`, company.token)).status).toBe(404);
    expect((await app.post(`/api/v1/team/invitations/${res.body.inv_id}/resend`, undefined, company.token)).status).toBe(404);
    expect((await app.get('/api/v1/team/invitations', company.token)).body.some((i: any) => i.inv_id === res.body.inv_id)).toBe(false);
  });
});

describe('OpenAPI', () => {
  test('the named schemas are components, and operations reference them', async () => {
    const spec = (await app.get('/openapi.json')).body;
    for (const name of ['MemberOut', 'UpdateMemberRequest', 'InviteRequest', 'InvitationOut', 'InvitationPreview', 'AcceptInvitationRequest', 'AcceptInvitationResponse', 'QuickCreateRequest', 'QuickCreateResponse']) expect([name, spec.components.schemas[name] !== undefined]).toEqual([name, true]);
    expect(spec.paths['/api/v1/team/invitations'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/InviteRequest');
    expect(spec.paths['/api/v1/auth/invitations/{token}/accept'].post.security).toEqual([]);
    expect(spec.paths['/api/v1/team/members'].get['x-permission']).toBe('team.read');
  });
});
