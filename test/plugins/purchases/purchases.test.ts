import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { addMember } from '../../support/team';
import { createContact, createDocument, entryLines, journalEntryOf, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp(); }, 60_000);
afterAll(() => app?.close());

const line = (company: TestCompany, fields: Record<string, unknown> = {}) => ({
  description: 'Material de oficina', unit_price: '100.00', tax_type_id: taxId(company, (fields.tax as string) ?? 'IVA21'),
  ...Object.fromEntries(Object.entries(fields).filter(([k]) => k !== 'tax')),
});

async function setup() {
  const company = await createCompany(app);
  const supplier = await createContact(app, company.token, { name: 'Papelería Central SL', kind: 'supplier', vat: 'B65410011' });
  return { company, supplier };
}

const register = (company: TestCompany, body: Record<string, unknown>) => createDocument(app, '/api/v1/purchases', body, company.token);
const journalEntry = (company: TestCompany, id: string) => journalEntryOf(app, company.token, id);

describe('registering purchases', () => {
  test('an invoice gets a registration number, the supplier snapshot, kind and source; an expense needs no supplier number', async () => {
    const { company, supplier } = await setup();
    const inv = await register(company, { contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'A-2026/0042', issue_date: '2026-03-03', lines: [line(company, { quantity: '3' })] });
    expect(inv).toMatchObject({
      kind: 'invoice', supplier_invoice_number: 'A-2026/0042', source: 'manual', file_sha256: null, series: 'P', number: 'P-2026-000001', status: 'issued',
      subtotal: '300.00', tax_total: '63.00', total: '363.00', self_assessed_total: '0.00', payable_account: '4100',
    });
    expect(inv.supplier).toMatchObject({ name: 'Papelería Central SL', tax_id: 'B65410011' });
    expect(inv.lines[0]).toMatchObject({ expense_account: '629', capital_good: false, deductible: true, self_assessed_amount: '0.00', quantity: '3' });
    expect(entryLines(await journalEntry(company, inv.journal_entry_id))).toEqual([['629', '300.00', '0.00'], ['472', '63.00', '0.00'], ['4100', '0.00', '363.00']]);
    const ticket = await register(company, { contact_id: supplier.id, kind: 'expense', issue_date: '2026-03-01', lines: [line(company, { unit_price: '12.40', tax: 'IVA10' })] });
    expect(ticket).toMatchObject({ kind: 'expense', supplier_invoice_number: null, number: 'P-2026-000002', total: '13.64' });
    const noNumber = await app.post('/api/v1/purchases', { contact_id: supplier.id, kind: 'invoice', issue_date: '2026-03-03', lines: [line(company)] }, company.token);
    expect(noNumber.status).toBe(422);
    expect(noNumber.body.detail[0].loc).toEqual(['body', 'supplier_invoice_number']);
  });

  test('the same supplier and invoice number twice is 409 (whatever the case), drafts included; other suppliers may repeat it', async () => {
    const { company, supplier } = await setup();
    const other = await createContact(app, company.token, { name: 'Otro Proveedor SL', kind: 'customer', customer_and_supplier: true, vat: 'A28017895' });
    const body = { contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'F-77', issue_date: '2026-03-03', lines: [line(company)] };
    const first = await register(company, body);
    const dup = await app.post('/api/v1/purchases', { ...body, supplier_invoice_number: 'f-77' }, company.token);
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toContain(first.number);
    expect((await app.post('/api/v1/purchases', { ...body, status: 'draft' }, company.token)).status).toBe(409);
    expect((await app.post('/api/v1/purchases', { ...body, contact_id: other.id }, company.token)).status).toBe(201);
    expect((await app.post('/api/v1/purchases', { ...body, kind: 'expense' }, company.token)).status).toBe(201);
    const draft = await register(company, { ...body, supplier_invoice_number: 'F-78', status: 'draft' });
    expect((await app.patch(`/api/v1/purchases/${draft.id}`, { supplier_invoice_number: 'F-77' }, company.token)).status).toBe(409);
    expect((await app.get(`/api/v1/purchases?contact_id=${supplier.id}`, company.token)).body.total).toBe(3);
  });

  test('the expense account defaults to the one last used with the supplier, else 629; it must be a postable 6xx (2xx for capital goods)', async () => {
    const { company, supplier } = await setup();
    await register(company, { contact_id: supplier.id, kind: 'expense', issue_date: '2026-03-01', lines: [line(company, { expense_account: '602' })] });
    const next = await register(company, { contact_id: supplier.id, kind: 'expense', issue_date: '2026-03-02', lines: [line(company)] });
    expect(next.lines[0].expense_account).toBe('602');
    expect(next.payable_account).toBe('4000');
    const fresh = await createContact(app, company.token, { name: 'Nuevo', kind: 'supplier' });
    expect((await register(company, { contact_id: fresh.id, kind: 'expense', issue_date: '2026-03-02', lines: [line(company)] })).lines[0].expense_account).toBe('629');
    for (const [fields, loc] of [
      [{ expense_account: '700' }, 'expense_account'], [{ expense_account: '62' }, 'expense_account'], [{ expense_account: '217' }, 'expense_account'],
      [{ expense_account: '6299999' }, 'expense_account'], [{ expense_account: '63' }, 'expense_account'],
    ] as const) {
      const res = await app.post('/api/v1/purchases', { contact_id: fresh.id, kind: 'expense', issue_date: '2026-03-02', lines: [line(company, fields)] }, company.token);
      expect([JSON.stringify(fields), res.status, res.body.detail?.[0]?.loc]).toEqual([JSON.stringify(fields), 422, ['body', 'lines', 0, loc]]);
    }
    expect((await app.post('/api/v1/purchases', { contact_id: fresh.id, kind: 'expense', issue_date: '2026-03-02', lines: [line(company, { expense_account: '217', capital_good: true })] }, company.token)).status).toBe(201);
  });

  test('exempt and not-subject purchases carry their type on the expense line; sales-only types are refused', async () => {
    const { company, supplier } = await setup();
    const insurer = await createContact(app, company.token, { name: 'Seguros SA', kind: 'supplier', vat: 'A58818501' });
    const policy = await register(company, { contact_id: insurer.id, kind: 'invoice', supplier_invoice_number: 'POL-1', issue_date: '2026-03-05', lines: [line(company, { tax: 'EXENTO', expense_account: '625', unit_price: '480' })] });
    const entry = await journalEntry(company, policy.journal_entry_id);
    expect(entryLines(entry)).toEqual([['625', '480.00', '0.00'], ['4100', '0.00', '480.00']]);
    expect(entry.lines[0]).toMatchObject({ tax_type_id: taxId(company, 'EXENTO'), tax_base: '480.00' });
    for (const code of ['IVAINTRA', 'EXPORT', 'ISPVENTA', 'OSS']) {
      const res = await app.post('/api/v1/purchases', { contact_id: supplier.id, kind: 'expense', issue_date: '2026-03-05', lines: [line(company, { tax: code })] }, company.token);
      expect([code, res.status, res.body.detail?.[0]?.type]).toEqual([code, 422, 'value_error.tax_type_side']);
    }
  });
});

describe('drafts, immutability and rectifications', () => {
  test('a draft is edited and registered; a registered purchase is 409 to PATCH and DELETE, and the database refuses changes', async () => {
    const { company, supplier } = await setup();
    const draft = await register(company, { contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'D-1', issue_date: '2026-04-01', status: 'draft', lines: [line(company)] });
    expect(draft).toMatchObject({ status: 'draft', number: null, journal_entry_id: null, supplier: null, payable_account: null });
    const patched = await app.patch(`/api/v1/purchases/${draft.id}`, { lines: [line(company, { unit_price: '50', withholding_type_id: taxId(company, 'IRPF7'), expense_account: '623' })] }, company.token);
    expect(patched.body).toMatchObject({ subtotal: '50.00', tax_total: '10.50', withholding_total: '3.50', total: '57.00' });
    const issued = await app.post(`/api/v1/purchases/${draft.id}/issue`, undefined, company.token);
    expect(issued.body).toMatchObject({ status: 'issued', number: 'P-2026-000001' });
    expect((await app.post(`/api/v1/purchases/${draft.id}/issue`, undefined, company.token)).status).toBe(409);
    expect((await app.patch(`/api/v1/purchases/${draft.id}`, { notes: 'x' }, company.token)).status).toBe(409);
    expect((await app.del(`/api/v1/purchases/${draft.id}`, company.token)).status).toBe(409);
    const t = company.tenantId;
    for (const sql of [
      `update purchases set total = 0, subtotal = 0, tax_total = 0, withholding_total = 0 where id = '${draft.id}'`,
      `update purchases set supplier_invoice_number = 'D-2' where id = '${draft.id}'`,
      `update purchase_lines set expense_account = '600' where purchase_id = '${draft.id}'`,
      `delete from purchase_lines where purchase_id = '${draft.id}'`,
      `delete from purchases where id = '${draft.id}'`,
    ]) {
      await expect(app.asAppRole(t, sql)).rejects.toThrow(/immutable|cannot be deleted/);
      await expect(app.asOwner(sql)).rejects.toThrow(/immutable|cannot be deleted/);
    }
    expect((await app.get(`/api/v1/purchases/${draft.id}`, company.token)).body).toEqual(issued.body);
    const removable = await register(company, { contact_id: supplier.id, kind: 'expense', issue_date: '2026-04-02', status: 'draft', lines: [line(company)] });
    expect((await app.del(`/api/v1/purchases/${removable.id}`, company.token)).status).toBe(204);
  });

  test("the supplier's rectifying invoice: by differences (negative amounts swap the sides) and by substitution (reversal)", async () => {
    const { company, supplier } = await setup();
    const original = await register(company, { contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'R-1', issue_date: '2026-04-10', lines: [line(company, { quantity: '10' })] });
    const credit = await app.post(`/api/v1/purchases/${original.id}/rectify`, { issue_date: '2026-04-12', reason: 'Devolución', mode: 'differences', supplier_invoice_number: 'AB-1', lines: [line(company, { quantity: '-2' })] }, company.token);
    expect(credit.status).toBe(201);
    expect(credit.body).toMatchObject({ rectifies_id: original.id, supplier_invoice_number: 'AB-1', total: '-242.00', number: 'P-2026-000002' });
    expect(entryLines(await journalEntry(company, credit.body.journal_entry_id))).toEqual([['629', '0.00', '200.00'], ['472', '0.00', '42.00'], ['4100', '242.00', '0.00']]);
    expect((await app.post(`/api/v1/purchases/${original.id}/rectify`, { issue_date: '2026-04-12', reason: 'x', mode: 'differences', lines: [line(company, { quantity: '-1' })] }, company.token)).status).toBe(422);
    const sub = await app.post(`/api/v1/purchases/${original.id}/rectify`, { issue_date: '2026-04-13', reason: 'Precio', mode: 'substitution', supplier_invoice_number: 'R-1bis', lines: [line(company, { quantity: '8', unit_price: '90' })] }, company.token);
    expect(sub.status).toBe(201);
    expect((await app.get(`/api/v1/purchases/${original.id}`, company.token)).body).toMatchObject({ status: 'rectified', amount_due: '0.00' });
    const tb = (await app.get('/api/v1/ledger/trial-balance', company.token)).body;
    // original 1,210 reversed; the −242 correction stays; the substitute 871.20
    expect(tb.accounts.find((a: any) => a.account === '4100').balance).toBe('-629.20');
    expect(tb.totals.balance).toBe('0.00');
  });
});

describe('contacts, roles, validation and tenancy', () => {
  test('contact stats, delete guard and merge include purchases', async () => {
    const { company, supplier } = await setup();
    const dup = await createContact(app, company.token, { name: 'Papelería Central (dup)', kind: 'supplier' });
    const inv = await register(company, { contact_id: dup.id, kind: 'invoice', supplier_invoice_number: 'S-1', issue_date: '2026-05-01', lines: [line(company)] });
    await app.post(`/api/v1/purchases/${inv.id}/payments`, { date: '2026-05-02', amount: '21' }, company.token);
    expect((await app.get(`/api/v1/contacts/${dup.id}/stats`, company.token)).body).toEqual({
      documents_count: 1, invoiced_total: '0.00', purchased_total: '121.00', outstanding_total: '100.00', first_document_date: '2026-05-01', last_document_date: '2026-05-01',
    });
    expect((await app.del(`/api/v1/contacts/${dup.id}`, company.token)).status).toBe(409);
    const merged = await app.post(`/api/v1/contacts/${supplier.id}/merge`, { duplicate_ids: [dup.id] }, company.token);
    expect(merged.body.documents_repointed).toBe(1);
    expect((await app.get(`/api/v1/purchases/${inv.id}`, company.token)).body).toMatchObject({ contact_id: supplier.id, status: 'partially_paid', amount_due: '100.00' });
    // a merge that would register the same supplier invoice twice is refused as a whole
    const dup2 = await createContact(app, company.token, { name: 'Papelería (otra ficha)', kind: 'supplier' });
    await register(company, { contact_id: dup2.id, kind: 'invoice', supplier_invoice_number: 's-1', issue_date: '2026-05-03', lines: [line(company)] });
    expect((await app.post(`/api/v1/contacts/${supplier.id}/merge`, { duplicate_ids: [dup2.id] }, company.token)).status).toBe(409);
    expect((await app.get(`/api/v1/contacts/${dup2.id}`, company.token)).status).toBe(200);
  });

  test('roles: viewers read; members register', async () => {
    const { company, supplier } = await setup();
    const viewer = await addMember(app, company.token, 'viewer');
    const member = await addMember(app, company.token, 'member');
    const body = { contact_id: supplier.id, kind: 'expense', issue_date: '2026-05-05', lines: [line(company)] };
    expect((await app.post('/api/v1/purchases', body, viewer.token)).status).toBe(403);
    const created = await app.post('/api/v1/purchases', body, member.token);
    expect(created.status).toBe(201);
    expect((await app.get(`/api/v1/purchases/${created.body.id}`, viewer.token)).status).toBe(200);
    expect((await app.post(`/api/v1/purchases/${created.body.id}/payments`, { date: '2026-05-06', amount: '1' }, viewer.token)).status).toBe(403);
  });

  test('bad input is 422 and nothing is registered', async () => {
    const { company, supplier } = await setup();
    const customer = await createContact(app, company.token, { name: 'Solo cliente', kind: 'customer' });
    const ok = { contact_id: supplier.id, kind: 'expense', issue_date: '2026-05-05', lines: [line(company)] };
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ ...ok, kind: 'receipt' }, ['body', 'kind']],
      [{ ...ok, issue_date: '2026-13-01' }, ['body', 'issue_date']],
      [{ ...ok, contact_id: customer.id }, ['body', 'contact_id']],
      [{ ...ok, lines: [{ ...line(company), unit_price: 'abc' }] }, ['body', 'lines', 0, 'unit_price']],
      [{ ...ok, lines: [{ ...line(company), capital_good: 'yes' }] }, ['body', 'lines', 0, 'capital_good']],
      [{ ...ok, lines: [{ ...line(company), surcharge_type_id: taxId(company, 'RE52'), tax_type_id: taxId(company, 'RCINTRACOM') }] }, ['body', 'lines', 0, 'surcharge_type_id']],
      [{ ...ok, lines: [line(company, { quantity: '-1' })] }, ['body', 'lines']],
      [{ ...ok, lines: [{ ...line(company), description: 'a\u0000b' }] }, ['body', 'lines', 0, 'description']],
    ];
    for (const [body, loc] of cases) {
      const res = await app.post('/api/v1/purchases', body, company.token);
      expect([JSON.stringify(loc), res.status]).toEqual([JSON.stringify(loc), 422]);
      expect([JSON.stringify(loc), res.body.detail.some((d: any) => JSON.stringify(d.loc) === JSON.stringify(loc))]).toEqual([JSON.stringify(loc), true]);
    }
    for (const query of ['limit=0', 'kind=x', 'from=2026-02-30']) expect([query, (await app.get(`/api/v1/purchases?${query}`, company.token)).status]).toEqual([query, 422]);
    expect((await app.get('/api/v1/purchases', company.token)).body.total).toBe(0);
    expect((await app.get('/api/v1/ledger/trial-balance', company.token)).body.accounts).toEqual([]);
  });

  test("another tenant's purchase, contact and tax type ids answer exactly like random ids", async () => {
    const mine = await setup();
    const theirs = await setup();
    const foreign = await register(theirs.company, { contact_id: theirs.supplier.id, kind: 'invoice', supplier_invoice_number: 'X-1', issue_date: '2026-05-10', lines: [line(theirs.company)] });
    const random = crypto.randomUUID();
    const calls: [string, (id: string) => string, unknown?][] = [
      ['GET', (id) => `/api/v1/purchases/${id}`],
      ['PATCH', (id) => `/api/v1/purchases/${id}`, { notes: 'x' }],
      ['DELETE', (id) => `/api/v1/purchases/${id}`],
      ['POST', (id) => `/api/v1/purchases/${id}/issue`],
      ['POST', (id) => `/api/v1/purchases/${id}/rectify`, { issue_date: '2026-05-11', reason: 'x', mode: 'substitution', supplier_invoice_number: 'Y' }],
      ['POST', (id) => `/api/v1/purchases/${id}/payments`, { date: '2026-05-11', amount: '1' }],
    ];
    for (const [method, path, body] of calls) {
      const a = await app.request(method, path(foreign.id), { token: mine.company.token, body });
      const b = await app.request(method, path(random), { token: mine.company.token, body });
      expect([method, path(':id'), a.status]).toEqual([method, path(':id'), 404]);
      expect(a.body).toEqual(b.body);
    }
    const create = (contactId: string, taxTypeId: string) => app.post('/api/v1/purchases', { contact_id: contactId, kind: 'expense', issue_date: '2026-05-11', lines: [{ ...line(mine.company), tax_type_id: taxTypeId }] }, mine.company.token);
    expect((await create(theirs.supplier.id, taxId(mine.company, 'IVA21'))).status).toBe(404);
    expect((await create(mine.supplier.id, taxId(theirs.company, 'IVA21'))).status).toBe(404);
    expect((await app.get('/api/v1/purchases', mine.company.token)).body.total).toBe(0);
    expect((await app.get(`/api/v1/purchases/${foreign.id}`, theirs.company.token)).body).toEqual(foreign);
  });

  test('erasing the company (account deletion) removes invoices, rectifications, purchases, payments and their entries', async () => {
    const { company } = await setup();
    const both = await createContact(app, company.token, { name: 'Ambos SL', kind: 'customer', customer_and_supplier: true, vat: 'A58818501' });
    const inv = await app.post('/api/v1/invoices', { contact_id: both.id, issue_date: '2026-03-01', lines: [line(company, { quantity: '1' })] }, company.token);
    expect(inv.status).toBe(201);
    expect((await app.post(`/api/v1/invoices/${inv.body.id}/rectify`, { issue_date: '2026-03-02', reason: 'x', mode: 'substitution' }, company.token)).status).toBe(201);
    const p = await register(company, { contact_id: both.id, kind: 'invoice', supplier_invoice_number: 'A1', issue_date: '2026-03-01', lines: [line(company, { tax: 'RCINTRACOM', capital_good: true, expense_account: '217' })] });
    expect((await app.post(`/api/v1/purchases/${p.id}/payments`, { date: '2026-03-03', amount: '50' }, company.token)).status).toBe(200);
    const exported = await app.get('/api/v1/account/export', company.token);
    expect(exported.body.tenants[0].sections.purchases.purchases.map((x: any) => x.supplier_invoice_number)).toEqual(['A1']);
    const res = await app.post('/api/v1/account/delete', { password: company.password }, company.token);
    expect([res.status, res.body.deleted_tenant_ids]).toEqual([200, [company.tenantId]]);
    const t = company.tenantId;
    const [row] = await app.asOwner<any>(`select (select count(*) from invoices where tenant_id = '${t}') + (select count(*) from purchases where tenant_id = '${t}')
      + (select count(*) from purchase_lines where tenant_id = '${t}') + (select count(*) from journal_entries where tenant_id = '${t}') + (select count(*) from tenants where id = '${t}') as n`);
    expect(Number(row.n)).toBe(0);
  });

  test('OpenAPI: the named models, refs resolving to components', async () => {
    const spec = (await app.get('/openapi.json')).body;
    for (const name of ['PurchaseCreate', 'PurchaseResponse', 'PurchaseLine', 'PurchaseUpdate', 'PurchaseRectifyRequest', 'PaginatedResponse_PurchaseResponse_']) {
      expect([name, spec.components.schemas[name] !== undefined]).toEqual([name, true]);
    }
    const response = spec.components.schemas.PurchaseResponse;
    for (const field of ['kind', 'supplier_invoice_number', 'source', 'file_sha256', 'number', 'tax_breakdown', 'journal_entry_id', 'amount_due']) expect(response.properties[field]).toBeDefined();
    const ours = JSON.stringify(Object.fromEntries(Object.entries(spec.paths).filter(([path]) => path.startsWith('/api/v1/purchases'))));
    for (const [, ref] of ours.matchAll(/"\$ref":"(#\/components\/schemas\/[^"]+)"/g)) expect([ref, spec.components.schemas[ref.replace('#/components/schemas/', '')] !== undefined]).toEqual([ref, true]);
  });
});
