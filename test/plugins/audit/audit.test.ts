import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApiKey, createCompany, type TestCompany } from '../../support/factories';
import { startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { addMember } from '../../support/team';

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  other = await createCompany(app, 'Otra SL', 'A58818501');
});
afterAll(() => app.close());

const contact = { kind: 'customer', name: 'Cliente Auditado SL', vat: 'B65410011' };
const audit = (query: string, token = company.token) => app.get(`/api/v1/audit${query}`, token);

describe('audit log', () => {
  test('every write answered 2xx is one entry: who, what, object, when, from where; reads and refused writes are not', async () => {
    const started = new Date(Date.now() - 1000).toISOString();
    const created = await app.post('/api/v1/contacts', contact, company.token, { 'x-forwarded-for': '203.0.113.7' });
    expect(created.status).toBe(201);
    expect((await app.patch(`/api/v1/contacts/${created.body.id}`, { name: 'Cliente Renombrado SL' }, company.token)).status).toBe(200);
    expect((await app.post('/api/v1/contacts', { kind: 'customer' }, company.token)).status).toBe(422);
    expect((await app.get(`/api/v1/contacts/${created.body.id}`, company.token)).status).toBe(200);
    expect((await app.del(`/api/v1/contacts/${created.body.id}`, company.token)).status).toBe(204);

    const page = await audit(`?object_id=${created.body.id}`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    expect(page.body.items.map((e: any) => e.operation)).toEqual([
      'DELETE /api/v1/contacts/{contact_id}', 'PATCH /api/v1/contacts/{contact_id}', 'POST /api/v1/contacts',
    ]);
    const [, , creation] = page.body.items;
    expect(creation).toMatchObject({
      method: 'POST', route: '/api/v1/contacts', object_id: created.body.id, status: 201, client_ip: '203.0.113.7',
      actor: { kind: 'session', user_id: company.userId, email: company.email, api_key_id: null, firm_id: null },
    });
    expect(creation.occurred_at >= started).toBe(true);
    expect(creation.request_id).toEqual(expect.any(String));
  });

  test('the writes of any plugin are logged, with the route as declared and the object written', async () => {
    const entry = await app.post('/api/v1/ledger/entries', { date: '2026-11-02', description: 'Apertura', lines: [{ account: '570', debit: '10.00' }, { account: '100', credit: '10.00' }] }, company.token);
    const treasury = await app.post('/api/v1/treasuries', { kind: 'wallet', name: 'Caja' }, company.token);
    const movement = await app.post(`/api/v1/treasuries/${treasury.body.id}/movements`, { date: '2026-11-03', amount: '-1.00', description: 'Sello' }, company.token);
    const lock = await app.request('PUT', '/api/v1/ledger/lock', { body: { locked_until: '2026-10-31' }, token: company.token });
    const renamed = await app.patch('/api/v1/tenants/me', { name: 'Empresa Auditada SL' }, company.token);
    for (const res of [entry, treasury, movement, lock, renamed]) if (res.status >= 300) throw new Error(res.text);
    const items = (await audit('?limit=5')).body.items.map((e: any) => [e.operation, e.object_id]);
    expect(items).toEqual([
      ['PATCH /api/v1/tenants/me', renamed.body.id],
      ['PUT /api/v1/ledger/lock', null],
      ['POST /api/v1/treasuries/{treasury_id}/movements', movement.body.id],
      ['POST /api/v1/treasuries', treasury.body.id],
      ['POST /api/v1/ledger/entries', entry.body.id],
    ]);
  });

  test('API keys are named; a request with an Idempotency-Key writes its entry in its own transaction, once', async () => {
    const key = await createApiKey(app, company.token, 'accountant');
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await app.post('/api/v1/contacts', { ...contact, name: 'Por clave SL' }, key.key, headers);
    const replay = await app.post('/api/v1/contacts', { ...contact, name: 'Por clave SL' }, key.key, headers);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const page = await audit(`?api_key_id=${key.keyId}`);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.items[0]).toMatchObject({ object_id: first.body.id, actor: { kind: 'api_key', user_id: company.userId, api_key_id: key.keyId } });
  });

  test('filters and pages', async () => {
    for (const name of ['Uno SL', 'Dos SL', 'Tres SL']) await app.post('/api/v1/contacts', { ...contact, name }, company.token);
    const all = await audit('?method=POST&route=/api/v1/contacts&limit=2');
    expect(all.body.items).toHaveLength(2);
    expect(all.body.total).toBeGreaterThanOrEqual(5);
    const next = await audit(`?method=POST&route=/api/v1/contacts&limit=2&offset=2`);
    expect(next.body.items[0].id).not.toBe(all.body.items[1].id);
    expect(new Date(next.body.items[0].occurred_at) <= new Date(all.body.items[1].occurred_at)).toBe(true);
    expect((await audit(`?user_id=${other.userId}`)).body).toMatchObject({ items: [], total: 0 });
    expect((await audit(`?to=2000-01-01T00:00:00Z`)).body.total).toBe(0);
    expect((await audit('?limit=0')).status).toBe(422);
    expect((await audit('?method=GET')).status).toBe(422);
    expect((await audit('?from=yesterday')).status).toBe(422);
    expect((await audit('?to=2026-02-30')).status).toBe(422);
    expect((await audit('?to=2026/02/30')).status).toBe(422);
    expect((await audit('?from=2026-02-30T10:00:00Z')).status).toBe(422);
  });

  test('owners, admins and accountants read it; members and viewers do not; another company sees only its own', async () => {
    const accountant = await addMember(app, company.token, 'accountant');
    const member = await addMember(app, company.token, 'member');
    expect((await audit('', accountant.token)).status).toBe(200);
    expect((await audit('', member.token)).status).toBe(403);
    const theirs = await audit('', other.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.items.every((e: any) => e.actor.user_id === other.userId)).toBe(true);
    expect((await audit(`?user_id=${company.userId}`, other.token)).body.total).toBe(0);
    expect((await app.get('/api/v1/audit')).status).toBe(401);
  });

  test('append-only in the database: the application role can neither change nor remove an entry', async () => {
    await expect(app.asAppRole(company.tenantId, `update audit_entries set client_ip = 'x'`)).rejects.toThrow(/permission denied/);
    await expect(app.asAppRole(company.tenantId, `delete from audit_entries`)).rejects.toThrow(/permission denied/);
    await expect(app.asOwner(`update audit_entries set client_ip = 'x'`)).rejects.toThrow(/append-only/);
    await expect(app.asOwner(`delete from audit_entries`)).rejects.toThrow(/append-only/);
  });

  test('exported with the company\'s data', async () => {
    const exported = await app.get('/api/v1/account/export', company.token);
    expect(exported.status).toBe(200);
    const sections = exported.body.tenants.find((t: any) => t.tenant_id === company.tenantId).sections;
    const listed = (await audit('?limit=500')).body;
    expect(sections.audit).toHaveLength(listed.total);
    expect(sections.audit).toEqual([...listed.items].reverse());
  });
});
