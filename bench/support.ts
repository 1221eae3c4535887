/**
 * What the benchmarks that seed large books share: the backend chosen by BENCH_DB (postgres by
 * default, or pglite), the app on a scratch database of it, raw SQL as the tables' owner (no
 * row-level security: the baselines and the bulk seeding), and the timing helpers.
 *
 * The environment is set before the test support is loaded, because that reads it on import.
 */
import { postgresJs, postgresTarget } from '../kernel/postgres-url';

process.env.CUADRA_TEST_DB = process.env.BENCH_DB ?? 'postgres';
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
process.env.LOG_LEVEL ??= 'error';
const { startTestApp } = await import('../test/support/app');
export const { createCompany } = await import('../test/support/factories');

export const ms = (start: number) => performance.now() - start;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const fmt = (value: number) => `${value.toFixed(1)} ms`;

/** The app on a scratch database, and SQL as the tables' owner on the same database. */
export async function startBenchApp() {
  const app = await startTestApp();
  const owner = app.pglite ? undefined : postgresJs(postgresTarget(app.config.databaseOwnerUrl!), { max: 1 });
  /** SQL as the tables' owner: no row-level security (BYPASSRLS on PostgreSQL, the superuser on PGlite). */
  async function ownerSql<T = any>(statement: string): Promise<T[]> {
    if (owner) return [...(await owner.unsafe(statement))] as T[];
    const pglite = app.pglite!;
    await pglite.exec('reset role');
    try { return (await pglite.query<T>(statement)).rows; } finally { await pglite.exec(`set role ${app.config.appRole}`); }
  }
  /** Several statements as the tables' owner in one transaction (bulk seeding). */
  async function ownerTransaction(statements: string): Promise<void> {
    if (owner) { await owner.begin((tx) => tx.unsafe(statements)); return; }
    const pglite = app.pglite!;
    await pglite.exec('reset role');
    try { await pglite.exec(`begin; ${statements} commit;`); } finally { await pglite.exec(`set role ${app.config.appRole}`); }
  }
  return {
    app,
    ownerSql,
    ownerTransaction,
    async close() {
      await owner?.end();
      await app.close();
    },
  };
}
