/**
 * Posting one large manual entry (an opening balance, a payroll summary) through
 * POST /api/v1/ledger/entries: milliseconds per entry for entries of --lines lines (1,000 is the
 * most one request takes), median and spread over --rounds entries, after one warm-up entry.
 * The balance is checked once per entry at COMMIT; when it was checked once per line, each check
 * summed the whole entry again and a 1,000-line entry cost about four times as much.
 *
 * Run: .tools/node_modules/.bin/bun bench/ledger-large-entry.ts [--lines 1000] [--rounds 9]
 *   BENCH_DB=postgres (default; BENCH_DATABASE_URL or postgres://root@127.0.0.1:5432/test) | pglite
 */
import { createCompany } from './support'; // sets the backend (BENCH_DB) before the test support loads

const { startDocumentsApp } = await import('../test/support/documents');

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
const LINES = Number(option('lines', '1000'));
const ROUNDS = Number(option('rounds', '9'));

const app = await startDocumentsApp({ unlimited: true });
try {
  const company = await createCompany(app);
  const lines = [
    ...Array.from({ length: LINES - 1 }, () => ({ account: '572', debit: '1.00' })),
    { account: '100', credit: `${LINES - 1}.00` },
  ];
  const post = async () => {
    const started = performance.now();
    const res = await app.post('/api/v1/ledger/entries', { date: '2026-01-01', description: 'Asiento de apertura', lines }, company.token);
    if (res.status !== 201) throw new Error(`entry not posted: ${res.status} ${res.text}`);
    return performance.now() - started;
  };
  await post();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) times.push(await post());
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`large manual entry — ${navigator.hardwareConcurrency} cores, ${app.kernel.db.kind}, ${LINES} lines, ${ROUNDS} entries`);
  console.log(`median ${median.toFixed(1)} ms per entry (min ${times[0].toFixed(1)}, max ${times[times.length - 1].toFixed(1)})`);
} finally {
  await app.close();
}
