/**
 * Open items and settlements across document kinds: the documents service
 * (`kernel.service('documents')`) and its routes (GET /open-items, POST /settlements, GET
 * /settlements/{id}, POST /settlements/{id}/reverse). One payment settles several documents,
 * partially, through a treasury (57x) or the suspense account (555); overpayment is 409 unless
 * allowed; documents' status and amounts follow; the books stay balanced; another company sees
 * nothing of it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
let customer: any;
let supplier: any;
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  other = await createCompany(app);
  customer = await createContact(app, company.token, { name: 'Cliente Cobros SL', vat: 'B65410011' });
  supplier = await createContact(app, company.token, { name: 'Proveedor Pagos SA', kind: 'supplier', vat: 'A58818501' });
}, 60_000);
afterAll(() => app?.close());

async function post(path: string, body: unknown, status: number, token = company.token) {
  const res = await app.post(path, body, token);
  expect({ path, status: res.status, body: res.status === status ? null : res.body }).toEqual({ path, status, body: null });
  return res.body;
}
const invoice = (price: string, fields: Record<string, unknown> = {}) => post('/api/v1/invoices', {
  contact_id: customer.id, issue_date: '2026-02-01', lines: [{ description: 'Servicio', quantity: '1', unit_price: price, tax_type_id: taxId(company, 'IVA21'), nature: 'services' }], ...fields,
}, 201);
let counter = 0;
const purchase = (price: string) => post('/api/v1/purchases', {
  contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: `PG-${++counter}`, issue_date: '2026-02-01',
  lines: [{ description: 'Material', quantity: '1', unit_price: price, tax_type_id: taxId(company, 'IVA21') }],
}, 201);
const getDoc = async (path: string) => (await app.get(path, company.token)).body;

/** Every entry balances and so does the whole journal of the company. */
async function expectBalancedBooks() {
  const rows = await app.asAppRole<{ unbalanced: number; debit: string; credit: string }>(company.tenantId, `
    select (select count(*)::int from (select entry_id from journal_lines group by entry_id having sum(debit) <> sum(credit)) u) as unbalanced,
      (select coalesce(sum(debit), 0)::text from journal_lines) as debit, (select coalesce(sum(credit), 0)::text from journal_lines) as credit`);
  expect(Number(rows[0].unbalanced)).toBe(0);
  expect(rows[0].debit).toBe(rows[0].credit);
}
const balanceOf = async (account: string) => {
  const [row] = await app.asAppRole<{ b: string }>(company.tenantId, `select coalesce(sum(debit - credit), 0)::text as b from journal_lines where account_code = '${account}'`);
  return row.b;
};

describe('open items', () => {
  test('receivable and payable items with outstanding amounts, filters and pages; another company sees none', async () => {
    const sale = await invoice('100.00', { due_date: '2026-02-15' });
    const buy = await purchase('200.00');
    const all = await app.get('/api/v1/open-items?limit=500', company.token);
    expect(all.status).toBe(200);
    expect(all.body.items.find((i: any) => i.id === sale.id)).toEqual({
      kind: 'receivable', document_type: 'invoice', id: sale.id, number: sale.number, label: sale.number, contact_id: customer.id, issue_date: '2026-02-01',
      due_date: '2026-02-15', total: '121.00', paid: '0.00', outstanding: '121.00', status: 'issued', overdue: true, account: '4300',
    });
    expect(all.body.items.find((i: any) => i.id === buy.id)).toMatchObject({ kind: 'payable', document_type: 'purchase', label: 'PG-1', outstanding: '242.00', account: '4100' });
    const payable = (await app.get('/api/v1/open-items?kind=payable', company.token)).body;
    expect(payable.items.every((i: any) => i.kind === 'payable')).toBe(true);
    expect((await app.get(`/api/v1/open-items?contact_id=${customer.id}`, company.token)).body.items.every((i: any) => i.contact_id === customer.id)).toBe(true);
    const page = (await app.get('/api/v1/open-items?limit=1&offset=1', company.token)).body;
    expect(page).toMatchObject({ limit: 1, offset: 1, total: all.body.total });
    expect(page.items).toHaveLength(1);
    expect((await app.get('/api/v1/open-items', other.token)).body).toMatchObject({ items: [], total: 0 });
    expect((await app.get('/api/v1/open-items?kind=both', company.token)).status).toBe(422);
    expect((await app.get('/api/v1/open-items?contact_id=nope', company.token)).status).toBe(422);
    // the service, for other plugins: by id whatever the kind
    const documents = app.kernel.service('documents');
    const owner = app.kernel.unitOfWork({ kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' });
    expect((await owner.run((tx) => documents.findOpenItem(tx, buy.id)))?.label).toBe('PG-1');
    expect(await owner.run((tx) => documents.findOpenItem(tx, crypto.randomUUID()))).toBeNull();
    expect((await owner.run((tx) => documents.openItems(tx, { documentIds: [sale.id, buy.id] }))).map((i) => i.id).sort()).toEqual([sale.id, buy.id].sort());
  });
});

describe('settlements', () => {
  test('one payment settles two invoices (one partially) and a purchase: one entry netted on 572, statuses follow; reversal undoes it whole', async () => {
    const a = await invoice('100.00');
    const b = await invoice('200.00');
    const p = await purchase('50.00');
    const bankBefore = await balanceOf('572');
    const created = await post('/api/v1/settlements', { date: '2026-02-10', account: '572', allocations: [
      { document_id: a.id, amount: '121.00' }, { document_id: b.id, amount: '100' }, { document_id: p.id, amount: '60.50' },
    ] }, 201);
    expect(created).toMatchObject({ date: '2026-02-10', amount: '160.50', account: '572', reversed: false, reversed_at: null });
    expect(created.allocations.map((x: any) => [x.kind, x.document_id, x.amount]).sort()).toEqual([['invoice', a.id, '121.00'], ['invoice', b.id, '100.00'], ['purchase', p.id, '60.50']].sort());
    expect(await getDoc(`/api/v1/invoices/${a.id}`)).toMatchObject({ status: 'paid', amount_paid: '121.00', amount_due: '0.00' });
    expect(await getDoc(`/api/v1/invoices/${b.id}`)).toMatchObject({ status: 'partially_paid', amount_paid: '100.00', amount_due: '142.00' });
    expect(await getDoc(`/api/v1/purchases/${p.id}`)).toMatchObject({ status: 'paid', amount_due: '0.00' });
    const entry = (await app.get(`/api/v1/ledger/entries/${created.journal_entry_id}`, company.token)).body;
    expect(entry.lines.filter((l: any) => l.account === '572').map((l: any) => [l.debit, l.credit])).toEqual([['160.50', '0.00']]);
    await expectBalancedBooks();
    expect((await app.get(`/api/v1/settlements/${created.id}`, company.token)).body).toEqual(created);

    const reversed = await post(`/api/v1/settlements/${created.id}/reverse`, { date: '2026-02-11' }, 200);
    expect(reversed).toMatchObject({ id: created.id, reversed: true });
    expect(await getDoc(`/api/v1/invoices/${a.id}`)).toMatchObject({ status: 'issued', amount_paid: '0.00', amount_due: '121.00' });
    expect(await getDoc(`/api/v1/invoices/${b.id}`)).toMatchObject({ status: 'issued', amount_due: '242.00' });
    expect(await getDoc(`/api/v1/purchases/${p.id}`)).toMatchObject({ status: 'issued', amount_due: '60.50' });
    expect(Number(await balanceOf('572'))).toBe(Number(bankBefore));
    await expectBalancedBooks();
    expect((await app.post(`/api/v1/settlements/${created.id}/reverse`, { date: '2026-02-12' }, company.token)).status).toBe(409);
  });

  test('through the suspense account 555; an overpayment is 409 unless allowed, and the excess stays on the customer', async () => {
    const a = await invoice('100.00');
    const refused = await app.post('/api/v1/settlements', { date: '2026-02-10', account: '555', allocations: [{ document_id: a.id, amount: '150.00' }] }, company.token);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('121.00');
    expect(await getDoc(`/api/v1/invoices/${a.id}`)).toMatchObject({ status: 'issued', amount_paid: '0.00' });
    const suspenseBefore = await balanceOf('555');
    const created = await post('/api/v1/settlements', { date: '2026-02-10', account: '555', allow_overpayment: true, allocations: [{ document_id: a.id, amount: '150.00' }] }, 201);
    expect(created).toMatchObject({ amount: '150.00', account: '555', allocations: [{ kind: 'invoice', document_id: a.id, amount: '150.00' }] });
    expect(await getDoc(`/api/v1/invoices/${a.id}`)).toMatchObject({ status: 'paid', amount_paid: '121.00', amount_due: '0.00' });
    const entry = (await app.get(`/api/v1/ledger/entries/${created.journal_entry_id}`, company.token)).body;
    expect(entry.lines.map((l: any) => [l.account, l.debit, l.credit]).sort()).toEqual([['4300', '0.00', '150.00'], ['555', '150.00', '0.00']]);
    expect(Number(await balanceOf('555')) - Number(suspenseBefore)).toBe(150);
    await expectBalancedBooks();
    await post(`/api/v1/settlements/${created.id}/reverse`, { date: '2026-02-10' }, 200);
    expect(await getDoc(`/api/v1/invoices/${a.id}`)).toMatchObject({ status: 'issued', amount_due: '121.00' });
    await expectBalancedBooks();
  });

  test('validation: 422 for bad bodies, accounts outside 57x/555x, drafts and duplicates are refused; nothing is written', async () => {
    const a = await invoice('10.00');
    const draft = await post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-02-01', status: 'draft', lines: [{ description: 'X', quantity: '1', unit_price: '5', tax_type_id: taxId(company, 'IVA21') }] }, 201);
    const send = (body: unknown) => app.post('/api/v1/settlements', body, company.token);
    for (const body of [
      {}, { date: '2026-02-10', allocations: [] }, { date: '2026-13-10', allocations: [{ document_id: a.id, amount: '1' }] },
      { date: '2026-02-10', allocations: [{ document_id: a.id, amount: '-1' }] }, { date: '2026-02-10', allocations: [{ document_id: a.id, amount: '0' }] },
      { date: '2026-02-10', allocations: [{ document_id: 'x', amount: '1' }] }, { date: '2026-02-10', account: '430', allocations: [{ document_id: a.id, amount: '1' }] },
      { date: '2026-02-10', account: '5790', allocations: [{ document_id: a.id, amount: '1' }] },
      { date: '2026-02-10', allocations: [{ document_id: a.id, amount: '1' }, { document_id: a.id, amount: '1' }] },
      { date: '2026-01-10', allocations: [{ document_id: a.id, amount: '1' }] },
    ]) {
      const res = await send(body);
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      expect(Array.isArray(res.body.detail)).toBe(true);
    }
    expect((await send({ date: '2026-02-10', allocations: [{ document_id: draft.id, amount: '1' }] })).status).toBe(409);
    expect((await app.post(`/api/v1/settlements/${crypto.randomUUID()}/reverse`, { date: '2026-02-10' }, company.token)).status).toBe(404);
    expect((await app.post(`/api/v1/settlements/${crypto.randomUUID()}/reverse`, {}, company.token)).status).toBe(422);
    expect((await app.get('/api/v1/settlements/not-a-uuid', company.token)).status).toBe(422);
    expect(await getDoc(`/api/v1/invoices/${a.id}`)).toMatchObject({ status: 'issued', amount_paid: '0.00' });
  });

  test('another company: its documents and settlements are 404, and it cannot settle ours', async () => {
    const a = await invoice('10.00');
    const created = await post('/api/v1/settlements', { date: '2026-02-10', allocations: [{ document_id: a.id, amount: '5.00' }] }, 201);
    expect((await app.get(`/api/v1/settlements/${created.id}`, other.token)).status).toBe(404);
    expect((await app.post(`/api/v1/settlements/${created.id}/reverse`, { date: '2026-02-11' }, other.token)).status).toBe(404);
    expect((await app.post('/api/v1/settlements', { date: '2026-02-10', allocations: [{ document_id: a.id, amount: '1.00' }] }, other.token)).status).toBe(404);
    expect(await getDoc(`/api/v1/invoices/${a.id}`)).toMatchObject({ status: 'partially_paid', amount_paid: '5.00' });
    expect((await app.get(`/api/v1/settlements/${crypto.randomUUID()}`, company.token)).status).toBe(404);
  });
});
