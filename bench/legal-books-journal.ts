/**
 * The Libro Diario streamed at several sizes, to see whether memory grows with the book. One
 * company's journal of BENCH_LINES lines (default 1,000,000) is seeded over 2026–2027; the book is
 * then read for periods holding about BENCH_SIZES lines each (default 100,000, 500,000 and
 * 1,000,000), by:
 *   1. our endpoint  GET /api/v1/legal-books/journal?format=csv  (in-process, through auth, RLS,
 *      keyset pages in short transactions, the CSV writer), read chunk by chunk as a client would;
 *   2. the baseline: the same lines in the same order (date, number, line) read in raw SQL as the
 *      database owner with a cursor of 10,000 rows, formatted to the same CSV columns, in the same
 *      process.
 * Each is read twice per size:
 *   - plain: the time, and the process's peak resident memory (RSS) against before the read, with
 *     the garbage collector left to itself (what a server sees);
 *   - sampled: every 4 MB of CSV read, a full collection (`Bun.gc(true)`) and then the JS heap's
 *     live size and the RSS: the most the read holds at once, whatever the collector's schedule.
 * Flat memory: the plain peak RSS and the sampled heap do not grow from one size to the next (the
 * endpoint makes a full collection every 4 MiB it writes; the raw cursor shows what the runtime does
 * without). Target for time: a small factor of the raw read.
 *
 * Run: .tools/node_modules/.bin/bun bench/legal-books-journal.ts
 *   BENCH_DB=postgres (default) | pglite    BENCH_LINES=1000000    BENCH_SIZES=100000,500000,1000000
 */
import { postgresJs, postgresTarget } from '../kernel/postgres-url';
import { createCompany, ms, seedJournal, startBenchApp } from './support';

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const SIZES = (process.env.BENCH_SIZES ?? '100000,500000,1000000').split(',').map(Number).filter((n) => n > 0 && n <= LINES);
const ACCOUNTS = ['4300', '4000', '472', '477', '570', '572', '600', '621', '628', '640', '681', '7000', '7050', '100', '129', '170', '2817', '218'];
const DAYS = 730; // seedJournal spreads the entries over two years
const SAMPLE_EVERY = 4 << 20;
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
const signedMb = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${mb(Math.abs(bytes))}`;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Reading { elapsed: number; lines: number; bytes: number; rssBefore: number; heapBefore: number; rssPeak: number; heapPeak: number; rssAfterGcPeak: number }

/** Memory probe of one read: peak RSS at every chunk; when `sampled`, a full collection every SAMPLE_EVERY bytes, then the live heap and RSS. */
function probe(sampled: boolean) {
  Bun.gc(true);
  const rssBefore = process.memoryUsage.rss();
  const heapBefore = process.memoryUsage().heapUsed;
  const reading = { lines: 0, bytes: 0, rssBefore, heapBefore, rssPeak: rssBefore, heapPeak: heapBefore, rssAfterGcPeak: rssBefore };
  let nextSample = SAMPLE_EVERY;
  return {
    reading,
    chunk(bytes: number, lines: number) {
      reading.bytes += bytes; reading.lines += lines;
      const rss = process.memoryUsage.rss();
      if (rss > reading.rssPeak) reading.rssPeak = rss;
      if (sampled && reading.bytes >= nextSample) {
        nextSample += SAMPLE_EVERY;
        Bun.gc(true);
        const heap = process.memoryUsage().heapUsed, after = process.memoryUsage.rss();
        if (heap > reading.heapPeak) reading.heapPeak = heap;
        if (after > reading.rssAfterGcPeak) reading.rssAfterGcPeak = after;
      }
    },
  };
}

const bench = await startBenchApp();
const { app, ownerSql } = bench;
try {
  console.log(`Libro Diario streaming benchmark — ${app.kernel.db.kind}, ${LINES.toLocaleString('en')} lines seeded, sizes ${SIZES.map((s) => s.toLocaleString('en')).join(' / ')}`);
  const company = await createCompany(app);
  const tenant = company.tenantId;
  const seeded = await seedJournal(bench, { tenant, lines: LINES, accounts: ACCOUNTS, firstDate: `date '2026-01-01'`, direction: '+' });
  console.log(`seeded ${LINES.toLocaleString('en')} lines in ${seeded.seconds.toFixed(1)} s`);

  const ours = async (to: string, sampled: boolean): Promise<Reading> => {
    const memory = probe(sampled);
    const start = performance.now();
    const response = await app.handle(new Request(`http://localhost/api/v1/legal-books/journal?format=csv&from=2026-01-01&to=${to}`, {
      headers: { authorization: `Bearer ${company.token}` },
    }));
    if (response.status !== 200) throw new Error(`journal: ${response.status} ${await response.text()}`);
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      let lines = 0;
      for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
      memory.chunk(value.byteLength, lines);
    }
    return { elapsed: ms(start), ...memory.reading };
  };

  const owner = app.pglite ? null : postgresJs(postgresTarget(app.config.databaseOwnerUrl!), { max: 1 });
  const rawQuery = (to: string) => `select e.number, e.date::text as date, l.account_code, a.name, e.description, l.debit::text as debit, l.credit::text as credit
    from journal_entries e join journal_lines l on l.tenant_id = e.tenant_id and l.entry_id = e.id
    join accounts a on a.tenant_id = l.tenant_id and a.code = l.account_code
    where e.tenant_id = '${tenant}' and e.date between date '2026-01-01' and date '${to}' order by e.date, e.number, l.line_no`;
  const raw = async (to: string, sampled: boolean): Promise<Reading> => {
    const memory = probe(sampled);
    const start = performance.now();
    const encoder = new TextEncoder();
    const take = (rows: any[]) => {
      let text = '';
      for (const r of rows) text += `${r.number};${r.date};${r.account_code};${r.name};${r.description};${r.debit};${r.credit}\r\n`;
      memory.chunk(encoder.encode(text).byteLength, rows.length);
    };
    if (owner) {
      await owner.begin(async (tx) => { for await (const rows of tx.unsafe(rawQuery(to)).cursor(10_000)) take(rows); });
    } else {
      // PGlite has no server-side cursor through this door: pages by keyset instead
      let after = { date: '0001-01-01', number: 0 };
      for (;;) {
        const rows = await ownerSql<any>(rawQuery(to).replace('order by', `and (e.date, e.number) > (date '${after.date}', ${after.number}) order by`) + ' limit 10000');
        if (!rows.length) break;
        take(rows);
        after = { date: rows.at(-1).date, number: Number(rows.at(-1).number) };
      }
    }
    return { elapsed: ms(start), ...memory.reading };
  };

  await ours(addDays('2026-01-01', 30), false); // warm-up
  const table: string[] = [];
  const row = (label: string, size: number, plain: Reading, sampled: Reading) => {
    const line = `| ${label} | ${plain.lines.toLocaleString('en')} | ${(plain.elapsed / 1000).toFixed(1)} s (${Math.round(plain.lines / (plain.elapsed / 1000)).toLocaleString('en')}/s) | ${signedMb(plain.rssPeak - plain.rssBefore)} | ${signedMb(sampled.heapPeak - sampled.heapBefore)} (${mb(sampled.heapBefore)} before) | ${signedMb(sampled.rssAfterGcPeak - sampled.rssBefore)} | ${signedMb(sampled.rssPeak - sampled.rssBefore)} |`;
    table.push(line);
    console.log(line);
  };
  console.log('| read | lines | time | peak RSS, plain | peak live heap, sampled | peak RSS after a full collection, sampled | peak RSS, sampled |');
  console.log('|---|---|---|---|---|---|---|');
  for (const size of SIZES) {
    const to = addDays('2026-01-01', Math.max(1, Math.round((size / LINES) * DAYS)) - 1);
    const oursPlain = await ours(to, false), rawPlain = await raw(to, false);
    const oursSampled = await ours(to, true), rawSampled = await raw(to, true);
    row(`our endpoint, to ${to}`, size, oursPlain, oursSampled);
    row(`raw SQL cursor, to ${to}`, size, rawPlain, rawSampled);
    console.log(`  endpoint / raw: ${(oursPlain.elapsed / rawPlain.elapsed).toFixed(2)}×; CSV ${mb(oursPlain.bytes)}`);
  }
  await owner?.end();
  console.log(`\nload average ${(await Bun.file('/proc/loadavg').text()).split(' ').slice(0, 3).join(' ')}`);
} finally {
  await bench.close();
}
