/**
 * What the VERI*FACTU record costs an issue: `bench/invoices-issue.ts` run alternately with every
 * plugin (the record written in the issuing transaction, chain head locked) and without the
 * verifactu plugin (the baseline: today's one-statement issue path), in the same sitting, on the
 * same database server. Prints each run's invoices/s and the ratio of the medians.
 * Target: with the plugin ≥ 0.8× the baseline (issuing within 20 % of its speed without it).
 *
 * Run: .tools/node_modules/.bin/bun bench/verifactu-issue.ts [--rounds 2] [--count 1000] [--warmup 300] [--clients 16]
 *   (BENCH_DB=pglite for the embedded database; the same variables as invoices-issue.ts)
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
const ROUNDS = Number(option('rounds', '2'));
const pass = ['--count', option('count', '1000'), '--warmup', option('warmup', '300'), '--clients', option('clients', '16')];

type Rates = { issue: number; create: number; cpu: string[] };
function runOnce(without: boolean): Rates {
  const result = Bun.spawnSync([process.execPath, 'bench/invoices-issue.ts', ...pass, ...(without ? ['--without', 'verifactu'] : [])], { stdout: 'pipe', stderr: 'inherit', env: process.env });
  const out = result.stdout.toString();
  if (result.exitCode !== 0) throw new Error(`invoices-issue.ts failed:\n${out}`);
  const rate = (label: string) => Number(new RegExp(`${label}\\s*: (\\d+) invoices/s`).exec(out)?.[1] ?? NaN);
  // the CPU per invoice of each mode (service, this database's PostgreSQL backends): what the load of the machine moves least
  const cpu = [...out.matchAll(/CPU per invoice: service ([\d.]+) ms, this database's PostgreSQL backends ([\d.]+) ms/g)].map((m) => `${m[1]} + ${m[2]} ms`);
  return { issue: rate('issue drafts'), create: rate('create \\+ issue'), cpu };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const withPlugin: Rates[] = [];
const baseline: Rates[] = [];
for (let round = 0; round < ROUNDS; round++) {
  baseline.push(runOnce(true));
  withPlugin.push(runOnce(false));
  console.log(`round ${round + 1}: without verifactu ${JSON.stringify(baseline.at(-1))}, with ${JSON.stringify(withPlugin.at(-1))} (cpu: issue, create; service + PostgreSQL)`);
}
for (const mode of ['issue', 'create'] as const) {
  const b = median(baseline.map((r) => r[mode]));
  const w = median(withPlugin.map((r) => r[mode]));
  console.log(`${mode === 'issue' ? 'POST /invoices/{id}/issue' : 'POST /invoices (issued)  '}: baseline ${b}/s, with verifactu ${w}/s → ${(w / b).toFixed(2)}× (target ≥ 0.80)`);
}

export {};
