/**
 * Posting one large manual entry (an opening balance, a payroll summary) through
 * POST /api/v1/ledger/entries: milliseconds per entry for entries of --lines lines (1,000 is the
 * most one request takes), median and spread over --rounds entries, after one warm-up entry.
 * The balance is checked once per entry at COMMIT; when it was checked once per line, each check
 * summed the whole entry again and a 1,000-line entry cost about four times as much.
 *
 * Baseline, interleaved round by round: the same entry (same header and line columns and values)
 * written by plain SQL as the tables' owner in one transaction, one statement: the number taken
 * from the tenant's `ledger_counters` row as every posting path takes it (so the journal stays
 * gapless for the endpoint's next entry), the header, and the lines as one insert from `unnest`
 * of arrays. Nothing else is needed: the ledger's triggers (line date and postable account, the
 * month balances, the deferred balance and lines check at COMMIT) run on it as on the endpoint's.
 * That is the limit: no HTTP, auth, validation, account read or row-level security.
 *
 * Run: .tools/node_modules/.bin/bun bench/ledger-large-entry.ts [--lines 1000] [--rounds 9]
 *   BENCH_DB=postgres (default; BENCH_DATABASE_URL or postgres://root@127.0.0.1:5432/test) | pglite
 */
import { createCompany, median } from './support'; // sets the backend (BENCH_DB) before the test support loads
import { postgresJs, postgresTarget } from '../kernel/postgres-url';
import { APP_ROLE } from '../kernel/migration';

const { startDocumentsApp } = await import('../test/support/documents');

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
const LINES = Number(option('lines', '1000'));
const ROUNDS = Number(option('rounds', '9'));

const app = await startDocumentsApp({ unlimited: true });
try {
  const company = await createCompany(app);
  const lines: { account: string; debit?: string; credit?: string }[] = [
    ...Array.from({ length: LINES - 1 }, () => ({ account: '572', debit: '1.00' })),
    { account: '100', credit: `${LINES - 1}.00` },
  ];
  const post = async () => {
    const started = performance.now();
    const res = await app.post('/api/v1/ledger/entries', { date: '2026-01-01', description: 'Asiento de apertura', lines }, company.token);
    if (res.status !== 201) throw new Error(`entry not posted: ${res.status} ${res.text}`);
    return performance.now() - started;
  };
  // the raw baseline's one statement; arrays travel as text literals ($4 the line numbers, …)
  const rawStatement = `with n as (
      insert into ledger_counters as c (tenant_id, last_number) values ($1, 1)
      on conflict (tenant_id) do update set last_number = c.last_number + 1 returning last_number
    ), e as (
      insert into journal_entries (id, tenant_id, number, date, description, source_type)
      select $2::uuid, $1, n.last_number, $3::date, 'Asiento de apertura', 'manual' from n returning id
    )
    insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit)
    select $1, e.id, x.line_no, $3::date, x.account_code, x.debit, x.credit
    from e, unnest($4::int[], $5::text[], $6::numeric[], $7::numeric[]) as x (line_no, account_code, debit, credit)`;
  const arrays = [
    `{${lines.map((_, i) => i + 1).join(',')}}`,
    `{${lines.map((l) => l.account).join(',')}}`,
    `{${lines.map((l) => l.debit ?? '0.00').join(',')}}`,
    `{${lines.map((l) => l.credit ?? '0.00').join(',')}}`,
  ];
  const pglite = app.pglite;
  const owner = pglite ? undefined : postgresJs(postgresTarget(app.config.databaseOwnerUrl!), { max: 1 });
  const raw = async () => {
    const params = [company.tenantId, crypto.randomUUID(), '2026-01-01', ...arrays];
    if (owner) {
      const started = performance.now();
      await owner.begin((tx) => tx.unsafe(rawStatement, params));
      return performance.now() - started;
    }
    await pglite!.exec('reset role'); // the owner (the superuser), outside the timing
    try {
      const started = performance.now();
      await pglite!.transaction((tx) => tx.query(rawStatement, params));
      return performance.now() - started;
    } finally {
      await pglite!.exec(`set role ${APP_ROLE}`);
    }
  };
  try {
    await post();
    await raw();
    const times: number[] = [];
    const rawTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      times.push(await post());
      rawTimes.push(await raw());
    }
    const [entries] = await app.asOwner<{ n: number; max: number; unbalanced: number }>(`
      select count(*)::int as n, max(number) as max,
        (select count(*)::int from (select entry_id from journal_lines where tenant_id = '${company.tenantId}' group by entry_id having sum(debit) <> sum(credit)) u) as unbalanced
      from journal_entries where tenant_id = '${company.tenantId}'`);
    const spread = (values: number[]) => `min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)}`;
    console.log(`large manual entry — ${navigator.hardwareConcurrency} cores, ${app.kernel.db.kind}, ${LINES} lines, ${ROUNDS} entries each way, interleaved`);
    console.log(`endpoint  median ${median(times).toFixed(1)} ms per entry (${spread(times)})`);
    console.log(`raw SQL   median ${median(rawTimes).toFixed(1)} ms per entry (${spread(rawTimes)}; one statement as the owner, one transaction)`);
    console.log(`endpoint / raw ${(median(times) / median(rawTimes)).toFixed(2)}×`);
    console.log(`journal: ${entries.n} entries, max number ${entries.max}, ${entries.unbalanced} unbalanced`);
  } finally {
    await owner?.end();
  }
} finally {
  await app.close();
}
