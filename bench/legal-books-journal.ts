/**
 * The Libro Diario of a year of 1,000,000 journal lines (BENCH_LINES to change it), streamed:
 *   1. our endpoint  GET /api/v1/legal-books/journal?format=csv  (in-process, through auth, RLS,
 *      keyset pages in short transactions, the CSV writer), read chunk by chunk as a client would;
 *   2. the baseline: the same lines in the same order (date, number, line) read in raw SQL as the
 *      database owner with a cursor of 10,000 rows, formatted to the same CSV columns.
 * Reported: time, lines/s, and the process's resident memory at its peak while reading, against
 * before it started (the book must not load the year into memory). Targets: flat memory (the
 * peak within a few tens of MB of the start whatever the number of lines), time within a small
 * factor of the raw read.
 *
 * Run: .tools/node_modules/.bin/bun bench/legal-books-journal.ts
 *   BENCH_DB=postgres (default) | pglite    BENCH_LINES=1000000    BENCH_RUNS=3
 */
import { postgresJs, postgresTarget } from '../kernel/postgres-url';
import { createCompany, median, ms, seedJournal, startBenchApp } from './support';

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ACCOUNTS = ['4300', '4000', '472', '477', '570', '572', '600', '621', '628', '640', '681', '7000', '7050', '100', '129', '170', '2817', '218'];
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

const bench = await startBenchApp();
const { app, ownerSql } = bench;
try {
  console.log(`Libro Diario streaming benchmark — ${app.kernel.db.kind}, ${LINES.toLocaleString('en')} lines, ${RUNS} runs each`);
  const company = await createCompany(app);
  const tenant = company.tenantId;
  // one year: entries spread over 365 days from 2026-01-01
  const seeded = await seedJournal(bench, { tenant, lines: LINES, accounts: ACCOUNTS, firstDate: `date '2026-01-01'`, direction: '+' });
  console.log(`seeded ${LINES.toLocaleString('en')} lines in ${seeded.seconds.toFixed(1)} s`);

  /** Reads a stream to its end, sampling resident memory: bytes, lines (CRLF), peak RSS. */
  async function drain(stream: ReadableStream<Uint8Array>) {
    let bytes = 0, lines = 0, peak = process.memoryUsage.rss();
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
      const rss = process.memoryUsage.rss();
      if (rss > peak) peak = rss;
    }
    return { bytes, lines, peak };
  }

  const ours = async (from = '2026-01-01', to = '2026-12-31') => {
    Bun.gc(true);
    const before = process.memoryUsage.rss();
    const start = performance.now();
    const response = await app.handle(new Request(`http://localhost/api/v1/legal-books/journal?format=csv&from=${from}&to=${to}`, {
      headers: { authorization: `Bearer ${company.token}` },
    }));
    if (response.status !== 200) throw new Error(`journal: ${response.status} ${await response.text()}`);
    const read = await drain(response.body!);
    return { elapsed: ms(start), before, ...read };
  };

  const owner = app.pglite ? null : postgresJs(postgresTarget(app.config.databaseOwnerUrl!), { max: 1 });
  const rawQuery = `select e.number, e.date::text as date, l.account_code, a.name, e.description, l.debit::text as debit, l.credit::text as credit
    from journal_entries e join journal_lines l on l.tenant_id = e.tenant_id and l.entry_id = e.id
    join accounts a on a.tenant_id = l.tenant_id and a.code = l.account_code
    where e.tenant_id = '${tenant}' and e.date between date '2026-01-01' and date '2026-12-31' order by e.date, e.number, l.line_no`;
  const raw = async () => {
    Bun.gc(true);
    const before = process.memoryUsage.rss();
    const start = performance.now();
    let lines = 0, bytes = 0, peak = before;
    const encoder = new TextEncoder();
    const take = (rows: any[]) => {
      let text = '';
      for (const r of rows) text += `${r.number};${r.date};${r.account_code};${r.name};${r.description};${r.debit};${r.credit}\r\n`;
      bytes += encoder.encode(text).byteLength;
      lines += rows.length;
      const rss = process.memoryUsage.rss();
      if (rss > peak) peak = rss;
    };
    if (owner) {
      await owner.begin(async (tx) => { for await (const rows of tx.unsafe(rawQuery).cursor(10_000)) take(rows); });
    } else {
      // PGlite has no server-side cursor through this door: pages by keyset instead
      let after = { date: '0001-01-01', number: 0 };
      for (;;) {
        const rows = await ownerSql<any>(rawQuery.replace('order by', `and (e.date, e.number) > (date '${after.date}', ${after.number}) order by`) + ' limit 10000');
        if (!rows.length) break;
        take(rows);
        after = { date: rows.at(-1).date, number: Number(rows.at(-1).number) };
      }
    }
    return { elapsed: ms(start), before, bytes, lines, peak };
  };

  await ours(); // warm-up
  const oursRuns = [], rawRuns = [], monthRuns = [];
  for (let i = 0; i < RUNS; i++) { oursRuns.push(await ours()); rawRuns.push(await raw()); monthRuns.push(await ours('2026-01-01', '2026-01-31')); }
  await owner?.end();

  const show = (label: string, runs: { elapsed: number; before: number; peak: number; lines: number; bytes: number }[]) => {
    const t = median(runs.map((r) => r.elapsed));
    const growth = Math.max(...runs.map((r) => r.peak - r.before));
    console.log(`${label}: median ${(t / 1000).toFixed(2)} s (${Math.round(runs[0].lines / (t / 1000)).toLocaleString('en')} lines/s), ${runs[0].lines.toLocaleString('en')} lines, ${mb(runs[0].bytes)}; resident memory ${mb(runs[0].before)} before, at most +${mb(growth)} while reading`);
    return t;
  };
  const t1 = show('our endpoint (streamed CSV)  ', oursRuns);
  // flat memory: the year's book should grow the process no more than one month's does
  show('our endpoint, January only     ', monthRuns);
  const t2 = show('raw SQL cursor (owner, no RLS)', rawRuns);
  console.log(`endpoint / raw: ${(t1 / t2).toFixed(2)}×`);
} finally {
  await bench.close();
}
