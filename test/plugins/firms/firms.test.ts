import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { todayInSpain } from '../../../plugins/ledger/api';
import { dueByTenant, modelListing } from '../../../plugins/tax-models/api';
import { seededTaxTypeId } from '../../../plugins/taxes/api';
import { startTestApp, type TestApp } from '../../support/app';
import { createApiKey, createCompany, type TestCompany } from '../../support/factories';
import { createFirm, nifFor } from '../../support/firms';
import { addMember, type TestMember } from '../../support/team';

const FIRM_NIF = nifFor(12345678);
let app: TestApp;
let firm: TestCompany;
let accountant: TestMember;
let viewer: TestMember;
let firmKey: { key: string; keyId: string };
let clients: TestCompany[];
let stranger: TestCompany;
const access: Record<string, string> = {};

const as = (tenant: TestCompany) => ({ 'x-tenant-id': tenant.tenantId });
const newContact = (name: string) => ({ kind: 'customer', name, vat: 'B65410011' });

beforeAll(async () => {
  app = await startTestApp();
  firm = await createFirm(app, FIRM_NIF);
  accountant = await addMember(app, firm.token, 'accountant');
  viewer = await addMember(app, firm.token, 'viewer');
  firmKey = await createApiKey(app, firm.token, 'accountant');
  clients = [await createCompany(app, 'Cliente Uno SL'), await createCompany(app, 'Cliente Dos SL', 'A58818501'), await createCompany(app, 'Cliente Tres SL', 'B65410011')];
  stranger = await createCompany(app, 'Ajena SL', 'A28017895');
});
afterAll(() => app.close());

describe('firm access: granted by the client\'s owner, accepted by the firm', () => {
  test('the client grants by the firm\'s tax id; pending until the firm accepts', async () => {
    const [one, two, three] = clients;
    const roles = ['accountant', 'viewer', 'admin'];
    for (const [index, client] of [one, two, three].entries()) {
      const granted = await app.post('/api/v1/team/firm-access', { firm_tax_id: FIRM_NIF.toLowerCase(), role: roles[index] }, client.token);
      expect(granted.status).toBe(201);
      expect(granted.body).toMatchObject({
        client: { id: client.tenantId, tax_id: expect.any(String) }, firm: { id: firm.tenantId, tax_id: FIRM_NIF },
        role: roles[index], status: 'pending', answered_at: null, revoked_at: null,
      });
      access[client.tenantId] = granted.body.id;
    }
    expect((await app.get('/api/v1/contacts', accountant.token, as(one))).status).toBe(403);
    const pending = await app.get('/api/v1/firm/clients', firm.token);
    expect(pending.status).toBe(200);
    expect(pending.body.map((a: any) => a.client.name).sort()).toEqual(['Cliente Dos SL', 'Cliente Tres SL', 'Cliente Uno SL']);
    expect((await app.post(`/api/v1/firm/clients/${access[one.tenantId]}/accept`, undefined, viewer.token)).status).toBe(403);
    for (const client of clients) {
      const accepted = await app.post(`/api/v1/firm/clients/${access[client.tenantId]}/accept`, undefined, firm.token);
      expect(accepted.status).toBe(200);
      expect(accepted.body.status).toBe('active');
    }
    expect((await app.post(`/api/v1/firm/clients/${access[one.tenantId]}/accept`, undefined, firm.token)).status).toBe(409);
    expect((await app.get('/api/v1/team/firm-access', one.token)).body).toMatchObject([{ id: access[one.tenantId], status: 'active', role: 'accountant' }]);
  });

  test('refusals: bad or unknown tax ids, a second open grant, an owner role, a non-owner, the firm itself', async () => {
    const [one] = clients;
    expect((await app.post('/api/v1/team/firm-access', { firm_tax_id: '12345678A', role: 'viewer' }, one.token)).status).toBe(422);
    expect((await app.post('/api/v1/team/firm-access', { firm_tax_id: nifFor(87654321), role: 'viewer' }, one.token)).status).toBe(404);
    expect((await app.post('/api/v1/team/firm-access', { firm_tax_id: FIRM_NIF, role: 'viewer' }, one.token)).status).toBe(409);
    expect((await app.post('/api/v1/team/firm-access', { firm_tax_id: FIRM_NIF, role: 'owner' }, one.token)).status).toBe(422);
    const admin = await addMember(app, one.token, 'admin');
    expect((await app.post('/api/v1/team/firm-access', { firm_tax_id: FIRM_NIF, role: 'viewer' }, admin.token)).status).toBe(403);
    expect((await app.post('/api/v1/team/firm-access', { firm_tax_id: FIRM_NIF, role: 'viewer' }, firm.token)).status).toBe(422);
    expect((await app.post('/api/v1/team/firm-access', { firm_tax_id: FIRM_NIF, role: 'viewer' })).status).toBe(401);
  });

  test('the firm\'s members act with the grant\'s role, never above their own in the firm; audit entries name the firm', async () => {
    const [one, two] = clients;
    const created = await app.post('/api/v1/contacts', newContact('Por la gestoría SL'), accountant.token, as(one));
    expect(created.status).toBe(201);
    expect((await app.get('/api/v1/contacts', accountant.token, as(two))).status).toBe(200);
    expect((await app.post('/api/v1/contacts', newContact('No'), accountant.token, as(two))).status).toBe(403); // viewer there
    expect((await app.post('/api/v1/contacts', newContact('No'), viewer.token, as(one))).status).toBe(403); // a viewer in the firm
    expect((await app.get('/api/v1/contacts', viewer.token, as(one))).status).toBe(200);
    expect((await app.get('/api/v1/contacts', accountant.token, as(stranger))).status).toBe(403);

    const entries = await app.get(`/api/v1/audit?object_id=${created.body.id}`, one.token);
    expect(entries.body.items).toEqual([expect.objectContaining({
      operation: 'POST /api/v1/contacts', actor: expect.objectContaining({ kind: 'session', user_id: accountant.userId, email: accountant.email, firm_id: firm.tenantId }),
    })]);
    expect((await app.get(`/api/v1/audit?firm_id=${firm.tenantId}`, one.token)).body.total).toBe(1);
    // switching company works for a client reached through the firm
    const switched = await app.post('/api/v1/auth/switch-tenant', { tenant_id: one.tenantId }, accountant.token);
    expect(switched.status).toBe(200);
    expect((await app.get('/api/v1/tenants/me', switched.body.access_token)).body.id).toBe(one.tenantId);
  });

  test('a firm\'s API key acts on a client only with X-Tenant-Id and only where the firm has access', async () => {
    const [one] = clients;
    expect((await app.get('/api/v1/tenants/me', firmKey.key)).body.id).toBe(firm.tenantId);
    const created = await app.post('/api/v1/contacts', newContact('Por la clave SL'), firmKey.key, as(one));
    expect(created.status).toBe(201);
    expect((await app.get(`/api/v1/contacts/${created.body.id}`, firmKey.key)).status).toBe(404); // without the header: the firm itself
    expect((await app.get('/api/v1/contacts', firmKey.key, as(stranger))).status).toBe(403);
    const entries = await app.get(`/api/v1/audit?api_key_id=${firmKey.keyId}`, one.token);
    expect(entries.body.items[0].actor).toMatchObject({ kind: 'api_key', api_key_id: firmKey.keyId, firm_id: firm.tenantId });
  });

  test('the client changes the role and revokes: every member and key of the firm follows at once', async () => {
    const [one, , three] = clients;
    expect((await app.get('/api/v1/contacts', accountant.token, as(three))).status).toBe(200);
    expect((await app.get('/api/v1/contacts', firmKey.key, as(three))).status).toBe(200);
    expect((await app.del(`/api/v1/team/firm-access/${access[three.tenantId]}`, three.token)).status).toBe(204);
    expect((await app.get('/api/v1/contacts', accountant.token, as(three))).status).toBe(403);
    expect((await app.get('/api/v1/contacts', viewer.token, as(three))).status).toBe(403);
    expect((await app.get('/api/v1/contacts', firmKey.key, as(three))).status).toBe(403);
    expect((await app.get('/api/v1/team/firm-access', three.token)).body[0]).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) });

    expect((await app.patch(`/api/v1/team/firm-access/${access[one.tenantId]}`, { role: 'viewer' }, one.token)).status).toBe(200);
    expect((await app.post('/api/v1/contacts', newContact('Ya no'), accountant.token, as(one))).status).toBe(403);
    expect((await app.get('/api/v1/contacts', accountant.token, as(one))).status).toBe(200);
    // a new grant after a revocation starts pending again
    const again = await app.post('/api/v1/team/firm-access', { firm_tax_id: FIRM_NIF, role: 'member' }, three.token);
    expect(again.body.status).toBe('pending');
    expect((await app.post(`/api/v1/firm/clients/${again.body.id}/decline`, undefined, firm.token)).body.status).toBe('declined');
    expect((await app.get('/api/v1/contacts', accountant.token, as(three))).status).toBe(403);
  });

  test('cross-tenant: nobody else reads, changes, revokes or answers an access', async () => {
    const [one, two] = clients;
    const id = access[one.tenantId];
    expect((await app.del(`/api/v1/team/firm-access/${id}`, two.token)).status).toBe(404);
    expect((await app.patch(`/api/v1/team/firm-access/${id}`, { role: 'admin' }, two.token)).status).toBe(404);
    expect((await app.get('/api/v1/team/firm-access', two.token)).body.map((a: any) => a.id)).not.toContain(id);
    expect((await app.get('/api/v1/firm/clients', stranger.token)).body).toEqual([]);
    // the firm cannot change what the client granted, only answer it
    expect((await app.patch(`/api/v1/team/firm-access/${id}`, { role: 'admin' }, firm.token)).status).toBe(404);
    expect((await app.del(`/api/v1/team/firm-access/${id}`, firm.token)).status).toBe(404);
    const otherFirm = await createFirm(app, nifFor(11111111));
    const pending = await app.post('/api/v1/team/firm-access', { firm_tax_id: FIRM_NIF, role: 'viewer' }, stranger.token);
    expect((await app.post(`/api/v1/firm/clients/${pending.body.id}/accept`, undefined, otherFirm.token)).status).toBe(404);
    expect((await app.post(`/api/v1/firm/clients/${pending.body.id}/accept`, undefined, stranger.token)).status).toBe(404);
  });
});

describe('workspace: every company the caller reaches, with what needs doing', () => {
  const companies = (token: string, query = '', headers?: Record<string, string>) => app.get(`/api/v1/workspace/companies${query}`, token, headers);

  beforeAll(async () => {
    // client two's books: a movement to reconcile, a draft, an invoice past its due date, a lock
    const two = clients[1];
    const treasury = await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Banco', iban: 'ES9121000418450200051332' }, two.token);
    await app.post(`/api/v1/treasuries/${treasury.body.id}/movements`, { date: '2026-03-02', amount: '-12.40', description: 'Comisión' }, two.token);
    await app.post(`/api/v1/treasuries/${treasury.body.id}/movements`, { date: '2026-03-03', amount: '100.00', description: 'Cobro' }, two.token);
    const customer = await app.post('/api/v1/contacts', { kind: 'customer', name: 'Comprador SL', vat: 'A28017895', address: 'Calle Sol 2', city: 'Madrid', postal_code: '28001' }, two.token);
    const line = { description: 'Servicio', quantity: '1', unit_price: '100.00', tax_type_id: seededTaxTypeId(two.tenantId, 'IVA21') };
    const issued = await app.post('/api/v1/invoices', { contact_id: customer.body.id, issue_date: '2026-02-01', due_date: '2026-03-01', lines: [line] }, two.token);
    if (issued.status !== 201) throw new Error(issued.text);
    await app.post('/api/v1/invoices', { contact_id: customer.body.id, issue_date: '2026-03-05', lines: [line], status: 'draft' }, two.token);
    const locked = await app.request('PUT', '/api/v1/ledger/lock', { body: { locked_until: '2026-01-31' }, token: two.token });
    if (locked.status !== 200) throw new Error(locked.text);
  });

  test('a firm member sees the firm and the clients it reaches, with roles; the figures are each company\'s own', async () => {
    const [one, two] = clients;
    const res = await companies(accountant.token);
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: any) => [c.name, c.role, c.via_firm_id])).toEqual([
      ['Cliente Dos SL', 'viewer', firm.tenantId], ['Cliente Uno SL', 'viewer', firm.tenantId], [`Gestoría ${FIRM_NIF} SL`, 'accountant', null],
    ]);
    const row = res.body.items.find((c: any) => c.tenant_id === two.tenantId);
    const own = (path: string) => app.get(path, two.token).then((r) => r.body);
    expect(row.unreconciled_movements).toBe((await own('/api/v1/bank-movements?status=unmatched')).total);
    expect(row.unreconciled_movements).toBe(2);
    expect(row.draft_invoices).toBe((await own('/api/v1/invoices?status=draft')).total);
    const issued = (await own('/api/v1/invoices?status=issued')).items;
    expect(row.overdue_invoices).toBe(issued.filter((i: any) => i.due_date && i.due_date < todayInSpain()).length);
    expect(row.overdue_invoices).toBe(1);
    expect(row.purchases_to_review).toBe(0);
    expect(row.lock_date).toBe((await own('/api/v1/ledger/lock')).locked_until);
    // the models due: the company's own listing's periods that have ended, soonest deadline first
    const today = todayInSpain();
    const listing = (await own('/api/v1/aeat')).items.filter((m: any) => m.applies)
      .flatMap((m: any) => m.due.filter((d: any) => d.to < today).map((d: any) => ({ model: m.code, ...d, settled: false })))
      .sort((a: any, b: any) => a.due_date.localeCompare(b.due_date) || a.model.localeCompare(b.model));
    // (each one's computed result: test/plugins/workspace/tax-results.test.ts)
    expect(row.taxes_due.map(({ result, declaration_type, ...due }: any) => due)).toEqual(listing);
    expect(row.last_closed_fiscal_year).toBeNull();
    // a viewer there may not read the audit log: no last activity; in the firm itself it may
    expect(row.last_activity).toBeNull();
    const firmRow = res.body.items.find((c: any) => c.tenant_id === firm.tenantId);
    expect(firmRow.last_activity).toEqual(expect.any(String));
    expect((await companies(two.token)).body.items).toEqual([expect.objectContaining({ tenant_id: two.tenantId, role: 'owner', via_firm_id: null, last_activity: expect.any(String) })]);
    expect(res.body.items.find((c: any) => c.tenant_id === one.tenantId).unreconciled_movements).toBe(0);
  });

  test('the models due, for a set of companies, are those each company\'s own listing gives (a day in a filing window)', async () => {
    const two = clients[1];
    const models = app.kernel.contributions('tax-models');
    expect((await app.request('PATCH', '/api/v1/aeat/profile', { body: { legal_form: 'individual', irpf_method: 'directa_simplificada' }, token: two.token })).status).toBe(200);
    for (const today of ['2027-01-05', '2026-10-02', '2026-07-20']) {
      const viaSet = (await dueByTenant(app.kernel.db, models, [two.tenantId, clients[0].tenantId], today)).get(two.tenantId)!;
      const own = await app.kernel.unitOfWork(null).run((tx) => modelListing(tx, models, today), { tenantId: two.tenantId });
      const expected = own.filter((listed) => listed.reason === null)
        .flatMap((listed) => listed.due.filter((d) => d.period.to < today).map((d) => ({
          model: listed.model.code, year: d.period.year, period: d.period.code, from: d.period.from, to: d.period.to, dueDate: d.dueDate, settled: false,
        })))
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.model.localeCompare(b.model));
      expect(viaSet).toEqual(expected);
      expect(viaSet.map((d) => d.model)).toContain('130'); // an autónomo's IRPF instalment
    }
  });

  test('needs, sort and pages', async () => {
    const two = clients[1];
    expect((await companies(accountant.token, '?needs=reconciliation')).body.items.map((c: any) => c.tenant_id)).toEqual([two.tenantId]);
    expect((await companies(accountant.token, '?needs=overdue_invoices')).body.total).toBe(1);
    expect((await companies(accountant.token, '?needs=review')).body.items.map((c: any) => c.tenant_id)).toEqual([two.tenantId]);
    const sorted = await companies(accountant.token, '?sort=unreconciled_movements&limit=1');
    expect(sorted.body).toMatchObject({ total: 3, limit: 1, offset: 0, items: [{ tenant_id: two.tenantId }] });
    expect((await companies(accountant.token, '?limit=2&offset=2')).body.items).toHaveLength(1);
    expect((await companies(accountant.token, '?needs=taxes')).status).toBe(422);
    const dueNow = (await companies(accountant.token)).body.items.filter((c: any) => c.taxes_due?.some((d: any) => !d.settled)).length;
    expect((await companies(accountant.token, '?needs=taxes_due')).body.total).toBe(dueNow);
    expect((await companies(accountant.token, '?sort=next_tax_due')).status).toBe(200);
    expect((await companies(accountant.token, '?limit=0')).status).toBe(422);
    expect((await app.get('/api/v1/workspace/companies')).status).toBe(401);
  });

  test('a firm\'s API key lists its firm and the clients it reaches, never with X-Tenant-Id; other companies see only theirs', async () => {
    const listed = await companies(firmKey.key);
    expect(listed.body.items.map((c: any) => c.tenant_id).sort()).toEqual([firm.tenantId, clients[0].tenantId, clients[1].tenantId].sort());
    expect((await companies(firmKey.key, '', as(clients[0]))).status).toBe(400);
    const theirs = await companies(stranger.token);
    expect(theirs.body.items.map((c: any) => c.tenant_id)).toEqual([stranger.tenantId]);
  });
});
