/**
 * The e-invoice status lifecycle end to end over HTTP, on both sides: the `issued` event written
 * by the issue statement, answers and reports with their transitions, `paid` recorded on its own
 * by the settlement that pays a document in full (not by a partial one) and compensated when that
 * settlement is reversed, the UBL ApplicationResponse of each status checked against the schema of
 * what Cuadra emits, the `einvoice.status_changed` webhook, the received invoices left unanswered
 * past four calendar days (judged on given dates, no waiting), and other companies' ids.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { addDays, answerDue, currentStatus, overdue, todayInSpain, transitionRefusal } from '../../../plugins/einvoice-status/rules';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';
import { taxId } from '../../support/documents';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
let supplierId: string;
let customerId: string;
const today = todayInSpain();
/** The company's webhook endpoint: a receiver started here that records every body it gets. */
const received: { path: string; body: string }[] = [];
const server = Bun.serve({
  port: 0, hostname: '127.0.0.1',
  async fetch(request) {
    received.push({ path: new URL(request.url).pathname, body: await request.text() });
    return Response.json({ received: true });
  },
});
let supplierNumber = 0;

const XSD = join(import.meta.dir, '../../../plugins/einvoice-status/xsd');
const schemaFile = (name: string) => ({ fileName: name, contents: readFileSync(join(XSD, name), 'utf8') });

/** The message checked against xsd/ApplicationResponse-2.cuadra.xsd: the list of errors (empty when valid). */
async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'message.xml', contents: xml },
    schema: schemaFile('ApplicationResponse-2.cuadra.xsd'),
    preload: [schemaFile('CommonAggregateComponents-2.cuadra.xsd'), schemaFile('CommonBasicComponents-2.cuadra.xsd')],
  });
  return result.errors.map((e) => e.rawMessage);
}

/** The text of every element named `tag` (prefix included), in order. */
const texts = (xml: string, tag: string): string[] => [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);

async function settled() {
  for (let i = 0; i < 3; i++) {
    await app.kernel.outbox.idle();
    // the webhooks plugin's deliveries (looked up by name: this test needs it installed, the status plugin does not)
    await (app.kernel.service as (name: string) => { idle(): Promise<void> })('webhooks').idle();
  }
}

async function purchase(fields: Record<string, unknown> = {}, company = a, contact = supplierId) {
  const res = await app.post('/api/v1/purchases', {
    contact_id: contact, kind: 'invoice', supplier_invoice_number: `FP-${++supplierNumber}`, issue_date: today,
    lines: [{ description: 'Material de oficina', quantity: '1', unit_price: '100.00', tax_type_id: taxId(company, 'IVA21') }], ...fields,
  }, company.token);
  if (res.status !== 201) throw new Error(`purchase: ${res.status} ${res.text}`);
  return res.body;
}

async function invoice() {
  const res = await app.post('/api/v1/invoices', {
    contact_id: customerId, issue_date: today, lines: [{ description: 'Consultoría', quantity: '1', unit_price: '100.00', tax_type_id: taxId(a, 'IVA21') }],
  }, a.token);
  if (res.status !== 201) throw new Error(`invoice: ${res.status} ${res.text}`);
  return res.body;
}

const history = async (segment: string, id: string, token = a.token) => (await app.get(`/api/v1/${segment}/${id}/einvoice-status`, token)).body;
const report = (segment: string, id: string, body: Record<string, unknown>, token = a.token) => app.post(`/api/v1/${segment}/${id}/einvoice-status`, body, token);
const message = (segment: string, id: string, eventId: string, token = a.token) => app.get(`/api/v1/${segment}/${id}/einvoice-status/${eventId}/message`, token);
const hooksOf = (status: string) => received.filter((r) => r.path === '/einvoice').map((r) => JSON.parse(r.body)).filter((body) => body.data.status === status);

beforeAll(async () => {
  app = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOKS_POLL_MS: '3600000' } });
  a = await createCompany(app);
  b = await createCompany(app, 'Otra Empresa SL', 'A58818501');
  supplierId = (await app.post('/api/v1/contacts', { kind: 'supplier', name: 'Papelería Gómez', legal_name: 'Papelería Gómez SL', vat: 'B65410011', address: 'Calle Mayor 5', city: 'Madrid', postal_code: '28013' }, a.token)).body.id;
  customerId = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente Estado SL', vat: 'A28017895', address: 'Gran Vía 1', city: 'Madrid', postal_code: '28013' }, a.token)).body.id;
  const endpoint = await app.post('/api/v1/webhooks', { url: `http://127.0.0.1:${server.port}/einvoice`, events: ['einvoice.status_changed'] }, a.token);
  expect(endpoint.status).toBe(201);
});
afterAll(async () => {
  server.stop(true);
  await app.close();
});

describe('rules', () => {
  test('four calendar days to answer; a decision is taken once; a reversed payment falls back', () => {
    expect(answerDue('2026-12-29')).toBe('2027-01-02');
    expect(overdue('2027-01-02', [{ status: 'issued', date: '2026-12-29' }], '2027-01-02')).toBe(false);
    expect(overdue('2027-01-02', [{ status: 'issued', date: '2026-12-29' }], '2027-01-03')).toBe(true);
    expect(overdue('2027-01-02', [{ status: 'issued', date: '2026-12-29' }, { status: 'accepted', date: '2027-01-05' }], '2027-01-09')).toBe(false);
    const accepted = [{ status: 'issued', date: '2026-01-01' }, { status: 'accepted', date: '2026-01-02' }] as const;
    expect(transitionRefusal('received', accepted, 'rejected')).toContain('accepted on 2026-01-02');
    expect(transitionRefusal('received', accepted, 'delivered')).toContain('cannot be recorded');
    expect(transitionRefusal('issued', accepted, 'delivered')).toContain('already accepted');
    const reversed = [...accepted, { status: 'paid', date: '2026-01-03' }, { status: 'payment_reversed', date: '2026-01-04' }] as const;
    expect(currentStatus(reversed)).toBe('accepted');
    expect(transitionRefusal('received', reversed, 'paid')).toBeNull();
  });
});

describe('received invoices (purchases)', () => {
  test('booking records `issued` with its answer deadline; acceptance is once, and its message is an AP ApplicationResponse', async () => {
    const p = await purchase();
    const before = await history('purchases', p.id);
    expect(before).toMatchObject({ document_type: 'purchase', side: 'received', number: p.number, current_status: 'issued', answer_due: addDays(today, 4), overdue: false });
    expect(before.items).toHaveLength(1);
    expect(before.items[0]).toMatchObject({ seq: 1, status: 'issued', date: today, source: 'issue', response_code: null });

    const accepted = await report('purchases', p.id, { status: 'accepted' });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ seq: 2, status: 'accepted', date: today, response_code: 'AP', source: 'api', recorded_by: a.userId });
    for (const again of [{ status: 'accepted' }, { status: 'rejected', reason: 'Precio incorrecto' }]) {
      const refused = await report('purchases', p.id, again);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toContain(`accepted on ${today}`);
    }
    expect((await history('purchases', p.id)).current_status).toBe('accepted');

    const res = await message('purchases', p.id, accepted.body.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = res.text;
    expect(await schemaErrors(xml)).toEqual([]);
    expect(texts(xml, 'cbc:ResponseCode')).toEqual(['AP']);
    expect(texts(xml, 'cbc:CustomizationID')).toEqual(['urn:fdc:peppol.eu:poacc:trns:invoice_response:3']);
    expect(texts(xml, 'cbc:EndpointID')).toEqual(['ESB12345674', 'ESB65410011']); // sender: the company; receiver: the supplier
    expect(xml).toContain('<cbc:EndpointID schemeID="9920">');
    expect(texts(xml, 'cbc:ID')).toEqual([accepted.body.id, p.supplier_invoice_number, 'ESB65410011', 'ESB12345674']);
    expect(texts(xml, 'cbc:IssueDate')).toEqual([today, p.issue_date]);
    expect(texts(xml, 'cbc:EffectiveDate')).toEqual([today]);
    expect(texts(xml, 'cbc:RegistrationName')[1]).toBe('Papelería Gómez SL');
    expect(xml).not.toContain('StatusReasonCode');
    // the issued event is Cuadra's own record, not a message
    expect((await message('purchases', p.id, before.items[0].id)).status).toBe(409);
  });

  test('a rejection needs its reason and a rejection code; it is an RE message with the reason and a webhook', async () => {
    const p = await purchase();
    const noReason = await report('purchases', p.id, { status: 'rejected' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.detail[0].loc).toEqual(['body', 'reason']);
    const noIssue = await report('purchases', p.id, { status: 'rejected', reason_code: 'NON', reason: 'x' });
    expect(noIssue.status).toBe(422);
    expect(noIssue.body.detail[0].loc).toEqual(['body', 'reason_code']);
    const reasonOnAcceptance = await report('purchases', p.id, { status: 'accepted', reason: 'ok' });
    expect(reasonOnAcceptance.status).toBe(422);
    expect((await report('purchases', p.id, { status: 'delivered' })).status).toBe(422);
    expect((await report('purchases', p.id, { status: 'accepted', date: addDays(today, 1) })).status).toBe(422);
    expect((await report('purchases', p.id, { status: 'accepted', date: addDays(today, -1) })).body.detail[0].msg).toContain('issue date');

    const rejected = await report('purchases', p.id, { status: 'rejected', reason_code: 'PRI', reason: 'Precio distinto del pedido <P-7>' });
    expect(rejected.status).toBe(201);
    expect(rejected.body).toMatchObject({ status: 'rejected', reason_code: 'PRI', reason: 'Precio distinto del pedido <P-7>', response_code: 'RE' });
    const accept = await report('purchases', p.id, { status: 'accepted' });
    expect(accept.status).toBe(409);
    expect(accept.body.detail).toContain('cannot be accepted afterwards');
    expect((await report('purchases', p.id, { status: 'paid' })).status).toBe(409);

    const xml = (await message('purchases', p.id, rejected.body.id)).text;
    expect(await schemaErrors(xml)).toEqual([]);
    expect(texts(xml, 'cbc:ResponseCode')).toEqual(['RE']);
    expect(xml).toContain('<cbc:StatusReasonCode listID="OPStatusReason">PRI</cbc:StatusReasonCode>');
    expect(texts(xml, 'cbc:StatusReason')).toEqual(['Precio distinto del pedido &lt;P-7&gt;']);

    await settled();
    const [hook] = hooksOf('rejected').filter((h) => h.data.document_id === p.id);
    expect(hook).toMatchObject({ type: 'einvoice.status_changed', tenant_id: a.tenantId });
    expect(hook.data).toEqual({
      event_id: rejected.body.id, document_type: 'purchase', document_id: p.id, side: 'received', number: p.number, status: 'rejected', date: today,
      reason_code: 'PRI', reason: 'Precio distinto del pedido <P-7>',
    });
    // a reason code from the default list when none is given
    const other = await purchase();
    expect((await report('purchases', other.id, { status: 'rejected', reason: 'No lo pedimos' })).body.reason_code).toBe('OTH');
  });

  test('a draft has no status; a settlement paying it in full records `paid` with the payment\'s date, a partial one does not; a reversal compensates', async () => {
    const draft = await purchase({ status: 'draft' });
    const onDraft = await report('purchases', draft.id, { status: 'accepted' });
    expect(onDraft.status).toBe(409);
    expect(onDraft.body.detail).toContain('draft');
    expect((await history('purchases', draft.id)).items).toEqual([]);

    const issueDate = addDays(today, -10);
    const p = await purchase({ issue_date: issueDate });
    expect((await app.post(`/api/v1/purchases/${p.id}/payments`, { date: addDays(today, -8), amount: '21.00' }, a.token)).status).toBe(200);
    await settled();
    expect((await history('purchases', p.id)).items.map((e: any) => e.status)).toEqual(['issued']);
    expect((await app.post(`/api/v1/purchases/${p.id}/payments`, { date: addDays(today, -6), amount: '100.00' }, a.token)).status).toBe(200);
    await settled();
    const paid = await history('purchases', p.id);
    expect(paid.current_status).toBe('paid');
    const paidEvent = paid.items[1];
    expect(paidEvent).toMatchObject({ seq: 2, status: 'paid', date: addDays(today, -6), source: 'settlement', response_code: 'PD', recorded_by: null });
    expect(paidEvent.settlement_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await report('purchases', p.id, { status: 'paid' })).status).toBe(409);
    const xml = (await message('purchases', p.id, paidEvent.id)).text;
    expect(await schemaErrors(xml)).toEqual([]);
    expect(texts(xml, 'cbc:ResponseCode')).toEqual(['PD']);
    expect(texts(xml, 'cbc:EffectiveDate')).toEqual([addDays(today, -6)]);
    const [hook] = hooksOf('paid').filter((h) => h.data.document_id === p.id);
    expect(hook.data).toMatchObject({ event_id: paidEvent.id, status: 'paid', date: addDays(today, -6), side: 'received', reason_code: null });

    // the payment reversed: the history keeps it and adds its compensation; the status falls back
    expect((await app.post(`/api/v1/settlements/${paidEvent.settlement_id}/reverse`, { date: today }, a.token)).status).toBe(200);
    await settled();
    const reversed = await history('purchases', p.id);
    expect(reversed.items.map((e: any) => e.status)).toEqual(['issued', 'paid', 'payment_reversed']);
    expect(reversed.items[2]).toMatchObject({ settlement_id: paidEvent.settlement_id, source: 'settlement', response_code: null });
    expect(reversed.current_status).toBe('issued');
    expect(hooksOf('payment_reversed').map((h) => h.data.document_id)).toContain(p.id);
    expect((await message('purchases', p.id, reversed.items[2].id)).status).toBe(409);
  });
});

describe('issued invoices', () => {
  test('issuing records `issued`; the customer\'s delivery and acceptance are AB and AP messages; a full collection records `paid` on its own', async () => {
    const inv = await invoice();
    const start = await history('invoices', inv.id);
    expect(start).toMatchObject({ side: 'issued', number: inv.number, current_status: 'issued', answer_due: null, overdue: false });
    expect(start.items[0]).toMatchObject({ status: 'issued', date: inv.issue_date, source: 'issue' });

    const delivered = await report('invoices', inv.id, { status: 'delivered' });
    expect(delivered.status).toBe(201);
    const accepted = await report('invoices', inv.id, { status: 'accepted' });
    expect(accepted.status).toBe(201);
    const late = await report('invoices', inv.id, { status: 'delivered' });
    expect(late.status).toBe(409);
    expect(late.body.detail).toContain('already accepted');
    for (const [event, code] of [[delivered.body, 'AB'], [accepted.body, 'AP']] as const) {
      const xml = (await message('invoices', inv.id, event.id)).text;
      expect(await schemaErrors(xml)).toEqual([]);
      expect(texts(xml, 'cbc:ResponseCode')).toEqual([code]);
      // the customer answered the company about the company's invoice
      expect(texts(xml, 'cbc:EndpointID')).toEqual(['ESA28017895', 'ESB12345674']);
      expect(texts(xml, 'cbc:ID').slice(0, 2)).toEqual([event.id, inv.number]);
    }

    expect((await app.post(`/api/v1/invoices/${inv.id}/payments`, { date: today, amount: inv.total }, a.token)).status).toBe(200);
    await settled();
    const paid = await history('invoices', inv.id);
    expect(paid.items.map((e: any) => [e.status, e.date])).toEqual([['issued', inv.issue_date], ['delivered', today], ['accepted', today], ['paid', today]]);
    expect(hooksOf('paid').find((h) => h.data.document_id === inv.id)?.data).toMatchObject({ document_type: 'invoice', side: 'issued', number: inv.number, status: 'paid' });
  });

  test('a rejection reported by the customer, with its reason', async () => {
    const inv = await invoice();
    const rejected = await report('invoices', inv.id, { status: 'rejected', reason_code: 'REF', reason: 'Falta el número de pedido' });
    expect(rejected.status).toBe(201);
    expect((await report('invoices', inv.id, { status: 'delivered' })).status).toBe(409);
    const xml = (await message('invoices', inv.id, rejected.body.id)).text;
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<cbc:StatusReasonCode listID="OPStatusReason">REF</cbc:StatusReasonCode>');
  });
});

describe('unanswered received invoices', () => {
  test('listed once their four calendar days have passed without an answer, on the list and the dashboard; expenses never', async () => {
    const waiting = await purchase();
    const answered = await purchase();
    expect((await report('purchases', answered.id, { status: 'accepted' })).status).toBe(201);
    const ticket = await purchase({ kind: 'expense', supplier_invoice_number: null });
    expect((await history('purchases', ticket.id)).answer_due).toBeNull();

    const onTime = await app.get(`/api/v1/einvoice-status/unanswered?as_of=${addDays(today, 4)}`, a.token);
    expect(onTime.status).toBe(200);
    expect(onTime.body.items.map((i: any) => i.purchase_id)).not.toContain(waiting.id);

    const late = await app.get(`/api/v1/einvoice-status/unanswered?as_of=${addDays(today, 5)}&limit=100`, a.token);
    const ids = late.body.items.map((i: any) => i.purchase_id);
    expect(ids).toContain(waiting.id);
    expect(ids).not.toContain(answered.id);
    expect(ids).not.toContain(ticket.id);
    expect(late.body.total).toBe(ids.length);
    expect(late.body.items.find((i: any) => i.purchase_id === waiting.id)).toMatchObject({
      number: waiting.number, supplier_invoice_number: waiting.supplier_invoice_number, supplier_name: 'Papelería Gómez SL', booked_on: today,
      answer_due: addDays(today, 4), current_status: 'issued', total: '121.00',
    });
    expect((await history('purchases', waiting.id)).overdue).toBe(false); // judged today

    const widget = await app.get(`/api/v1/dashboard/data/einvoice-unanswered?as_of=${addDays(today, 5)}&limit=50`, a.token);
    expect(widget.status).toBe(200);
    expect(widget.body.items.map((i: any) => i.purchase_id)).toContain(waiting.id);
    expect((await app.get('/api/v1/einvoice-status/unanswered?as_of=2026-02-30', a.token)).status).toBe(422);
    expect((await app.get('/api/v1/dashboard/data/einvoice-unanswered?as_of=2026-02-30', a.token)).status).toBe(422);

    // rejecting it answers it
    expect((await report('purchases', waiting.id, { status: 'rejected', reason: 'Duplicada' })).status).toBe(201);
    const after = await app.get(`/api/v1/einvoice-status/unanswered?as_of=${addDays(today, 5)}&limit=100`, a.token);
    expect(after.body.items.map((i: any) => i.purchase_id)).not.toContain(waiting.id);
  });
});

describe('tenancy', () => {
  test('another company\'s documents and events are 404 on every route; its unanswered list is its own', async () => {
    const p = await purchase();
    const inv = await invoice();
    const accepted = await report('purchases', p.id, { status: 'accepted' });
    const delivered = await report('invoices', inv.id, { status: 'delivered' });
    for (const [segment, id, eventId] of [['purchases', p.id, accepted.body.id], ['invoices', inv.id, delivered.body.id]]) {
      expect((await app.get(`/api/v1/${segment}/${id}/einvoice-status`, b.token)).status).toBe(404);
      expect((await report(segment, id, { status: 'accepted' }, b.token)).status).toBe(404);
      expect((await message(segment, id, eventId, b.token)).status).toBe(404);
    }
    // an event of another document of the same company is not this document's
    expect((await message('purchases', p.id, delivered.body.id)).status).toBe(404);
    const bPurchase = await purchase({}, b, (await app.post('/api/v1/contacts', { kind: 'supplier', name: 'Proveedor B', vat: 'B86561412' }, b.token)).body.id);
    const mine = await app.get(`/api/v1/einvoice-status/unanswered?as_of=${addDays(today, 5)}&limit=100`, b.token);
    expect(mine.body.items.map((i: any) => i.purchase_id)).toEqual([bPurchase.id]);
    expect((await history('purchases', p.id)).items.map((e: any) => e.status)).toEqual(['issued', 'accepted']);
  });
});
