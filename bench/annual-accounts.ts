/**
 * The annual accounts of a company with large books (BENCH_LINES journal lines, 1,000,000 by
 * default, over 2025 and 2026; 2025 closed through the fiscal-years close first, so the statements
 * of 2026 have a closing and an opening entry to leave out):
 *   1. our endpoints  GET /api/v1/annual-accounts/2026/balance-sheet and /profit-and-loss (PYMES,
 *      JSON, in-process through auth, RLS and the model's mapping), each with 2025 beside it: read
 *      from the ledger's maintained monthly balances plus the year-end entries to leave out;
 *   2. the baseline: the raw SQL aggregates the two statements need at the least, by account over
 *      the lines (balance sheet: every line up to 2026-12-31 but the closing and opening entries;
 *      profit and loss: groups 6 and 7 of 2026 but the regularisation), as the database owner (no
 *      RLS, no HTTP), for 2026 alone.
 * The answers are checked: TOTAL ACTIVO = TOTAL PATRIMONIO NETO Y PASIVO, D) = the raw result.
 * Target (issue 28): annual accounts ≤ 50 ms at 1 M lines.
 *
 * Run: .tools/node_modules/.bin/bun bench/annual-accounts.ts
 *   BENCH_DB=postgres (default) | pglite    BENCH_LINES=1000000 (both years)   BENCH_RUNS=9
 */
import { createCompany, fmt, median, ms, seedJournal, startBenchApp } from './support';

process.env.RATE_LIMIT_USER ??= '100000000';
const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const ACCOUNTS = ['4300', '4000', '4100', '472', '477', '473', '4751', '570', '572', '600', '601', '621', '623', '624', '626', '628', '629',
  '640', '642', '662', '681', '7000', '7001', '7002', '7050', '7051', '752', '769', '100', '129', '170', '2817', '218', '4700', '4750', '476'];

const bench = await startBenchApp();
const { app, ownerSql } = bench;
try {
  console.log(`annual accounts benchmark — ${app.kernel.db.kind}, ${LINES.toLocaleString('en')} lines over 2025–2026, ${RUNS} runs each`);
  const company = await createCompany(app);
  const tenant = company.tenantId;
  const { seconds } = await seedJournal(bench, { tenant, lines: LINES, accounts: ACCOUNTS, firstDate: `date '2026-12-31'`, direction: '-' });
  console.log(`seeded in ${seconds.toFixed(1)} s`);
  const close = await app.post('/api/v1/fiscal-years/2025/close', { force: true }, company.token);
  if (close.status !== 200) throw new Error(`close 2025: ${close.status} ${close.text}`);

  const timed = async (path: string) => {
    const first = await app.get(path, company.token);
    if (first.status !== 200) throw new Error(`${path}: ${first.status} ${first.text}`);
    for (let i = 0; i < 3; i++) await app.get(path, company.token); // warm-up: the first calls compile the code paths
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) { const start = performance.now(); await app.get(path, company.token); times.push(ms(start)); }
    return { times, body: first.body };
  };
  const bs = await timed('/api/v1/annual-accounts/2026/balance-sheet');
  const pl = await timed('/api/v1/annual-accounts/2026/profit-and-loss');
  const bsAbreviado = await timed('/api/v1/annual-accounts/2026/balance-sheet?model=abreviado');

  const excluded = (types: string) => `not exists (select 1 from journal_entries e where e.tenant_id = l.tenant_id and e.id = l.entry_id and e.source_type in (${types}))`;
  const rawBalance = `select account_code, sum(debit) - sum(credit) as balance from journal_lines l
    where tenant_id = '${tenant}' and entry_date <= '2026-12-31' and ${excluded(`'year_end.closing', 'year_end.opening'`)} group by account_code`;
  const rawResult = `select sum(credit) - sum(debit) as result from journal_lines l
    where tenant_id = '${tenant}' and entry_date between '2026-01-01' and '2026-12-31' and (account_code like '6%' or account_code like '7%')
      and ${excluded(`'year_end.regularisation'`)}`;
  const rawTimes = async (query: string) => {
    await ownerSql(query);
    const times: number[] = [];
    let rows: any[] = [];
    for (let i = 0; i < RUNS; i++) { const start = performance.now(); rows = await ownerSql(query); times.push(ms(start)); }
    return { times, rows };
  };
  const rawBs = await rawTimes(rawBalance);
  const rawPl = await rawTimes(rawResult);
  const rawD = Number(rawPl.rows[0].result).toFixed(2);
  if (bs.body.totals.assets !== bs.body.totals.equity_and_liabilities) throw new Error(`unbalanced: ${JSON.stringify(bs.body.totals)}`);
  if (bs.body.unmapped.length) throw new Error(`unmapped: ${JSON.stringify(bs.body.unmapped)}`);
  if (pl.body.result.amount !== rawD) throw new Error(`P&L result ${pl.body.result.amount} ≠ raw ${rawD}`);
  const [{ n }] = await ownerSql<{ n: number }>(`select count(*)::int as n from journal_lines where tenant_id = '${tenant}'`);

  console.log('');
  console.log(`journal lines (with the 2025 year-end entries): ${Number(n).toLocaleString('en')}`);
  console.log(`balance sheet PYMES 2026 + 2025   median ${fmt(median(bs.times))}   min ${fmt(Math.min(...bs.times))}   max ${fmt(Math.max(...bs.times))}`);
  console.log(`balance sheet abreviado            median ${fmt(median(bsAbreviado.times))}`);
  console.log(`profit and loss PYMES 2026 + 2025  median ${fmt(median(pl.times))}   min ${fmt(Math.min(...pl.times))}   max ${fmt(Math.max(...pl.times))}`);
  console.log(`raw SQL balances to 2026-12-31     median ${fmt(median(rawBs.times))}   (2026 only, owner, no RLS)`);
  console.log(`raw SQL result of 2026             median ${fmt(median(rawPl.times))}`);
  console.log(`totals ${bs.body.totals.assets} = ${bs.body.totals.equity_and_liabilities}; D) ${pl.body.result.amount} = raw ${rawD}`);
  const worst = Math.max(median(bs.times), median(pl.times));
  console.log(`target ≤ 50 ms: ${worst <= 50 ? 'met' : 'NOT met'}; balance sheet ${(median(rawBs.times) / median(bs.times)).toFixed(1)}× faster than its raw aggregate, P&L ${(median(rawPl.times) / median(pl.times)).toFixed(1)}×`);
} finally {
  await bench.close();
}
