/**
 * Dashboard figures on a company with large books (BENCH_LINES journal lines, default 200,000,
 * dated over the last two years):
 *   1. GET /api/v1/dashboard/summary?year=, GET /data/kpi?period=this_year, GET /data/timeseries
 *      and a board of 8 widgets (POST /dashboard/data, one after the other), in-process
 *   2. baseline: the one raw SQL aggregate that answers the summary (per account prefix and month
 *      of the year) as the tables' owner, no RLS, no HTTP: what the summary would cost without the
 *      ledger's maintained monthly balances, which it reads instead
 * Target (issue): summary and the board p50 < 50 ms at 1,000,000 lines on PostgreSQL.
 * Run: .tools/node_modules/.bin/bun bench/dashboards.ts   (BENCH_DB=postgres|pglite, BENCH_LINES, BENCH_RUNS)
 */
import { createCompany, fmt, median, ms, seedJournal, startBenchApp } from './support';
import { todayInSpain } from '../plugins/ledger/api';

process.env.RATE_LIMIT_USER ??= '100000000';

const LINES = Number(process.env.BENCH_LINES ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ACCOUNTS = ['4300', '4000', '4100', '472', '477', '4751', '572', '600', '621', '623', '626', '628', '629', '640', '642', '7000', '7050', '100', '129', '218'];


const bench = await startBenchApp();
const { app, ownerSql } = bench;

try {
  const today = todayInSpain();
  const year = Number(today.slice(0, 4));
  console.log(`dashboards benchmark — ${app.kernel.db.kind}, ${LINES.toLocaleString('en')} lines, ${RUNS} runs each`);
  const company = await createCompany(app);
  const tenant = company.tenantId;
  const { seconds } = await seedJournal(bench, { tenant, lines: LINES, accounts: ACCOUNTS, firstDate: `date '${today}'`, direction: '-' });
  console.log(`seeded in ${seconds.toFixed(1)} s`);

  const timed = async (label: string, call: () => Promise<{ status: number; text: string }>) => {
    const first = await call();
    if (first.status !== 200) throw new Error(`${label}: ${first.status} ${first.text}`);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) { const start = performance.now(); await call(); times.push(ms(start)); }
    return times;
  };
  const get = (path: string) => () => app.get(path, company.token);
  const board = [
    { type: 'kpi', params: { metric: 'sales' } }, { type: 'kpi', params: { metric: 'expenses' } }, { type: 'kpi', params: { metric: 'cash' } },
    { type: 'timeseries' }, { type: 'top-expense-accounts' }, { type: 'treasuries' }, { type: 'runway' }, { type: 'upcoming-taxes' },
  ];
  const results: [string, number[]][] = [
    ['summary?year', await timed('summary', get(`/api/v1/dashboard/summary?year=${year}`))],
    ['kpi this_year', await timed('kpi', get('/api/v1/dashboard/data/kpi?period=this_year'))],
    ['timeseries last_12m', await timed('timeseries', get('/api/v1/dashboard/data/timeseries'))],
    ['board of 8 widgets', await timed('board', async () => {
      let last = { status: 200, text: '' };
      for (const widget of board) last = await app.post('/api/v1/dashboard/data', widget, company.token);
      return last;
    })],
  ];
  const rawQuery = `select left(account_code, 3) as account, date_trunc('month', entry_date) as month, sum(debit), sum(credit)
    from journal_lines where tenant_id = '${tenant}' and entry_date between '${year}-01-01' and '${year}-12-31' group by 1, 2`;
  await ownerSql(rawQuery);
  const raw: number[] = [];
  for (let i = 0; i < RUNS; i++) { const start = performance.now(); await ownerSql(rawQuery); raw.push(ms(start)); }
  console.log('');
  for (const [label, times] of results) console.log(`${label.padEnd(22)} median ${fmt(median(times))}   (${(median(times) / median(raw)).toFixed(1)}× raw)`);
  console.log(`${'raw SQL (year by month)'.padEnd(22)} median ${fmt(median(raw))}`);
} finally {
  await bench.close();
}
