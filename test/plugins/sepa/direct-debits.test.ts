/**
 * Mandates and direct-debit remittances through the API on a real database: mandate references
 * unique per company, the customer's IBAN by default, the creditor identifier from the company's
 * NIF, sequence types per mandate (FRST then RCUR, OOFF once, a cancelled mandate refused), the
 * pain.008 file valid against the schema, collection settled in one entry; tenancy and 422s.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TestCompany } from '../../support/factories';
import { createContact, download, taxId, type DocumentsTestApp } from '../../support/documents';
import { addMember } from '../../support/team';
import { bankBalances, startSepaBed } from './bank';
import { outboxDelivered } from './outbox';
import { schemaErrors, texts } from './sepa-schema';

const CUSTOMER_IBAN = 'ES7921000813610123456789';
const OTHER_IBAN = 'DE89370400440532013000';

let app: DocumentsTestApp;
let a: TestCompany;
let b: TestCompany;
let treasury: any;

beforeAll(async () => { ({ app, a, b, treasury } = await startSepaBed()); }, 120_000);
afterAll(() => app?.close());

const customer = (name: string, iban: string | null = CUSTOMER_IBAN) => createContact(app, a.token, { name, vat: 'B65410011', ...(iban ? { iban } : {}) });
const mandate = (body: Record<string, unknown>, company = a) =>
  app.post('/api/v1/mandates', { reference: `M-${crypto.randomUUID().slice(0, 8)}`, signature_date: '2025-11-03', scheme: 'CORE', type: 'recurrent', ...body }, company.token);

async function sale(contactId: string, base = '100.00') {
  const res = await app.post('/api/v1/invoices', { contact_id: contactId, issue_date: '2026-03-01', lines: [{ description: 'Cuota', quantity: '1', unit_price: base, tax_type_id: taxId(a, 'IVA21') }] }, a.token);
  expect(res.status).toBe(201);
  return res.body;
}
const remit = (ids: string[], date = '2026-03-10') => app.post('/api/v1/direct-debit-remittances', { treasury_id: treasury.id, collection_date: date, document_ids: ids }, a.token);
const fileOf = async (id: string) => new TextDecoder().decode((await download(app, `/api/v1/direct-debit-remittances/${id}/file`, a.token)).bytes);

/** ISO 7064 mod 97-10 over the NIF and ES00 (A=10 … Z=35), written here apart from the code under test. */
function expectedCreditorId(nif: string) {
  const digits = `${nif}ES00`.split('').map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
  return `ES${String(98n - (BigInt(digits) % 97n)).padStart(2, '0')}ZZZ${nif}`;
}

describe('mandates', () => {
  test('created with the customer\'s IBAN by default; reference unique per company (409); listed, read, changed, cancelled', async () => {
    const c = await customer('Academia Ñ S.L.');
    const created = await mandate({ contact_id: c.id, reference: 'CUADRA-0001', bic: 'bsch es mm' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ contact_id: c.id, reference: 'CUADRA-0001', iban: CUSTOMER_IBAN, bic: 'BSCHESMM', scheme: 'CORE', type: 'recurrent', cancelled: false, next_sequence_type: 'FRST' });
    expect((await mandate({ contact_id: c.id, reference: 'CUADRA-0001' })).status).toBe(409);
    // another company may use the same reference
    const theirCustomer = await createContact(app, b.token, { name: 'Otro', vat: 'B65410011', iban: CUSTOMER_IBAN });
    expect((await mandate({ contact_id: theirCustomer.id, reference: 'CUADRA-0001' }, b)).status).toBe(201);

    const changed = await app.patch(`/api/v1/mandates/${created.body.id}`, { iban: OTHER_IBAN }, a.token);
    expect(changed.body.iban).toBe(OTHER_IBAN);
    const list = (await app.get(`/api/v1/mandates?contact_id=${c.id}`, a.token)).body;
    expect(list.items.map((m: any) => m.reference)).toEqual(['CUADRA-0001']);
    const cancelled = await app.patch(`/api/v1/mandates/${created.body.id}`, { cancelled: true }, a.token);
    expect(cancelled.body).toMatchObject({ cancelled: true, next_sequence_type: null });
    expect((await app.patch(`/api/v1/mandates/${created.body.id}`, { iban: CUSTOMER_IBAN }, a.token)).status).toBe(409);
    expect((await app.get(`/api/v1/mandates?contact_id=${c.id}`, a.token)).body.total).toBe(0);
    expect((await app.get(`/api/v1/mandates?contact_id=${c.id}&include_cancelled=true`, a.token)).body.total).toBe(1);
  });

  test('bad input is 422: an invalid IBAN or BIC, a customer without IBAN and none given, an unknown customer, a bad reference, scheme or date', async () => {
    const c = await customer('Sin Cuenta S.L.', null);
    const cases: [Record<string, unknown>, string][] = [
      [{ contact_id: c.id, iban: 'ES9121000418450200051333' }, 'iban'],
      [{ contact_id: c.id }, 'iban'],
      [{ contact_id: c.id, iban: CUSTOMER_IBAN, bic: 'CAIX1SBB' }, 'bic'],
      [{ contact_id: crypto.randomUUID(), iban: CUSTOMER_IBAN }, 'contact_id'],
      [{ contact_id: c.id, iban: CUSTOMER_IBAN, reference: 'CON<ACENTO>' }, 'reference'],
      [{ contact_id: c.id, iban: CUSTOMER_IBAN, scheme: 'COR1' }, 'scheme'],
      [{ contact_id: c.id, iban: CUSTOMER_IBAN, signature_date: '2025-02-29' }, 'signature_date'],
    ];
    for (const [body, field] of cases) {
      const res = await mandate(body);
      expect(res.status).toBe(422);
      expect(res.body.detail.map((d: any) => d.loc.at(-1))).toContain(field);
    }
  });

  test('another company\'s mandate is 404; one collected cannot be deleted (409), one never used can', async () => {
    const c = await customer('Borrable S.L.');
    const m = (await mandate({ contact_id: c.id })).body;
    expect((await app.get(`/api/v1/mandates/${m.id}`, b.token)).status).toBe(404);
    expect((await app.patch(`/api/v1/mandates/${m.id}`, { cancelled: true }, b.token)).status).toBe(404);
    expect((await app.del(`/api/v1/mandates/${m.id}`, b.token)).status).toBe(404);
    expect((await app.get(`/api/v1/mandates/${m.id}`, a.token)).body.cancelled).toBe(false);
    expect((await remit([(await sale(c.id)).id])).status).toBe(201);
    expect((await app.del(`/api/v1/mandates/${m.id}`, a.token)).status).toBe(409);
    const unused = (await mandate({ contact_id: (await customer('Nuevo S.L.')).id })).body;
    expect((await app.del(`/api/v1/mandates/${unused.id}`, a.token)).status).toBe(204);
    expect((await app.get(`/api/v1/mandates/${unused.id}`, a.token)).status).toBe(404);
  });
});

describe('direct-debit remittances', () => {
  test('FRST on a recurrent mandate\'s first collection, RCUR after, OOFF for a one-off; creditor identifier from the NIF; file valid; settled in one entry', async () => {
    const recurrent = await customer('Gimnasio Peñalara S.L.');
    const oneOff = await customer('Compra Única S.A.');
    await mandate({ contact_id: recurrent.id, reference: 'REC-1', scheme: 'CORE', type: 'recurrent' });
    await mandate({ contact_id: oneOff.id, reference: 'OOFF-1', scheme: 'B2B', type: 'one_off', iban: OTHER_IBAN });
    const [s1, s2] = [await sale(recurrent.id, '100.00'), await sale(oneOff.id, '0.10')];
    const first = await remit([s1.id, s2.id]);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ total: '121.12', items_count: 2, creditor_identifier: expectedCreditorId('B12345674'), status: 'pending' });
    expect(first.body.items.map((i: any) => [i.document_id, i.sequence_type, i.scheme, i.mandate_reference, i.amount, i.debtor_iban])).toEqual([
      [s1.id, 'FRST', 'CORE', 'REC-1', '121.00', CUSTOMER_IBAN], [s2.id, 'OOFF', 'B2B', 'OOFF-1', '0.12', OTHER_IBAN],
    ]);
    const xml = await fileOf(first.body.id);
    expect(await schemaErrors(xml, 'pain.008.001.08')).toEqual([]);
    expect(texts(xml, 'SeqTp')).toEqual(['FRST', 'OOFF']);
    expect(texts(xml, 'CtrlSum')).toEqual(['121.12', '121.00', '0.12']);
    expect(texts(xml, 'MndtId')).toEqual(['REC-1', 'OOFF-1']);
    expect(texts(xml, 'DtOfSgntr')).toEqual(['2025-11-03', '2025-11-03']);
    expect(texts(xml, 'ReqdColltnDt')).toEqual(['2026-03-10', '2026-03-10']);
    expect(texts(xml, 'Ustrd')).toEqual([s1.number, s2.number]);
    expect(texts(xml, 'Id')).toContain(expectedCreditorId('B12345674'));
    expect(texts(xml, 'Nm')).toContain('Gimnasio Penalara S.L.');

    // the next collection of the recurrent mandate is RCUR; the one-off mandate collects no more
    const s3 = await sale(recurrent.id, '50.00');
    const second = await remit([s3.id], '2026-04-10');
    expect(second.status).toBe(201);
    expect(second.body.items[0].sequence_type).toBe('RCUR');
    expect(texts(await fileOf(second.body.id), 'SeqTp')).toEqual(['RCUR']);
    const again = await remit([(await sale(oneOff.id)).id]);
    expect(again.status).toBe(422);
    expect(again.body.detail[0].loc).toEqual(['body', 'document_ids', 0]);

    // a document in a pending remittance cannot be collected twice
    expect((await remit([s1.id])).status).toBe(409);

    const settled = await app.post(`/api/v1/direct-debit-remittances/${first.body.id}/settle`, { date: '2026-03-10' }, a.token);
    expect(settled.status).toBe(200);
    const entry = (await app.get(`/api/v1/ledger/entries/${settled.body.journal_entry_id}`, a.token)).body;
    expect(entry.lines.filter((l: any) => l.account === treasury.ledger_account).map((l: any) => l.debit)).toEqual(['121.12']);
    for (const doc of [s1, s2]) expect((await app.get(`/api/v1/invoices/${doc.id}`, a.token)).body.status).toBe('paid');
    await bankBalances(app, a, treasury);
    expect((await app.post(`/api/v1/direct-debit-remittances/${first.body.id}/settle`, { date: '2026-03-11' }, a.token)).status).toBe(409);
  });

  test('the statement\'s credit for the remittance settles it on its own, against 555x, the movement matched to every invoice', async () => {
    const c = await customer('Cobro Automático S.L.');
    await mandate({ contact_id: c.id });
    const [x, y] = [await sale(c.id, '10.00'), await sale(c.id, '20.00')];
    const r = (await remit([x.id, y.id], '2026-05-05')).body;
    expect(r.total).toBe('36.30');
    const credit = (await app.post(`/api/v1/treasuries/${treasury.id}/movements`, { date: '2026-05-05', amount: '36.30', description: `ABONO REMESA ${r.message_id}` }, a.token)).body;
    await outboxDelivered(app);
    const after = (await app.get(`/api/v1/direct-debit-remittances/${r.id}`, a.token)).body;
    expect(after).toMatchObject({ status: 'settled', settled_on: '2026-05-05', movement_id: credit.id });
    const movement = (await app.get(`/api/v1/bank-movements/${credit.id}`, a.token)).body;
    expect(movement.status).toBe('matched');
    expect([...movement.matched_document_ids].sort()).toEqual([x.id, y.id].sort());
    const entry = (await app.get(`/api/v1/ledger/entries/${after.journal_entry_id}`, a.token)).body;
    expect(entry.lines.filter((l: any) => l.account === treasury.suspense_account).map((l: any) => l.debit)).toEqual(['36.30']);
    for (const doc of [x, y]) expect((await app.get(`/api/v1/invoices/${doc.id}`, a.token)).body.status).toBe('paid');
  });

  test('a cancelled mandate or none: 422 naming the invoice; nothing is created and the mandate is not marked', async () => {
    const cancelled = await customer('Baja S.L.');
    const m = (await mandate({ contact_id: cancelled.id })).body;
    await app.patch(`/api/v1/mandates/${m.id}`, { cancelled: true }, a.token);
    const none = await customer('Sin Mandato S.L.');
    const before = (await app.get('/api/v1/direct-debit-remittances', a.token)).body.total;
    const [x, y] = [await sale(cancelled.id), await sale(none.id)];
    const res = await remit([x.id, y.id]);
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: any) => d.loc)).toEqual([['body', 'document_ids', 0], ['body', 'document_ids', 1]]);
    expect(res.body.detail[0].msg).toContain(x.number);
    expect((await app.get('/api/v1/direct-debit-remittances', a.token)).body.total).toBe(before);
    expect((await app.get(`/api/v1/mandates/${m.id}`, a.token)).body.first_collection_date).toBeNull();

    // a mandate signed after the collection date cannot authorise it
    const late = await customer('Firma Tardía S.L.');
    await mandate({ contact_id: late.id, signature_date: '2026-06-01' });
    const early = await remit([(await sale(late.id)).id], '2026-05-31');
    expect(early.status).toBe(422);
    expect(early.body.detail[0].msg).toContain('after the collection date');
  });

  test('companies are apart; bad input is 422', async () => {
    const c = await customer('Aparte S.L.');
    await mandate({ contact_id: c.id });
    const r = (await remit([(await sale(c.id)).id])).body;
    for (const path of [`/api/v1/direct-debit-remittances/${r.id}`, `/api/v1/direct-debit-remittances/${r.id}/file`]) expect((await app.get(path, b.token)).status).toBe(404);
    expect((await app.post(`/api/v1/direct-debit-remittances/${r.id}/settle`, { date: '2026-03-10' }, b.token)).status).toBe(404);
    expect((await app.get('/api/v1/direct-debit-remittances', b.token)).body.total).toBe(0);
    expect((await app.post('/api/v1/direct-debit-remittances', { treasury_id: treasury.id, collection_date: '2026-03-10', document_ids: [r.items[0].document_id] }, b.token)).status).toBe(422);
    expect((await app.post('/api/v1/direct-debit-remittances', { treasury_id: treasury.id, collection_date: 'mañana', document_ids: [r.items[0].document_id] }, a.token)).status).toBe(422);
    expect((await app.post('/api/v1/direct-debit-remittances', { treasury_id: treasury.id, collection_date: '2026-03-10' }, a.token)).status).toBe(422);
  });
});

describe('permissions', () => {
  test('a viewer reads mandates and remittances but creates, changes and settles nothing (403); a member neither writes', async () => {
    const viewer = await addMember(app, a.token, 'viewer');
    const member = await addMember(app, a.token, 'member');
    const c = await customer('Permisos S.L.');
    const m = (await mandate({ contact_id: c.id })).body;
    const r = (await remit([(await sale(c.id)).id])).body;
    for (const who of [viewer, member]) {
      expect((await app.get(`/api/v1/mandates/${m.id}`, who.token)).status).toBe(200);
      expect((await app.get(`/api/v1/direct-debit-remittances/${r.id}/file`, who.token)).status).toBe(200);
      expect((await app.post('/api/v1/mandates', { contact_id: c.id, reference: 'X-1', signature_date: '2025-01-01', scheme: 'CORE', type: 'recurrent' }, who.token)).status).toBe(403);
      expect((await app.patch(`/api/v1/mandates/${m.id}`, { cancelled: true }, who.token)).status).toBe(403);
      expect((await app.post(`/api/v1/direct-debit-remittances/${r.id}/settle`, { date: '2026-03-10' }, who.token)).status).toBe(403);
      expect((await app.post('/api/v1/payment-orders', { treasury_id: treasury.id, execution_date: '2026-03-10', document_ids: [r.items[0].document_id] }, who.token)).status).toBe(403);
    }
    expect((await app.get(`/api/v1/mandates/${m.id}`, a.token)).body.cancelled).toBe(false);
  });
});
