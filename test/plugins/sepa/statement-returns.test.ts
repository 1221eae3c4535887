/**
 * Returned direct debits read from the bank's files when a statement is imported: a camt.054
 * notification whose entry gives the returned transaction's end-to-end id and its reason
 * (`RtrInf/Rsn/Cd`), and a Norma 43 movement of common concept 14 ("devoluciones e impagados").
 * Each is recorded as `POST …/returns` records it: the invoice owed again, the others still paid,
 * the fee on 626, the movement matched, the mandate as the reason says; the books balance and the
 * bank is its 572x throughout. Files written here from the formats' layouts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TestCompany } from '../../support/factories';
import { createContact, taxId, type DocumentsTestApp } from '../../support/documents';
import { parseCamt053 } from '../../../plugins/treasury/importers/camt053';
import { parseNorma43 } from '../../../plugins/treasury/importers/norma43';
import { norma43 } from '../treasury/norma43-builder';
import { uploadStatement } from '../treasury/import-support';
import { bankBalances, COMPANY_IBAN, startSepaBed } from './bank';
import { outboxDelivered } from './outbox';

let app: DocumentsTestApp;
let a: TestCompany;
let b: TestCompany;
let treasury: any;

beforeAll(async () => { ({ app, a, b, treasury } = await startSepaBed()); }, 120_000);
afterAll(() => app?.close());

async function customerWithMandate(name: string) {
  const c = await createContact(app, a.token, { name, vat: 'B65410011', iban: 'ES7921000813610123456789' });
  const m = (await app.post('/api/v1/mandates', { contact_id: c.id, reference: `MANDATO-${crypto.randomUUID().slice(0, 8).toUpperCase()}`, signature_date: '2026-01-01', scheme: 'CORE', type: 'recurrent' }, a.token)).body;
  return { c, m };
}
const sale = async (contactId: string, base: string, date: string) => (await app.post('/api/v1/invoices', { contact_id: contactId, issue_date: date, lines: [{ description: 'Cuota', quantity: '1', unit_price: base, tax_type_id: taxId(a, 'IVA21') }] }, a.token)).body;
const status = async (id: string) => (await app.get(`/api/v1/invoices/${id}`, a.token)).body.status;
const movements = async () => (await app.get(`/api/v1/bank-movements?treasury_id=${treasury.id}&limit=500`, a.token)).body.items as any[];

/** A settled remittance of the documents, collected on `date`. */
async function collected(documentIds: string[], date: string) {
  const r = (await app.post('/api/v1/direct-debit-remittances', { treasury_id: treasury.id, collection_date: date, document_ids: documentIds }, a.token)).body;
  expect((await app.post(`/api/v1/direct-debit-remittances/${r.id}/settle`, { date }, a.token)).status).toBe(200);
  return (await app.get(`/api/v1/direct-debit-remittances/${r.id}`, a.token)).body;
}

/** A camt.054.001.08 debit notification of the treasury's account with one returned transaction. */
const camt054 = (entry: { amount: string; date: string; endToEndId: string; reason: string }) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>NTF-RET-1</MsgId><CreDtTm>${entry.date}T09:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>NTF-1</Id><CreDtTm>${entry.date}T09:00:00</CreDtTm>
      <Acct><Id><IBAN>${COMPANY_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Ntry>
        <NtryRef>RET-1</NtryRef><Amt Ccy="EUR">${entry.amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd><RvslInd>true</RvslInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${entry.date}</Dt></BookgDt><ValDt><Dt>${entry.date}</Dt></ValDt><AcctSvcrRef>RET-ACCT-1</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RDDT</Cd><SubFmlyCd>UPDD</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${entry.endToEndId}</EndToEndId></Refs>
          <Amt Ccy="EUR">${entry.amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd>
          <RltdPties><Dbtr><Pty><Nm>Deudor</Nm></Pty></Dbtr></RltdPties>
          <RtrInf><Rsn><Cd>${entry.reason}</Cd></Rsn><AddtlInf>Devolucion de adeudo</AddtlInf></RtrInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;

describe('the importers mark returns (pure)', () => {
  test('camt.053 and camt.054 entries with RtrInf carry their reason (MS03 without a code); Norma 43 concept 14 debits carry the code their text names or MS03; anything else none', () => {
    const notification = camt054({ amount: '10.00', date: '2026-05-02', endToEndId: 'E2E-X', reason: 'AM04' });
    expect(parseCamt053(new TextEncoder().encode(notification)).movements.map((m) => [m.amount.toString(), m.reference, m.returnReason])).toEqual([['-10.00', 'E2E-X', 'AM04']]);
    // the same entry in a camt.053 statement, its RtrInf without a code
    const statement = notification.replace(/camt\.054\.001\.08/, 'camt.053.001.08').replace(/BkToCstmrDbtCdtNtfctn/g, 'BkToCstmrStmt').replace(/Ntfctn>/g, 'Stmt>')
      .replace('<Rsn><Cd>AM04</Cd></Rsn>', '');
    expect(parseCamt053(new TextEncoder().encode(statement)).movements.map((m) => m.returnReason)).toEqual(['MS03']);
    expect(parseCamt053(new TextEncoder().encode(statement.replace(/<RtrInf>.*<\/RtrInf>/s, ''))).movements.map((m) => m.returnReason ?? null)).toEqual([null]);
    const file = norma43([{
      bank: '2100', branch: '0418', account: '0200051332', start: '260501', end: '260531',
      movements: [
        { date: '260502', common: '14', cents: -1000, concepts: [['01', 'DEVOLUCION', 'AC04 CUENTA CANCELADA']] },
        { date: '260502', common: '14', cents: -1100 },
        { date: '260503', common: '14', cents: 1200 },
        { date: '260503', common: '03', cents: -1300, concepts: [['01', 'RECIBO AC04', '']] },
      ],
    }]);
    expect(parseNorma43(new TextEncoder().encode(file)).movements.map((m) => m.returnReason ?? null)).toEqual(['AC04', 'MS03', null, null]);
  });
});

describe('returned debits read from imported statements', () => {
  test('camt.054: the entry names the transaction (end-to-end id) and its reason (AC04, account closed): the invoice is owed again, the fee on 626, the movement matched, the mandate cancelled', async () => {
    const one = await customerWithMandate('Cuenta Cerrada S.L.');
    const two = await customerWithMandate('Sigue Pagando S.L.');
    const [x, y] = [await sale(one.c.id, '100.00', '2026-03-01'), await sale(two.c.id, '50.00', '2026-03-01')];
    const r = await collected([x.id, y.id], '2026-03-10');
    const item = r.items.find((i: any) => i.document_id === x.id);
    const before = await bankBalances(app, a, treasury);

    // another company's import never touches this remittance
    const other = (await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Otra', iban: COMPANY_IBAN }, b.token)).body;
    expect((await uploadStatement(app, b.token, other.id, camt054({ amount: '124.50', date: '2026-03-15', endToEndId: item.end_to_end_id, reason: 'AC04' }), 'devoluciones.xml')).status).toBe(200);
    await outboxDelivered(app);
    expect(await status(x.id)).toBe('paid');

    // the bank takes back 121.00 and charges 3.50 in one debit
    const upload = await uploadStatement(app, a.token, treasury.id, camt054({ amount: '124.50', date: '2026-03-15', endToEndId: item.end_to_end_id, reason: 'AC04' }), 'devoluciones.xml');
    expect(upload.status).toBe(200);
    expect(upload.body).toMatchObject({ format: 'camt054', imported: 1 });
    await outboxDelivered(app);

    const after = (await app.get(`/api/v1/direct-debit-remittances/${r.id}`, a.token)).body;
    expect(after.items.map((i: any) => [i.document_id, i.returned_on, i.return_reason])).toEqual([[x.id, '2026-03-15', 'AC04'], [y.id, null, null]]);
    expect([await status(x.id), await status(y.id)]).toEqual(['issued', 'paid']);
    const back = (await movements()).find((m) => m.amount === '-124.50');
    expect(back).toMatchObject({ status: 'matched', matched_document_ids: [x.id] });
    expect((await app.get('/api/v1/ledger/account/626', a.token)).body.closing_balance).toBe('3.50');
    expect((await app.get(`/api/v1/mandates/${one.m.id}`, a.token)).body.cancelled).toBe(true);
    expect((await app.get(`/api/v1/mandates/${two.m.id}`, a.token)).body.cancelled).toBe(false);
    const books = await bankBalances(app, a, treasury);
    expect(books.suspense).toBe(before.suspense);
    expect(BigInt(before.bank.replace('.', '')) - BigInt(books.bank.replace('.', ''))).toBe(12450n);
    // a second import of the same file holds nothing new and returns nothing twice
    expect((await uploadStatement(app, a.token, treasury.id, camt054({ amount: '124.50', date: '2026-03-15', endToEndId: item.end_to_end_id, reason: 'AC04' }), 'devoluciones.xml')).body.imported).toBe(0);
  });

  test('Norma 43: a debit of common concept 14 of exactly one collected amount is its return, with the reason the text names (MD06) or MS03; one that fits no debit is left for the user', async () => {
    const three = await customerWithMandate('Pide Reembolso S.L.');
    const z = await sale(three.c.id, '200.00', '2026-04-01');
    const r = await collected([z.id], '2026-04-10');
    const file = norma43([{
      bank: '2100', branch: '0418', account: '0200051332', start: '260401', end: '260430',
      movements: [
        { date: '260415', common: '14', own: '045', cents: -24200, ref2: 'RECIBO DEVUELTO', concepts: [['01', 'DEVOLUCION RECIBO SEPA', 'MOTIVO MD06 REEMBOLSO']] },
        { date: '260416', common: '14', own: '045', cents: -777, concepts: [['01', 'IMPAGADO SIN REMESA', '']] },
      ],
    }]);
    const upload = await uploadStatement(app, a.token, treasury.id, file, 'extracto.n43');
    expect(upload.status).toBe(200);
    expect(upload.body).toMatchObject({ format: 'norma43', imported: 2 });
    await outboxDelivered(app);

    const after = (await app.get(`/api/v1/direct-debit-remittances/${r.id}`, a.token)).body;
    expect(after.items.map((i: any) => [i.document_id, i.returned_on, i.return_reason])).toEqual([[z.id, '2026-04-15', 'MD06']]);
    expect(await status(z.id)).toBe('issued');
    const listed = await movements();
    expect(listed.find((m) => m.amount === '-242.00')).toMatchObject({ status: 'matched', matched_document_ids: [z.id] });
    expect(listed.find((m) => m.amount === '-7.77')).toMatchObject({ status: 'unmatched' });
    // MD06 (refund asked by the debtor) leaves the mandate usable
    expect((await app.get(`/api/v1/mandates/${three.m.id}`, a.token)).body.cancelled).toBe(false);
    await bankBalances(app, a, treasury);
  });
});
