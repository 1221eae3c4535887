/**
 * Closing a fiscal year of many journal lines (BENCH_LINES per year, 1,000,000 by default):
 *   1. our endpoint  POST /api/v1/fiscal-years/2026/close  (in-process, through auth, RLS and JSON):
 *      the regularisation of groups 6 and 7, the closing entry and the opening entry of 2027, each
 *      one set-based statement over the maintained monthly balances, and the lock;
 *   2. the baseline: the raw SQL aggregate a close needs at the least, Σdebit and Σcredit of the
 *      year's lines GROUP BY account, as the database owner (no RLS, no HTTP, nothing written).
 * The year is closed and reopened BENCH_RUNS times (reopening reverses the three entries); each
 * close is timed, and its result is checked against the raw aggregate.
 * Target (issue 28): closing a year of 1 M lines ≤ 3 s.
 *
 * Run: .tools/node_modules/.bin/bun bench/fiscal-year-close.ts
 *   BENCH_DB=postgres (default) | pglite    BENCH_LINES=1000000 (per year)   BENCH_RUNS=5
 * The journal is seeded with bulk SQL through the real tables (every ledger trigger on) over two
 * years, 2025 and 2026; 2025 is closed first (years close in order), then 2026 is measured.
 */
import { createCompany, fmt, median, ms, seedJournal, startBenchApp } from './support';

const LINES_PER_YEAR = Number(process.env.BENCH_LINES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ACCOUNTS = ['4300', '4000', '4100', '472', '477', '473', '4751', '570', '572', '600', '601', '621', '623', '624', '626', '628', '629',
  '640', '642', '662', '681', '7000', '7001', '7002', '7050', '7051', '752', '769', '100', '129', '170', '2817', '218', '4700', '4750', '476'];

const bench = await startBenchApp();
const { app, ownerSql } = bench;
try {
  console.log(`fiscal year close benchmark — ${app.kernel.db.kind}, ${LINES_PER_YEAR.toLocaleString('en')} lines per year, ${RUNS} runs`);
  const company = await createCompany(app);
  const tenant = company.tenantId;
  // entry g is dated 2026-12-31 − (g % 730) days: two years of lines, 2025 and 2026
  const { seconds } = await seedJournal(bench, { tenant, lines: 2 * LINES_PER_YEAR, accounts: ACCOUNTS, firstDate: `date '2026-12-31'`, direction: '-' });
  const [{ n }] = await ownerSql<{ n: number }>(`select count(*)::int as n from journal_lines where tenant_id = '${tenant}' and entry_date between '2026-01-01' and '2026-12-31'`);
  console.log(`seeded ${(2 * LINES_PER_YEAR).toLocaleString('en')} lines in ${seconds.toFixed(1)} s; 2026 holds ${Number(n).toLocaleString('en')} lines`);

  const post = async (path: string) => {
    const start = performance.now();
    const res = await app.post(path, path.endsWith('/close') ? { force: true } : undefined, company.token);
    const elapsed = ms(start);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
    return { elapsed, body: res.body };
  };
  const first = await post('/api/v1/fiscal-years/2025/close');
  console.log(`close 2025 (first, cold): ${fmt(first.elapsed)}`);

  // the baseline: the year's aggregate by account, raw
  const rawQuery = `select account_code, sum(debit) as debit, sum(credit) as credit from journal_lines
    where tenant_id = '${tenant}' and entry_date between '2026-01-01' and '2026-12-31' group by account_code order by account_code`;
  await ownerSql(rawQuery);
  const raw: number[] = [];
  let rows: { account_code: string; debit: string; credit: string }[] = [];
  for (let i = 0; i < RUNS; i++) { const start = performance.now(); rows = await ownerSql(rawQuery); raw.push(ms(start)); }
  const cents = (text: unknown) => { const [w, f = ''] = String(text).split('.'); return BigInt(w) * 100n + BigInt((f + '00').slice(0, 2)) * (String(text).startsWith('-') ? -1n : 1n); };
  const expected = rows.filter((r) => /^[67]/.test(r.account_code)).reduce((s, r) => s + cents(r.credit) - cents(r.debit), 0n);

  const closes: number[] = [], reopens: number[] = [];
  let posted: any;
  for (let i = 0; i < RUNS; i++) {
    const closed = await post('/api/v1/fiscal-years/2026/close');
    closes.push(closed.elapsed);
    posted = closed.body;
    if (cents(closed.body.result) !== expected) throw new Error(`the close's result ${closed.body.result} is not the raw aggregate's ${expected}`);
    if (i < RUNS - 1) reopens.push((await post('/api/v1/fiscal-years/2026/reopen')).elapsed);
  }
  const tb = (await app.get('/api/v1/ledger/trial-balance?from=2026-01-01&to=2026-12-31', company.token)).body;
  const nonZero = tb.accounts.filter((a: any) => a.balance !== '0.00').length;

  console.log('');
  console.log(`close 2026 (3 entries: ${posted.posted.regularisation.lines} + ${posted.posted.closing.lines} + ${posted.posted.opening.lines} lines)  median ${fmt(median(closes))}   min ${fmt(Math.min(...closes))}   max ${fmt(Math.max(...closes))}`);
  console.log(`reopen 2026 (3 reversals)                  median ${fmt(median(reopens))}`);
  console.log(`raw SQL year aggregate (owner, no RLS)     median ${fmt(median(raw))}   min ${fmt(Math.min(...raw))}`);
  console.log(`close / raw aggregate: ${(median(closes) / median(raw)).toFixed(2)}×; result ${posted.result} = raw aggregate; accounts left with a balance in 2026 after the close: ${nonZero}`);
  console.log(`close ≤ 3 s (the issue's target, set at 1 M lines) with ${Number(n).toLocaleString('en')} lines: ${median(closes) <= 3000 ? 'met' : 'NOT met'}`);
} finally {
  await bench.close();
}
