/**
 * The baselines of `idle-memory.ts`, each a process of its own answering `GET /health` on PORT:
 * `database` opens the database the service would (DATABASE_URL through postgres.js, or the embedded
 * database under DATA_DIR with the service's own settings) and answers `select 1` through a bare
 * `Bun.serve`; `elysia` is an Elysia hello-world with no database.
 */
import { join } from 'node:path';
import { Elysia } from 'elysia';
import { openEmbeddedDatabase } from '../kernel/database';
import { postgresJs, postgresTarget } from '../kernel/postgres-url';

const mode = process.argv[2];
const port = Number(process.env.PORT);
const hostname = process.env.HOST ?? '127.0.0.1';

if (mode === 'elysia') {
  new Elysia().get('/health', () => ({ status: 'ok' })).listen({ port, hostname });
} else if (mode === 'database') {
  const selectOne: () => Promise<unknown> = process.env.DATABASE_URL
    ? ((sql) => () => sql`select 1`)(postgresJs(postgresTarget(process.env.DATABASE_URL), { max: 1 }))
    : ((db) => () => db.query('select 1'))(await openEmbeddedDatabase(join(process.env.DATA_DIR!, 'db')));
  await selectOne();
  Bun.serve({ port, hostname, fetch: async () => { await selectOne(); return Response.json({ status: 'ok' }); } });
} else {
  console.error('usage: bun bench/idle-memory-baseline.ts database|elysia');
  process.exit(2);
}
