/**
 * The VAT books of a year of a company with 1,000,000 tax register lines over the year (BENCH_LINES to change it):
 *   1. our endpoint  GET /api/v1/aeat/vat-books/{issued|received|capital-goods}?year=2026&format=csv  (in-process, through
 *      auth, RLS, the register's contract month by month, the layout and the streamed CSV, read to the end)
 *   2. the same rows in raw SQL as the database owner (no RLS, no HTTP): the year's register rows of the book's side
 *      (capital goods only, for that book) with the columns the book shows, in book order
 * Target: each book within 1.5× of its raw read, in the same run. BENCH_FORMAT=xlsx times the spreadsheet instead.
 *
 * Run: .tools/node_modules/.bin/bun bench/aeat-vat-books.ts
 *   BENCH_DB=postgres (default) | pglite     BENCH_LINES=1000000  BENCH_RUNS=5  BENCH_FORMAT=csv
 * The rows are seeded with bulk SQL into the real register table (bench/tax-register-seed.ts, shared with aeat-303 and aeat-390).
 */
import { createCompany, fmt, median, ms, startBenchApp } from './support';
import { seedTaxRegister } from './tax-register-seed';

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FORMAT = process.env.BENCH_FORMAT ?? 'csv';

const bench = await startBenchApp();
const { app, ownerSql } = bench;

try {
  console.log(`VAT books benchmark — ${app.kernel.db.kind}, ${LINES.toLocaleString('en')} register lines over one year, ${FORMAT}, ${RUNS} runs each`);
  const company = await createCompany(app);
  const tenant = company.tenantId;
  const seconds = await seedTaxRegister(bench, tenant, { lines: LINES, from: '2026-01-01', days: 365 });
  console.log(`seeded in ${seconds.toFixed(1)} s`);

  const rawRows = (where: string) => `
    select document_type, document_id::text, group_no, side, kind, number, supplier_number, issue_date::text, operation_date::text, accounting_date::text,
      contact_id::text, counterparty_name, counterparty_tax_id, counterparty_country, rectifies_id::text, rectifies_number, rectification_mode, rectification_type,
      capital_good, tax_type_id::text, tax_code, regime, base::text, rate::text, quota::text, deductible_quota::text, surcharge_rate::text, surcharge::text,
      withholding_rate::text, withholding::text, document_total::text, reverses_original, rectifies_simplified
    from tax_register where tenant_id = '${tenant}' and accounting_date between date '2026-01-01' and date '2026-12-31' and ${where}
    order by accounting_date, number, group_no`;
  const books = [['issued', "side = 'issued'"], ['received', "side = 'received'"], ['capital-goods', "side = 'received' and capital_good"]] as const;
  for (const [book, where] of books) {
    const endpoint = async () => {
      const res = await app.handle(new Request(`http://localhost/api/v1/aeat/vat-books/${book}?year=2026&format=${FORMAT}`, { headers: { authorization: `Bearer ${company.token}` } }));
      if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
      return (await res.arrayBuffer()).byteLength;
    };
    const raw = async () => (await ownerSql(rawRows(where))).length;
    const bytes = await endpoint(); const rows = await raw(); // warm-up
    const ours: number[] = [], baseline: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let start = performance.now(); await endpoint(); ours.push(ms(start));
      start = performance.now(); await raw(); baseline.push(ms(start));
    }
    console.log(`${book}: ${rows.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB`);
    console.log(`${book}: endpoint median ${fmt(median(ours))} (${ours.map((v) => v.toFixed(0)).join(', ')})`);
    console.log(`${book}: raw SQL  median ${fmt(median(baseline))} (${baseline.map((v) => v.toFixed(0)).join(', ')})`);
    console.log(`${book}: ratio ${(median(ours) / median(baseline)).toFixed(2)}× (target ≤ 1.5×)`);
  }
} finally {
  await bench.close();
}
