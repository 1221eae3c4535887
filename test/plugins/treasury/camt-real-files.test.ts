import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';
import { fixture, movementsOf, treasuryAgreesWithBooks, uploadStatement } from './import-support';

const IBAN_A = 'ES9121000418450200051332';
const IBAN_B = 'ES7921000813610123456789';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); }, 120_000);
afterAll(() => app?.close());

/** A company of its own with one bank treasury, so that each file meets an empty account. */
async function bank(iban = IBAN_B): Promise<{ company: TestCompany; id: string }> {
  const company = await createCompany(app);
  const treasury = await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Banco', iban }, company.token);
  expect(treasury.status).toBe(201);
  return { company, id: treasury.body.id };
}

describe('CAMT.053 files as banks send them', () => {
  test('an amount in another currency than the treasury\'s is rejected with its line and the reason, never booked as euros', async () => {
    const { company, id } = await bank();
    const res = await uploadStatement(app, company.token, id, fixture('camt053-foreign-currency.xml'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format: 'camt053', imported: 1, rejected: 1, rejected_lines: [{ line: 2, reason: 'Amount 1200.00 in USD; the treasury is in EUR: not booked' }] });
    expect((await movementsOf(app, company.token, id)).map((m) => m.amount)).toEqual(['850.00']);
    expect(await treasuryAgreesWithBooks(app, company.token, id)).toBe('850.00');
  });

  test('a booking time with an offset is the day it is in Madrid: 2014-01-04T23:00:00Z is 5 January; one without an offset is taken as written', async () => {
    const { company, id } = await bank();
    const res = await uploadStatement(app, company.token, id, fixture('camt053-madrid-midnight.xml'));
    expect(res.body).toMatchObject({ imported: 3, from: '2014-01-04', to: '2014-01-05' });
    const byText = Object.fromEntries((await movementsOf(app, company.token, id)).map((m) => [m.description, [m.date, m.value_date]]));
    expect(byText).toEqual({
      'Recibo seguro enero': ['2014-01-05', '2014-01-05'],
      'Cuota mantenimiento': ['2014-01-04', null],
      'Abono sin zona horaria': ['2014-01-04', null],
    });
    await treasuryAgreesWithBooks(app, company.token, id);
  });

  test('a file of two accounts imports only the treasury\'s, and reports only its own rejected lines', async () => {
    const a = await bank(IBAN_A);
    const first = await uploadStatement(app, a.company.token, a.id, fixture('camt053-multi-account.xml'));
    expect(first.body).toMatchObject({
      account: IBAN_A, other_accounts: [IBAN_B], imported: 1, rejected: 1,
      rejected_lines: [{ line: 2, reason: 'Entry status PDNG: only booked entries (BOOK) are imported' }],
    });
    const b = await bank(IBAN_B);
    const second = await uploadStatement(app, b.company.token, b.id, fixture('camt053-multi-account.xml'));
    expect(second.body).toMatchObject({ account: IBAN_B, other_accounts: [IBAN_A], imported: 2, rejected: 0, rejected_lines: [] });
    expect((await movementsOf(app, b.company.token, b.id)).map((m) => m.amount).sort()).toEqual(['-12.00', '1000.00']);
    expect(await treasuryAgreesWithBooks(app, b.company.token, b.id)).toBe('988.00');
  });

  test('an entry without a booking date is booked on its value date, else on the statement\'s date (in Madrid)', async () => {
    const { company, id } = await bank();
    const res = await uploadStatement(app, company.token, id, fixture('camt053-no-booking-date.xml'));
    expect(res.body).toMatchObject({ imported: 2, rejected: 0 });
    const byText = Object.fromEntries((await movementsOf(app, company.token, id)).map((m) => [m.description, m.date]));
    // the statement was created at 22:30 UTC on 30 April: already 1 May in Madrid
    expect(byText).toEqual({ 'Adeudo con fecha valor solamente': '2026-04-15', 'Comisión sin fechas': '2026-05-01' });
    await treasuryAgreesWithBooks(app, company.token, id);
  });

  test('a statement wrapped with its business application header (AppHdr) in an envelope is read; its balances agree', async () => {
    const { company, id } = await bank();
    const res = await uploadStatement(app, company.token, id, fixture('camt053-app-header.xml'));
    expect(res.body).toMatchObject({ format: 'camt053', account: IBAN_B, imported: 1 });
    expect((await movementsOf(app, company.token, id))[0]).toMatchObject({ amount: '240.00', date: '2026-05-01', description: 'Cobro factura F-2026-000050' });
  });

  test('a file with no statement (Stmt) is a 422, not an empty success', async () => {
    const { company, id } = await bank();
    const res = await uploadStatement(app, company.token, id, fixture('camt053-no-statement.xml'));
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'file', 1], msg: 'Line 1: The file holds no statement (Stmt): nothing to import' });
  });

  test('opening balance plus the booked entries must be the closing balance, as Norma 43 totals must: a mismatch refuses the file whole', async () => {
    const { company, id } = await bank();
    const res = await uploadStatement(app, company.token, id, fixture('camt053-balance-mismatch.xml'));
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toBe('Line 3: Statement BAL-1: closing balance 430.00 is not opening -50.00 + credits 500.00 - debits 19.99 = 430.01');
    expect(await movementsOf(app, company.token, id)).toEqual([]);
    const fixed = new TextDecoder().decode(fixture('camt053-balance-mismatch.xml')).replace('<Amt Ccy="EUR">430.00</Amt>', '<Amt Ccy="EUR">430.01</Amt>');
    expect((await uploadStatement(app, company.token, id, fixed)).body).toMatchObject({ imported: 2, rejected: 1 });
    expect(await treasuryAgreesWithBooks(app, company.token, id)).toBe('480.01');
  });
});
