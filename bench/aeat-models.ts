/**
 * The withholding and informative models over a year of a company with 1,000,000 tax register lines (BENCH_LINES):
 * the shared register (bench/tax-register-seed.ts) plus BENCH_WITHHELD purchases with IRPF withheld (professionals at
 * 15 % and 7 %, landlords at 19 %), and BENCH_JOURNAL journal lines over 2025–2026 (groups 6 and 7 among them).
 * The company is an autónomo in estimación directa, so that every model applies. Each endpoint, in-process (auth,
 * RLS, the model, its CSV or JSON), against the raw SQL of the sums it needs as the database owner (no RLS, no HTTP),
 * alternated in the same run:
 *   347  GET /api/v1/aeat/347?year=2026           the year's register sums by counterparty, month and the columns that decide what is declared
 *   115  GET /api/v1/aeat/115?year=2026&quarter=4  the quarter's rents withheld (19 %) summed by landlord
 *   115y GET /api/v1/aeat/115/summary?year=2026     the year's four 115s (the same sums per quarter)
 *   190  GET /api/v1/aeat/190?year=2026           the four quarters' withholdings of the 111s (not 19 %) summed by perceptor and rate
 *   130  GET /api/v1/aeat/130?year=2026&quarter=4  chained from the first quarter: for each quarter, groups 6 and 7 of the
 *                                                   journal from the 1st of January and the issued side's withholdings
 *   180  GET /api/v1/aeat/180?year=2026           the year's rents withheld (19 %) summed by landlord, and the landlords' postal codes
 *   349  GET /api/v1/aeat/349?year=2026&quarter=4  the quarter's intra-EU rows (issued and received) and, for their goods/services
 *                                                   split, their documents' lines summed by VAT type and capital-good flag
 *                                                   (seedIntraEuLines: lines of goods, services or both behind each such row),
 *                                                   and the deliveries of the quarter and the four before (monthly or quarterly)
 * Target (issue 29): each model within 1.5× of the raw SQL of its sums, same run.
 *
 * Run: .tools/node_modules/.bin/bun bench/aeat-models.ts
 *   BENCH_DB=postgres (default) | pglite   BENCH_LINES=1000000  BENCH_WITHHELD=20000  BENCH_JOURNAL=1000000  BENCH_RUNS=7  BENCH_WARMUP=5
 *   BENCH_MODELS=347,115,115y,190,130,180,349
 */
import { compareWithBaseline, createCompany, seedJournal, startBenchApp } from './support';
import { QUARTERS_2026, seedIntraEuLines, seedTaxRegister, seedWithholdings } from './tax-register-seed';

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const WITHHELD = Number(process.env.BENCH_WITHHELD ?? 20_000);
const JOURNAL = Number(process.env.BENCH_JOURNAL ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const MODELS = (process.env.BENCH_MODELS ?? '347,115,115y,190,130,180,349').split(',');
const ACCOUNTS = ['600', '621', '623', '629', '7000', '7050', '4300', '4000', '572'];

const bench = await startBenchApp();
const { app, ownerSql } = bench;


try {
  console.log(`AEAT models benchmark — ${app.kernel.db.kind}, ${LINES.toLocaleString('en')} register lines + ${WITHHELD.toLocaleString('en')} withheld purchases over 2026, ${JOURNAL.toLocaleString('en')} journal lines, ${RUNS} runs each`);
  const company = await createCompany(app);
  const tenant = company.tenantId;
  const profile = await app.patch('/api/v1/aeat/profile', { legal_form: 'individual', irpf_method: 'directa_normal' }, company.token);
  if (profile.status !== 200) throw new Error(`profile: ${profile.status} ${profile.text}`);
  let seconds = await seedTaxRegister(bench, tenant, { lines: LINES, from: '2026-01-01', days: 365 });
  seconds += await seedWithholdings(bench, tenant, { lines: WITHHELD, from: '2026-01-01', days: 365 });
  if (MODELS.includes('349')) seconds += await seedIntraEuLines(bench, tenant);
  if (MODELS.includes('130')) seconds += (await seedJournal(bench, { tenant, lines: JOURNAL, accounts: ACCOUNTS, firstDate: `date '2026-12-31'`, direction: '-' })).seconds;
  console.log(`seeded in ${seconds.toFixed(1)} s`);

  const get = async (path: string) => {
    const res = await app.get(path, company.token);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res;
  };
  const range = (from: string, to: string) => `tenant_id = '${tenant}' and accounting_date between date '${from}' and date '${to}'`;
  const withheldSums = (from: string, to: string, rents: boolean) => ownerSql(`
    select counterparty_tax_id, contact_id, counterparty_name, withholding_rate, sum(base) as base, sum(withholding) as withholding
    from tax_register where ${range(from, to)} and side = 'received' and withholding <> 0 and withholding_rate ${rents ? '=' : '<>'} 19
    group by 1, 2, 3, 4`);

  if (MODELS.includes('347')) {
    await compareWithBaseline('347 (the year)', RUNS, () => get('/api/v1/aeat/347?year=2026'), () => ownerSql(`
      select side, kind, regime, counterparty_tax_id, counterparty_country, counterparty_name, contact_id, withholding <> 0 as withheld,
        date_trunc('month', accounting_date) as month, sum(base) as base, sum(quota) as quota, sum(surcharge) as surcharge, count(*) as n
      from tax_register where ${range('2026-01-01', '2026-12-31')} group by 1, 2, 3, 4, 5, 6, 7, 8, 9`));
    const body = (await get('/api/v1/aeat/347?year=2026')).text;
    console.log(`347: ${body.split('\n').length - 1} lines in its CSV`);
  }
  if (MODELS.includes('115')) {
    await compareWithBaseline('115 (4T)', RUNS, () => get('/api/v1/aeat/115?year=2026&quarter=4'), () => withheldSums('2026-10-01', '2026-12-31', true));
  }
  if (MODELS.includes('115y')) {
    await compareWithBaseline('115 (the year, four quarters)', RUNS, () => get('/api/v1/aeat/115/summary?year=2026'), async () => { for (const [from, to] of QUARTERS_2026) await withheldSums(from, to, true); });
  }
  if (MODELS.includes('190')) {
    await compareWithBaseline('190 (the year, four 111s)', RUNS, () => get('/api/v1/aeat/190?year=2026'), async () => { for (const [from, to] of QUARTERS_2026) await withheldSums(from, to, false); });
  }
  if (MODELS.includes('180')) {
    await compareWithBaseline('180 (the year)', RUNS, () => get('/api/v1/aeat/180?year=2026'), async () => {
      await withheldSums('2026-01-01', '2026-12-31', true);
      await ownerSql(`select id, postal_code from contacts where tenant_id = '${tenant}' and id in (select contact_id from tax_register where ${range('2026-01-01', '2026-12-31')} and withholding <> 0 and withholding_rate = 19)`);
    });
  }
  if (MODELS.includes('349')) {
    const intraEu = `from tax_register where ${range('2026-10-01', '2026-12-31')} and regime = 'intra_eu'`;
    await compareWithBaseline('349 (4T)', RUNS, () => get('/api/v1/aeat/349?year=2026&quarter=4'), async () => {
      await ownerSql(`select document_type, document_id, group_no, number, side, kind, tax_type_id, capital_good, counterparty_tax_id, counterparty_country, contact_id,
          base, quota, deductible_quota, rectifies_id ${intraEu} order by accounting_date, number, group_no`);
      // the deliveries of this quarter and the four before, by month: whether the company must file monthly
      await ownerSql(`select to_char(accounting_date, 'YYYY-MM'), sum(base) from tax_register where ${range('2025-10-01', '2026-12-31')}
        and side = 'issued' and regime = 'intra_eu' group by 1`);
      for (const [table, key] of [['invoice_lines', 'invoice_id'], ['purchase_lines', 'purchase_id']]) {
        await ownerSql(`select l.${key}, l.tax_type_id, sum(l.base) as total, min(l.line_no) as first_line from ${table} l
          where l.tenant_id = '${tenant}' and l.${key} in (select document_id ${intraEu}) group by 1, 2`);
      }
    });
  }
  if (MODELS.includes('349')) {
    const { items: [quarter] } = (await get('/api/v1/aeat/349/summary?year=2026&quarter=4')).body;
    console.log(`349: ${quarter.details.lines.length} lines, ${quarter.details.errors.length} errors`);
  }
  if (MODELS.includes('130')) {
    await compareWithBaseline('130 (4T, chained from 1T)', RUNS, () => get('/api/v1/aeat/130?year=2026&quarter=4'), async () => {
      for (const [, to] of QUARTERS_2026) {
        await ownerSql(`select left(account_code, 1) as grp, sum(debit) as debit, sum(credit) as credit from journal_lines
          where tenant_id = '${tenant}' and entry_date between date '2026-01-01' and date '${to}' and left(account_code, 1) in ('6', '7') group by 1`);
        await ownerSql(`select sum(withholding) from tax_register where ${range('2026-01-01', to)} and side = 'issued'`);
      }
    });
  }
} finally {
  await bench.close();
}
