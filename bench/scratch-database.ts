import { postgresJs, postgresTarget } from '../kernel/postgres-url';

export const BENCH_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

/** A database for one benchmark run: in-memory PGlite, or a PostgreSQL database created now and dropped by `drop()`. */
export async function scratchDatabase(kind: string, label: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === 'pglite') return { url: 'memory://', drop: async () => {} };
  const name = `cuadra_bench_${label}_${process.pid}`;
  const run = async (statement: string) => {
    const admin = postgresJs(postgresTarget(BENCH_ADMIN_URL), { max: 1 });
    try { await admin.unsafe(statement); } finally { await admin.end(); }
  };
  await run(`drop database if exists "${name}" with (force)`);
  await run(`create database "${name}"`);
  const target = postgresTarget(BENCH_ADMIN_URL);
  const url = new URL(target.url);
  if (target.socketDirectory) url.searchParams.set('host', target.socketDirectory);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}
