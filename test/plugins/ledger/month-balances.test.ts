/**
 * The maintained monthly balances (`ledger_month_balances`, kept by a trigger on journal_lines as
 * entries post) against a full recomputation from the lines, after random manual entries, bulk
 * postings, reversals and invoices issued concurrently; and every figure the ledger answers from
 * them (trial balance, balances as of a date, monthly totals, a statement's opening balance) against
 * the same figure computed from the lines, for random periods with partial months at either edge.
 * On PostgreSQL the concurrent issues really run in parallel; on PGlite they serialise.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { money } from '../../../kernel/money';
import { LedgerService } from '../../../plugins/ledger/api';
import { backend } from '../../support/database';
import { createContact, fromCents, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp({ unlimited: true }); }, 60_000);
afterAll(() => app?.close());

const POSTABLE = ['4300', '4000', '4100', '472', '477', '4751', '570', '572', '600', '623', '626', '629', '640', '7000', '7050', '100', '129'];
const SEED = Number(process.env.FC_SEED ?? Date.now() % 2_147_483_647);

type Line = { account: string; debit?: string; credit?: string };

/** A balanced entry: random debits and credits, closed by one line on the short side. */
const balancedLines = fc.record({
  debits: fc.array(fc.tuple(fc.constantFrom(...POSTABLE), fc.bigInt({ min: 1n, max: 10n ** 9n })), { minLength: 1, maxLength: 3 }),
  credits: fc.array(fc.tuple(fc.constantFrom(...POSTABLE), fc.bigInt({ min: 1n, max: 10n ** 9n })), { minLength: 1, maxLength: 3 }),
  closing: fc.constantFrom(...POSTABLE),
}).map(({ debits, credits, closing }): Line[] => {
  const diff = debits.reduce((s, [, a]) => s + a, 0n) - credits.reduce((s, [, a]) => s + a, 0n);
  const lines: Line[] = [
    ...debits.map(([account, amount]) => ({ account, debit: fromCents(amount) })),
    ...credits.map(([account, amount]) => ({ account, credit: fromCents(amount) })),
  ];
  if (diff > 0n) lines.push({ account: closing, credit: fromCents(diff) });
  if (diff < 0n) lines.push({ account: closing, debit: fromCents(-diff) });
  return lines;
});
const day = fc.date({ min: new Date('2025-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

/** The maintained rows and the same rows recomputed from the lines, as the owner (no row-level security). */
async function maintainedAndRecomputed(tenantId: string) {
  const maintained = await app.asOwner<{ month: string; account: string; debit: string; credit: string }>(`
    select month::text as month, account_code as account, debit::text as debit, credit::text as credit
    from ledger_month_balances where tenant_id = '${tenantId}' order by 1, 2`);
  const recomputed = await app.asOwner<{ month: string; account: string; debit: string; credit: string }>(`
    select to_char(entry_date, 'YYYY-MM-01') as month, account_code as account, sum(debit)::text as debit, sum(credit)::text as credit
    from journal_lines where tenant_id = '${tenantId}' group by 1, 2 order by 1, 2`);
  return { maintained, recomputed };
}

const inTenant = <T>(company: TestCompany, work: (tx: any) => Promise<T>) => app.kernel.unitOfWork(null).run(work, { tenantId: company.tenantId }) as Promise<T>;

/** The ledger's answers for a period next to the same figures summed from the lines. */
async function compareFigures(company: TestCompany, from: string, to: string) {
  const tb = await app.get(`/api/v1/ledger/trial-balance?from=${from}&to=${to}`, company.token);
  expect(tb.status).toBe(200);
  const lines = await app.asOwner<{ account: string; debit: string; credit: string }>(`
    select account_code as account, sum(debit)::text as debit, sum(credit)::text as credit from journal_lines
    where tenant_id = '${company.tenantId}' and entry_date between '${from}' and '${to}' group by 1 order by 1`);
  expect(tb.body.accounts.map((a: any) => ({ account: a.account, debit: a.debit, credit: a.credit }))).toEqual(lines);

  const asOf = await inTenant(company, (tx) => LedgerService.accountBalances(tx, ['4', '57', '4300', '7'], to));
  const asOfLines = await app.asOwner<{ code: string; balance: string }>(`
    select w.code, coalesce(sum(l.debit - l.credit), 0)::text as balance from unnest(array['4', '57', '4300', '7']) w (code)
    left join journal_lines l on l.tenant_id = '${company.tenantId}' and l.account_code like w.code || '%' and l.entry_date <= '${to}' group by 1 order by 1`);
  expect([...asOf].map(([code, balance]) => ({ code, balance: balance.toString() })).sort((a, b) => a.code.localeCompare(b.code)))
    .toEqual(asOfLines.map((r) => ({ code: r.code, balance: r.balance === '0' ? '0.00' : r.balance })));

  const monthly = await inTenant(company, (tx) => LedgerService.monthlyTotals(tx, { from, to, level: 3 }));
  const monthlyLines = await app.asOwner<{ month: string; account: string; debit: string; credit: string }>(`
    select to_char(entry_date, 'YYYY-MM') as month, left(account_code, 3) as account, sum(debit)::text as debit, sum(credit)::text as credit
    from journal_lines where tenant_id = '${company.tenantId}' and entry_date between '${from}' and '${to}' group by 1, 2 order by 1, 2`);
  expect(monthly.map((r) => ({ month: r.month, account: r.account, debit: r.debit.toString(), credit: r.credit.toString() }))).toEqual(monthlyLines);

  const statement = await app.get(`/api/v1/ledger/account/572?from=${from}&to=${to}&limit=1`, company.token);
  if (statement.status === 200) {
    const [opening] = await app.asOwner<{ b: string }>(`select coalesce(sum(debit - credit), 0)::text as b from journal_lines
      where tenant_id = '${company.tenantId}' and account_code like '572%' and entry_date < '${from}'`);
    expect(statement.body.opening_balance).toBe(opening.b === '0' ? '0.00' : opening.b);
  }
}

describe(`maintained monthly balances (${backend})`, () => {
  test('random entries, bulk postings, reversals and concurrent invoices: the maintained rows equal a recomputation from the lines', async () => {
    const company = await createCompany(app);
    const customer = await createContact(app, company.token, { name: 'Cliente Saldos SL', vat: 'B65410011' });
    const posted: { id: string; date: string }[] = [];
    const reversed = new Set<string>();
    // a series' invoices are dated in order: each concurrent batch shares a date after the last one
    let invoiceDay = new Date('2025-01-01T00:00:00Z');
    const command = fc.oneof(
      fc.record({ kind: fc.constant('entry' as const), lines: balancedLines, date: day }),
      fc.record({ kind: fc.constant('many' as const), drafts: fc.array(fc.tuple(balancedLines, day), { minLength: 1, maxLength: 5 }) }),
      fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(), date: day }),
      fc.record({ kind: fc.constant('invoices' as const), count: fc.integer({ min: 2, max: 8 }), advance: fc.nat(45) }),
    );
    await fc.assert(fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 6 }), async (commands) => {
      for (const c of commands) {
        if (c.kind === 'entry') {
          const res = await app.post('/api/v1/ledger/entries', { date: c.date, description: 'Asiento aleatorio', lines: c.lines }, company.token);
          expect(res.status).toBe(201);
          posted.push({ id: res.body.id, date: c.date });
        } else if (c.kind === 'many') {
          const drafts = c.drafts.map(([lines, date]) => ({
            date, description: 'Lote', sourceType: 'test',
            lines: lines.map((l) => ({ account: l.account, ...(l.debit ? { debit: money(l.debit) } : { credit: money(l.credit!) }) })),
          }));
          const entries = await inTenant(company, (tx) => LedgerService.postMany(tx, drafts));
          posted.push(...entries.map((e, i) => ({ id: e.id, date: drafts[i].date })));
        } else if (c.kind === 'reverse' && posted.length) {
          const { id, date } = posted[c.pick % posted.length];
          if (reversed.has(id)) continue;
          // a reversal is dated on or after its entry
          const res = await app.post(`/api/v1/ledger/entries/${id}/reverse`, { date: c.date < date ? date : c.date }, company.token);
          expect(res.status).toBe(201);
          reversed.add(id);
        } else if (c.kind === 'invoices') {
          if (invoiceDay.getUTCFullYear() < 2027) invoiceDay = new Date(invoiceDay.getTime() + c.advance * 86_400_000);
          const date = invoiceDay.toISOString().slice(0, 10);
          const answers = await Promise.all(Array.from({ length: c.count }, (_, i) => app.post('/api/v1/invoices', {
            contact_id: customer.id, issue_date: date, lines: [{ description: `Servicio ${i}`, quantity: '1', unit_price: `${100 + i}.25`, tax_type_id: taxId(company, 'IVA21') }],
          }, company.token)));
          for (const answer of answers) expect(answer.status).toBe(201);
        }
      }
      const { maintained, recomputed } = await maintainedAndRecomputed(company.tenantId);
      expect(maintained).toEqual(recomputed);
    }), { numRuns: 12, seed: SEED, verbose: 1 });

    // and the figures read from them, for periods with and without partial months
    await fc.assert(fc.asyncProperty(day, day, async (a, b) => {
      const [from, to] = a <= b ? [a, b] : [b, a];
      await compareFigures(company, from, to);
    }), { numRuns: 15, seed: SEED, examples: [['2025-01-01', '2026-12-31'], ['2025-03-01', '2025-03-31'], ['2025-03-02', '2025-03-30'], ['2025-02-28', '2026-03-01'], ['2025-03-05', '2026-02-25']] });
    const open = await app.get('/api/v1/ledger/trial-balance', company.token);
    const all = await app.asOwner<{ account: string; debit: string }>(`select account_code as account, sum(debit)::text as debit from journal_lines
      where tenant_id = '${company.tenantId}' group by 1 order by 1`);
    expect(open.body.accounts.map((r: any) => ({ account: r.account, debit: r.debit }))).toEqual(all);
  }, 180_000);

  test('a period that covers most of a month reads the month less the days outside: accounts moved only outside are not listed', async () => {
    const company = await createCompany(app);
    const post = (date: string, account: string, amount: string) => app.post('/api/v1/ledger/entries', {
      date, description: 'Gasto', lines: [{ account, debit: amount }, { account: '572', credit: amount }],
    }, company.token);
    for (const [date, account, amount] of [['2026-03-01', '629', '10.00'], ['2026-03-15', '626', '20.00'], ['2026-03-31', '640', '40.00']] as const) {
      expect((await post(date, account, amount)).status).toBe(201);
    }
    const tb = await app.get('/api/v1/ledger/trial-balance?from=2026-03-02&to=2026-03-30', company.token);
    expect(tb.body.accounts.map((a: any) => [a.account, a.debit, a.credit])).toEqual([['572', '0.00', '20.00'], ['626', '20.00', '0.00']]);
    await compareFigures(company, '2026-03-02', '2026-03-30');
  }, 60_000);

  test('two companies posting at once: each one\'s rows are its own lines, and equal a recomputation', async () => {
    const [a, b] = [await createCompany(app), await createCompany(app)];
    const entry = (company: TestCompany, i: number) => app.post('/api/v1/ledger/entries', {
      date: `2026-0${1 + (i % 3)}-1${i % 10}`, description: `Concurrente ${i}`,
      lines: [{ account: '572', debit: `${i + 1}.10` }, { account: '7050', credit: `${i + 1}.10` }],
    }, company.token);
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => entry(i % 2 ? a : b, i)));
    for (const answer of answers) expect(answer.status).toBe(201);
    for (const company of [a, b]) {
      const { maintained, recomputed } = await maintainedAndRecomputed(company.tenantId);
      expect(maintained).toEqual(recomputed);
      expect(maintained.length).toBe(6);
    }
  }, 60_000);

  test('the application role reads only its own company\'s rows and cannot write them; erasure leaves none', async () => {
    const [a, b] = [await createCompany(app), await createCompany(app)];
    for (const company of [a, b]) {
      const res = await app.post('/api/v1/ledger/entries', { date: '2026-05-05', description: 'Venta', lines: [{ account: '4300', debit: '121.00' }, { account: '7000', credit: '121.00' }] }, company.token);
      expect(res.status).toBe(201);
    }
    const seen = await app.asAppRole<{ tenant_id: string }>(a.tenantId, `select distinct tenant_id::text as tenant_id from ledger_month_balances`);
    expect(seen).toEqual([{ tenant_id: a.tenantId }]);
    await expect(app.asAppRole(a.tenantId, `update ledger_month_balances set debit = 0`)).rejects.toThrow(/permission denied/);
    await expect(app.asAppRole(a.tenantId, `insert into ledger_month_balances (tenant_id, month, account_code, debit, credit) values ('${a.tenantId}', '2026-05-01', '572', 1, 0)`))
      .rejects.toThrow(/permission denied/);
    await expect(app.asAppRole(a.tenantId, `delete from ledger_month_balances`)).rejects.toThrow(/permission denied/);

    await inTenant(a, (tx) => LedgerService.eraseTenantBooks(tx));
    expect(await app.asOwner(`select 1 from ledger_month_balances where tenant_id = '${a.tenantId}'`)).toEqual([]);
    const { maintained, recomputed } = await maintainedAndRecomputed(b.tenantId);
    expect(maintained).toEqual(recomputed);
    expect(maintained).toHaveLength(2);
  }, 60_000);
});
