/**
 * Aggregates (GET /search, the dashboards' widget data and summary, the reconciliation board) show data of other resources:
 * contact names and tax ids, invoices, purchases, the books, bank movements, tax models. Each part
 * is shown only to a caller who may read its resource through that resource's own routes: the
 * same role and API-key scope check (`Kernel.permissions`). A key scoped to the aggregate alone
 * reads none of it. Widgets are taken from the catalogue, so a new one is covered here unasked.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { t } from 'elysia';
import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { todayInSpain } from '../../plugins/ledger/api';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../support/documents';
import { createCompany, type TestCompany } from '../support/factories';
import { addMember } from '../support/team';

/**
 * Every read permission of the installed plugins is open to viewers, so a role that restricts
 * reads comes from this plugin: payroll, readable by accountants and up, shown by a search kind and
 * a dashboard widget through the real extension points.
 */
const PAYROLL_SECRET = 'Nómina de Quiñones';
const payrollPlugin = definePlugin({
  name: 'test-payroll',
  dependsOn: ['tenants'],
  permissions: { 'test-payroll.read': rolesFrom('accountant') },
  contributesIfInstalled: {
    'widget-types': [{
      type: 'test-payroll', title: 'Payroll', description: 'The payroll of the month', defaultSize: { w: 3, h: 2 },
      reads: ['test-payroll.read'], query: t.Object({}), data: async () => ({ text: PAYROLL_SECRET }),
    }],
  },
  hooks: {
    sync: {
      'search.collecting': async (_tx, payload) => {
        if (payload.allowed('test-payroll.read')) payload.groups.push({ kind: 'test_payroll', items: [{ id: crypto.randomUUID(), title: PAYROLL_SECRET, subtitle: null, matched: ['title'], score: 1 }], more: false });
      },
    },
  },
});

let app: DocumentsTestApp;
let company: TestCompany;
const keys = new Map<string, string>();
const today = todayInSpain();
const CONTACT = 'Zapatería Quiñones Ortega SL';
const CONTACT_VAT = 'B65410011';

async function scopedKey(...scopes: string[]): Promise<string> {
  const name = scopes.join(' ');
  if (!keys.has(name)) {
    const res = await app.post('/api/v1/auth/api-keys', { name: `aggregate ${name}`, role: 'owner', scopes }, company.token);
    if (res.status !== 201) throw new Error(`api key failed: ${res.status} ${res.text}`);
    keys.set(name, res.body.key);
  }
  return keys.get(name)!;
}

beforeAll(async () => {
  app = await startDocumentsApp({ extraPlugins: [payrollPlugin] });
  company = await createCompany(app);
  const customer = await createContact(app, company.token, { name: CONTACT, vat: CONTACT_VAT });
  const supplier = await createContact(app, company.token, { name: `${CONTACT} Suministros`, kind: 'supplier', vat: 'A28017895' });
  const line = [{ description: 'Zapatos Quiñones', quantity: '1', unit_price: '100.00', tax_type_id: taxId(company, 'IVA21') }];
  const invoice = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: today, lines: line }, company.token);
  expect(invoice.status).toBe(201);
  const purchase = await app.post('/api/v1/purchases', { contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'QUI-1', issue_date: today, lines: line }, company.token);
  expect(purchase.status).toBe(201);
}, 120_000);
afterAll(() => app?.close());

describe('GET /search', () => {
  const kindsFound = async (token: string) => {
    const res = await app.get(`/api/v1/search?q=${encodeURIComponent('Quiñones')}`, token);
    expect(res.status).toBe(200);
    return { kinds: res.body.results.map((group: any) => group.kind).sort(), text: res.text };
  };

  test('a key scoped search:read alone finds nothing of contacts, invoices or purchases, which their own routes refuse it', async () => {
    const key = await scopedKey('search:read');
    for (const path of ['/api/v1/contacts', '/api/v1/invoices', '/api/v1/purchases']) expect([path, (await app.get(path, key)).status]).toEqual([path, 403]);
    const found = await kindsFound(key);
    expect(found.kinds).toEqual([]);
    expect(found.text).not.toContain(CONTACT_VAT);
    expect(found.text).not.toContain('Zapatería');
  });

  test('each kind appears exactly when the key may read it', async () => {
    expect((await kindsFound(await scopedKey('search:read', 'contacts:read'))).kinds).toEqual(['contacts']);
    expect((await kindsFound(await scopedKey('search:read', 'invoices:read', 'purchases:read'))).kinds).toEqual(['invoices', 'purchases']);
    expect((await kindsFound(await scopedKey('*:read'))).kinds).toEqual(['contacts', 'invoices', 'purchases', 'test_payroll']);
    expect((await kindsFound(company.token)).kinds).toEqual(['contacts', 'invoices', 'purchases', 'test_payroll']);
  });
});

describe('dashboards', () => {
  const catalogue = async () => (await app.get('/api/v1/dashboard/widget-types')).body.items as { type: string; data_endpoint: string }[];
  /** Every widget's data, with each `top` dimension (they show different resources). */
  const requests = async () => (await catalogue()).flatMap((widget) => (widget.type === 'top'
    ? ['customer', 'supplier', 'product'].map((dim) => ({ type: widget.type, params: { dim }, path: `${widget.data_endpoint}?dim=${dim}` }))
    : [{ type: widget.type, params: {}, path: widget.data_endpoint }]));

  test('a key scoped dashboards:read alone gets 403 and no data from every widget (GET and POST) and from the summary', async () => {
    const key = await scopedKey('dashboards:read');
    expect((await app.get('/api/v1/dashboard/boards', key)).status).toBe(200);
    const all = await requests();
    expect(all.length).toBeGreaterThanOrEqual(11);
    for (const request of all) {
      const viaGet = await app.get(request.path, key);
      expect({ request, status: viaGet.status, detail: viaGet.body?.detail }).toEqual({ request, status: 403, detail: expect.stringMatching(/^This API key's scopes do not allow [a-z-]+\.read$/) });
      const viaPost = await app.post('/api/v1/dashboard/data', { type: request.type, params: request.params }, key);
      expect({ request, status: viaPost.status }).toEqual({ request, status: 403 });
    }
    const summary = await app.get('/api/v1/dashboard/summary', key);
    expect({ status: summary.status, detail: summary.body?.detail }).toEqual({ status: 403, detail: "This API key's scopes do not allow ledger.read" });
  });

  test('a key that may read every resource gets every widget\'s data', async () => {
    const key = await scopedKey('dashboards:read', '*:read');
    for (const request of await requests()) expect({ request, status: (await app.get(request.path, key)).status }).toEqual({ request, status: 200 });
    expect((await app.get('/api/v1/dashboard/summary', key)).status).toBe(200);
  });

  test('figures of the books need ledger:read; contact names also contacts:read; products invoices:read', async () => {
    const books = await scopedKey('dashboards:read', 'ledger:read');
    expect((await app.get('/api/v1/dashboard/data/kpi', books)).status).toBe(200);
    expect((await app.get('/api/v1/dashboard/summary', books)).status).toBe(200);
    const customers = await app.get('/api/v1/dashboard/data/top?dim=customer', books);
    expect({ status: customers.status, detail: customers.body.detail }).toEqual({ status: 403, detail: "This API key's scopes do not allow contacts.read" });
    expect(customers.text).not.toContain('Zapatería');
    expect((await app.get('/api/v1/dashboard/data/subscriptions', books)).status).toBe(403);
    expect((await app.get('/api/v1/dashboard/data/top?dim=product', books)).status).toBe(403);
    const withNames = await app.get('/api/v1/dashboard/data/top?dim=customer', await scopedKey('dashboards:read', 'ledger:read', 'contacts:read'));
    expect(withNames.status).toBe(200);
    expect(withNames.body.items.map((item: any) => item.name)).toContain(CONTACT);
  });
});

describe('GET /reconciliation/board', () => {
  test('shows movements, documents and contact names: a key scoped reconciliation:read alone gets 403, one that may read them all gets the board', async () => {
    const alone = await app.get('/api/v1/reconciliation/board', await scopedKey('reconciliation:read'));
    expect({ status: alone.status, detail: alone.body.detail }).toEqual({ status: 403, detail: expect.stringMatching(/^This API key's scopes do not allow (treasury|contacts|invoices|purchases)\.read$/) });
    const withoutContacts = await app.get('/api/v1/reconciliation/board', await scopedKey('reconciliation:read', 'treasury:read', 'invoices:read', 'purchases:read'));
    expect({ status: withoutContacts.status, detail: withoutContacts.body.detail }).toEqual({ status: 403, detail: "This API key's scopes do not allow contacts.read" });
    expect((await app.get('/api/v1/reconciliation/board', await scopedKey('*:read'))).status).toBe(200);
    expect((await app.get('/api/v1/reconciliation/board', company.token)).status).toBe(200);
  });
});

describe('a role that restricts reads', () => {
  test('viewers and members get neither the search kind nor the widget their role may not read; accountants get both', async () => {
    for (const role of ['viewer', 'member']) {
      const member = await addMember(app, company.token, role);
      const found = await app.get(`/api/v1/search?q=${encodeURIComponent('Quiñones')}`, member.token);
      expect({ role, status: found.status, kinds: found.body.results.map((group: any) => group.kind) }).toEqual({ role, status: 200, kinds: ['contacts', 'invoices', 'purchases'] });
      expect(found.text).not.toContain(PAYROLL_SECRET);
      const widget = await app.get('/api/v1/dashboard/data/test-payroll', member.token);
      expect({ role, status: widget.status, detail: widget.body.detail }).toEqual({ role, status: 403, detail: `Your role (${role}) does not allow test-payroll.read` });
      expect((await app.post('/api/v1/dashboard/data', { type: 'test-payroll', params: {} }, member.token)).status).toBe(403);
    }
    const accountant = await addMember(app, company.token, 'accountant');
    expect((await app.get(`/api/v1/search?q=${encodeURIComponent('Quiñones')}&kinds=test_payroll`, accountant.token)).body.results[0].items[0].title).toBe(PAYROLL_SECRET);
    expect((await app.get('/api/v1/dashboard/data/test-payroll', accountant.token)).body).toEqual({ text: PAYROLL_SECRET });
  });
});
