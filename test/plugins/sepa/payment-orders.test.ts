/**
 * Payment orders through the API on a real database: open purchase items paid by one pain.001
 * file, the supplier's IBAN checked, the file valid against the schema, the whole order settled
 * as one payment and one journal entry; bad input 422, another company's order 404.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TestCompany } from '../../support/factories';
import { createContact, download, taxId, type DocumentsTestApp } from '../../support/documents';
import { bankBalances, COMPANY_IBAN, startSepaBed } from './bank';
import { outboxDelivered } from './outbox';
import { schemaErrors, texts } from './sepa-schema';

const SUPPLIER_IBAN = 'ES7921000813610123456789';

let app: DocumentsTestApp;
let a: TestCompany;
let b: TestCompany;
let treasury: any;
let supplier: any;
let noIban: any;
let customer: any;
let counter = 0;

beforeAll(async () => {
  ({ app, a, b, treasury } = await startSepaBed('Talleres Núñez S.L.'));
  supplier = await createContact(app, a.token, { name: 'Transportes Galaica S.A.', kind: 'supplier', vat: 'B86561412', iban: SUPPLIER_IBAN, bic: 'CAIXESBBXXX' });
  noIban = await createContact(app, a.token, { name: 'Ferretería Ñ & Hijos', kind: 'supplier', vat: 'A58818501' });
  customer = await createContact(app, a.token, { name: 'Gráficas Levante S.L.', vat: 'B65410011', iban: SUPPLIER_IBAN });
}, 120_000);
afterAll(() => app?.close());

async function purchase(contactId: string, base: string, company = a) {
  const res = await app.post('/api/v1/purchases', {
    contact_id: contactId, kind: 'invoice', supplier_invoice_number: `FR-2026/${++counter}`, issue_date: '2026-03-01',
    lines: [{ description: 'Portes', quantity: '1', unit_price: base, tax_type_id: taxId(company, 'IVA21') }],
  }, company.token);
  expect(res.status).toBe(201);
  return res.body;
}

const booksHold = async () => (await bankBalances(app, a, treasury)).bank;

describe('payment orders', () => {
  test('an order of open purchases: one transfer per invoice for what it owes; the file is pain.001.001.09, valid, exact; settling pays every invoice in one entry', async () => {
    const first = await purchase(supplier.id, '1000.00');
    const second = await purchase(supplier.id, '0.10');
    expect([first.total, second.total]).toEqual(['1210.00', '0.12']);
    const created = await app.post('/api/v1/payment-orders', { treasury_id: treasury.id, execution_date: '2026-03-05', document_ids: [first.id, second.id] }, a.token);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ total: '1210.12', items_count: 2, status: 'pending', execution_date: '2026-03-05', debtor_iban: COMPANY_IBAN });
    expect(created.body.items.map((i: any) => [i.document_id, i.amount, i.label, i.creditor_iban])).toEqual([
      [first.id, '1210.00', first.supplier_invoice_number, SUPPLIER_IBAN], [second.id, '0.12', second.supplier_invoice_number, SUPPLIER_IBAN],
    ]);

    const file = await download(app, `/api/v1/payment-orders/${created.body.id}/file`, a.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/xml');
    const xml = new TextDecoder().decode(file.bytes);
    expect(await schemaErrors(xml, 'pain.001.001.09')).toEqual([]);
    expect(texts(xml, 'MsgId')).toEqual([created.body.message_id]);
    expect(texts(xml, 'CreDtTm')[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(texts(xml, 'NbOfTxs')).toEqual(['2', '2']);
    expect(texts(xml, 'CtrlSum')).toEqual(['1210.12', '1210.12']);
    expect(texts(xml, 'InstdAmt')).toEqual(['1210.00', '0.12']);
    expect(texts(xml, 'IBAN')).toEqual([COMPANY_IBAN, SUPPLIER_IBAN, SUPPLIER_IBAN]);
    expect(texts(xml, 'Ustrd')).toEqual([first.supplier_invoice_number, second.supplier_invoice_number]);
    // the supplier's BIC (on the contact) names the creditor's bank
    expect(texts(xml, 'BICFI')).toEqual(['CAIXESBBXXX', 'CAIXESBBXXX']);
    expect(texts(xml, 'Nm')).toEqual(['Talleres Nunez S.L.', 'Talleres Nunez S.L.', 'Transportes Galaica S.A.', 'Transportes Galaica S.A.']);
    expect(texts(xml, 'Id')).toContain('B12345674');
    // the same file every time it is downloaded
    expect(new TextDecoder().decode((await download(app, `/api/v1/payment-orders/${created.body.id}/file`, a.token)).bytes)).toBe(xml);

    // an invoice in an order not yet paid cannot go in another
    const again = await app.post('/api/v1/payment-orders', { treasury_id: treasury.id, execution_date: '2026-03-06', document_ids: [second.id] }, a.token);
    expect(again.status).toBe(409);

    const before = await booksHold();
    const settled = await app.post(`/api/v1/payment-orders/${created.body.id}/settle`, { date: '2026-03-05' }, a.token);
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ status: 'settled', settled_on: '2026-03-05' });
    const entry = (await app.get(`/api/v1/ledger/entries/${settled.body.journal_entry_id}`, a.token)).body;
    const bankLines = entry.lines.filter((l: any) => l.account === treasury.ledger_account);
    expect(bankLines.map((l: any) => l.credit)).toEqual(['1210.12']);
    for (const doc of [first, second]) expect((await app.get(`/api/v1/purchases/${doc.id}`, a.token)).body.status).toBe('paid');
    const after = await booksHold();
    expect((BigInt(before.replace('.', '')) - BigInt(after.replace('.', ''))).toString()).toBe('121012');

    expect((await app.post(`/api/v1/payment-orders/${created.body.id}/settle`, { date: '2026-03-06' }, a.token)).status).toBe(409);
    // paid invoices are no longer open items
    const paid = await app.post('/api/v1/payment-orders', { treasury_id: treasury.id, execution_date: '2026-03-06', document_ids: [first.id] }, a.token);
    expect(paid.status).toBe(422);
    expect(paid.body.detail[0].loc).toEqual(['body', 'document_ids', 0]);
    const list = (await app.get('/api/v1/payment-orders', a.token)).body;
    expect(list.items.map((o: any) => o.id)).toContain(created.body.id);
    expect(list.items.find((o: any) => o.id === created.body.id).items).toBeUndefined();
  });

  test('settled with the statement\'s debit: against the treasury\'s 555x, the movement matched to every invoice, the bank counted once; a wrong movement is 422', async () => {
    const [x, y] = [await purchase(supplier.id, '200.00'), await purchase(supplier.id, '300.00')];
    // the movements arrive before the order exists, so nothing settles them on its own
    const move = async (amount: string, treasuryId = treasury.id) =>
      (await app.post(`/api/v1/treasuries/${treasuryId}/movements`, { date: '2026-03-07', amount, description: 'ORDEN DE PAGO' }, a.token)).body;
    const before = await booksHold();
    const debit = await move('-605.00');
    const wrongAmount = await move('-604.99');
    const other = (await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Otra', iban: 'ES7921000813610123456789' }, a.token)).body;
    const elsewhere = await move('-605.00', other.id);
    await outboxDelivered(app);
    const order = (await app.post('/api/v1/payment-orders', { treasury_id: treasury.id, execution_date: '2026-03-07', document_ids: [x.id, y.id] }, a.token)).body;
    expect(order.total).toBe('605.00');
    const settle = (movementId: string) => app.post(`/api/v1/payment-orders/${order.id}/settle`, { date: '2026-03-07', movement_id: movementId }, a.token);
    for (const id of [wrongAmount.id, elsewhere.id, crypto.randomUUID()]) {
      const res = await settle(id);
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'movement_id']);
    }
    const settled = await settle(debit.id);
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ status: 'settled', movement_id: debit.id });
    const entry = (await app.get(`/api/v1/ledger/entries/${settled.body.journal_entry_id}`, a.token)).body;
    expect(entry.lines.filter((l: any) => l.account === treasury.suspense_account).map((l: any) => l.credit)).toEqual(['605.00']);
    expect(entry.lines.some((l: any) => l.account === treasury.ledger_account)).toBe(false);
    const movement = (await app.get(`/api/v1/bank-movements/${debit.id}`, a.token)).body;
    expect(movement.status).toBe('matched');
    expect([...movement.matched_document_ids].sort()).toEqual([x.id, y.id].sort());
    for (const doc of [x, y]) expect((await app.get(`/api/v1/purchases/${doc.id}`, a.token)).body.status).toBe('paid');
    // the bank balance went down once, by the statement's debit and the unmatched wrong-amount movement
    const after = await booksHold();
    expect((BigInt(before.replace('.', '')) - BigInt(after.replace('.', ''))).toString()).toBe('120999');
    const suspense = (await app.get(`/api/v1/ledger/account/${treasury.suspense_account}`, a.token)).body;
    expect(suspense.closing_balance).toBe('604.99');
  });

  test('the statement\'s debit settles the order on its own: by its message id, or as the only movement of the order\'s total; an ambiguous one is left alone', async () => {
    const order = async (base: string) => (await app.post('/api/v1/payment-orders', { treasury_id: treasury.id, execution_date: '2026-03-08', document_ids: [(await purchase(supplier.id, base)).id] }, a.token)).body;
    const move = async (amount: string, description: string, date = '2026-03-09') =>
      (await app.post(`/api/v1/treasuries/${treasury.id}/movements`, { date, amount, description }, a.token)).body;
    const named = await order('700.00');
    const twinA = await order('800.00');
    const twinB = await order('800.00');
    const alone = await order('900.00');
    const before = await booksHold();
    // the bank's text carries the message id (lower case here): settled even though twins exist elsewhere
    const namedDebit = await move('-847.00', `transferencias ${named.message_id.toLowerCase()}`);
    // two orders of 968.00 and a debit that names neither: left for the user
    const twinDebit = await move('-968.00', 'REMESA TRANSFERENCIAS');
    // the only order of 1089.00, but a debit dated before it was due does not count; the next one does
    await move('-1089.00', 'ADEUDO', '2026-03-01');
    const aloneDebit = await move('-1089.00', 'REMESA TRANSFERENCIAS');
    await outboxDelivered(app);
    const status = async (id: string) => (await app.get(`/api/v1/payment-orders/${id}`, a.token)).body;
    expect(await status(named.id)).toMatchObject({ status: 'settled', movement_id: namedDebit.id, settled_on: '2026-03-09' });
    expect(await status(alone.id)).toMatchObject({ status: 'settled', movement_id: aloneDebit.id });
    for (const twin of [twinA, twinB]) expect((await status(twin.id)).status).toBe('pending');
    expect((await app.get(`/api/v1/bank-movements/${twinDebit.id}`, a.token)).body.status).toBe('unmatched');
    expect((await app.get(`/api/v1/bank-movements/${namedDebit.id}`, a.token)).body.matched_document_ids).toEqual([named.items[0].document_id]);
    // the user settles a twin with the debit by hand
    expect((await app.post(`/api/v1/payment-orders/${twinA.id}/settle`, { date: '2026-03-09', movement_id: twinDebit.id }, a.token)).status).toBe(200);
    const after = await booksHold();
    expect((BigInt(before.replace('.', '')) - BigInt(after.replace('.', ''))).toString()).toBe(String(84700 + 96800 + 108900 + 108900));
  });

  test('two orders racing for the same purchase: one is created, the other is 409', async () => {
    for (let round = 0; round < 3; round++) {
      const doc = await purchase(supplier.id, '15.00');
      const answers = await Promise.all([1, 2].map(() => app.post('/api/v1/payment-orders', { treasury_id: treasury.id, execution_date: '2026-03-05', document_ids: [doc.id] }, a.token)));
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    }
  });

  test('a supplier without a valid IBAN: 422 naming the invoice; nothing is created', async () => {
    const good = await purchase(supplier.id, '10.00');
    const bad = await purchase(noIban.id, '20.00');
    const before = (await app.get('/api/v1/payment-orders', a.token)).body.total;
    const res = await app.post('/api/v1/payment-orders', { treasury_id: treasury.id, execution_date: '2026-03-05', document_ids: [good.id, bad.id] }, a.token);
    expect(res.status).toBe(422);
    expect(res.body.detail).toHaveLength(1);
    expect(res.body.detail[0].loc).toEqual(['body', 'document_ids', 1]);
    expect(res.body.detail[0].msg).toContain(bad.supplier_invoice_number);
    expect(res.body.detail[0].msg).toContain('IBAN');
    expect((await app.get('/api/v1/payment-orders', a.token)).body.total).toBe(before);
  });

  test('bad input is 422: not a purchase, a listed-twice one, a treasury without IBAN or unknown, an impossible date', async () => {
    const open = await purchase(supplier.id, '30.00');
    const sale = (await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-03-01', lines: [{ description: 'x', quantity: '1', unit_price: '5.00', tax_type_id: taxId(a, 'IVA21') }] }, a.token)).body;
    const post = (body: Record<string, unknown>) => app.post('/api/v1/payment-orders', { treasury_id: treasury.id, execution_date: '2026-03-05', document_ids: [open.id], ...body }, a.token);
    const notPayable = await post({ document_ids: [sale.id] });
    expect(notPayable.status).toBe(422);
    expect(notPayable.body.detail[0].loc).toEqual(['body', 'document_ids', 0]);
    expect((await post({ document_ids: [open.id, open.id] })).status).toBe(422);
    expect((await post({ document_ids: [] })).status).toBe(422);
    expect((await post({ document_ids: ['nope'] })).status).toBe(422);
    expect((await post({ execution_date: '2026-02-30' })).status).toBe(422);
    const wallet = (await app.post('/api/v1/treasuries', { kind: 'wallet', name: 'Caja' }, a.token)).body;
    const noTreasuryIban = await post({ treasury_id: wallet.id });
    expect(noTreasuryIban.status).toBe(422);
    expect(noTreasuryIban.body.detail[0].loc).toEqual(['body', 'treasury_id']);
    expect((await post({ treasury_id: crypto.randomUUID() })).status).toBe(422);
    expect((await app.post(`/api/v1/payment-orders/${crypto.randomUUID()}/settle`, { date: '2026-13-01' }, a.token)).status).toBe(422);
  });

  test('companies are apart: another company\'s order, file and settlement are 404; its purchases and treasury cannot be used', async () => {
    const mine = await purchase(supplier.id, '40.00');
    const order = (await app.post('/api/v1/payment-orders', { treasury_id: treasury.id, execution_date: '2026-03-05', document_ids: [mine.id] }, a.token)).body;
    for (const path of [`/api/v1/payment-orders/${order.id}`, `/api/v1/payment-orders/${order.id}/file`]) expect((await app.get(path, b.token)).status).toBe(404);
    expect((await app.post(`/api/v1/payment-orders/${order.id}/settle`, { date: '2026-03-05' }, b.token)).status).toBe(404);
    expect((await app.get('/api/v1/payment-orders', b.token)).body.total).toBe(0);
    const theirTreasury = (await app.post('/api/v1/treasuries', { kind: 'bank', name: 'B', iban: COMPANY_IBAN }, b.token)).body;
    expect((await app.post('/api/v1/payment-orders', { treasury_id: theirTreasury.id, execution_date: '2026-03-05', document_ids: [mine.id] }, a.token)).status).toBe(422);
    expect((await app.post('/api/v1/payment-orders', { treasury_id: theirTreasury.id, execution_date: '2026-03-05', document_ids: [mine.id] }, b.token)).status).toBe(422);
    expect((await app.get(`/api/v1/payment-orders/${order.id}`, a.token)).body.status).toBe('pending');
  });
});
