/**
 * GET /api/v1/workspace/companies for an accounting firm's member who reaches 500 client companies
 * (BENCH_COMPANIES), each with a year of activity: a bank account with 50 movements a month (5 %
 * still to reconcile), 20 issued sales invoices a month (the last months' partly unpaid and past
 * due) and a few drafts, purchases read from files awaiting review, a period lock, a closed year and
 * an audit log, seeded set-based as the tables' owner.
 *
 * Baseline, same run: the figures' nine statements (six aggregates, and the tax profiles, options
 * and settlements the models due are decided from) as the owner (no row-level security, no
 * authentication, no permissions, no JSON), each over every company, sent one after the other on
 * one connection: what the database needs at least for this page.
 * Target: the endpoint ≤ 100 ms p50.
 *
 * Tax results: each company also has a year of tax register rows (its 240 sales at 21 %, 36
 * purchases, a third of them with IRPF withheld: professionals at 15 %, rents at 19 %). Today's
 * page computes the result of whatever is due today; the page is also timed on a day inside a
 * filing window (5 October 2026: the 303 of 3T, chained from 1T, the 111 and the 115 of every
 * company), through the same function the route calls, against the nine statements plus the
 * register's sums those results need (the page's companies', by quarter, as raw SQL): results are
 * computed for the page only, as no filter or sort needs them.
 * Run: .tools/node_modules/.bin/bun bench/workspace.ts (BENCH_COMPANIES=500 BENCH_RUNS=30; BENCH_DB=pglite)
 */
import { median, ms, startBenchApp } from './support';

const companies = Number(process.env.BENCH_COMPANIES ?? 500);
const runs = Number(process.env.BENCH_RUNS ?? 30);
const { createFirm, nifFor } = await import('../test/support/firms');

const bench = await startBenchApp();
const { app, ownerSql, ownerTransaction } = bench;
try {
  const firm = await createFirm(app, nifFor(12345678));
  const seeded = performance.now();
  const TENANTS = `(select id, n from bench_clients)`;
  await ownerTransaction(`
    create temporary table bench_clients as select gen_random_uuid() as id, n from generate_series(1, ${companies}) n;
    insert into tenants (id, name, tax_id, kind) select id, 'Cliente ' || lpad(n::text, 4, '0') || ' SL', 'B' || lpad(n::text, 8, '0'), 'company' from bench_clients;
    insert into firm_access (id, tenant_id, firm_tenant_id, role, status, granted_by, answered_at)
      select gen_random_uuid(), id, '${firm.tenantId}', 'accountant', 'active', '${firm.userId}', now() from bench_clients;
    insert into treasuries (id, tenant_id, kind, name, currency, ledger_account, suspense_account)
      select id, id, 'bank', 'Banco', 'EUR', '5720001', '5550001' from ${TENANTS} c;
    insert into bank_movements (id, tenant_id, treasury_id, booking_date, amount, description, status, fingerprint)
      select gen_random_uuid(), c.id, c.id, date '2026-01-01' + (m % 330), (m % 97) - 40, 'Movimiento ' || m,
             case when m % 20 = 0 then 'unmatched' else 'matched' end, gen_random_uuid()
      from ${TENANTS} c, generate_series(1, 600) m;
    insert into contacts (id, tenant_id, kind, name, name_key) select id, id, 'customer', 'Cliente', 'cliente' from ${TENANTS} c;
    insert into invoices (id, tenant_id, status, series, year, seq, number, contact_id, issue_date, due_date, subtotal, tax_total, total, amount_paid, customer, issued_at)
      select gen_random_uuid(), c.id, case when i % 40 = 0 and i > 200 then 'issued' else 'paid' end, 'F', 2026, i, 'F-2026-' || lpad(i::text, 6, '0'), c.id,
             date '2026-01-01' + (i * 330 / 240), date '2026-01-31' + (i * 330 / 240), 100, 21, 121, case when i % 40 = 0 and i > 200 then 0 else 121 end,
             '{"name": "Cliente"}'::jsonb, now()
      from ${TENANTS} c, generate_series(1, 240) i;
    insert into invoices (id, tenant_id, status, series, contact_id, issue_date)
      select gen_random_uuid(), c.id, 'draft', 'F', c.id, date '2026-11-20' from ${TENANTS} c, generate_series(1, 3) d where (c.n + d) % 2 = 0;
    insert into purchases (id, tenant_id, kind, status, series, contact_id, issue_date, source, supplier_invoice_number)
      select gen_random_uuid(), c.id, 'invoice', 'draft', 'P', c.id, date '2026-11-10', 'ocr', 'FP-' || p from ${TENANTS} c, generate_series(1, 2) p where c.n % 3 = 0;
    insert into tax_register (tenant_id, document_type, document_id, group_no, side, kind, number, issue_date, accounting_date, contact_id, counterparty_name,
                              counterparty_tax_id, counterparty_country, tax_type_id, tax_code, regime, base, rate, quota, document_total)
      select c.id, 'invoice', gen_random_uuid(), 1, 'issued', 'invoice', 'F-2026-' || lpad(i::text, 6, '0'), date '2026-01-01' + (i * 330 / 240),
             date '2026-01-01' + (i * 330 / 240), c.id, 'Cliente', 'A58818501', 'ES', c.id, 'IVA21', 'domestic', 100, 21, 21, 121
      from ${TENANTS} c, generate_series(1, 240) i;
    insert into tax_register (tenant_id, document_type, document_id, group_no, side, kind, number, supplier_number, issue_date, accounting_date, contact_id,
                              counterparty_name, counterparty_tax_id, counterparty_country, tax_type_id, tax_code, regime, base, rate, quota, deductible_quota,
                              withholding_rate, withholding, document_total)
      select c.id, 'purchase', gen_random_uuid(), 1, 'received', 'purchase_invoice', 'P-2026-' || lpad(p::text, 6, '0'), 'FR-' || p, date '2026-01-05' + p * 9,
             date '2026-01-05' + p * 9, c.id, 'Proveedor ' || (p % 4), 'B' || lpad((p % 4)::text, 8, '0'), 'ES', c.id, 'IVA21', 'domestic', 500, 21, 105, 105,
             case p % 3 when 0 then 15 when 1 then 19 end, case p % 3 when 0 then 75 when 1 then 95 else 0 end, 605
      from ${TENANTS} c, generate_series(1, 36) p;
    insert into ledger_locks (tenant_id, locked_until) select id, date '2026-06-30' from bench_clients;
    insert into fiscal_year_closings (id, tenant_id, year, start_date, end_date, result) select gen_random_uuid(), id, 2025, date '2025-01-01', date '2025-12-31', 0 from bench_clients;
    insert into audit_entries (id, tenant_id, occurred_at, actor_kind, user_id, method, route, status, client_ip)
      select gen_random_uuid(), c.id, timestamptz '2026-01-01' + a * interval '22 hours', 'session', '${firm.userId}', 'POST', '/api/v1/invoices', 201, '203.0.113.1'
      from ${TENANTS} c, generate_series(1, 400) a;
    analyze;
  `);
  console.log(`seeded ${companies} companies in ${(ms(seeded) / 1000).toFixed(1)} s`);

  const url = '/api/v1/workspace/companies?limit=50';
  const first = await app.get(url, firm.token);
  if (first.status !== 200 || first.body.total !== companies + 1) throw new Error(`unexpected answer: ${first.status} ${first.text.slice(0, 300)}`);

  const ids = `select tenant_id from firm_access where firm_tenant_id = '${firm.tenantId}' and status = 'active'`;
  const baseline = [
    `select tenant_id, count(*) from bank_movements where tenant_id in (${ids}) and status = 'unmatched' group by tenant_id`,
    `select tenant_id, count(*) filter (where status = 'draft'), count(*) filter (where status <> 'draft' and due_date < current_date) from invoices where tenant_id in (${ids}) and status in ('draft', 'issued', 'partially_paid') group by tenant_id`,
    `select tenant_id, count(*) from purchases where tenant_id in (${ids}) and status = 'draft' and source = 'ocr' group by tenant_id`,
    `select tenant_id, locked_until from ledger_locks where tenant_id in (${ids})`,
    `select distinct on (tenant_id) tenant_id, year from fiscal_year_closings where tenant_id in (${ids}) and reopened_at is null order by tenant_id, year desc`,
    `select t.tenant_id, (select max(occurred_at) from audit_entries a where a.tenant_id = t.tenant_id) from (${ids}) t`,
    `select * from company_tax_profiles where tenant_id in (${ids})`,
    `select tenant_id, model, options from tax_model_options where tenant_id in (${ids}) and year = 2026`,
    `select tenant_id, model, year, period from tax_model_settlements where tenant_id in (${ids}) and year >= 2025`,
  ];
  const { workspaceCompanies } = await import('../plugins/workspace/companies');
  const principal = { kind: 'session' as const, userId: firm.userId, tenantId: firm.tenantId, role: 'owner' as const };
  const filingDay = () => workspaceCompanies(app.kernel, principal, { limit: 50, offset: 0 }, '2026-10-05');
  const checked = await filingDay();
  const row = checked.items.find((c) => c.tenant_id !== firm.tenantId)!;
  const result303 = row.taxes_due?.find((d) => d.model === '303')?.result;
  if (!result303) throw new Error(`no 303 result on the filing day: ${JSON.stringify(row.taxes_due)}`);
  console.log(`filing day, a client's 303 3T result ${result303}, 111 ${row.taxes_due!.find((d) => d.model === '111')?.result}, 115 ${row.taxes_due!.find((d) => d.model === '115')?.result}`);
  const pageIds = checked.items.map((c) => `'${c.tenant_id}'`).join(', ');
  // the register's sums the filing day's results need, for the page's companies: the 303's three quarters by its keys, the 3T's withheld purchases by perceptor and rate
  const taxBaseline = [
    `select tenant_id, extract(quarter from accounting_date), side, kind, regime, rate::text, surcharge_rate::text, capital_good, deductible_quota <> 0,
            sum(base), sum(quota), sum(deductible_quota), sum(surcharge), count(*)
       from tax_register where tenant_id in (${pageIds}) and accounting_date between '2026-01-01' and '2026-09-30' group by 1, 2, 3, 4, 5, 6, 7, 8, 9`,
    `select tenant_id, counterparty_tax_id, contact_id, counterparty_name, withholding_rate::text, sum(base), sum(withholding), count(*)
       from tax_register where tenant_id in (${pageIds}) and accounting_date between '2026-07-01' and '2026-09-30' and side = 'received' and withholding <> 0 group by 1, 2, 3, 4, 5`,
  ];
  const timings = { endpoint: [] as number[], filtered: [] as number[], raw: [] as number[], filing: [] as number[], filingRaw: [] as number[] };
  for (let run = 0; run < runs; run++) {
    let start = performance.now();
    await app.get(url, firm.token);
    timings.endpoint.push(ms(start));
    start = performance.now();
    await app.get('/api/v1/workspace/companies?needs=reconciliation&sort=overdue_invoices&limit=50', firm.token);
    timings.filtered.push(ms(start));
    start = performance.now();
    for (const statement of baseline) await ownerSql(statement);
    timings.raw.push(ms(start));
    start = performance.now();
    await filingDay();
    timings.filing.push(ms(start));
    start = performance.now();
    for (const statement of [...baseline, ...taxBaseline]) await ownerSql(statement);
    timings.filingRaw.push(ms(start));
  }
  const [endpoint, filtered, raw, filing, filingRaw] = [timings.endpoint, timings.filtered, timings.raw, timings.filing, timings.filingRaw].map(median);
  console.log(`${companies} companies (${app.pglite ? 'PGlite' : 'PostgreSQL'}), ${runs} runs, p50:`);
  console.log(`  endpoint, first page of 50   ${endpoint.toFixed(1)} ms`);
  console.log(`  endpoint, needs + sort       ${filtered.toFixed(1)} ms`);
  console.log(`  raw SQL baseline (9 stmts)   ${raw.toFixed(1)} ms   ratio ${(endpoint / raw).toFixed(2)}x`);
  console.log(`  filing day (2026-10-05), page ${filing.toFixed(1)} ms (no HTTP)   raw SQL baseline (11 stmts) ${filingRaw.toFixed(1)} ms   ratio ${(filing / filingRaw).toFixed(2)}x`);
  console.log(`  target ≤ 100 ms p50: ${endpoint <= 100 ? 'met' : 'NOT met'} today, ${filing <= 100 ? 'met' : 'NOT met'} on the filing day`);
} finally {
  await bench.close();
}
