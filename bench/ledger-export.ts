/**
 * GET /api/v1/ledger/export streamed, for the generic CSV and the gestorías' A3 and ContaPlus files,
 * at two sizes, to see whether memory grows with the journal. One company's journal of BENCH_LINES
 * lines (default 400,000) is seeded over 2026–2027; each format is read for a period holding about
 * BENCH_SIZES lines (default 100,000 and 400,000), chunk by chunk as a client would, through auth,
 * RLS and the batched reads of LedgerService.exportRows.
 * Same-run baselines, in the same process:
 *   - "raw SQL, streamed": the same lines in the same order read in raw SQL as the owner (pages of
 *     10,000 by keyset), formatted to CSV and dropped: the time a bare read takes;
 *   - "raw SQL, kept": the same, keeping every piece until the end and answering one Blob, as the
 *     CSV export did before it was streamed: what holding the file in memory costs.
 * Reported: time, and the process's peak resident memory (RSS) against before the read, and the
 * peak live heap sampled with a full collection every 4 MB read.
 *
 * Run: .tools/node_modules/.bin/bun bench/ledger-export.ts
 *   BENCH_DB=postgres (default) | pglite    BENCH_LINES=400000    BENCH_SIZES=100000,400000
 */
import { createCompany, ms, seedJournal, startBenchApp } from './support';

const LINES = Number(process.env.BENCH_LINES ?? 400_000);
const SIZES = (process.env.BENCH_SIZES ?? '100000,400000').split(',').map(Number).filter((n) => n > 0 && n <= LINES);
const ACCOUNTS = ['4300', '4000', '472', '477', '570', '572', '600', '621', '628', '640', '681', '7000', '7050', '100', '129', '170', '2817', '218'];
const DAYS = 730;
const SAMPLE_EVERY = 4 << 20;
const mb = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${(Math.abs(bytes) / 1048576).toFixed(0)} MB`;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function probe() {
  Bun.gc(true);
  const rssBefore = process.memoryUsage.rss(), heapBefore = process.memoryUsage().heapUsed;
  const r = { bytes: 0, rssPeak: rssBefore, heapPeak: heapBefore };
  let next = SAMPLE_EVERY;
  return {
    chunk(bytes: number) {
      r.bytes += bytes;
      r.rssPeak = Math.max(r.rssPeak, process.memoryUsage.rss());
      if (r.bytes >= next) {
        next += SAMPLE_EVERY;
        Bun.gc(true);
        r.heapPeak = Math.max(r.heapPeak, process.memoryUsage().heapUsed);
      }
    },
    done: (start: number) => ({ elapsed: ms(start), bytes: r.bytes, rss: r.rssPeak - rssBefore, heap: r.heapPeak - heapBefore }),
  };
}

const bench = await startBenchApp();
const { app, ownerSql } = bench;
try {
  console.log(`Journal export benchmark — ${app.kernel.db.kind}, ${LINES.toLocaleString('en')} lines seeded, sizes ${SIZES.map((s) => s.toLocaleString('en')).join(' / ')}`);
  const company = await createCompany(app);
  const tenant = company.tenantId;
  const seeded = await seedJournal(bench, { tenant, lines: LINES, accounts: ACCOUNTS, firstDate: `date '2026-01-01'`, direction: '+' });
  console.log(`seeded in ${seeded.seconds.toFixed(1)} s`);

  const ours = async (format: string, to: string) => {
    const memory = probe();
    const start = performance.now();
    const response = await app.handle(new Request(`http://localhost/api/v1/ledger/export?format=${format}&from=2026-01-01&to=${to}`, {
      headers: { authorization: `Bearer ${company.token}` },
    }));
    if (response.status !== 200) throw new Error(`${format}: ${response.status} ${await response.text()}`);
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      memory.chunk(value.byteLength);
    }
    return memory.done(start);
  };

  const raw = async (to: string, keep: boolean) => {
    const memory = probe();
    const start = performance.now();
    const encoder = new TextEncoder();
    const kept: string[] = [];
    let after = { date: '0001-01-01', number: 0 };
    for (;;) {
      const rows = await ownerSql<any>(`select e.number, e.date::text as date, e.id::text as entry_id, e.description, l.line_no, l.account_code, a.name, l.debit::text as debit, l.credit::text as credit
        from journal_entries e join journal_lines l on l.tenant_id = e.tenant_id and l.entry_id = e.id
        join accounts a on a.tenant_id = l.tenant_id and a.code = l.account_code
        where e.tenant_id = '${tenant}' and e.date between date '2026-01-01' and date '${to}' and (e.date, e.number) > (date '${after.date}', ${after.number})
        and e.number in (select number from journal_entries where tenant_id = '${tenant}' and date between date '2026-01-01' and date '${to}'
          and (date, number) > (date '${after.date}', ${after.number}) order by date, number limit 2500)
        order by e.date, e.number, l.line_no`);
      if (!rows.length) break;
      let text = '';
      for (const r of rows) text += `${r.number},${r.date},${r.entry_id},"${r.description}",,,,${r.line_no},${r.account_code},"${r.name}",${r.debit},${r.credit},,,\r\n`;
      if (keep) kept.push(text);
      memory.chunk(encoder.encode(text).byteLength);
      after = { date: rows.at(-1).date, number: Number(rows.at(-1).number) };
    }
    if (keep) memory.chunk(new Blob(kept).size * 0);
    return memory.done(start);
  };

  await ours('csv', addDays('2026-01-01', 30)); // warm-up
  console.log('| read | lines | time | bytes | peak RSS | peak live heap (sampled) |');
  console.log('|---|---|---|---|---|---|');
  for (const size of SIZES) {
    const to = addDays('2026-01-01', Math.max(1, Math.round((size / LINES) * DAYS)) - 1);
    const results: [string, ReturnType<ReturnType<typeof probe>['done']>][] = [];
    for (const format of ['csv', 'a3', 'contaplus']) results.push([`endpoint ${format}`, await ours(format, to)]);
    results.push(['raw SQL, streamed', await raw(to, false)], ['raw SQL, kept (the old in-memory CSV)', await raw(to, true)]);
    for (const [label, r] of results) {
      console.log(`| ${label} | ~${size.toLocaleString('en')} | ${(r.elapsed / 1000).toFixed(1)} s | ${(r.bytes / 1048576).toFixed(0)} MB | ${mb(r.rss)} | ${mb(r.heap)} |`);
    }
  }
  console.log(`\nload average ${(await Bun.file('/proc/loadavg').text()).split(' ').slice(0, 3).join(' ')}`);
} finally {
  await bench.close();
}
