/**
 * Modelo 390 of a year of a company with 1,000,000 tax register lines spread over the year (BENCH_LINES to change it):
 *   1. our endpoint  GET /api/v1/aeat/390/summary?year=2026  (in-process, through auth, RLS, the model, the four 303s it
 *      reads through tax-models and their equalities, the JSON)
 *   2. the sums the 390 needs in raw SQL as the database owner (no RLS, no HTTP): the year's register sums by the columns
 *      the 390 maps, and the same sums for each quarter (what the four 303s it checks against read), and what its
 *      goods/services split of the intra-EU acquisitions reads: those rows, and their purchases' lines summed by
 *      VAT type and capital-good flag with the goods' part (seedIntraEuLines writes lines behind the seeded intra-EU rows:
 *      goods, services or both)
 * Target: the endpoint within 1.5× of the raw aggregates.
 *
 * Run: .tools/node_modules/.bin/bun bench/aeat-390.ts
 *   BENCH_DB=postgres (default) | pglite     BENCH_LINES=1000000  BENCH_RUNS=7
 * The rows are seeded with bulk SQL into the real register table (bench/tax-register-seed.ts, shared with aeat-303 and aeat-vat-books).
 */
import { createCompany, fmt, median, ms, startBenchApp } from './support';
import { QUARTERS_2026, registerSumsSql, seedIntraEuLines, seedTaxRegister } from './tax-register-seed';


const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);


const bench = await startBenchApp();
const { app, ownerSql } = bench;

try {
  console.log(`modelo 390 benchmark — ${app.kernel.db.kind}, ${LINES.toLocaleString('en')} register lines over one year, ${RUNS} runs each`);
  const company = await createCompany(app);
  const tenant = company.tenantId;
  const seconds = await seedTaxRegister(bench, tenant, { lines: LINES, from: '2026-01-01', days: 365 }) + await seedIntraEuLines(bench, tenant);
  console.log(`seeded in ${seconds.toFixed(1)} s`);

  const sums = (from: string, to: string) => registerSumsSql(tenant, from, to);
  const ranges = [['2026-01-01', '2026-12-31'], ...QUARTERS_2026];
  const acquisitions = `from tax_register where tenant_id = '${tenant}' and accounting_date between date '2026-01-01' and date '2026-12-31'
    and side = 'received' and kind = 'intra_eu_acquisition' and not capital_good`;
  const rawAll = async () => {
    for (const [from, to] of ranges) await ownerSql(sums(from, to));
    await ownerSql(`select document_type, document_id, group_no, number, tax_type_id, capital_good, base, rate, quota, deductible_quota, surcharge_rate ${acquisitions} order by accounting_date, number, group_no`);
    await ownerSql(`select l.purchase_id, l.tax_type_id, l.capital_good, coalesce(sum(l.base) filter (where l.capital_good or l.expense_account ~ '^(60[012]|2)'), 0) as goods,
        sum(l.base) as total, min(l.line_no) as first_line
      from purchase_lines l where l.tenant_id = '${tenant}' and l.purchase_id in (select document_id ${acquisitions}) group by 1, 2, 3`);
  };
  const endpoint = async () => {
    const res = await app.get('/api/v1/aeat/390/summary?year=2026', company.token);
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
    return res.body;
  };
  await endpoint(); await rawAll(); // warm-up
  const ours: number[] = [], baseline: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let start = performance.now(); await endpoint(); ours.push(ms(start));
    start = performance.now(); await rawAll(); baseline.push(ms(start));
  }
  const { items: [year] } = await endpoint();
  const failed = year.details.checks_303.filter((c: { equal: boolean }) => !c.equal);
  console.log(`box 05 ${year.boxes.find((b: { box: string }) => b.box === '05').value}, equalities with the 303s: ${year.details.checks_303.length - failed.length}/${year.details.checks_303.length}`);
  console.log(`endpoint median ${fmt(median(ours))} (${ours.map((v) => v.toFixed(0)).join(', ')})`);
  console.log(`raw SQL  median ${fmt(median(baseline))} (${baseline.map((v) => v.toFixed(0)).join(', ')})`);
  console.log(`ratio ${(median(ours) / median(baseline)).toFixed(2)}× (target ≤ 1.5×)`);
} finally {
  await bench.close();
}
