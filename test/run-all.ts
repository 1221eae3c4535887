/**
 * Runs the whole suite twice, on embedded PGlite and on PostgreSQL (TEST_DATABASE_URL, default the
 * local server, a superuser there: it creates the roles `cuadra_owner` and `cuadra_service` and a
 * database per test app), and ends with one line of totals: "N passed, N failed".
 * Extra arguments are passed to `bun test` (e.g. a path filter); without them the strict type check
 * (`tsc --noEmit`) runs first.
 */
import postgres from 'postgres';
import { ensureTestRoles } from './support/database';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const only = process.env.CUADRA_TEST_DB; // run a single backend when set
const backends = only ? [only] : ['pglite', 'postgres'];

if (backends.includes('postgres')) {
  const sql = postgres(postgresUrl, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`select 1`;
    // the application's login and the tables' owner, as in a deployment (infra/README.md)
    await ensureTestRoles(postgresUrl);
  } catch (error) {
    console.error(`PostgreSQL is not reachable at ${postgresUrl}: ${(error as Error).message}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  } finally {
    await sql.end();
  }
}

let passed = 0, failed = 0, skipped = 0;

// The strict type check is part of the suite when it runs whole; a type error counts as one failure.
if (process.argv.length === 2) {
  console.log('\n=== type check (tsc --noEmit, strict) ===');
  const tsc = Bun.spawnSync([process.execPath, 'node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], { stdout: 'inherit', stderr: 'inherit' });
  if (tsc.exitCode === 0) console.log('type check passed');
  else { console.error('type check failed'); failed += 1; }
}
for (const backend of backends) {
  console.log(`\n=== test suite on ${backend} ===`);
  const child = Bun.spawn([process.execPath, 'test', '--timeout', '60000', ...process.argv.slice(2)], {
    env: { ...process.env, CUADRA_TEST_DB: backend, TEST_DATABASE_URL: postgresUrl },
    stdout: 'inherit',
    stderr: 'pipe',
  });
  let output = '';
  const decoder = new TextDecoder();
  for await (const chunk of child.stderr) {
    const text = decoder.decode(chunk);
    output += text;
    process.stderr.write(text);
  }
  const code = await child.exited;
  const count = (label: string) => Number(/^\s*(\d+) (?:pass|fail|skip)$/m.exec(output.split('\n').filter((l) => l.trim().endsWith(` ${label}`)).join('\n'))?.[1] ?? 0);
  const p = count('pass'), f = count('fail'), s = count('skip');
  passed += p; failed += f; skipped += s;
  if (code !== 0 && f === 0) failed += 1; // the runner itself failed (load error, no tests)
  if (p === 0) { console.error(`no test passed on ${backend}`); failed += 1; }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
