/**
 * Trial balance of one tenant with 1,000,000 journal lines (BENCH_LINES to change it):
 *   1. our endpoint  GET /api/v1/ledger/trial-balance  (in-process, through auth, RLS and JSON)
 *   2. the same aggregate in raw SQL as the database owner (no RLS, no HTTP)
 *   3. `ledger balance` and `hledger balance` on the journal exported by GET /api/v1/ledger/export?format=hledger
 * Targets: the endpoint answers in ≤ 20 ms and stays flat as lines grow (it reads the maintained
 * monthly balances, not the lines), and at least 20× faster than ledger-cli. The CLI parts are
 * skipped with a message when the binaries are absent (Debian packages `ledger` and `hledger`) or
 * with BENCH_CLI=no.
 *
 * Run: .tools/node_modules/.bin/bun bench/ledger-trial-balance.ts
 *   BENCH_DB=postgres (default; TEST_DATABASE_URL or postgres://root@127.0.0.1:5432/test) | pglite
 *   BENCH_LINES=1000000  BENCH_RUNS=7  BENCH_CLI=no
 * The data are seeded with bulk SQL (generate_series) through the real tables, so every trigger
 * (line checks, the deferred balance check) runs as in production.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCompany, fmt, median, ms, seedJournal, startBenchApp } from './support';


const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const LINES_PER_ENTRY = 4;
const ENTRIES = Math.ceil(LINES / LINES_PER_ENTRY);
const ACCOUNTS = ['4300', '4000', '4100', '472', '477', '473', '4751', '570', '572', '600', '601', '621', '623', '624', '626', '628', '629',
  '640', '642', '662', '681', '7000', '7001', '7002', '7050', '7051', '752', '769', '100', '129', '170', '2817', '218', '4700', '4750', '476'];

/** "1010.5" / "1010" / "-3.50" → "1010.50" / "1010.00" / "-3.50", without floating point. */
const normalise = (text: string) => {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return text;
  const value = `${BigInt(m[2])}.${(m[3] ?? '').padEnd(2, '0')}`;
  return m[1] && value !== '0.00' ? `-${value}` : value;
};

const bench = await startBenchApp();
const { app, ownerSql } = bench;

const dir = mkdtempSync(join(tmpdir(), 'cuadra-bench-ledger-'));
try {
  console.log(`ledger trial balance benchmark — ${app.kernel.db.kind}, ${LINES.toLocaleString('en')} lines (${ENTRIES.toLocaleString('en')} entries × ${LINES_PER_ENTRY}), ${RUNS} runs each`);
  const company = await createCompany(app);
  const tenant = company.tenantId;

  const { seconds: seedSeconds } = await seedJournal(bench, { tenant, lines: LINES, accounts: ACCOUNTS, firstDate: `date '2025-01-01'`, direction: '+' });
  const [{ count }] = await ownerSql<{ count: number }>(`select count(*)::int as count from journal_lines where tenant_id = '${tenant}'`);
  console.log(`seeded ${Number(count).toLocaleString('en')} lines in ${seedSeconds.toFixed(1)} s (${Math.round(Number(count) / seedSeconds).toLocaleString('en')} lines/s, all ledger triggers on)`);

  // 1. Our endpoint.
  const endpoint = async (query = '') => {
    const start = performance.now();
    const res = await app.get(`/api/v1/ledger/trial-balance${query}`, company.token);
    const elapsed = ms(start);
    if (res.status !== 200) throw new Error(`trial balance: ${res.status} ${res.text}`);
    return { elapsed, body: res.body };
  };
  await endpoint(); // warm-up
  const ours: number[] = [];
  let tb: any;
  for (let i = 0; i < RUNS; i++) { const r = await endpoint(); ours.push(r.elapsed); tb = r.body; }
  const oursYear: number[] = [];
  for (let i = 0; i < RUNS; i++) oursYear.push((await endpoint('?from=2026-01-01&to=2026-12-31')).elapsed);
  // partial months at both edges: the lines of those days are read (at most half a month each)
  const oursPartial: number[] = [];
  for (let i = 0; i < RUNS; i++) oursPartial.push((await endpoint('?from=2025-03-10&to=2026-06-20')).elapsed);

  // 2. The same aggregate in raw SQL.
  const rawQuery = `select account_code, sum(debit) as debit, sum(credit) as credit from journal_lines where tenant_id = '${tenant}' group by account_code order by account_code`;
  await ownerSql(rawQuery);
  const raw: number[] = [];
  for (let i = 0; i < RUNS; i++) { const start = performance.now(); await ownerSql(rawQuery); raw.push(ms(start)); }
  const scanned = (await ownerSql<{ account_code: string; debit: unknown; credit: unknown }>(rawQuery)).map((r) => `${r.account_code} ${r.debit} ${r.credit}`);
  const answered = tb.accounts.map((a: any) => `${a.account} ${a.debit} ${a.credit}`);
  if (JSON.stringify(scanned) !== JSON.stringify(answered)) throw new Error(`the endpoint and the raw scan disagree:\n${answered.slice(0, 5)}\n${scanned.slice(0, 5)}`);

  // 2b. The same aggregate as the application role inside a unit of work (row-level security on, no HTTP).
  const appRole: number[] = [];
  const rlsQuery = rawQuery.replace(`'${tenant}'`, ':tenant');
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await app.kernel.unitOfWork(null).run((tx) => tx.sql(rlsQuery), { tenantId: tenant });
    appRole.push(ms(start));
  }
  if (process.env.BENCH_EXPLAIN === '1') {
    console.log('plan as owner:\n' + (await ownerSql<any>(`explain analyze ${rawQuery}`)).map((r) => Object.values(r)[0]).join('\n'));
    const appPlan = await app.kernel.unitOfWork(null).run((tx) => tx.sql<any>(`explain analyze ${rlsQuery}`), { tenantId: tenant });
    console.log('plan as the app role (RLS):\n' + appPlan.map((r) => Object.values(r)[0]).join('\n'));
  }

  console.log('');
  console.log(`our endpoint (all dates)          median ${fmt(median(ours))}   min ${fmt(Math.min(...ours))}   accounts ${tb.accounts.length}, Σdebit ${tb.totals.debit} = Σcredit ${tb.totals.credit}`);
  console.log(`our endpoint (?from=2026-01-01…)  median ${fmt(median(oursYear))}`);
  console.log(`our endpoint (2025-03-10…06-20)  median ${fmt(median(oursPartial))}`);
  console.log(`raw SQL aggregate (owner, no RLS) median ${fmt(median(raw))}   min ${fmt(Math.min(...raw))}`);
  console.log(`raw SQL aggregate (app role, RLS) median ${fmt(median(appRole))}   min ${fmt(Math.min(...appRole))}`);
  const vsRaw = median(ours) / median(raw);
  console.log(`endpoint / raw SQL: ${vsRaw.toFixed(2)}×; endpoint ${fmt(median(ours))} (target ≤ 20 ms: ${median(ours) <= 20 ? 'met' : 'NOT met'})`);
  if (process.env.BENCH_CLI === 'no') console.log('ledger-cli and hledger: skipped (BENCH_CLI=no)');
  else {
    // 3. Independent engines on the exported journal.
    const exportStart = performance.now();
    const exported = await app.get('/api/v1/ledger/export?format=hledger', company.token);
    if (exported.status !== 200) throw new Error(`export: ${exported.status}`);
    const file = join(dir, 'books.journal');
    writeFileSync(file, exported.text);
    console.log(`export ?format=hledger: ${(exported.text.length / 1e6).toFixed(1)} MB in ${(ms(exportStart) / 1000).toFixed(1)} s`);
    const expected = new Map<string, string>(tb.accounts.filter((a: any) => a.balance !== '0.00').map((a: any) => [a.account, a.balance]));

    const cli = (label: string, binary: string, args: string[], parse: (out: string) => Map<string, string>) => {
      if (!Bun.which(binary)) {
        console.log(`${label}: SKIPPED — the \`${binary}\` binary is not installed (Debian package \`${binary}\`)`);
        return undefined;
      }
      const start = performance.now();
      const run = Bun.spawnSync([binary, '-f', file, ...args], { stdout: 'pipe', stderr: 'pipe' });
      const elapsed = ms(start);
      if (run.exitCode !== 0) throw new Error(`${binary} failed: ${run.stderr.toString().slice(0, 500)}`);
      const theirs = parse(run.stdout.toString());
      const agree = theirs.size === expected.size && [...expected].every(([k, v]) => theirs.get(k) === v);
      console.log(`${label}: ${fmt(elapsed)}  → our endpoint is ${(elapsed / median(ours)).toFixed(1)}× faster (target ≥ 20×: ${elapsed / median(ours) >= 20 ? 'met' : 'NOT met'}); balances agree with ours: ${agree ? 'yes' : 'NO'}`);
      return elapsed;
    };
    cli('ledger balance (ledger-cli)', 'ledger', ['balance', '--flat', '--no-total', '--balance-format', '%(account)\t%(quantity(display_total))\n'], (out) =>
      new Map(out.trim().split('\n').map((l) => l.split('\t')).map(([a, v]) => [a, normalise(v)])));
    cli('hledger balance', 'hledger', ['balance', '--flat', '-N', '-O', 'csv'], (out) =>
      new Map(out.trim().split('\n').slice(1).map((l) => /^"([^"]+)","(-?[\d.]+) EUR"$/.exec(l.trim())).filter(Boolean).map((m) => [m![1], normalise(m![2])])));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  await bench.close();
}
