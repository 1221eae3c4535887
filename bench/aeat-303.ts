/**
 * Modelo 303 of a company with 1,000,000 tax register lines over one year (BENCH_LINES to change it):
 *   1. one quarter: our endpoint  GET /api/v1/aeat/303?year=2026&quarter=2  (in-process, through auth, RLS, the
 *      chained computation from the first quarter, the CSV) against the register's sums of the quarters it reads
 *      (1T and 2T) in raw SQL as the database owner (no RLS, no HTTP);
 *   2. the year: GET /api/v1/aeat/303/summary?year=2026 (the four quarters, chained) against the four quarters' sums.
 * The raw sums group by the columns the 303 maps (side, kind, regime, rate, recargo rate, capital good, deductible).
 * Target: each endpoint within 1.5× of its raw aggregates, in the same run.
 *
 * Run: .tools/node_modules/.bin/bun bench/aeat-303.ts
 *   BENCH_DB=postgres (default) | pglite     BENCH_LINES=1000000  BENCH_RUNS=7
 * The rows are seeded with bulk SQL into the real register table (bench/tax-register-seed.ts, shared with aeat-390 and aeat-vat-books).
 */
import { compareWithBaseline, createCompany, startBenchApp } from './support';
import { QUARTERS_2026, registerSumsSql, seedTaxRegister } from './tax-register-seed';

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const bench = await startBenchApp();
const { app, ownerSql } = bench;


try {
  console.log(`modelo 303 benchmark — ${app.kernel.db.kind}, ${LINES.toLocaleString('en')} register lines over one year, ${RUNS} runs each`);
  const company = await createCompany(app);
  const tenant = company.tenantId;
  const seconds = await seedTaxRegister(bench, tenant, { lines: LINES, from: '2026-01-01', days: 365 });
  console.log(`seeded in ${seconds.toFixed(1)} s`);

  const get = async (path: string) => {
    const res = await app.get(path, company.token);
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
    return res;
  };
  const quarterSums = async (quarters: readonly (readonly [string, string])[]) => { for (const [from, to] of quarters) await ownerSql(registerSumsSql(tenant, from, to)); };
  await compareWithBaseline('2T (the CSV)', RUNS, () => get('/api/v1/aeat/303?year=2026&quarter=2'), () => quarterSums(QUARTERS_2026.slice(0, 2)));
  await compareWithBaseline('the year (summary)', RUNS, () => get('/api/v1/aeat/303/summary?year=2026'), () => quarterSums(QUARTERS_2026));
  const csv = (await get('/api/v1/aeat/303?year=2026&quarter=2')).text;
  console.log(`2T box 27 ${csv.split('\r\n').find((l) => l.startsWith('27;'))}, box 45 ${csv.split('\r\n').find((l) => l.startsWith('45;'))}`);
} finally {
  await bench.close();
}
