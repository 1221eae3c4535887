/**
 * POST /api/v1/auth/forgot-password for emails with an account and for emails without one, in
 * alternation, in one run: the two medians should not differ beyond noise (the request does the
 * same work for both: one outbox event; the mail is sent afterwards). The baseline is the other
 * class itself, measured in the same run on the same app; the order within each pair is drawn
 * at random, so that the position of a request (the first after a pause is slower) does not
 * count as a difference between the classes.
 * Run: .tools/node_modules/.bin/bun bench/forgot-password.ts [--requests 150]  (BENCH_DB=pglite for the embedded database)
 */
import { fmt, median, ms, startBenchApp } from './support';

const args = process.argv.slice(2);
const requests = Number(args[args.indexOf('--requests') + 1] || 150);

const bench = await startBenchApp();
const { app } = bench;
try {
  const accounts: string[] = [];
  for (let i = 0; i < requests; i++) {
    const email = `bench-${i}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await app.post('/api/v1/auth/register', { email, password: 'una clave larga de prueba' });
    if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
    accounts.push(email);
  }
  await app.kernel.outbox.idle();
  const timings = { existing: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < requests; i++) {
    const pair = [['existing', accounts[i]], ['unknown', `nobody-${i}-${crypto.randomUUID().slice(0, 8)}@example.com`]] as const;
    // which class goes first is drawn per pair: the first request after a pause is slower, whatever its class
    for (const [kind, email] of Math.random() < 0.5 ? pair : [pair[1], pair[0]]) {
      const start = performance.now();
      const res = await app.post('/api/v1/auth/forgot-password', { email });
      timings[kind].push(ms(start));
      if (res.status !== 204) throw new Error(`forgot-password: ${res.status} ${res.text}`);
      // the mail goes out before the next request, so that it never overlaps one of either class
      await app.kernel.outbox.idle();
    }
  }
  const existing = median(timings.existing);
  const unknown = median(timings.unknown);
  console.log(`forgot-password (${process.env.CUADRA_TEST_DB}), ${requests} requests per class, alternated:`);
  console.log(`  existing account  median ${fmt(existing)}`);
  console.log(`  unknown email     median ${fmt(unknown)}`);
  console.log(`  difference        ${fmt(existing - unknown)}`);
} finally {
  await bench.close();
}
