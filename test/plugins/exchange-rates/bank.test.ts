/**
 * Treasuries in another currency at the bank: statements imported into a USD treasury, and the
 * reconciliation board matching its movements with documents in USD only. Figures by hand:
 *
 * Statement (camt.053 .001.08 in USD, rates entered by hand: 31 Dec 2025 1.2500, Fri 9 Jan 2026
 * 1.1000, 12 Jan 1.0800, 15 Jan 1.0500), each movement converted on its own as a hand-entered one:
 *   10 Jan (Saturday → Friday's 1.1000) +1,210.00 USD → 1,100.00 €
 *   12 Jan −300.00 USD → 277.78 €; −200.00 USD → 185.19 € (the day out 462.97 €, not 500 / 1.08 = 462.96)
 *   15 Jan +500.00 USD → 476.19 €; −2.50 USD (charges) → 2.38 €
 *   closing 1,207.50 USD; the 573x: 1,100.00 − 462.97 + 476.19 − 2.38 = 1,110.84 €.
 * Norma 43 (currency code 840, USD) 20 Jan 2026 +100.00 USD at 1.0500 → 95.24 €.
 *
 * Reconciliation (ECB fixtures: USD 1.1000 on Fri 5 Feb 2027, 1.0850 on Mon 8 Feb): a USD invoice of
 * 1,210.00 USD (operation 5 Feb: 1,100.00 €) and a EUR invoice of 1,210.00 € to the same customer;
 * 1,210.00 USD in on 9 Feb → 1,115.21 €: settled Dr 555x 1,115.21 / Cr 4300 1,100.00 / Cr 768 15.21; a
 * second such movement categorised moves 1,115.21 € off the 555x.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';
import { camt053 } from '../treasury/camt-builder';
import { norma43 } from '../treasury/norma43-builder';

const FIXTURES = join(import.meta.dir, '../../fixtures/exchange-rates');
const IBAN = 'ES9121000418450200051332'; // CCC 2100 0418 45 0200051332

let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp(); }, 120_000);
afterAll(() => app?.close());

const upload = (token: string, treasuryId: string, content: string, name = 'extracto.xml') => {
  const form = new FormData();
  form.append('file', new File([content], name));
  return app.request('POST', `/api/v1/treasuries/${treasuryId}/import`, { token, form });
};
const accountBalance = async (tenantId: string, account: string) =>
  (await app.asAppRole<{ b: string }>(tenantId, `select coalesce(sum(debit - credit), 0)::text as b from journal_lines where account_code = '${account}'`))[0].b;
async function expectBalancedBooks(tenantId: string) {
  const [row] = await app.asAppRole<{ unbalanced: number; debit: string; credit: string }>(tenantId, `
    select (select count(*)::int from (select entry_id from journal_lines group by entry_id having sum(debit) <> sum(credit)) u) as unbalanced,
      (select coalesce(sum(debit), 0)::text from journal_lines) as debit, (select coalesce(sum(credit), 0)::text from journal_lines) as credit`);
  expect(Number(row.unbalanced)).toBe(0);
  expect(row.debit).toBe(row.credit);
}

describe('statements into a USD treasury', () => {
  let company: TestCompany;
  let treasury: any;
  beforeAll(async () => {
    company = await createCompany(app);
    for (const [date, rate] of [['2025-12-31', '1.2500'], ['2026-01-09', '1.1000'], ['2026-01-12', '1.0800'], ['2026-01-15', '1.0500']]) {
      expect((await app.post('/api/v1/exchange-rates', { currency: 'USD', date, rate }, company.token)).status).toBe(201);
    }
    treasury = (await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Cuenta USD', iban: IBAN, currency: 'USD', opening_balance: '0.00', opening_date: '2025-12-31' }, company.token)).body;
    expect(treasury.currency).toBe('USD');
  });

  test('a camt.053 in USD: movements in USD, each posted in euros at its day\'s rate; currency_balance is the closing balance', async () => {
    const res = await upload(company.token, treasury.id, camt053('08', IBAN, 'USD'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format: 'camt053', imported: 5, rejected: 1, rejected_lines: [{ line: 4 }], balance_differences: [] });
    const movements = (await app.get(`/api/v1/bank-movements?treasury_id=${treasury.id}&limit=50`, company.token)).body.items;
    expect(movements.map((m: any) => m.amount).sort()).toEqual(['-2.50', '-200.00', '-300.00', '1210.00', '500.00'].sort());
    const after = (await app.get(`/api/v1/treasuries/${treasury.id}`, company.token)).body;
    expect(after).toMatchObject({ currency_balance: '1207.50', balance: '1110.84' });
    expect(await accountBalance(company.tenantId, treasury.ledger_account)).toBe('1110.84');
    expect(await accountBalance(company.tenantId, treasury.suspense_account)).toBe('-1110.84');
    // the same day entered by hand carries the same euros (one conversion for both paths)
    const manual = (await app.post('/api/v1/treasuries', { kind: 'bank', name: 'USD a mano', currency: 'USD' }, company.token)).body;
    for (const amount of ['-300.00', '-200.00']) {
      expect((await app.post(`/api/v1/treasuries/${manual.id}/movements`, { date: '2026-01-12', amount, description: 'x' }, company.token)).status).toBe(201);
    }
    expect((await app.get(`/api/v1/treasuries/${manual.id}`, company.token)).body).toMatchObject({ currency_balance: '-500.00', balance: '-462.97' });
    // re-imported: every line held, nothing booked twice
    expect((await upload(company.token, treasury.id, camt053('08', IBAN, 'USD'))).body).toMatchObject({ imported: 0, duplicates: 5 });
    expect(await accountBalance(company.tenantId, treasury.ledger_account)).toBe('1110.84');
    await expectBalancedBooks(company.tenantId);
  });

  test('a EUR statement into the USD treasury is refused line by line, nothing booked; a Norma 43 in USD (840) imports', async () => {
    const res = await upload(company.token, treasury.id, camt053('08', IBAN, 'EUR').replace('STMT-2026-01', 'STMT-EUR'));
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(0);
    expect(res.body.rejected_lines).toEqual([
      { line: 1, reason: 'Amount 1210.00 in EUR; the treasury is in USD: not booked' },
      { line: 2, reason: 'Amount -300.00 in EUR; the treasury is in USD: not booked' },
      { line: 2, reason: 'Amount -200.00 in EUR; the treasury is in USD: not booked' },
      { line: 3, reason: 'Amount 500.00 in EUR; the treasury is in USD: not booked' },
      { line: 3, reason: 'Amount -2.50 in EUR; the treasury is in USD: not booked' },
      { line: 4, reason: 'Entry status PDNG: only booked entries (BOOK) are imported' },
    ]);
    const account = { bank: '2100', branch: '0418', account: '0200051332', start: '260120', end: '260120', openingCents: 120750, movements: [{ date: '260120', cents: 10000 }] };
    const eur = await upload(company.token, treasury.id, norma43([account]), 'enero.n43');
    expect(eur.status).toBe(200);
    expect(eur.body).toMatchObject({ imported: 0, rejected_lines: [{ reason: 'Amount 100.00 in EUR; the treasury is in USD: not booked' }] });
    const usd = await upload(company.token, treasury.id, norma43([{ ...account, currency: '840' }]), 'enero.n43');
    expect(usd.status).toBe(200);
    expect(usd.body).toMatchObject({ imported: 1, rejected: 0 });
    expect((await app.get(`/api/v1/treasuries/${treasury.id}`, company.token)).body).toMatchObject({ currency_balance: '1307.50', balance: '1206.08' });
    expect(await accountBalance(company.tenantId, treasury.ledger_account)).toBe('1206.08');
    await expectBalancedBooks(company.tenantId);
  });
});

describe('reconciliation by currency', () => {
  let company: TestCompany;
  let usdTreasury: any, eurTreasury: any, usdInvoice: any, eurInvoice: any, eurMovement: any;
  beforeAll(async () => {
    company = await createCompany(app);
    for (const file of ['ecb-hist-2027-02-01-05.xml', 'ecb-daily-2027-02-08.xml']) {
      const form = new FormData();
      form.append('file', new File([readFileSync(join(FIXTURES, file))], file));
      expect((await app.request('POST', '/api/v1/exchange-rates/import', { token: company.token, form })).status).toBe(200);
    }
    const customer = await createContact(app, company.token, { name: 'Cliente Dólar SL', vat: 'B65410011' });
    const line = { description: 'Licencia', quantity: '1', unit_price: '1000.00', tax_type_id: taxId(company, 'IVA21') };
    usdInvoice = (await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2027-02-08', operation_date: '2027-02-05', currency: 'USD', lines: [line] }, company.token)).body;
    eurInvoice = (await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2027-02-08', lines: [line] }, company.token)).body;
    expect([usdInvoice.total, usdInvoice.euro_amounts.total, eurInvoice.total, eurInvoice.currency]).toEqual(['1210.00', '1100.00', '1210.00', 'EUR']);
    usdTreasury = (await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Cuenta USD', currency: 'USD' }, company.token)).body;
    eurTreasury = (await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Cuenta EUR' }, company.token)).body;
  });

  const board = async (treasuryId: string) => (await app.get(`/api/v1/reconciliation/board?treasury_id=${treasuryId}&limit=50`, company.token)).body.items;
  const move = async (treasuryId: string, description: string) =>
    (await app.post(`/api/v1/treasuries/${treasuryId}/movements`, { date: '2027-02-09', amount: '1210.00', description, counterparty: 'CLIENTE DOLAR SL' }, company.token)).body;

  test('a USD movement is offered only the USD invoice, a EUR one only the EUR invoice; accepting settles with the difference on 768', async () => {
    const usd = await move(usdTreasury.id, 'Transferencia recibida');
    const eur = (eurMovement = await move(eurTreasury.id, 'Transferencia recibida'));
    const open = (await app.get('/api/v1/open-items?limit=50', company.token)).body.items;
    expect([usdInvoice.id, eurInvoice.id].map((id) => open.find((i: any) => i.id === id).currency)).toEqual(['USD', 'EUR']);
    const [usdItem] = await board(usdTreasury.id);
    const offered = (item: any) => [...new Set(item.candidates.flatMap((c: any) => c.documents.map((d: any) => d.document_id)))];
    expect(usdItem.movement.id).toBe(usd.id);
    expect(offered(usdItem)).toEqual([usdInvoice.id]);
    expect(usdItem.proposal.documents).toMatchObject([{ document_id: usdInvoice.id, outstanding: '1210.00', amount: '1210.00' }]);
    const [eurItem] = await board(eurTreasury.id);
    expect(eurItem.movement.id).toBe(eur.id);
    expect(offered(eurItem)).toEqual([eurInvoice.id]);
    // a document in another currency than the movement's cannot be matched by hand either
    expect((await app.post('/api/v1/reconciliation/manual-match', { movement_id: usd.id, document_id: eurInvoice.id }, company.token)).status).toBe(409);
    const accepted = await app.post('/api/v1/reconciliation/matches', {
      movement_id: usd.id, allocations: usdItem.proposal.documents.map((d: any) => ({ document_id: d.document_id, amount: d.amount })), score: usdItem.proposal.score,
    }, company.token);
    expect(accepted.status).toBe(201);
    expect((await app.get(`/api/v1/invoices/${usdInvoice.id}`, company.token)).body.status).toBe('paid');
    expect(await accountBalance(company.tenantId, '768')).toBe('-15.21');
    expect(await accountBalance(company.tenantId, usdTreasury.suspense_account)).toBe('0.00');
    expect(await accountBalance(company.tenantId, usdTreasury.ledger_account)).toBe('1115.21');
    expect((await app.get(`/api/v1/treasuries/${usdTreasury.id}`, company.token)).body).toMatchObject({ balance: '1115.21', currency_balance: '1210.00' });
    await expectBalancedBooks(company.tenantId);
  });

  test('auto-matching pairs by currency: a USD movement naming the EUR invoice is left alone', async () => {
    const stray = await move(usdTreasury.id, `Pago factura ${eurInvoice.number}`);
    expect((await board(usdTreasury.id)).find((i: any) => i.movement.id === stray.id).candidates).toEqual([]);
    expect((await app.patch('/api/v1/reconciliation/settings', { auto_match: true, auto_match_threshold: 0.5 }, company.token)).status).toBe(200);
    // turned on, it runs (here, or already after the last movement's commit): the EUR movement takes the EUR invoice
    expect((await app.post('/api/v1/reconciliation/auto-match', undefined, company.token)).status).toBe(200);
    const matches = (await app.get(`/api/v1/reconciliation/matches?movement_id=${eurMovement.id}`, company.token)).body.items;
    expect(matches).toMatchObject([{ method: 'auto', document_ids: [eurInvoice.id] }]);
    expect((await app.get(`/api/v1/invoices/${eurInvoice.id}`, company.token)).body.status).toBe('paid');
    expect((await app.get(`/api/v1/bank-movements/${stray.id}`, company.token)).body.status).toBe('unmatched');
    // categorised, it leaves the 555x at its euros (1,210.00 USD on 9 Feb at 1.0850 → 1,115.21 €), not at its dollar figure
    expect((await app.post('/api/v1/reconciliation/categorize', { movement_id: stray.id, account: '626' }, company.token)).status).toBe(201);
    expect(await accountBalance(company.tenantId, usdTreasury.suspense_account)).toBe('0.00');
    expect(await accountBalance(company.tenantId, '626')).toBe('-1115.21');
    await expectBalancedBooks(company.tenantId);
  });
});
