import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { addMember, tenantSql } from '../../support/team';
import { cents, createContact, documentBooker, entryLines, fromCents, journalEntryOf, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { norma43 } from '../treasury/norma43-builder';
import { fiscalYear, fiscalYearOf } from '../../../plugins/fiscal-years/api';
import { LedgerService } from '../../../plugins/ledger/api';

/**
 * Fiscal years, the period lock, the year-end close and its reopening, end to end over HTTP, with
 * figures worked out by hand (docs/domain/fiscal-year.md).
 *
 * The small company of 2026 (IVA 21 %):
 *   01-01 capital paid in        Dr 572 10,000.00            / Cr 100 10,000.00
 *   03-10 sale, base 2,000.00    Dr customer 2,420.00        / Cr sales 2,000.00, Cr 477 420.00
 *   04-05 purchase, base 500.00  Dr 629 500.00, Dr 472 105.00 / Cr supplier 605.00
 *   05-02 the sale is paid       Dr 572 2,420.00             / Cr customer 2,420.00
 *   06-01 bank movement +100.00  Dr 5720001 100.00           / Cr 5550001 100.00 (unreconciled)
 * Result: 2,000.00 − 500.00 = 1,500.00 (profit). Balances at 31 December after the regularisation:
 *   572 12,420.00 Dr; 5720001 100.00 Dr; 472 105.00 Dr; 100 10,000.00 Cr; 477 420.00 Cr;
 *   supplier 605.00 Cr; 5550001 100.00 Cr; 129 1,500.00 Cr; customer 0 — they add up to zero.
 */

let app: DocumentsTestApp;
let a: TestCompany;
const book = documentBooker(() => app, () => a);

beforeAll(async () => { app = await startDocumentsApp(); a = await createCompany(app); }, 120_000);
afterAll(() => app?.close());

const put = (path: string, body: unknown, token: string) => app.request('PUT', path, { body, token });
const manual = (token: string, date: string, lines: { account: string; debit?: string; credit?: string }[], description = 'Asiento manual') =>
  app.post('/api/v1/ledger/entries', { date, description, lines }, token);
const balancesOf = (trial: any) => Object.fromEntries((trial.accounts as any[]).filter((r) => r.balance !== '0.00').map((r) => [r.account, r.balance]));
const trial = async (token: string, query: string) => {
  const res = await app.get(`/api/v1/ledger/trial-balance?${query}`, token);
  expect(res.status).toBe(200);
  expect(res.body.totals.debit).toBe(res.body.totals.credit);
  return res.body;
};
const balanced = (entry: any) => {
  const d = entry.lines.reduce((s: bigint, l: any) => s + cents(l.debit), 0n), c = entry.lines.reduce((s: bigint, l: any) => s + cents(l.credit), 0n);
  expect(fromCents(d)).toBe(fromCents(c));
  return fromCents(d);
};
const sorted = (lines: [string, string, string][]) => [...lines].sort((x, y) => x[0].localeCompare(y[0]));

describe('fiscal year periods (pure)', () => {
  test('calendar years by default; a company whose year starts in July', () => {
    expect(fiscalYear(2026)).toEqual({ year: 2026, start: '2026-01-01', end: '2026-12-31', nextStart: '2027-01-01', previousEnd: '2025-12-31' });
    expect(fiscalYear(2026, 7)).toEqual({ year: 2026, start: '2026-07-01', end: '2027-06-30', nextStart: '2027-07-01', previousEnd: '2026-06-30' });
    expect(fiscalYear(2027, 3).end).toBe('2028-02-29');
    expect(fiscalYearOf('2027-03-10', 7).year).toBe(2026);
    expect(fiscalYearOf('2027-07-01', 7).year).toBe(2027);
    expect(fiscalYearOf('2026-12-31').year).toBe(2026);
  });
});

describe('a small company closes 2026', () => {
  const ids: Record<string, string> = {};
  const accounts: Record<string, string> = {};
  let beforeClose: Record<string, string>;

  test('the year: capital, a sale, a purchase, a payment, a bank movement and a draft', async () => {
    const customer = await createContact(app, a.token, { name: 'Cliente Uno SL' });
    const supplier = await createContact(app, a.token, { name: 'Proveedor Uno SL', kind: 'supplier', vat: 'A28017895' });
    ids.customer = customer.id; ids.supplier = supplier.id;
    expect((await manual(a.token, '2026-01-01', [{ account: '572', debit: '10000.00' }, { account: '100', credit: '10000.00' }], 'Desembolso del capital')).status).toBe(201);
    const sale = await book.sale(customer.id, '2026-03-10', { tax_type_id: book.tax('IVA21') }, '2000.00');
    const saleLines = entryLines(await journalEntryOf(app, a.token, sale.journal_entry_id));
    accounts.customer = saleLines.find((l) => l[1] === '2420.00')![0];
    accounts.sales = saleLines.find((l) => l[2] === '2000.00')![0];
    const purchase = await book.purchase(supplier.id, '2026-04-05', { tax_type_id: book.tax('IVA21'), expense_account: '629' }, '500.00');
    accounts.supplier = purchase.payable_account;
    ids.sale = sale.id; ids.purchase = purchase.id;
    expect((await app.post(`/api/v1/invoices/${sale.id}/payments`, { date: '2026-05-02', amount: '2420.00', account: '572' }, a.token)).status).toBe(200);
    const bank = await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Banco', iban: 'ES9121000418450200051332' }, a.token);
    expect(bank.status).toBe(201);
    ids.treasury = bank.body.id;
    const form = new FormData();
    form.append('file', new File([norma43([{ bank: '2100', branch: '0418', account: '0200051332', start: '260601', end: '260630', movements: [{ date: '260601', cents: 10000 }] }])], 'junio.n43'));
    const imported = await app.request('POST', `/api/v1/treasuries/${bank.body.id}/import`, { token: a.token, form });
    expect(imported.status).toBe(200);
    const draft = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-11-02', status: 'draft', lines: book.lines({ tax_type_id: book.tax('IVA21') }, '100.00') }, a.token);
    expect([draft.status, draft.body.status]).toEqual([201, 'draft']);
    ids.draft = draft.body.id;

    beforeClose = balancesOf(await trial(a.token, 'from=2026-01-01&to=2026-12-31'));
    expect(beforeClose).toEqual({
      '100': '-10000.00', '472': '105.00', '477': '-420.00', '572': '12420.00', '5550001': '-100.00', '5720001': '100.00', '629': '500.00',
      [accounts.sales]: '-2000.00', [accounts.supplier]: '-605.00',
    });
    const years = await app.get('/api/v1/fiscal-years', a.token);
    expect(years.status).toBe(200);
    expect(years.body.find((y: any) => y.year === 2026)).toMatchObject({ start_date: '2026-01-01', end_date: '2026-12-31', status: 'open', result: '1500.00', locked_until: null, entries: null });
  });

  test('the close is refused (422) listing the draft and the unreconciled movement, unless forced; a member may not close', async () => {
    const refused = await app.post('/api/v1/fiscal-years/2026/close', {}, a.token);
    expect(refused.status).toBe(422);
    const kinds = refused.body.detail.map((d: any) => d.type);
    expect(kinds).toContain('year_end.draft_invoice');
    expect(kinds).toContain('year_end.unreconciled_bank_movement');
    expect(refused.body.detail.find((d: any) => d.type === 'year_end.draft_invoice').msg).toContain(ids.draft);
    expect(refused.body.detail.find((d: any) => d.type === 'year_end.draft_invoice').msg).toContain('2026-11-02');
    // nothing was posted
    expect(balancesOf(await trial(a.token, 'from=2026-01-01&to=2026-12-31'))).toEqual(beforeClose);
    const member = await addMember(app, a.token, 'member');
    expect((await app.post('/api/v1/fiscal-years/2026/close', { force: true }, member.token)).status).toBe(403);
  });

  test('forced: regularisation into 129, closing entry, opening entry of 2027, the year locked', async () => {
    const closed = await app.post('/api/v1/fiscal-years/2026/close', { force: true }, a.token);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ year: 2026, status: 'closed', result: '1500.00', locked_until: '2026-12-31', forced: true });
    const { regularisation, closing, opening } = closed.body.posted;
    expect([regularisation.date, closing.date, opening.date]).toEqual(['2026-12-31', '2026-12-31', '2027-01-01']);
    expect(regularisation.number < closing.number && closing.number < opening.number).toBe(true);

    const reg = await journalEntryOf(app, a.token, regularisation.id);
    expect(reg.source_type).toBe('year_end.regularisation');
    expect(sorted(entryLines(reg))).toEqual(sorted([[accounts.sales, '2000.00', '0.00'], ['629', '0.00', '500.00'], ['129', '0.00', '1500.00']]));
    expect(balanced(reg)).toBe('2000.00');

    const close = await journalEntryOf(app, a.token, closing.id);
    expect(sorted(entryLines(close))).toEqual(sorted([
      ['100', '10000.00', '0.00'], ['129', '1500.00', '0.00'], ['472', '0.00', '105.00'], ['477', '420.00', '0.00'], ['5550001', '100.00', '0.00'],
      ['572', '0.00', '12420.00'], ['5720001', '0.00', '100.00'], [accounts.supplier, '605.00', '0.00'],
    ]));
    expect(balanced(close)).toBe('12625.00');

    const open = await journalEntryOf(app, a.token, opening.id);
    expect(open.source_type).toBe('year_end.opening');
    expect(sorted(entryLines(open))).toEqual(sorted(entryLines(close).map(([acc, d, c]) => [acc, c, d] as [string, string, string])));
    expect(balanced(open)).toBe('12625.00');

    // 2026 after the close: every account at zero; before its closing entry: the balance sheet and 129
    expect(balancesOf(await trial(a.token, 'from=2026-01-01&to=2026-12-31'))).toEqual({});
    const beforeClosing = balancesOf(await trial(a.token, 'from=2026-01-01&to=2026-12-31&before_closing=true'));
    expect(beforeClosing).toEqual({ '100': '-10000.00', '129': '-1500.00', '472': '105.00', '477': '-420.00', '572': '12420.00', '5550001': '-100.00', '5720001': '100.00', [accounts.supplier]: '-605.00' });
    // 2027 starts from the opening entry; from the beginning of time nothing is counted twice
    const carried = { ...beforeClosing };
    expect(balancesOf(await trial(a.token, 'from=2027-01-01&to=2027-12-31'))).toEqual(carried);
    expect(balancesOf(await trial(a.token, 'to=2027-06-30'))).toEqual(carried);
    const mayor = (await app.get('/api/v1/ledger/account/572?from=2027-01-01&to=2027-12-31', a.token)).body;
    // (572 and its sub-account 5720001: one line each in the opening entry)
    expect([mayor.opening_balance, mayor.closing_balance, mayor.items.length]).toEqual(['0.00', '12520.00', 2]);

    // economic figures leave the year-end entries out: the year's flows, and balances on its last day
    const ledger = <T>(work: (tx: any) => Promise<T>) => app.kernel.unitOfWork(null).run(work, { tenantId: a.tenantId });
    const flows = await ledger((tx) => LedgerService.totalsByAccount(tx, { from: '2026-01-01', to: '2026-12-31' }));
    expect(flows.filter((r) => /^[67]/.test(r.account)).map((r) => [r.account, r.debit.toString(), r.credit.toString()]))
      .toEqual([['629', '500.00', '0.00'], [accounts.sales, '0.00', '2000.00']]);
    for (const asOf of ['2026-12-31', '2027-01-01', '2027-06-30']) {
      expect([asOf, (await ledger((tx) => LedgerService.accountBalances(tx, ['572', '129'], asOf))).get('572')!.toString()]).toEqual([asOf, '12520.00']);
    }
    const treasuries = (await app.get('/api/v1/treasuries?as_of=2026-12-31', a.token)).body.items;
    expect(treasuries.map((t: any) => t.balance)).toEqual(['100.00']);

    const years = (await app.get('/api/v1/fiscal-years', a.token)).body;
    expect(years.map((y: any) => [y.year, y.status, y.result, y.locked_until])).toEqual([[2026, 'closed', '1500.00', '2026-12-31'], [2027, 'open', '0.00', null]]);
    const lock = (await app.get('/api/v1/ledger/lock', a.token)).body;
    expect(lock.locked_until).toBe('2026-12-31');
    expect(lock.history.at(-1)).toMatchObject({ from: null, to: '2026-12-31', reason: 'fiscal_year.close', user_id: a.userId, role: 'owner' });
  });

  test('a second close is 409', async () => {
    const again = await app.post('/api/v1/fiscal-years/2026/close', { force: true }, a.token);
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('already closed');
  });

  test('the lock refuses a manual entry, an invoice issue (draft or at once), a purchase, a settlement, a rectification and a bank import dated in 2026 (409 naming the lock)', async () => {
    const refusals = [
      await manual(a.token, '2026-06-30', [{ account: '572', debit: '1.00' }, { account: '100', credit: '1.00' }]),
      await app.post(`/api/v1/invoices/${ids.draft}/issue`, {}, a.token),
      await app.post('/api/v1/invoices', { contact_id: ids.customer, issue_date: '2026-12-01', lines: book.lines({ tax_type_id: book.tax('IVA21') }, '10.00') }, a.token),
      await app.post('/api/v1/purchases', { contact_id: ids.supplier, kind: 'invoice', supplier_invoice_number: 'LATE-1', issue_date: '2026-12-20', lines: book.lines({ tax_type_id: book.tax('IVA21') }, '50.00') }, a.token),
      await app.post(`/api/v1/purchases/${ids.purchase}/payments`, { date: '2026-12-15', amount: '605.00' }, a.token),
      await app.post(`/api/v1/invoices/${ids.sale}/rectify`, { issue_date: '2026-12-20', reason: 'Descuento', mode: 'differences', lines: book.lines({ tax_type_id: book.tax('IVA21'), quantity: '-1' }, '100.00') }, a.token),
      await (async () => {
        const form = new FormData();
        form.append('file', new File([norma43([{ bank: '2100', branch: '0418', account: '0200051332', start: '261201', end: '261231', movements: [{ date: '261210', cents: -2500 }] }])], 'dic.n43'));
        return app.request('POST', `/api/v1/treasuries/${ids.treasury}/import`, { token: a.token, form });
      })(),
    ];
    for (const res of refusals) {
      expect([res.status, res.text]).toEqual([409, expect.stringContaining('locked until 2026-12-31')]);
    }
    expect((await app.get(`/api/v1/invoices/${ids.draft}`, a.token)).body.status).toBe('draft');
    // the same things dated in 2027 pass
    expect((await app.post(`/api/v1/purchases/${ids.purchase}/payments`, { date: '2027-01-15', amount: '605.00' }, a.token)).status).toBe(200);
    expect((await manual(a.token, '2027-01-02', [{ account: '572', debit: '1.00' }, { account: '100', credit: '1.00' }])).status).toBe(201);
  });

  test('reopening: owner only; the three entries are reversed (the journal keeps both) and the books are as before the close', async () => {
    const accountant = await addMember(app, a.token, 'accountant');
    expect((await app.post('/api/v1/fiscal-years/2026/reopen', undefined, accountant.token)).status).toBe(403);
    const reopened = await app.post('/api/v1/fiscal-years/2026/reopen', undefined, a.token);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ year: 2026, status: 'open', result: '1500.00', locked_until: null });
    for (const posted of Object.values(reopened.body.posted) as any[]) balanced(await journalEntryOf(app, a.token, posted.id));
    expect(balancesOf(await trial(a.token, 'from=2026-01-01&to=2026-12-31'))).toEqual(beforeClose);
    const journal = (await app.get('/api/v1/ledger?source_type=year_end.closing', a.token)).body;
    expect(journal.items.map((e: any) => [e.date, e.reversal_of !== null])).toEqual([['2026-12-31', false], ['2026-12-31', true]]);
    // 2027 holds only what was posted in it: the payment and the manual entry
    expect(balancesOf(await trial(a.token, 'from=2027-01-01&to=2027-12-31'))).toEqual({ '572': '-604.00', '100': '-1.00', [accounts.supplier]: '605.00' });
    expect((await app.get('/api/v1/ledger/lock', a.token)).body.history.at(-1)).toMatchObject({ from: '2026-12-31', to: null, reason: 'fiscal_year.reopen' });
    expect((await app.post('/api/v1/fiscal-years/2026/reopen', undefined, a.token)).status).toBe(409);

    // the draft can now be issued, and the year closed again (the history keeps both closings)
    expect((await app.post(`/api/v1/invoices/${ids.draft}/issue`, {}, a.token)).status).toBe(200);
    const again = await app.post('/api/v1/fiscal-years/2026/close', { force: true }, a.token);
    expect(again.status).toBe(200);
    expect(again.body.result).toBe('1600.00');
    const history = (await app.get('/api/v1/fiscal-years/2026/closings', a.token)).body;
    expect(history.map((h: any) => [h.result, h.reopened_at !== null])).toEqual([['1600.00', false], ['1500.00', true]]);
  });
});

describe('the period lock', () => {
  let b: TestCompany;
  beforeAll(async () => { b = await createCompany(app); });

  test('accountants lock forward; moving back is for an owner (admin → 403); every change is listed', async () => {
    const admin = await addMember(app, b.token, 'admin');
    const accountant = await addMember(app, b.token, 'accountant');
    const viewer = await addMember(app, b.token, 'viewer');
    expect((await put('/api/v1/ledger/lock', { locked_until: '2026-03-31' }, viewer.token)).status).toBe(403);
    const locked = await put('/api/v1/ledger/lock', { locked_until: '2026-03-31' }, accountant.token);
    expect([locked.status, locked.body.locked_until]).toEqual([200, '2026-03-31']);
    const refused = await manual(b.token, '2026-03-31', [{ account: '572', debit: '5.00' }, { account: '100', credit: '5.00' }]);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('2026-03-31');
    expect((await manual(b.token, '2026-04-01', [{ account: '572', debit: '5.00' }, { account: '100', credit: '5.00' }])).status).toBe(201);
    expect((await put('/api/v1/ledger/lock', { locked_until: '2026-06-30' }, admin.token)).status).toBe(200);
    const back = await put('/api/v1/ledger/lock', { locked_until: '2026-03-31' }, admin.token);
    expect(back.status).toBe(403);
    expect((await put('/api/v1/ledger/lock', { locked_until: null }, accountant.token)).status).toBe(403);
    expect((await put('/api/v1/ledger/lock', { locked_until: '2026-02-30' }, b.token)).status).toBe(422);
    expect((await put('/api/v1/ledger/lock', { locked_until: '2026-03-31' }, b.token)).status).toBe(200);
    const state = (await app.get('/api/v1/ledger/lock', viewer.token)).body;
    expect(state.locked_until).toBe('2026-03-31');
    expect(state.history.map((h: any) => [h.from, h.to, h.role, h.user_id, h.reason])).toEqual([
      [null, '2026-03-31', 'accountant', accountant.userId, 'manual'],
      ['2026-03-31', '2026-06-30', 'admin', admin.userId, 'manual'],
      ['2026-06-30', '2026-03-31', 'owner', b.userId, 'manual'],
    ]);
    expect(state.history.every((h: any) => !Number.isNaN(Date.parse(h.changed_at)))).toBe(true);
  });

  test('the database itself refuses a locked date, and nobody rewrites the history', async () => {
    // a year-end flag does not open the lock for an entry that is not a year-end one
    await expect(app.asAppRole(b.tenantId, [
      `select set_config('cuadra.year_end_posting', '${b.tenantId}', true)`,
      `insert into ledger_counters (tenant_id, last_number) values ('${b.tenantId}', 1) on conflict (tenant_id) do update set last_number = ledger_counters.last_number + 1`,
      `insert into journal_entries (id, tenant_id, number, date, description, source_type) values (gen_random_uuid(), '${b.tenantId}', 999999, '2026-01-10', 'x', 'manual')`,
    ])).rejects.toThrow(/locked until 2026-03-31/);
    await expect(app.asAppRole(b.tenantId, `update ledger_lock_changes set to_date = null where tenant_id = '${b.tenantId}'`)).rejects.toThrow();
    await expect(app.asAppRole(b.tenantId, `delete from ledger_lock_changes where tenant_id = '${b.tenantId}'`)).rejects.toThrow(/cannot be changed/);
  });

  test('another company is not touched by this lock nor sees its history or years', async () => {
    const c = await createCompany(app);
    expect((await manual(c.token, '2026-01-10', [{ account: '572', debit: '5.00' }, { account: '100', credit: '5.00' }])).status).toBe(201);
    expect((await app.get('/api/v1/ledger/lock', c.token)).body).toEqual({ locked_until: null, history: [] });
    const years = (await app.get('/api/v1/fiscal-years', c.token)).body;
    expect(years.map((y: any) => [y.year, y.status, y.result])).toEqual([[2026, 'open', '0.00']]);
    expect((await app.get('/api/v1/fiscal-years/2026/closings', c.token)).body).toEqual([]);
    expect((await app.post('/api/v1/fiscal-years/2026/reopen', undefined, c.token)).status).toBe(409);
    // a's books are as a left them
    expect((await app.get('/api/v1/fiscal-years/2026', a.token)).body.status).toBe('closed');
  });
});

describe('a company whose year starts in July', () => {
  test('year 2026 runs from 2026-07-01 to 2027-06-30: closed on its last day, opened on 2027-07-01', async () => {
    const c = await createCompany(app);
    expect((await app.patch('/api/v1/tenants/me', { fiscal_year_start_month: 7 }, c.token)).status).toBe(200);
    expect((await manual(c.token, '2026-07-01', [{ account: '572', debit: '5000.00' }, { account: '100', credit: '5000.00' }])).status).toBe(201);
    expect((await manual(c.token, '2026-09-15', [{ account: '572', debit: '1210.00' }, { account: '7050', credit: '1000.00' }, { account: '477', credit: '210.00' }])).status).toBe(201);
    expect((await manual(c.token, '2027-03-10', [{ account: '629', debit: '300.00' }, { account: '572', credit: '300.00' }])).status).toBe(201);
    expect((await manual(c.token, '2027-07-05', [{ account: '629', debit: '10.00' }, { account: '572', credit: '10.00' }])).status).toBe(201);
    const years = (await app.get('/api/v1/fiscal-years', c.token)).body;
    expect(years.map((y: any) => [y.year, y.start_date, y.end_date, y.result])).toEqual([[2026, '2026-07-01', '2027-06-30', '700.00'], [2027, '2027-07-01', '2028-06-30', '-10.00']]);
    // locked up to its last day before the close: the year-end entries still pass, nothing else does
    expect((await put('/api/v1/ledger/lock', { locked_until: '2027-06-30' }, c.token)).status).toBe(200);
    const closed = await app.post('/api/v1/fiscal-years/2026/close', {}, c.token);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ result: '700.00', locked_until: '2027-06-30' });
    expect((await app.get('/api/v1/ledger/lock', c.token)).body.history.map((h: any) => h.reason)).toEqual(['manual']);
    expect([closed.body.posted.regularisation.date, closed.body.posted.closing.date, closed.body.posted.opening.date]).toEqual(['2027-06-30', '2027-06-30', '2027-07-01']);
    expect(sorted(entryLines(await journalEntryOf(app, c.token, closed.body.posted.regularisation.id))))
      .toEqual(sorted([['7050', '1000.00', '0.00'], ['629', '0.00', '300.00'], ['129', '0.00', '700.00']]));
    expect(sorted(entryLines(await journalEntryOf(app, c.token, closed.body.posted.opening.id))))
      .toEqual(sorted([['572', '5910.00', '0.00'], ['100', '0.00', '5000.00'], ['477', '0.00', '210.00'], ['129', '0.00', '700.00']]));
    expect(balancesOf(await trial(c.token, 'from=2027-07-01&to=2028-06-30'))).toEqual({ '572': '5900.00', '100': '-5000.00', '477': '-210.00', '129': '-700.00', '629': '10.00' });
    // the year is locked up to its last day
    expect((await manual(c.token, '2027-06-30', [{ account: '629', debit: '1.00' }, { account: '572', credit: '1.00' }])).status).toBe(409);
    // with years closed from July, a calendar year cannot be closed until the first month is July again
    expect((await app.patch('/api/v1/tenants/me', { fiscal_year_start_month: 1 }, c.token)).status).toBe(200);
    const misaligned = await app.post('/api/v1/fiscal-years/2027/close', {}, c.token);
    expect([misaligned.status, misaligned.body.detail]).toEqual([409, expect.stringContaining('07-01')]);
  });

  test('an earlier year with entries must be closed first', async () => {
    const d = await createCompany(app);
    expect((await manual(d.token, '2025-05-05', [{ account: '572', debit: '5.00' }, { account: '100', credit: '5.00' }])).status).toBe(201);
    const refused = await app.post('/api/v1/fiscal-years/2026/close', {}, d.token);
    expect([refused.status, refused.body.detail]).toEqual([409, expect.stringContaining('2025')]);
    expect((await app.post('/api/v1/fiscal-years/2025/close', {}, d.token)).status).toBe(200);
    expect((await app.post('/api/v1/fiscal-years/2026/close', {}, d.token)).status).toBe(200);
    // and reopen in reverse order
    expect((await app.post('/api/v1/fiscal-years/2025/reopen', undefined, d.token)).status).toBe(409);
    expect((await app.post('/api/v1/fiscal-years/2026/reopen', undefined, d.token)).status).toBe(200);
    expect((await app.post('/api/v1/fiscal-years/1800/close', {}, d.token)).status).toBe(422);

    // erasing the company (its sole owner deletes their account) takes its closings and lock history too
    expect((await app.post('/api/v1/account/delete', { password: d.password }, d.token)).status).toBe(200);
    for (const table of ['fiscal_year_closings', 'ledger_locks', 'ledger_lock_changes', 'journal_entries']) {
      const [row] = await tenantSql(app, d.tenantId, `select count(*)::int as n from ${table} where tenant_id = :tenant`);
      expect([table, row.n]).toEqual([table, 0]);
    }
  });
});
