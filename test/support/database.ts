import { postgresJs, postgresTarget } from '../../kernel/postgres-url';

export type Backend = 'pglite' | 'postgres';
export const backend: Backend = process.env.CUADRA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

/** A fresh, empty database for one test app: in-memory PGlite, or a new PostgreSQL database. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (backend === 'pglite') return { url: 'memory://', drop: async () => {} };
  const name = `cuadra_test_${process.pid}_${crypto.randomUUID().slice(0, 8)}`;
  const admin = postgresJs(postgresTarget(adminUrl), { max: 1 });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(postgresTarget(adminUrl).url);
  const socketDirectory = postgresTarget(adminUrl).socketDirectory;
  if (socketDirectory) url.searchParams.set('host', socketDirectory);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const sql = postgresJs(postgresTarget(adminUrl), { max: 1 });
      await sql.unsafe(`drop database if exists "${name}" with (force)`);
      await sql.end();
    },
  };
}
