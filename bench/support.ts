/**
 * What the benchmarks that seed large books share: the backend chosen by BENCH_DB (postgres by
 * default, or pglite), the app on a scratch database of it, raw SQL as the tables' owner (no
 * row-level security: the baselines and the bulk seeding), and the timing helpers.
 *
 * The environment is set before the test support is loaded, because that reads it on import.
 */
import { postgresJs, postgresTarget } from '../kernel/postgres-url';
import { APP_ROLE } from '../kernel/migration';

process.env.CUADRA_TEST_DB = process.env.BENCH_DB ?? 'postgres';
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
process.env.LOG_LEVEL ??= 'error';
const { startTestApp } = await import('../test/support/app');
export const { createCompany } = await import('../test/support/factories');

export const ms = (start: number) => performance.now() - start;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const fmt = (value: number) => `${value.toFixed(1)} ms`;

/** Untimed runs of each side before the timed ones (BENCH_WARMUP): a request of a few milliseconds is measured as a running server serves it, its code compiled. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);

/** An endpoint against its raw SQL baseline, alternated `runs` times after a warm-up of each; prints both medians and their ratio. */
export async function compareWithBaseline(what: string, runs: number, endpoint: () => Promise<unknown>, raw: () => Promise<unknown>, target = 1.5): Promise<number> {
  for (let i = 0; i < Math.max(1, WARMUP); i++) { await endpoint(); await raw(); }
  const ours: number[] = [], baseline: number[] = [];
  for (let i = 0; i < runs; i++) {
    let start = performance.now(); await endpoint(); ours.push(ms(start));
    start = performance.now(); await raw(); baseline.push(ms(start));
  }
  const ratio = median(ours) / median(baseline);
  console.log(`${what}: endpoint median ${fmt(median(ours))} (${ours.map((v) => v.toFixed(0)).join(', ')})`);
  console.log(`${what}: raw SQL  median ${fmt(median(baseline))} (${baseline.map((v) => v.toFixed(0)).join(', ')})`);
  console.log(`${what}: ratio ${ratio.toFixed(2)}× (target ≤ ${target}×)`);
  return ratio;
}

/** The app on a scratch database, and SQL as the tables' owner on the same database. */
export type BenchApp = Awaited<ReturnType<typeof startBenchApp>>;

export async function startBenchApp() {
  const app = await startTestApp();
  const owner = app.pglite ? undefined : postgresJs(postgresTarget(app.config.databaseOwnerUrl!), { max: 1 });
  /** SQL as the tables' owner: no row-level security (BYPASSRLS on PostgreSQL, the superuser on PGlite). */
  async function ownerSql<T = any>(statement: string): Promise<T[]> {
    if (owner) return [...(await owner.unsafe(statement))] as T[];
    const pglite = app.pglite!;
    await pglite.exec('reset role');
    try { return (await pglite.query<T>(statement)).rows; } finally { await pglite.exec(`set role ${APP_ROLE}`); }
  }
  /** Several statements as the tables' owner in one transaction (bulk seeding). */
  async function ownerTransaction(statements: string): Promise<void> {
    if (owner) { await owner.begin((tx) => tx.unsafe(statements)); return; }
    const pglite = app.pglite!;
    await pglite.exec('reset role');
    try { await pglite.exec(`begin; ${statements} commit;`); } finally { await pglite.exec(`set role ${APP_ROLE}`); }
  }
  /**
   * Statements as the server's superuser in one transaction, with `session_replication_role = replica` (no triggers, no
   * foreign-key checks): document lines written for register rows the seeding made without documents behind them.
   */
  async function unguardedTransaction(statements: string): Promise<void> {
    const all = `set local session_replication_role = replica; ${statements}`;
    if (app.pglite) {
      await app.pglite.exec('reset role');
      try { await app.pglite.exec(`begin; ${all} commit;`); } finally { await app.pglite.exec(`set role ${APP_ROLE}`); }
      return;
    }
    const admin = postgresJs(postgresTarget(app.adminUrl!), { max: 1 });
    try { await admin.begin((tx) => tx.unsafe(all)); } finally { await admin.end(); }
  }
  return {
    app,
    ownerSql,
    ownerTransaction,
    unguardedTransaction,
    async close() {
      await owner?.end();
      await app.close();
    },
  };
}

/**
 * Seeds a company's journal with balanced 4-line entries (Dr A a, Dr B b / Cr C a, Cr D b) over
 * two years, set-based as the tables' owner with every ledger trigger on (the maintained balances
 * included), then analyzes the tables. `firstDate` is an SQL date expression; entry g falls on
 * it `direction` g % 730 days. Answers the entries written and the seconds it took.
 */
export async function seedJournal(bench: Pick<BenchApp, 'ownerSql' | 'ownerTransaction'>, options: {
  tenant: string; lines: number; accounts: readonly string[]; firstDate: string; direction: '+' | '-';
}): Promise<{ entries: number; seconds: number }> {
  const { tenant, accounts } = options;
  const linesPerEntry = 4;
  const batch = 50_000; // entries per seeding transaction
  const entries = Math.ceil(options.lines / linesPerEntry);
  const accountArray = `array[${accounts.map((a) => `'${a}'`).join(',')}]`;
  const start = performance.now();
  for (let first = 1; first <= entries; first += batch) {
    const last = Math.min(entries, first + batch - 1);
    await bench.ownerTransaction(`
      insert into journal_entries (id, tenant_id, number, date, description, source_type)
      select gen_random_uuid(), '${tenant}', g, ${options.firstDate} ${options.direction} (g % 730), 'Asiento ' || g, 'bench'
      from generate_series(${first}, ${last}) g;
      insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit)
      select e.tenant_id, e.id, l, e.date,
        (${accountArray})[1 + ((e.number * 7 + l * 13) % ${accounts.length})],
        case when l = 1 then ((e.number % 1000) + 1) * 1.01 when l = 2 then ((e.number % 97) + 1) * 10.37 else 0 end,
        case when l = 3 then ((e.number % 1000) + 1) * 1.01 when l = 4 then ((e.number % 97) + 1) * 10.37 else 0 end
      from journal_entries e cross join generate_series(1, ${linesPerEntry}) l
      where e.tenant_id = '${tenant}' and e.number between ${first} and ${last};`);
  }
  await bench.ownerSql(`insert into ledger_counters (tenant_id, last_number) values ('${tenant}', ${entries}) on conflict (tenant_id) do update set last_number = excluded.last_number`);
  const seconds = ms(start) / 1000;
  for (const table of ['journal_entries', 'journal_lines', 'ledger_month_balances']) await bench.ownerSql(`vacuum analyze ${table}`);
  return { entries, seconds };
}
