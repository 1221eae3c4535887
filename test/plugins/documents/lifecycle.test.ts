/**
 * The documents' lifecycle around issuing, through the real app on one database:
 * - after-commit events: a test plugin subscribes to every document and settlement event and
 *   receives each once, with the documented payload and the tenant of the change; a transaction
 *   that rolls back publishes nothing;
 * - open items and settlements across document kinds: the documents service
 *   (`kernel.service('documents')`) and its routes (GET /open-items, POST /settlements, GET
 *   /settlements/{id}, POST /settlements/{id}/reverse): several documents in one payment, partial,
 *   through 57x or the suspense account 555, overpayment 409 unless allowed, statuses and amounts
 *   follow, balanced books, validation, tenancy, idempotency;
 * - the tax register of rectifications by substitution (the substitute in full, the original's
 *   groups negated: never counted twice, also across periods) and of simplified invoices (kind
 *   `simplified`, F2), with each quarter's VAT books equal to its 477/472 balances.
 * Each part works in its own company.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { EventName } from '../../../kernel/hooks';
import { definePlugin } from '../../../kernel/plugin';
import { reverseSettlement, TaxRegister } from '../../../plugins/documents/api';
import { InvoiceService } from '../../../plugins/invoices/api';
import '../../../plugins/purchases/hooks';
import { cents, createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

const NAMES = [
  'invoice.issued', 'invoice.rectified', 'invoice.cancelled', 'purchase.registered', 'purchase.rectified', 'purchase.cancelled',
  'document.paid', 'settlement.created', 'settlement.reversed',
] as const satisfies readonly EventName[];
const received: { name: string; tenantId: string | null; payload: any }[] = [];
const listener = definePlugin({
  name: 'test-document-events',
  dependsOn: ['invoices', 'purchases'],
  hooks: { events: Object.fromEntries(NAMES.map((name) => [name, (payload: unknown, ctx: { tenantId: string | null }) => { received.push({ name, tenantId: ctx.tenantId, payload }); }])) },
});

let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp({ extraPlugins: [listener] }); }, 60_000);
afterAll(() => app?.close());

describe('after-commit events', () => {
  let company: TestCompany;
  let customer: any;
  let supplier: any;
  beforeAll(async () => {
    company = await createCompany(app);
    customer = await createContact(app, company.token, { name: 'Cliente Eventos SL', vat: 'B65410011' });
    supplier = await createContact(app, company.token, { name: 'Proveedor Eventos SA', kind: 'supplier', vat: 'A58818501' });
  });

  /** The events about `id` (payload id, or settlement id) once the outbox has delivered everything due. */
  async function eventsOf(id: string): Promise<{ name: string; payload: any }[]> {
    for (let i = 0; i < 50; i++) {
      app.kernel.outbox.wake();
      await app.kernel.outbox.idle();
      const [pending] = await app.asOwner<{ n: number }>(`select ((select count(*) from outbox_events where fanned_out_at is null) + (select count(*) from outbox_deliveries where status = 'pending'))::int as n`);
      if (Number(pending.n) === 0) break;
      await Bun.sleep(10);
    }
    return received.filter((e) => e.payload.id === id || e.payload.settlement_id === id).map((e) => {
      expect(e.tenantId).toBe(company.tenantId);
      return { name: e.name, payload: e.payload };
    });
  }
  const names = (events: { name: string }[]) => events.map((e) => e.name).sort();

  const line = (price: string) => [{ description: 'Servicio', quantity: '1', unit_price: price, tax_type_id: taxId(company, 'IVA21'), nature: 'services' as const }];
  async function post(path: string, body: unknown, status = 201) {
    const res = await app.post(path, body, company.token);
    expect(res.status).toBe(status);
    return res.body;
  }
  const docPayload = (kind: string, doc: any, extra: Record<string, unknown> = {}) => ({
    kind, id: doc.id, number: doc.number, series: doc.series, status: doc.status, contact_id: doc.contact_id, issue_date: doc.issue_date, total: doc.total, currency: 'EUR', ...extra,
  });

  describe('document events', () => {
    test('invoice.issued: once per invoice, created issued (one statement) or issued from a draft', async () => {
      const created = await post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-03-01', lines: line('100.00') });
      expect(await eventsOf(created.id)).toEqual([{ name: 'invoice.issued', payload: docPayload('invoice', created) }]);
      const draft = await post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-03-02', status: 'draft', lines: line('50.00') });
      const issued = await post(`/api/v1/invoices/${draft.id}/issue`, undefined, 200);
      expect(await eventsOf(draft.id)).toEqual([{ name: 'invoice.issued', payload: docPayload('invoice', issued) }]);
    });

    test('rectifications: invoice.rectified names the original; invoice.cancelled when nothing of it is left', async () => {
      const original = await post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-03-03', lines: line('200.00') });
      const partial = await post(`/api/v1/invoices/${original.id}/rectify`, { issue_date: '2026-03-04', reason: 'Descuento', mode: 'differences', lines: line('-50.00') });
      expect(names(await eventsOf(partial.id))).toEqual(['invoice.issued', 'invoice.rectified']);
      expect((await eventsOf(partial.id)).find((e) => e.name === 'invoice.rectified')!.payload).toEqual(docPayload('invoice', partial, { rectifies_id: original.id }));
      const cancelling = await post(`/api/v1/invoices/${original.id}/rectify`, { issue_date: '2026-03-05', reason: 'Anulación', mode: 'differences', lines: line('-150.00') });
      expect(names(await eventsOf(cancelling.id))).toEqual(['invoice.issued', 'invoice.rectified']);
      const cancelled = (await app.get(`/api/v1/invoices/${original.id}`, company.token)).body;
      expect(cancelled.status).toBe('rectified');
      expect(await eventsOf(original.id)).toEqual([
        { name: 'invoice.issued', payload: docPayload('invoice', original) },
        { name: 'invoice.cancelled', payload: docPayload('invoice', cancelled) },
      ]);
      // a substitution with lines replaces the original: rectified, not cancelled
      const replaced = await post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-03-06', lines: line('80.00') });
      const substitute = await post(`/api/v1/invoices/${replaced.id}/rectify`, { issue_date: '2026-03-07', reason: 'Precio', mode: 'substitution', lines: line('70.00') });
      expect(names(await eventsOf(replaced.id))).toEqual(['invoice.issued']);
      expect(names(await eventsOf(substitute.id))).toEqual(['invoice.issued', 'invoice.rectified']);
    });

    test('purchases: purchase.registered, purchase.rectified, purchase.cancelled (substitution without lines)', async () => {
      const purchase = await post('/api/v1/purchases', {
        contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'EV-1', issue_date: '2026-03-10',
        lines: [{ description: 'Material', quantity: '1', unit_price: '300.00', tax_type_id: taxId(company, 'IVA21') }],
      });
      expect(await eventsOf(purchase.id)).toEqual([{ name: 'purchase.registered', payload: docPayload('purchase', purchase) }]);
      const cancelling = await post(`/api/v1/purchases/${purchase.id}/rectify`, { issue_date: '2026-03-11', reason: 'Devolución total', mode: 'substitution', supplier_invoice_number: 'EV-1R' });
      expect(await eventsOf(cancelling.id)).toEqual([
        { name: 'purchase.registered', payload: docPayload('purchase', cancelling) },
        { name: 'purchase.rectified', payload: docPayload('purchase', cancelling, { rectifies_id: purchase.id }) },
      ]);
      const after = (await app.get(`/api/v1/purchases/${purchase.id}`, company.token)).body;
      expect((await eventsOf(purchase.id)).map((e) => e.name)).toEqual(['purchase.registered', 'purchase.cancelled']);
      expect((await eventsOf(purchase.id))[1].payload).toEqual(docPayload('purchase', after));
    });
  });

  describe('settlement events', () => {
    test('settlement.created for each payment, document.paid when nothing is left due, settlement.reversed', async () => {
      const invoice = await post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-04-01', lines: line('100.00') });
      await post(`/api/v1/invoices/${invoice.id}/payments`, { date: '2026-04-02', amount: '21.00' }, 200);
      const [first] = await app.asAppRole<{ id: string; entry: string }>(company.tenantId, `select id::text as id, journal_entry_id::text as entry from settlements where document_id = '${invoice.id}'`);
      expect(await eventsOf(first.id)).toEqual([{ name: 'settlement.created', payload: {
        id: first.id, date: '2026-04-02', amount: '21.00', account: '572', journal_entry_id: first.entry, allocations: [{ kind: 'invoice', document_id: invoice.id, amount: '21.00' }],
      } }]);
      const paid = await post(`/api/v1/invoices/${invoice.id}/payments`, { date: '2026-04-03', amount: '100.00' }, 200);
      expect(paid.status).toBe('paid');
      const [second] = await app.asAppRole<{ id: string }>(company.tenantId, `select id::text as id from settlements where document_id = '${invoice.id}' and date = '2026-04-03'`);
      expect(names(await eventsOf(second.id))).toEqual(['document.paid', 'settlement.created']);
      expect((await eventsOf(second.id)).find((e) => e.name === 'document.paid')!.payload).toEqual({
        kind: 'invoice', id: invoice.id, number: invoice.number, contact_id: customer.id, total: '121.00', paid: '121.00', settlement_id: second.id,
      });
      // a supplier payment takes money out: a negative movement
      const purchase = await post('/api/v1/purchases', {
        contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'EV-2', issue_date: '2026-04-01',
        lines: [{ description: 'Material', quantity: '1', unit_price: '10.00', tax_type_id: taxId(company, 'IVA21') }],
      });
      await post(`/api/v1/purchases/${purchase.id}/payments`, { date: '2026-04-02', amount: '12.10' }, 200);
      const [payment] = await app.asAppRole<{ id: string }>(company.tenantId, `select id::text as id from settlements where document_id = '${purchase.id}'`);
      const created = (await eventsOf(payment.id)).find((e) => e.name === 'settlement.created')!.payload;
      expect(created.amount).toBe('-12.10');
      const owner = app.kernel.unitOfWork({ kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' });
      await owner.run((tx) => reverseSettlement(tx, payment.id, '2026-04-05'));
      expect((await eventsOf(payment.id)).filter((e) => e.name === 'settlement.reversed').map((e) => e.payload)).toEqual([created]);
    });

    test('a transaction that rolls back publishes nothing', async () => {
      const owner = app.kernel.unitOfWork({ kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' });
      let id = '';
      await expect(owner.run(async (tx) => {
        id = (await InvoiceService.create(tx, { contact_id: customer.id, issue_date: '2026-05-01', lines: line('10.00') })).record.id;
        throw new Error('rolled back');
      })).rejects.toThrow('rolled back');
      expect(id).not.toBe('');
      const barrier = await post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-05-01', lines: line('10.00') });
      expect(names(await eventsOf(barrier.id))).toEqual(['invoice.issued']);
      expect(await eventsOf(id)).toEqual([]);
      const [rows] = await app.asOwner<{ n: number }>(`select count(*)::int as n from outbox_events where payload->>'id' = '${id}'`);
      expect(Number(rows.n)).toBe(0);
    });
  });
});

describe('open items and settlements', () => {
  let company: TestCompany;
  let other: TestCompany;
  let customer: any;
  let supplier: any;
  beforeAll(async () => {
    company = await createCompany(app);
    other = await createCompany(app);
    customer = await createContact(app, company.token, { name: 'Cliente Cobros SL', vat: 'B65410011' });
    supplier = await createContact(app, company.token, { name: 'Proveedor Pagos SA', kind: 'supplier', vat: 'A58818501' });
  });

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
        due_date: '2026-02-15', total: '121.00', paid: '0.00', outstanding: '121.00', status: 'issued', overdue: true, account: '4300', currency: 'EUR',
      });
      expect(all.body.items.find((i: any) => i.id === buy.id)).toMatchObject({ kind: 'payable', document_type: 'purchase', label: 'PG-1', outstanding: '242.00', account: '4100', currency: 'EUR' });
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

    test('Idempotency-Key: a retried POST /settlements answers the first settlement and settles once', async () => {
      const a = await invoice('10.00');
      const body = { date: '2026-02-10', allocations: [{ document_id: a.id, amount: '2.00' }] };
      const headers = { 'idempotency-key': `settle-${a.id}` };
      const first = await app.post('/api/v1/settlements', body, company.token, headers);
      const again = await app.post('/api/v1/settlements', body, company.token, headers);
      expect([first.status, again.status]).toEqual([201, 201]);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await getDoc(`/api/v1/invoices/${a.id}`)).toMatchObject({ amount_paid: '2.00' });
    });
  });
});

describe('the tax register: substitutions and simplified invoices', () => {
  let company: TestCompany;
  let customer: any;
  let supplier: any;
  beforeAll(async () => {
    company = await createCompany(app);
    customer = await createContact(app, company.token, { name: 'Cliente Sustitución SL', vat: 'B65410011' });
    supplier = await createContact(app, company.token, { name: 'Proveedor Sustitución SA', kind: 'supplier', vat: 'A58818501' });
  });

  async function post(path: string, body: unknown) {
    const res = await app.post(path, body, company.token);
    expect({ path, status: res.status, body: res.status === 201 ? null : res.body }).toEqual({ path, status: 201, body: null });
    return res.body;
  }
  const lines = (price: string, code = 'IVA21') => [{ description: 'Servicio', quantity: '1', unit_price: price, tax_type_id: taxId(company, code), nature: 'services' }];
  const invoice = (date: string, price: string, code = 'IVA21', contactId = customer.id) => post('/api/v1/invoices', { contact_id: contactId, issue_date: date, lines: lines(price, code) });
  const substitute = (id: string, date: string, newLines: unknown[] | undefined, kind = 'invoices', extra: Record<string, unknown> = {}) =>
    post(`/api/v1/${kind}/${id}/rectify`, { issue_date: date, reason: 'Corrección', mode: 'substitution', ...(newLines ? { lines: newLines } : {}), ...extra });

  const owner = () => app.kernel.unitOfWork({ kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' });
  const rowsOf = async (documentId: string) => (await owner().run((tx) => TaxRegister.query(tx, { from: '2026-01-01', to: '2026-12-31' })))
    .filter((e) => e.documentId === documentId)
    .map((e) => ({ group: e.groupNo, kind: e.kind, number: e.number, date: e.accountingDate, tax: e.taxCode, base: e.base, quota: e.quota, deductible: e.deductibleQuota,
      rectifies: e.rectifies?.number ?? null, mode: e.rectifies?.mode ?? null, reverses: e.reversesOriginal, total: e.documentTotal }));

  describe('rectification by substitution', () => {
    test('golden rows: the substitute in full, the original negated; the original counted once', async () => {
      const original = await invoice('2026-04-10', '1000.00');
      const rectifying = await substitute(original.id, '2026-05-10', lines('800.00'));
      expect(await rowsOf(rectifying.id)).toEqual([
        { group: 1, kind: 'rectification', number: rectifying.number, date: '2026-05-10', tax: 'IVA21', base: '800.00', quota: '168.00', deductible: '0.00', rectifies: original.number, mode: 'substitution', reverses: false, total: '968.00' },
        { group: 2, kind: 'rectification', number: rectifying.number, date: '2026-05-10', tax: 'IVA21', base: '-1000.00', quota: '-210.00', deductible: '0.00', rectifies: original.number, mode: 'substitution', reverses: true, total: '968.00' },
      ]);
      const all = [...await rowsOf(original.id), ...await rowsOf(rectifying.id)];
      expect(all.reduce((s, r) => s + cents(r.base), 0n)).toBe(80000n);
      expect(all.reduce((s, r) => s + cents(r.quota), 0n)).toBe(16800n);
    });

    test('a cancellation (no lines) and a change of rate: every original group is netted out', async () => {
      const cancelled = await invoice('2026-04-11', '500.00', 'IVA10');
      const cancelling = await substitute(cancelled.id, '2026-05-11', undefined);
      expect(await rowsOf(cancelling.id)).toEqual([
        { group: 1, kind: 'rectification', number: cancelling.number, date: '2026-05-11', tax: 'IVA10', base: '-500.00', quota: '-50.00', deductible: '0.00', rectifies: cancelled.number, mode: 'substitution', reverses: true, total: '0.00' },
      ]);
      const rate = await invoice('2026-04-12', '200.00');
      const rerated = await substitute(rate.id, '2026-05-12', lines('200.00', 'IVA10'));
      expect((await rowsOf(rerated.id)).map((r) => [r.group, r.tax, r.base, r.quota, r.reverses])).toEqual([[1, 'IVA10', '200.00', '20.00', false], [2, 'IVA21', '-200.00', '-42.00', true]]);
    });

    test('purchases: the supplier\'s substitution nets the registered original, deductible quota included', async () => {
      const purchase = await post('/api/v1/purchases', {
        contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'SUS-1', issue_date: '2026-04-15',
        lines: [{ description: 'Material', quantity: '1', unit_price: '1000.00', tax_type_id: taxId(company, 'IVA21'), expense_account: '600' }],
      });
      const rectifying = await substitute(purchase.id, '2026-05-15', [{ description: 'Material', quantity: '1', unit_price: '900.00', tax_type_id: taxId(company, 'IVA21'), expense_account: '600' }],
        'purchases', { supplier_invoice_number: 'SUS-1R' });
      expect((await rowsOf(rectifying.id)).map((r) => [r.kind, r.base, r.quota, r.deductible, r.rectifies, r.reverses])).toEqual([
        ['rectification', '900.00', '189.00', '189.00', 'SUS-1', false],
        ['rectification', '-1000.00', '-210.00', '-210.00', 'SUS-1', true],
      ]);
    });

    test('across quarters: the original in Q1, its substitution in Q2 (only the difference)', async () => {
      const original = await post('/api/v1/invoices', { contact_id: customer.id, series: 'T', issue_date: '2026-03-20', lines: lines('300.00') });
      const rectifying = await substitute(original.id, '2026-06-20', lines('250.00'));
      const q2 = (await rowsOf(rectifying.id)).reduce((s, r) => s + cents(r.quota), 0n);
      expect(q2).toBe(-1050n);
    });
  });

  describe('simplified invoices', () => {
    test('an invoice of up to 400 € to a business without tax number is registered as simplified (F2); a complete one stays an invoice', async () => {
      const bar = await createContact(app, company.token, { name: 'Bar Sin Datos SL', vat: null });
      const ticket = await invoice('2026-04-20', '100.00', 'IVA21', bar.id);
      expect((await rowsOf(ticket.id)).map((r) => [r.kind, r.base, r.quota])).toEqual([['simplified', '100.00', '21.00']]);
      const complete = await invoice('2026-04-20', '100.00');
      expect((await rowsOf(complete.id))[0].kind).toBe('invoice');
      const book = (await app.get('/api/v1/tax-books/issued?from=2026-04-20&to=2026-04-20', company.token)).text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(';'));
      const type = book[0].indexOf('Tipo de Factura');
      const number = book[0].indexOf('Identificación de la Factura Número');
      expect(book.slice(1).map((r) => [r[number], r[type]]).sort()).toEqual([[complete.number, 'F1'], [ticket.number, 'F2']].sort());
    });

    test('a rectification of a simplified invoice is R5 in the register and the book (by differences and by substitution); of a complete one, R1', async () => {
      const bar = await createContact(app, company.token, { name: 'Cafetería Sin Datos SL', vat: null });
      const ticket = await invoice('2026-06-25', '50.00', 'IVA21', bar.id);
      const complete = await invoice('2026-06-25', '50.00');
      const reduction = [{ description: 'Descuento', quantity: '-1', unit_price: '10.00', tax_type_id: taxId(company, 'IVA21'), nature: 'services' }];
      const ofTicket = await post(`/api/v1/invoices/${ticket.id}/rectify`, { issue_date: '2026-06-26', reason: 'Descuento', mode: 'differences', lines: reduction });
      const ofComplete = await post(`/api/v1/invoices/${complete.id}/rectify`, { issue_date: '2026-06-26', reason: 'Descuento', mode: 'differences', lines: reduction });
      const ticket2 = await invoice('2026-06-25', '80.00', 'IVA21', bar.id);
      const replaced = await substitute(ticket2.id, '2026-06-26', lines('70.00'));
      const simplifiedFlags = async (id: string) => (await owner().run((tx) => TaxRegister.query(tx, { from: '2026-06-26', to: '2026-06-26' })))
        .filter((e) => e.documentId === id).map((e) => [e.kind, e.rectifies?.simplified, e.reversesOriginal]);
      expect(await simplifiedFlags(ofTicket.id)).toEqual([['rectification', true, false]]);
      expect(await simplifiedFlags(ofComplete.id)).toEqual([['rectification', false, false]]);
      expect(await simplifiedFlags(replaced.id)).toEqual([['rectification', true, false], ['rectification', true, true]]);
      const book = (await app.get('/api/v1/tax-books/issued?from=2026-06-26&to=2026-06-26', company.token)).text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(';'));
      const type = book[0].indexOf('Tipo de Factura');
      const number = book[0].indexOf('Identificación de la Factura Número');
      expect(book.slice(1).map((r) => [r[number], r[type]]).sort()).toEqual([[ofTicket.number, 'R5'], [ofComplete.number, 'R1'], [replaced.number, 'R5'], [replaced.number, 'R5']].sort());
    });
  });

  describe('the books and the ledger', () => {
    test("each quarter's VAT books equal its 477 and 472 balances", async () => {
      for (const [from, to] of [['2026-01-01', '2026-03-31'], ['2026-04-01', '2026-06-30']]) {
        const book = async (side: string) => {
          const res = await app.get(`/api/v1/tax-books/${side}?from=${from}&to=${to}`, company.token);
          expect(res.status).toBe(200);
          const [header, ...rows] = res.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(';'));
          return rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
        };
        const sum = (rows: Record<string, string>[], column: string) => rows.reduce((s, r) => s + cents(r[column] || '0.00'), 0n);
        const balance = async (account: string) => (await app.get(`/api/v1/ledger/account/${account}?from=${from}&to=${to}`, company.token)).body;
        const vat477 = await balance('477');
        const vat472 = await balance('472');
        expect(sum(await book('issued'), 'Cuota IVA Repercutida')).toBe(cents(vat477.credit) - cents(vat477.debit));
        expect(sum(await book('received'), 'Cuota Deducible')).toBe(cents(vat472.debit) - cents(vat472.credit));
      }
    });
  });
});
