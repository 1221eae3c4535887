/**
 * Runs the whole suite twice, on embedded PGlite and on PostgreSQL (TEST_DATABASE_URL, default the
 * local server, a superuser there: it creates the roles `cuadra_owner` and `cuadra_service` and a
 * database per test app), and ends with one line of totals: "N passed, N failed".
 * Extra arguments are passed to `bun test` (e.g. a path filter); without them the strict type check
 * (`tsc --noEmit`, see support/type-check.ts) runs too.
 */
import postgres from 'postgres';
import { ensureTestRoles } from './support/database';
import { typeCheckCommand } from './support/type-check';

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
/** What failed, repeated just above the totals: CI keeps only the end of what the suite prints. */
const failures: string[] = [];

interface Pass { label: string; output: string; code: number }

/** Runs a command to its end, keeping what it prints (both streams) to show as one block. */
async function capture(label: string, command: string[], env: Record<string, string | undefined>): Promise<Pass> {
  const child = Bun.spawn(command, { env, stdout: 'pipe', stderr: 'pipe' });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { label, output: out + err, code };
}

// The type check and the two database passes run at the same time: each is mostly one process on one
// core, so on a two-core machine the suite takes about as long as its longest part. Each part's output
// is printed as one block when it ends. CUADRA_TEST_SERIAL=1 runs them one after another instead.
console.log(`running ${process.argv.length === 2 ? 'the type check and ' : ''}the tests on ${backends.join(' and ')}${process.env.CUADRA_TEST_SERIAL === '1' ? ', one after another' : ' at once'}; each part prints when it ends`);
const parts: Array<() => Promise<Pass>> = [];
// The strict type check is part of the suite when it runs whole; a type error counts as one failure.
if (process.argv.length === 2) {
  parts.push(() => capture('type check (tsc --noEmit, strict)', typeCheckCommand, process.env));
}
for (const backend of backends) {
  parts.push(() => capture(`test suite on ${backend}`, [process.execPath, 'test', '--timeout', '60000', ...process.argv.slice(2)],
    { ...process.env, CUADRA_TEST_DB: backend, TEST_DATABASE_URL: postgresUrl }));
}

function report(pass: Pass) {
  console.log(`\n=== ${pass.label} ===`);
  process.stdout.write(pass.output);
  if (pass.label.startsWith('type check')) {
    if (pass.code === 0) console.log('type check passed');
    else { console.error('type check failed'); failed += 1; }
    return;
  }
  const count = (label: string) => Number(/^\s*(\d+) (?:pass|fail|skip)$/m.exec(pass.output.split('\n').filter((l) => l.trim().endsWith(` ${label}`)).join('\n'))?.[1] ?? 0);
  const p = count('pass'), f = count('fail'), s = count('skip');
  passed += p; failed += f; skipped += s;
  const lines = pass.output.split('\n');
  // each failure with what bun printed about it just before (the error, the expected and received values)
  lines.forEach((line, i) => {
    if (line.startsWith('(fail)')) failures.push(`${pass.label}: ${line}`, ...lines.slice(Math.max(0, i - 15), i).filter((l) => !/^\((?:pass|skip)\)/.test(l)));
  });
  if (pass.code !== 0 && f === 0) { // the runner itself failed (load error, no tests)
    failed += 1;
    failures.push(`${pass.label}: the runner exited with ${pass.code}; its last lines:`, ...pass.output.trimEnd().split('\n').slice(-20));
  }
  if (p === 0) { console.error(`no test passed on ${pass.label}`); failed += 1; }
}

if (process.env.CUADRA_TEST_SERIAL === '1') {
  for (const part of parts) report(await part());
} else {
  await Promise.all(parts.map((part) => part().then(report)));
}
if (failures.length) console.log(`\n=== what failed ===\n${failures.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
