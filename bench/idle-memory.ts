/**
 * Resident memory of the service process (VmRSS from /proc/PID/status): `kernel/main.ts` started as
 * a child on a fresh data directory (PGlite) or a fresh PostgreSQL database, measured once `/health`
 * answers and RSS has settled, then after the first use of each heavy path (an invoice PDF, an xlsx
 * export, a purchase PDF read from its text layer, a scanned one read by OCR), and settled again.
 *
 * Baselines, in the same run on the same database: a bare Bun process that only opens the same
 * database (the service's embedded settings; on PostgreSQL one postgres.js connection) and answers
 * `select 1`, and an Elysia hello-world. Medians of `--runs` starts each.
 *
 *   bun bench/idle-memory.ts [--db pglite|postgres|both] [--runs 3] [--smol no|yes|both] [--heavy yes|no]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

process.env.CUADRA_TEST_DB = 'postgres'; // freshDatabase makes PostgreSQL databases; PGlite runs pass none
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const { freshDatabase } = await import('../test/support/database');
const { serviceProcess } = await import('../test/support/service-process');
const { seededTaxTypeId } = await import('../plugins/taxes/api');
const { textPdf, scannedPdf, ingestForm } = await import('../test/plugins/purchase-ingestion/fixtures');

const { values: args } = parseArgs({ options: {
  db: { type: 'string', default: 'both' }, runs: { type: 'string', default: '3' },
  smol: { type: 'string', default: 'no' }, heavy: { type: 'string', default: 'yes' },
} });
const runs = Number(args.runs);
const databases = args.db === 'both' ? ['pglite', 'postgres'] : [args.db!];
const smolModes = args.smol === 'both' ? [false, true] : [args.smol === 'yes'];

const rssMb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Samples RSS every 250 ms until it moved less than 2 MB over the last 3 s (at most 30 s): the settled figure. */
async function settledRss(pid: number): Promise<number> {
  const samples: number[] = [];
  const deadline = Date.now() + 30_000;
  for (;;) {
    samples.push(rssMb(pid));
    const window = samples.slice(-12);
    if (window.length === 12 && Math.max(...window) - Math.min(...window) < 2) return window.at(-1)!;
    if (Date.now() > deadline) return samples.at(-1)!;
    await Bun.sleep(250);
  }
}

const INVOICE_LINES = ['Suministros Levante S.L.', 'CIF: A58818501', 'Factura nº R-1', 'Fecha: 15/03/2026', 'Base imponible 100,00', 'IVA 21% 21,00', 'TOTAL 121,00'];

/** The heavy paths, each used once, with the RSS after each: what loads lazily shows here. */
async function useHeavyPaths(service: ReturnType<typeof serviceProcess>, pid: number): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  const expectStatus = (what: string, got: { status: number; body?: unknown }, status: number) => {
    if (got.status !== status) throw new Error(`${what}: ${got.status} ${JSON.stringify(got.body)}`);
  };
  const { token, tenantId } = await service.registerCompany('Memoria Medida SL', 'B12345674');
  expectStatus('address', await service.call('PATCH', '/api/v1/tenants/me', { address: 'Calle Mayor 1', city: 'Madrid', postal_code: '28013', province: 'Madrid' }, token), 200);
  const customer = await service.call('POST', '/api/v1/contacts', { kind: 'customer', name: 'Cliente Medido SL', vat: 'B65410011', address: 'Calle Menor 2', city: 'Madrid', postal_code: '28014' }, token);
  expectStatus('contact', customer, 201);
  const invoice = await service.call('POST', '/api/v1/invoices', { contact_id: customer.body.id, issue_date: '2026-03-15', lines: [{ description: 'Servicio', quantity: '1', unit_price: '100.00', tax_type_id: seededTaxTypeId(tenantId, 'IVA21') }] }, token);
  expectStatus('invoice', invoice, 201);
  figures['after sign-up, contact, invoice'] = rssMb(pid);
  const raw = async (path: string) => {
    const response = await fetch(`${service.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  await raw(`/api/v1/invoices/${invoice.body.id}/pdf`);
  figures['after the first invoice PDF'] = rssMb(pid);
  await raw('/api/v1/contacts/export?format=xlsx');
  figures['after the first xlsx export'] = rssMb(pid);
  expectStatus('text PDF', await service.call('POST', '/api/v1/ai/ingest-purchase', ingestForm(await textPdf(INVOICE_LINES)), token), 201);
  figures['after a purchase PDF (text layer)'] = rssMb(pid);
  const scanned = await service.call('POST', '/api/v1/ai/ingest-purchase', ingestForm(await scannedPdf(INVOICE_LINES.map((line) => line.replace('R-1', 'R-2')))), token);
  // 200 when the page was not read in its time budget (a loaded machine): the OCR engine ran all the same
  if (scanned.status !== 200) expectStatus('scanned PDF', scanned, 201);
  figures['after a scanned purchase PDF (OCR)'] = rssMb(pid);
  figures['settled after the heavy paths'] = await settledRss(pid);
  return figures;
}

/** One start of `command` on fresh data: settled RSS after /health, and the heavy paths' figures when asked. */
async function measure(kind: string, what: 'service' | 'database' | 'elysia', smol: boolean): Promise<Record<string, number>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-memory-'));
  const database = kind === 'postgres' && what !== 'elysia' ? await freshDatabase() : undefined;
  const bunFlags = smol ? ['--smol'] : [];
  const service = what === 'service'
    ? serviceProcess({ dataDir, database, bunFlags, env: { INGEST_PAGE_SECONDS: '300', ...(database ? { DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl! } : {}) } })
    : undefined;
  const subject = service ?? baselineProcess(what as 'database' | 'elysia', dataDir, bunFlags, database?.url);
  try {
    await subject.start();
    const figures: Record<string, number> = { 'settled after start': await settledRss(subject.pid!) };
    if (service && args.heavy === 'yes') Object.assign(figures, await useHeavyPaths(service, subject.pid!));
    return figures;
  } finally {
    await subject.kill();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A port nothing listens on now (the kernel picks it). */
function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/** A baseline of bench/idle-memory-baseline.ts, started and stopped like the service. */
function baselineProcess(mode: 'database' | 'elysia', dataDir: string, bunFlags: string[], databaseUrl?: string) {
  const port = freePort();
  let child: ReturnType<typeof Bun.spawn> | undefined;
  return {
    get pid() { return child?.pid; },
    async start() {
      const env = { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
      child = Bun.spawn([process.execPath, ...bunFlags, 'bench/idle-memory-baseline.ts', mode], { cwd: join(import.meta.dir, '..'), env, stdout: 'ignore', stderr: 'inherit' });
      for (const deadline = Date.now() + 150_000; Date.now() < deadline; await Bun.sleep(100)) {
        if (child.exitCode !== null) throw new Error(`the ${mode} baseline exited with ${child.exitCode}`);
        try { if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return; } catch { /* not listening yet */ }
      }
      throw new Error(`the ${mode} baseline did not start`);
    },
    async kill() { child?.kill(9); await child?.exited; },
  };
}

for (const kind of databases) {
  for (const smol of smolModes) {
    const collected: Record<string, Record<string, number[]>> = { database: {}, elysia: {}, service: {} };
    for (let run = 1; run <= runs; run++) {
      // interleaved, so that a noisy moment of the machine touches every subject alike
      for (const what of ['database', 'elysia', 'service'] as const) {
        for (const [label, value] of Object.entries(await measure(kind, what, smol))) (collected[what][label] ??= []).push(value);
      }
    }
    console.log(`\n${kind}${smol ? ' (bun --smol)' : ''}: VmRSS, median of ${runs} (min–max), MB`);
    const baseline = median(collected.database['settled after start']);
    for (const [what, figures] of Object.entries(collected)) {
      for (const [label, values] of Object.entries(figures)) {
        const ratio = what === 'database' ? '' : `  (${(median(values) / baseline).toFixed(2)}× the bare database)`;
        console.log(`  ${what.padEnd(8)} ${label.padEnd(38)} ${median(values).toFixed(0).padStart(5)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})${ratio}`);
      }
    }
  }
}
