/**
 * Approvals end to end: an API key with the drafts scope prepares a draft invoice (201); issuing it
 * is held (202 and a pending approval); a member approves it and it is issued once, as the key,
 * with the key's Idempotency-Key; two approvers racing give one execution; rejection; a drafts key
 * neither decides nor grants itself more; another company sees nothing; webhook events for both.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { seededTaxTypeId } from '../../../plugins/taxes/api';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';
import { createFirm, grantFirm, nifFor } from '../../support/firms';
import { addMember, tenantSql, type TestMember } from '../../support/team';
import { startReceiver } from '../webhooks/receiver';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
let member: TestMember;
let agent: { key: string; keyId: string };
let customerId: string;
let hook: any;
const receiver = startReceiver();

const draftInvoice = async (key = agent.key) => {
  const res = await app.post('/api/v1/invoices', {
    status: 'draft', contact_id: customerId, issue_date: '2026-11-02',
    lines: [{ description: 'Revisión contable', quantity: '1', unit_price: '250.00', tax_type_id: seededTaxTypeId(a.tenantId, 'IVA21') }],
  }, key);
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('draft');
  return res.body;
};
const delivered = async () => {
  await app.kernel.outbox.idle();
  await app.kernel.service('webhooks').idle();
  return receiver.on('/approvals').map((r) => JSON.parse(r.body));
};

beforeAll(async () => {
  app = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOKS_POLL_MS: '3600000' } });
  a = await createCompany(app);
  b = await createCompany(app, 'Otra Empresa SL', 'A58818501');
  member = await addMember(app, a.token, 'member');
  const created = await app.post('/api/v1/auth/api-keys', { name: 'agente', role: 'accountant', scopes: ['invoices:write', 'contacts:read', 'drafts'] }, a.token);
  expect(created.status).toBe(201);
  agent = { key: created.body.key, keyId: created.body.key_id };
  customerId = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente Aprobaciones SL', vat: 'B65410011', address: 'Calle Sello 1', city: 'Madrid', postal_code: '28001' }, a.token)).body.id;
  hook = (await app.post('/api/v1/webhooks', { url: receiver.url('/approvals'), events: ['approval.requested', 'approval.decided', 'invoice.issued'] }, a.token)).body;
});
afterAll(async () => {
  receiver.stop();
  await app.close();
});

describe('a key that prepares', () => {
  let approval: any;
  let invoice: any;

  test('creates and edits a draft, and issuing it waits for approval (202) with nothing issued', async () => {
    invoice = await draftInvoice();
    const edited = await app.patch(`/api/v1/invoices/${invoice.id}`, { notes: 'Revisado por el agente' }, agent.key);
    expect(edited.status).toBe(200);
    const held = await app.post(`/api/v1/invoices/${invoice.id}/issue`, undefined, agent.key, { 'idempotency-key': 'agent-issue-1' });
    expect(held.status).toBe(202);
    approval = held.body;
    expect(approval).toMatchObject({ status: 'pending', effect: 'issue', method: 'POST', path: `/api/v1/invoices/${invoice.id}/issue`, body: null,
      idempotency_key: 'agent-issue-1', requested_by: { api_key_id: agent.keyId, user_id: a.userId }, result: null });
    expect((await app.get(`/api/v1/invoices/${invoice.id}`, a.token)).body.status).toBe('draft');
    // the agent's retry with the same key is the same approval, not a second one
    const again = await app.post(`/api/v1/invoices/${invoice.id}/issue`, undefined, agent.key, { 'idempotency-key': 'agent-issue-1' });
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(approval.id);
    expect((await app.get('/api/v1/approvals?status=pending', agent.key)).body.items.map((x: any) => x.id)).toEqual([approval.id]);
  });

  test('creating an invoice that is issued at once, or deleting a draft, is held too', async () => {
    const issuing = await app.post('/api/v1/invoices', {
      contact_id: customerId, issue_date: '2026-11-03', lines: [{ description: 'Directa', quantity: '1', unit_price: '10.00', tax_type_id: seededTaxTypeId(a.tenantId, 'IVA21') }],
    }, agent.key);
    expect(issuing.status).toBe(202);
    expect(issuing.body).toMatchObject({ effect: 'issue', body: { contact_id: customerId, issue_date: '2026-11-03' } });
    const draft = await draftInvoice();
    const deleting = await app.del(`/api/v1/invoices/${draft.id}`, agent.key);
    expect(deleting.status).toBe(202);
    expect(deleting.body).toMatchObject({ effect: 'delete', method: 'DELETE' });
    expect((await app.get(`/api/v1/invoices/${draft.id}`, a.token)).status).toBe(200);
  });

  test('cannot decide; nor can any API key: a person decides', async () => {
    const denied = await app.post(`/api/v1/approvals/${approval.id}/approve`, undefined, agent.key);
    expect(denied.status).toBe(403);
    expect((await app.post(`/api/v1/approvals/${approval.id}/reject`, {}, agent.key)).status).toBe(403);
    const unscoped = await app.post('/api/v1/auth/api-keys', { name: 'sin drafts', role: 'admin' }, a.token);
    const byKey = await app.post(`/api/v1/approvals/${approval.id}/approve`, undefined, unscoped.body.key);
    expect(byKey.status).toBe(403);
    expect(byKey.body.detail).toMatch(/person signed in/);
  });

  test('two members approving at once: the invoice is issued once, as the key, and the other is told 409', async () => {
    const [first, second] = await Promise.all([
      app.post(`/api/v1/approvals/${approval.id}/approve`, undefined, member.token, { 'idempotency-key': 'member-approves' }),
      app.post(`/api/v1/approvals/${approval.id}/approve`, undefined, a.token),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const won = first.status === 200 ? first.body : second.body;
    expect(won).toMatchObject({ status: 'approved', result: { status: 200, body: { id: invoice.id, status: 'issued' } } });
    expect(won.result.body.number).toBeTruthy();
    expect(won.decided_by === member.userId || won.decided_by === a.userId).toBe(true);
    const issued = (await app.get(`/api/v1/invoices/${invoice.id}`, a.token)).body;
    expect(issued.status).toBe('issued');
    expect(issued.number).toBe(won.result.body.number);
    // the key's Idempotency-Key served twice: for the held answer, and for the one approved run (under the key's own scope)
    const entries = await tenantSql(app, a.tenantId, `select count(*)::int as n from idempotency_keys where tenant_id = :tenant and key = 'agent-issue-1'`);
    expect(entries[0].n).toBe(2);
    expect((await app.post(`/api/v1/approvals/${approval.id}/approve`, undefined, member.token)).status).toBe(409);
    expect((await app.post(`/api/v1/approvals/${approval.id}/reject`, {}, member.token)).status).toBe(409);
  });

  test('a person decides only what their role may do: a member may not approve a journal entry, the owner may', async () => {
    const bookkeeper = (await app.post('/api/v1/auth/api-keys', { name: 'asientos', role: 'accountant', scopes: ['ledger:write', 'drafts'] }, a.token)).body;
    const entry = { date: '2026-11-05', description: 'Aportación del socio', lines: [{ account: '572', debit: '500.00' }, { account: '100', credit: '500.00' }] };
    // a request the route would refuse is refused before it is held
    const misspelt = await app.post('/api/v1/ledger/entries', { ...entry, descripton: 'x' }, bookkeeper.key);
    expect([misspelt.status, misspelt.body.detail?.[0]?.type]).toEqual([422, 'extra_forbidden']);
    expect((await app.post('/api/v1/ledger/entries', { date: '2026-11-05' }, bookkeeper.key)).status).toBe(422);
    const held = await app.post('/api/v1/ledger/entries', entry, bookkeeper.key);
    expect(held.status).toBe(202);
    expect(held.body).toMatchObject({ effect: 'post', body: entry });
    // each preparing key follows its own requests; people see the company's
    expect((await app.get('/api/v1/approvals', agent.key)).body.items.map((x: any) => x.id)).not.toContain(held.body.id);
    expect((await app.get(`/api/v1/approvals/${held.body.id}`, agent.key)).status).toBe(404);
    expect((await app.get('/api/v1/approvals', member.token)).body.items.map((x: any) => x.id)).toContain(held.body.id);
    const refused = await app.post(`/api/v1/approvals/${held.body.id}/approve`, undefined, member.token);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/ledger\.write/);
    const approved = await app.post(`/api/v1/approvals/${held.body.id}/approve`, undefined, a.token);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', result: { status: 201, body: { description: 'Aportación del socio' } } });
  });

  test('the API description names each route\'s effect', async () => {
    const paths = (await app.get('/openapi.json')).body.paths;
    expect(paths['/api/v1/invoices/{id}/issue'].post['x-effect']).toBe('issue');
    expect(paths['/api/v1/invoices'].post['x-effect']).toBe('issue (unless status is "draft")');
    expect(paths['/api/v1/ledger/entries'].post['x-effect']).toBe('post');
    expect(paths['/api/v1/contacts/{contact_id}'].delete['x-effect']).toBe('delete');
    expect(paths['/api/v1/invoices/{id}/issue'].post.description).toMatch(/Effect: `issue` \(an API key with the `drafts` scope gets 202/);
    expect(paths['/api/v1/invoices/{id}'].patch['x-effect']).toBeUndefined();
  });

  test('an approval left executing by a dead instance is retaken after 10 minutes, and its key keeps the effect single', async () => {
    const draft = await draftInvoice();
    const held = (await app.post(`/api/v1/invoices/${draft.id}/issue`, undefined, agent.key, { 'idempotency-key': 'agent-issue-crash' })).body;
    // the instance that approved it ran the request, then died before recording the result
    const key = await app.kernel.principalOfCredential(`api_key:${agent.keyId}`);
    const firstRun = await app.kernel.dispatchAs({ ...key!, scopes: ['invoices:write', 'contacts:read'] }, {
      method: 'POST', path: held.path, body: null, contentType: null, idempotencyKey: 'agent-issue-crash',
    });
    expect(firstRun.status).toBe(200);
    const { number } = (await firstRun.json()) as { number: string };
    await tenantSql(app, a.tenantId, `update approvals set status = 'executing', decided_by = :user, decided_at = now() - interval '2 minutes' where tenant_id = :tenant and id = :id`, { id: held.id, user: member.userId });
    expect((await app.post(`/api/v1/approvals/${held.id}/approve`, undefined, a.token)).status).toBe(409);
    await tenantSql(app, a.tenantId, `update approvals set decided_at = now() - interval '11 minutes' where tenant_id = :tenant and id = :id`, { id: held.id });
    const retaken = await app.post(`/api/v1/approvals/${held.id}/approve`, undefined, a.token);
    expect(retaken.status).toBe(200);
    expect(retaken.body).toMatchObject({ status: 'approved', decided_by: a.userId, result: { status: 200, body: { id: draft.id, number } } });
    expect((await app.get(`/api/v1/invoices/${draft.id}`, a.token)).body.number).toBe(number);
  });

  test('rejected: the request never runs', async () => {
    const draft = await draftInvoice();
    const held = await app.post(`/api/v1/invoices/${draft.id}/issue`, undefined, agent.key);
    expect(held.status).toBe(202);
    expect(held.body.idempotency_key).toBe(`approval:${held.body.id}`);
    const rejected = await app.post(`/api/v1/approvals/${held.body.id}/reject`, { note: 'Falta el pedido' }, member.token);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', note: 'Falta el pedido', decided_by: member.userId, result: null });
    expect((await app.post(`/api/v1/approvals/${held.body.id}/approve`, undefined, member.token)).status).toBe(409);
    expect((await app.get(`/api/v1/invoices/${draft.id}`, a.token)).body.status).toBe('draft');
  });

  test('another company sees none of it and decides nothing', async () => {
    const list = await app.get('/api/v1/approvals', b.token);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(0);
    expect((await app.get(`/api/v1/approvals/${approval.id}`, b.token)).status).toBe(404);
    const draft = await draftInvoice();
    const held = (await app.post(`/api/v1/invoices/${draft.id}/issue`, undefined, agent.key)).body;
    expect((await app.post(`/api/v1/approvals/${held.id}/approve`, undefined, b.token)).status).toBe(404);
    expect((await app.post(`/api/v1/approvals/${held.id}/reject`, {}, b.token)).status).toBe(404);
    expect((await app.get(`/api/v1/approvals/${held.id}`, a.token)).body.status).toBe('pending');
  });

  test('webhooks tell of each request and decision', async () => {
    const bodies = await delivered();
    const requested = bodies.filter((x) => x.type === 'approval.requested');
    const decided = bodies.filter((x) => x.type === 'approval.decided');
    expect(requested.map((x) => x.data.id)).toContain(approval.id);
    expect(decided.find((x) => x.data.id === approval.id)?.data).toMatchObject({ status: 'approved', result: { status: 200 } });
    expect(decided.some((x) => x.data.status === 'rejected' && x.data.note === 'Falta el pedido')).toBe(true);
    expect(bodies.filter((x) => x.type === 'invoice.issued' && x.data.id === approval.path.split('/')[4])).toHaveLength(1);
    expect(bodies.every((x) => x.tenant_id === a.tenantId)).toBe(true);
    expect(hook.id).toBeTruthy();
  });

  test('the account export holds the company\'s approvals', async () => {
    const exported = await app.get('/api/v1/account/export', a.token);
    expect(exported.status).toBe(200);
    const mine = exported.body.tenants.find((t: any) => t.tenant_id === a.tenantId);
    expect(mine.sections.approvals.map((x: any) => x.id)).toContain(approval.id);
    expect(mine.sections.approvals.find((x: any) => x.id === approval.id)).toMatchObject({ status: 'approved', effect: 'issue' });
  });
});

describe('a firm\'s key that prepares, for a client', () => {
  test('its held request runs for the client once approved, and not after the firm loses access', async () => {
    const firmNif = nifFor(31415926);
    const firm = await createFirm(app, firmNif);
    const accessId = await grantFirm(app, a.token, firm, firmNif, 'accountant');
    const created = await app.post('/api/v1/auth/api-keys', { name: 'agente de la gestoría', role: 'accountant', scopes: ['invoices:write', 'contacts:read', 'drafts'] }, firm.token);
    expect(created.status).toBe(201);
    const forClient = { 'x-tenant-id': a.tenantId };
    const draftFor = async () => {
      const res = await app.post('/api/v1/invoices', {
        status: 'draft', contact_id: customerId, issue_date: '2026-11-03',
        lines: [{ description: 'Cierre trimestral', quantity: '1', unit_price: '90.00', tax_type_id: seededTaxTypeId(a.tenantId, 'IVA21') }],
      }, created.body.key, forClient);
      expect(res.status).toBe(201);
      return res.body;
    };

    const draft = await draftFor();
    const held = await app.post(`/api/v1/invoices/${draft.id}/issue`, undefined, created.body.key, forClient);
    expect(held.status).toBe(202);
    const approved = await app.post(`/api/v1/approvals/${held.body.id}/approve`, undefined, a.token);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', result: { status: 200 } });
    expect((await app.get(`/api/v1/invoices/${draft.id}`, a.token)).body.status).toBe('issued');

    const second = await draftFor();
    const waiting = (await app.post(`/api/v1/invoices/${second.id}/issue`, undefined, created.body.key, forClient)).body;
    expect((await app.del(`/api/v1/team/firm-access/${accessId}`, a.token)).status).toBe(204);
    expect((await app.post(`/api/v1/approvals/${waiting.id}/approve`, undefined, a.token)).status).toBe(409);
    expect((await app.get(`/api/v1/invoices/${second.id}`, a.token)).body.status).toBe('draft');
  });
});
