/**
 * Modelo 390 of a year of a company with 1,000,000 tax register lines spread over the year (BENCH_LINES to change it):
 *   1. our endpoint  GET /api/v1/aeat/390/summary?year=2026  (in-process, through auth, RLS, the model, the four 303s it
 *      reads through tax-models and their equalities, the JSON)
 *   2. the sums the 390 needs in raw SQL as the database owner (no RLS, no HTTP): the year's register sums by the columns
 *      the 390 maps, and the same sums for each quarter (what the four 303s it checks against read)
 * Target: the endpoint within 1.5× of the raw aggregates.
 *
 * Run: .tools/node_modules/.bin/bun bench/aeat-390.ts
 *   BENCH_DB=postgres (default) | pglite     BENCH_LINES=1000000  BENCH_RUNS=7
 * The rows are seeded with bulk SQL (generate_series) into the real register table.
 */
import { createCompany, fmt, median, ms, startBenchApp } from './support';


const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BATCH = 100_000;


const bench = await startBenchApp();
const { app, ownerSql } = bench;

try {
  console.log(`modelo 390 benchmark — ${app.kernel.db.kind}, ${LINES.toLocaleString('en')} register lines over one year, ${RUNS} runs each`);
  const company = await createCompany(app);
  const tenant = company.tenantId;
  // a mix of what a busy company registers: sales at 21/10/4 % (some with recargo), intra-EU and export sales,
  // rectifications, domestic purchases (some capital goods), intra-EU acquisitions, reverse charge, imports
  const shapes = `(values
    ('issued','invoice','domestic',21.00,null::numeric,false,'IVA21'), ('issued','invoice','domestic',10.00,null,false,'IVA10'),
    ('issued','invoice','domestic',4.00,null,false,'IVA4'), ('issued','invoice','domestic',21.00,5.20,false,'IVA21'),
    ('issued','invoice','intra_eu',0.00,null,false,'IVAINTRA'), ('issued','invoice','export',0.00,null,false,'EXPORT'),
    ('issued','rectification','domestic',21.00,null,false,'IVA21'), ('received','purchase_invoice','domestic',21.00,null,false,'IVA21'),
    ('received','purchase_invoice','domestic',21.00,null,true,'IVA21'), ('received','intra_eu_acquisition','intra_eu',21.00,null,false,'RCINTRACOM'),
    ('received','reverse_charge','reverse_charge',21.00,null,false,'ISP'), ('received','import','import',21.00,null,false,'IMPORT'),
    ('received','rectification','domestic',21.00,null,false,'IVA21'), ('received','expense','domestic',10.00,null,false,'IVA10')
  ) as s(side, kind, regime, rate, surcharge_rate, capital_good, code)`;
  const seedStart = performance.now();
  for (let first = 1; first <= LINES; first += BATCH) {
    const last = Math.min(LINES, first + BATCH - 1);
    await ownerSql(`
      insert into tax_register (tenant_id, document_type, document_id, group_no, side, kind, number, issue_date, accounting_date, contact_id,
        counterparty_name, counterparty_tax_id, counterparty_country, capital_good, tax_type_id, tax_code, regime, base, rate, quota, deductible_quota,
        surcharge_rate, surcharge, document_total)
      select '${tenant}', case when s.side = 'issued' then 'invoice' else 'purchase' end, gen_random_uuid(), 1, s.side, s.kind, 'B-' || g,
        date '2026-01-01' + (g % 365), date '2026-01-01' + (g % 365), gen_random_uuid(), 'Tercero ' || (g % 5000), 'B' || lpad((g % 5000)::text, 8, '0'), 'ES',
        s.capital_good, gen_random_uuid(), s.code, s.regime, b.base, s.rate, round(b.base * s.rate / 100, 2),
        case when s.side = 'received' then round(b.base * s.rate / 100, 2) else 0 end, s.surcharge_rate, coalesce(round(b.base * s.surcharge_rate / 100, 2), 0),
        b.base + round(b.base * s.rate / 100, 2)
      from generate_series(${first}, ${last}) g
      cross join lateral (select (case when g % 14 in (6, 12) then -1 else 1 end) * ((g % 997) + 1) * 1.37 as base) b
      join lateral (select * from ${shapes} offset (g % 14) limit 1) s on true`);
  }
  await ownerSql('analyze tax_register');
  console.log(`seeded in ${(ms(seedStart) / 1000).toFixed(1)} s`);

  const sums = (from: string, to: string) => `
    select side, kind, regime, rate, surcharge_rate, capital_good, deductible_quota <> 0 as deductible,
      sum(base) as base, sum(quota) as quota, sum(deductible_quota) as deductible_quota, sum(surcharge) as surcharge, count(*) as n
    from tax_register where tenant_id = '${tenant}' and accounting_date between date '${from}' and date '${to}'
    group by 1, 2, 3, 4, 5, 6, 7`;
  const ranges = [['2026-01-01', '2026-12-31'], ['2026-01-01', '2026-03-31'], ['2026-04-01', '2026-06-30'], ['2026-07-01', '2026-09-30'], ['2026-10-01', '2026-12-31']];
  const rawAll = async () => { for (const [from, to] of ranges) await ownerSql(sums(from, to)); };
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
