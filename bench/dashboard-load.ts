/**
 * The web app's dashboard on a year of a small company (the browser test's seed: a bank account,
 * three customers, two suppliers, each month an invoice collected and the rent bill), in-process,
 * the requests the page makes after the session is known:
 *   1. before (baseline, same run): the boards and the catalogue in parallel, then every
 *      recommended widget's data in parallel (POST /dashboard/data, one request a widget plus the
 *      sales chart's companion series), as the page did until 2026-11-27
 *   2. now: POST /dashboard/board-data (the board and every widget's data in one
 *      request, one transaction), as the page does now
 *   3. each widget's data alone, one after the other: where the time goes
 * Target (issue 33): the dashboard's data shown ≤ 1 s after navigation on PGlite.
 * Run: .tools/node_modules/.bin/bun bench/dashboard-load.ts   (BENCH_DB=pglite|postgres, default postgres; BENCH_RUNS)
 */
import { createCompany, fmt, median, ms, startBenchApp } from './support';
import { seedYear } from '../test/plugins/web-app/seed';

process.env.RATE_LIMIT_USER ??= '100000000';
const RUNS = Number(process.env.BENCH_RUNS ?? 9);

const bench = await startBenchApp();
const { app } = bench;
try {
  const company = await createCompany(app);
  const token = company.token;
  await seedYear(app, token);
  // right after the seed, as the browser test opens the page: what is still queued (after-commit work) shares PGlite's one connection
  const coldStart = performance.now();
  const cold = await app.post('/api/v1/dashboard/board-data', { period: 'last_12m' }, token);
  const coldMs = ms(coldStart);
  console.log(`dashboard load — ${app.pglite ? 'PGlite' : 'PostgreSQL'}, a year of a small company, ${RUNS} runs each (median)`);

  const ok = async <T = any>(call: Promise<{ status: number; text: string; body: T }>, what: string): Promise<T> => {
    const res = await call;
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res.body;
  };
  const catalogue = await ok(app.get('/api/v1/dashboard/widget-types', token), 'catalogue');
  const widgets: { type: string; params: Record<string, unknown> }[] = catalogue.items.filter((i: any) => i.recommended)
    .map((i: any) => ({ type: i.type, params: 'period' in i.params ? { period: 'last_12m' } : {} }));
  widgets.push({ type: 'timeseries', params: { metric: 'expenses', period: 'last_12m' } });

  const timed = async (call: () => Promise<unknown>) => {
    await call();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) { const start = performance.now(); await call(); times.push(ms(start)); }
    return median(times);
  };
  const before = await timed(async () => {
    await Promise.all([ok(app.get('/api/v1/dashboard/boards', token), 'boards'), ok(app.get('/api/v1/dashboard/widget-types', token), 'catalogue')]);
    await Promise.all(widgets.map((w) => ok(app.post('/api/v1/dashboard/data', w, token), w.type)));
  });
  const boardBody = { period: 'last_12m', extra: [{ type: 'timeseries', params: { metric: 'expenses', period: 'last_12m' } }] };
  const hasBoardData = (await app.post('/api/v1/dashboard/board-data', boardBody, token)).status === 200;
  const now = hasBoardData ? await timed(() => ok(app.post('/api/v1/dashboard/board-data', boardBody, token), 'board-data')) : NaN;
  console.log(`before: boards + catalogue, then ${widgets.length} data requests in parallel  ${fmt(before)}`);
  console.log(`now:    one POST /dashboard/board-data                              ${hasBoardData ? fmt(now) : '(not installed)'}`);
  if (hasBoardData) console.log(`        ${(before / now).toFixed(1)}× faster`);
  if (cold.status === 200) console.log(`        the first, right after the seed: ${fmt(coldMs)}`);
  console.log('each widget alone:');
  for (const w of widgets) {
    const t = await timed(() => ok(app.post('/api/v1/dashboard/data', w, token), w.type));
    console.log(`  ${`${w.type} ${JSON.stringify(w.params)}`.padEnd(60)} ${fmt(t)}`);
  }
} finally {
  await bench.close();
}
