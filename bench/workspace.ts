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
  const timings = { endpoint: [] as number[], filtered: [] as number[], raw: [] as number[] };
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
  }
  const [endpoint, filtered, raw] = [timings.endpoint, timings.filtered, timings.raw].map(median);
  console.log(`${companies} companies (${app.pglite ? 'PGlite' : 'PostgreSQL'}), ${runs} runs, p50:`);
  console.log(`  endpoint, first page of 50   ${endpoint.toFixed(1)} ms`);
  console.log(`  endpoint, needs + sort       ${filtered.toFixed(1)} ms`);
  console.log(`  raw SQL baseline (9 stmts)   ${raw.toFixed(1)} ms   ratio ${(endpoint / raw).toFixed(2)}x`);
  console.log(`  target ≤ 100 ms p50: ${endpoint <= 100 ? 'met' : 'NOT met'}`);
} finally {
  await bench.close();
}
