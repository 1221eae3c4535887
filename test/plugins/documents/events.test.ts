/**
 * The after-commit events of documents and settlements, through the real outbox: a test plugin
 * subscribes to every one of them and receives each once, with the documented payload and the
 * tenant of the change; a transaction that rolls back publishes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { EventName } from '../../../kernel/hooks';
import { definePlugin } from '../../../kernel/plugin';
import { reverseSettlement } from '../../../plugins/documents/api';
import { InvoiceService } from '../../../plugins/invoices/api';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
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
let company: TestCompany;
let customer: any;
let supplier: any;
beforeAll(async () => {
  app = await startDocumentsApp({ extraPlugins: [listener] });
  company = await createCompany(app);
  customer = await createContact(app, company.token, { name: 'Cliente Eventos SL', vat: 'B65410011' });
  supplier = await createContact(app, company.token, { name: 'Proveedor Eventos SA', kind: 'supplier', vat: 'A58818501' });
}, 60_000);
afterAll(() => app?.close());

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
