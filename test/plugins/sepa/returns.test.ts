/**
 * Returned direct debits (R-transactions) on a real database: the invoice owed again and the
 * others still paid, the fee on 626, the statement's return debit matched, the mandate cancelled
 * or back to FRST as the reason says; the books balance and the bank is its 572x throughout.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TestCompany } from '../../support/factories';
import { createContact, taxId, type DocumentsTestApp } from '../../support/documents';
import { bankBalances, startSepaBed } from './bank';
import { outboxDelivered } from './outbox';

let app: DocumentsTestApp;
let a: TestCompany;
let b: TestCompany;
let treasury: any;

beforeAll(async () => { ({ app, a, b, treasury } = await startSepaBed()); }, 120_000);
afterAll(() => app?.close());

async function customerWithMandate(name: string) {
  const c = await createContact(app, a.token, { name, vat: 'B65410011', iban: 'ES7921000813610123456789' });
  const m = (await app.post('/api/v1/mandates', { contact_id: c.id, reference: `R-${crypto.randomUUID().slice(0, 8)}`, signature_date: '2026-01-01', scheme: 'CORE', type: 'recurrent' }, a.token)).body;
  return { c, m };
}
const sale = async (contactId: string, base: string) => (await app.post('/api/v1/invoices', { contact_id: contactId, issue_date: '2026-03-01', lines: [{ description: 'Cuota', quantity: '1', unit_price: base, tax_type_id: taxId(a, 'IVA21') }] }, a.token)).body;
const status = async (id: string) => (await app.get(`/api/v1/invoices/${id}`, a.token)).body.status;

const books = () => bankBalances(app, a, treasury);
const cents = (s: string) => BigInt(s.replace('.', ''));

describe('returned direct debits', () => {
  test('insufficient funds on a first collection: the invoice is owed again, the others stay paid, the fee goes to 626, the return debit is matched; the mandate is FRST again', async () => {
    const one = await customerWithMandate('Devuelve S.L.');
    const two = await customerWithMandate('Paga S.L.');
    const [x, y] = [await sale(one.c.id, '100.00'), await sale(two.c.id, '50.00')];
    const credit = (await app.post(`/api/v1/treasuries/${treasury.id}/movements`, { date: '2026-03-10', amount: '181.50', description: 'ABONO REMESA' }, a.token)).body;
    // the movement's after-commit match runs before the remittance exists; delivered late on a busy
    // machine it would settle the remittance itself, before the explicit settle below
    await outboxDelivered(app);
    const r = (await app.post('/api/v1/direct-debit-remittances', { treasury_id: treasury.id, collection_date: '2026-03-10', document_ids: [x.id, y.id] }, a.token)).body;
    expect((await app.post(`/api/v1/direct-debit-remittances/${r.id}/settle`, { date: '2026-03-10', movement_id: credit.id }, a.token)).status).toBe(200);
    const before = await books();
    expect(before.suspense).toBe('0.00');

    // the bank takes back 121.00 and charges 3.50
    const back = (await app.post(`/api/v1/treasuries/${treasury.id}/movements`, { date: '2026-03-15', amount: '-124.50', description: 'DEVOLUCION RECIBO' }, a.token)).body;
    const wrong = await app.post(`/api/v1/direct-debit-remittances/${r.id}/returns`, { document_id: x.id, date: '2026-03-15', reason: 'AM04', fee: '3.00', movement_id: back.id }, a.token);
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail[0].loc).toEqual(['body', 'movement_id']);
    const returned = await app.post(`/api/v1/direct-debit-remittances/${r.id}/returns`, { document_id: x.id, date: '2026-03-15', reason: 'AM04', fee: '3.50', movement_id: back.id }, a.token);
    expect(returned.status).toBe(200);
    expect(returned.body.items.map((i: any) => [i.document_id, i.returned_on, i.return_reason])).toEqual([[x.id, '2026-03-15', 'AM04'], [y.id, null, null]]);
    expect([await status(x.id), await status(y.id)]).toEqual(['issued', 'paid']);
    const after = await books();
    expect(after.suspense).toBe('0.00');
    expect((cents(before.bank) - cents(after.bank)).toString()).toBe('12450');
    const fees = (await app.get('/api/v1/ledger/account/626', a.token)).body;
    expect(fees.closing_balance).toBe('3.50');
    const movement = (await app.get(`/api/v1/bank-movements/${back.id}`, a.token)).body;
    expect(movement).toMatchObject({ status: 'matched', matched_document_ids: [x.id] });
    expect((await app.get(`/api/v1/mandates/${one.m.id}`, a.token)).body).toMatchObject({ cancelled: false, next_sequence_type: 'FRST' });
    expect((await app.get(`/api/v1/mandates/${two.m.id}`, a.token)).body.next_sequence_type).toBe('RCUR');

    // collected again in a new remittance, as a first collection
    const retry = (await app.post('/api/v1/direct-debit-remittances', { treasury_id: treasury.id, collection_date: '2026-04-10', document_ids: [x.id] }, a.token)).body;
    expect(retry.items[0].sequence_type).toBe('FRST');
    expect((await app.post(`/api/v1/direct-debit-remittances/${r.id}/returns`, { document_id: x.id, date: '2026-03-16', reason: 'AM04' }, a.token)).status).toBe(409);
  });

  test('account closed: the mandate is cancelled; without a movement the return is on 572x; pending remittances, unknown invoices and other companies are refused', async () => {
    const one = await customerWithMandate('Cierra Cuenta S.L.');
    const x = await sale(one.c.id, '10.00');
    const r = (await app.post('/api/v1/direct-debit-remittances', { treasury_id: treasury.id, collection_date: '2026-03-20', document_ids: [x.id] }, a.token)).body;
    const path = `/api/v1/direct-debit-remittances/${r.id}/returns`;
    expect((await app.post(path, { document_id: x.id, date: '2026-03-25', reason: 'AC04' }, a.token)).status).toBe(409);
    await app.post(`/api/v1/direct-debit-remittances/${r.id}/settle`, { date: '2026-03-20' }, a.token);
    const before = await books();
    expect((await app.post(path, { document_id: crypto.randomUUID(), date: '2026-03-25', reason: 'AC04' }, a.token)).status).toBe(422);
    expect((await app.post(path, { document_id: x.id, date: '2026-03-25', reason: 'closed' }, a.token)).status).toBe(422);
    expect((await app.post(path, { document_id: x.id, date: '2026-03-25', reason: 'AC04' }, b.token)).status).toBe(404);
    expect(await status(x.id)).toBe('paid');
    expect((await app.post(path, { document_id: x.id, date: '2026-03-25', reason: 'AC04' }, a.token)).status).toBe(200);
    expect(await status(x.id)).toBe('issued');
    const after = await books();
    expect((cents(before.bank) - cents(after.bank)).toString()).toBe('1210');
    expect((await app.get(`/api/v1/mandates/${one.m.id}`, a.token)).body).toMatchObject({ cancelled: true, next_sequence_type: null });
  });
});
