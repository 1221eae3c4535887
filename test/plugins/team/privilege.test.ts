/**
 * Whatever creates or raises a principal (quick-create, invitations, role changes, API keys) hands
 * out at most the caller's own role, scopes and expiry, and API keys never add people — over
 * sessions, keys and the MCP server alike.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, registerUser } from '../../support/factories';
import { linkIn, startSmtpServer } from '../../support/smtp';
import { addMember } from '../../support/team';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const clients: Client[] = [];
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await app.close();
  await smtp.close();
});

const newEmail = () => `persona-${crypto.randomUUID().slice(0, 8)}@example.com`;
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const tokenOf = (link: string) => decodeURIComponent(new URL(link).pathname.split('/').pop()!);

async function mintKey(token: string, body: Record<string, unknown>) {
  const res = await app.post('/api/v1/auth/api-keys', { name: 'clave', ...body }, token);
  expect(res.status).toBe(201);
  return res.body.key as string;
}

async function userCount(email: string) {
  const rows = await app.kernel.db.orm.em.fork().getConnection().execute('select count(*)::int as n from users where email = ?', [email]);
  return Number(rows[0].n);
}

async function invitationTo(email: string) {
  const find = () => smtp.inbox.find((m) => m.to.includes(email) && m.subject.startsWith('Te han invitado'));
  for (let i = 0; i < 500 && !find(); i++) await Bun.sleep(10);
  return find()!;
}

async function connect(token: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: (url, init) => app.handle(new Request(String(url), init)),
  });
  const client = new Client({ name: 'cuadra-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

describe('a credential never creates a stronger one', () => {
  test('an admin key scoped to team:write with an expiry cannot quick-create, invite, resend or raise anyone', async () => {
    const company = await createCompany(app);
    const member = await addMember(app, company.token, 'member');
    const pending = await app.post('/api/v1/team/invitations', { email: newEmail(), role: 'viewer' }, company.token);
    const key = await mintKey(company.token, { role: 'admin', scopes: ['team:write'], expires_at: inAnHour() });
    const email = newEmail();
    const created = await app.post('/api/v1/team/members/quick-create', { email, role: 'admin' }, key);
    expect(created.status).toBe(403);
    expect(created.body.detail).toMatch(/not by an API key/);
    expect(await userCount(email)).toBe(0);
    expect((await app.post('/api/v1/team/invitations', { email, role: 'viewer' }, key)).status).toBe(403);
    expect((await app.post(`/api/v1/team/invitations/${pending.body.inv_id}/resend`, undefined, key)).status).toBe(403);
    const raised = await app.patch(`/api/v1/team/members/${member.userId}`, { role: 'admin' }, key);
    expect(raised.status).toBe(403);
    expect(raised.body.detail).toMatch(/scopes/);
    expect((await app.get('/api/v1/team/members', company.token)).body.find((m: any) => m.user_id === member.userId).role).toBe('member');
  });

  test('an unscoped admin key without expiry adds nobody either, but may change roles within its own', async () => {
    const company = await createCompany(app);
    const member = await addMember(app, company.token, 'member');
    const key = await mintKey(company.token, { role: 'admin' });
    const email = newEmail();
    expect((await app.post('/api/v1/team/members/quick-create', { email, role: 'viewer' }, key)).status).toBe(403);
    expect((await app.post('/api/v1/team/invitations', { email, role: 'viewer' }, key)).status).toBe(403);
    expect(await userCount(email)).toBe(0);
    expect((await app.patch(`/api/v1/team/members/${member.userId}`, { role: 'owner' }, key)).status).toBe(403);
    expect((await app.patch(`/api/v1/team/members/${member.userId}`, { role: 'accountant' }, key)).status).toBe(200);
  });

  test('an expiring unscoped key may not raise a person, whose role never expires', async () => {
    const company = await createCompany(app);
    const member = await addMember(app, company.token, 'member');
    const key = await mintKey(company.token, { role: 'admin', expires_at: inAnHour() });
    const raised = await app.patch(`/api/v1/team/members/${member.userId}`, { role: 'accountant' }, key);
    expect(raised.status).toBe(403);
    expect(raised.body.detail).toMatch(/cannot outlive/);
  });

  test('through the MCP server, the same key gets the same 403 and no account exists', async () => {
    const company = await createCompany(app);
    const key = await mintKey(company.token, { role: 'admin', scopes: ['team:write'], expires_at: inAnHour() });
    const client = await connect(key);
    const email = newEmail();
    const result: any = await client.callTool({ name: 'team_members_quick_create', arguments: { body: { email, role: 'admin' } } });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/^403: People are added/);
    const invited: any = await client.callTool({ name: 'team_invitations_create', arguments: { body: { email, role: 'admin' } } });
    expect(invited.isError).toBe(true);
    expect(invited.content[0].text).toMatch(/^403/);
    expect(await userCount(email)).toBe(0);
  });

  test('a session still adds people and mints keys within its role; an API key mints no key', async () => {
    const company = await createCompany(app);
    const admin = await addMember(app, company.token, 'admin');
    expect((await app.post('/api/v1/team/members/quick-create', { email: newEmail(), role: 'owner' }, admin.token)).status).toBe(403);
    expect((await app.post('/api/v1/team/members/quick-create', { email: newEmail(), role: 'admin' }, admin.token)).status).toBe(201);
    expect((await app.post('/api/v1/auth/api-keys', { name: 'x', role: 'owner' }, admin.token)).status).toBe(403);
    const key = await mintKey(admin.token, { role: 'admin', scopes: ['*:write'] });
    expect((await app.post('/api/v1/auth/api-keys', { name: 'y', role: 'admin' }, key)).status).toBe(403);
  });
});

describe('invitations hold only while their inviter could still make them', () => {
  async function inviteAsAdmin(role: string) {
    const company = await createCompany(app);
    const admin = await addMember(app, company.token, 'admin');
    const email = newEmail();
    const sent = await app.post('/api/v1/team/invitations', { email, role }, admin.token);
    expect(sent.status).toBe(201);
    const token = tokenOf(linkIn((await invitationTo(email)).text));
    return { company, admin, email, token, invId: sent.body.inv_id };
  }
  const accept = (token: string) => app.post(`/api/v1/auth/invitations/${encodeURIComponent(token)}/accept`, { password: 'una clave nueva y larga' });

  test('the owner removes the inviting admin: accepting is 409, nobody joins, the invitation stays pending', async () => {
    const { company, admin, email, token } = await inviteAsAdmin('admin');
    expect((await app.del(`/api/v1/team/members/${admin.userId}`, company.token)).status).toBe(204);
    const res = await accept(token);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/can no longer grant the role admin/);
    expect(await userCount(email)).toBe(0);
    const listed = (await app.get('/api/v1/team/invitations', company.token)).body.find((i: any) => i.email === email);
    expect(listed.status).toBe('pending');
  });

  test('the inviter demoted below the invited role: 409; the inviter still able to grant it: accepted', async () => {
    const demoted = await inviteAsAdmin('admin');
    expect((await app.patch(`/api/v1/team/members/${demoted.admin.userId}`, { role: 'member' }, demoted.company.token)).status).toBe(200);
    expect((await accept(demoted.token)).status).toBe(409);

    const kept = await inviteAsAdmin('accountant');
    expect((await app.patch(`/api/v1/team/members/${kept.admin.userId}`, { role: 'accountant' }, kept.company.token)).status).toBe(200);
    const res = await accept(kept.token);
    expect(res.status).toBe(200);
    expect(res.body.tenant_id).toBe(kept.company.tenantId);
  });
});

describe('quick-create never tells whether an address has an account', () => {
  test('an existing account: same status and shape as a new one, no account made, an invitation emailed instead', async () => {
    const company = await createCompany(app);
    const existing = await registerUser(app);
    const fresh = await app.post('/api/v1/team/members/quick-create', { email: newEmail(), role: 'member' }, company.token);
    const known = await app.post('/api/v1/team/members/quick-create', { email: existing.email, role: 'member' }, company.token);
    expect(known.status).toBe(fresh.status);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(known.body).toEqual({ user_id: expect.any(String), email: existing.email, role: 'member', temporary_password: expect.stringMatching(/^(\w{4}-){3}\w{4}$/) });
    expect(known.body.user_id).not.toBe(existing.userId);
    expect(await userCount(existing.email)).toBe(1);
    expect((await app.post('/api/v1/auth/login', { email: existing.email, password: known.body.temporary_password })).status).toBe(401);
    const mail = await invitationTo(existing.email);
    expect(mail.text).toContain('/invitations/');
    const token = tokenOf(linkIn(mail.text));
    const joined = await app.post(`/api/v1/auth/invitations/${encodeURIComponent(token)}/accept`, { password: existing.password });
    expect(joined.status).toBe(200);
    expect(joined.body.tenant_id).toBe(company.tenantId);
    const member = (await app.get('/api/v1/team/members', company.token)).body.find((m: any) => m.email === existing.email);
    expect(member).toMatchObject({ user_id: existing.userId, role: 'member' });
  });

  test('a member or pending invitation of this company is 409 for new and existing addresses alike', async () => {
    const company = await createCompany(app);
    const existing = await registerUser(app);
    expect((await app.post('/api/v1/team/members/quick-create', { email: existing.email, role: 'viewer' }, company.token)).status).toBe(201);
    expect((await app.post('/api/v1/team/members/quick-create', { email: existing.email, role: 'viewer' }, company.token)).status).toBe(409);
    const invited = newEmail();
    expect((await app.post('/api/v1/team/invitations', { email: invited, role: 'viewer' }, company.token)).status).toBe(201);
    expect((await app.post('/api/v1/team/members/quick-create', { email: invited, role: 'viewer' }, company.token)).status).toBe(409);
    expect((await app.post('/api/v1/team/members/quick-create', { email: company.email, role: 'viewer' }, company.token)).status).toBe(409);
  });
});
