/**
 * The UBL round trip of issue 36, at volume: company A issues --invoices invoices (21/10/4 %,
 * recargo de equivalencia, IRPF, line discounts, in rotation); each is
 * - generated: GET /api/v1/invoices/{id}/einvoice?format=ubl (the model built from the issued
 *   invoice, the EN 16931 rules checked, the XML written), in-process through the HTTP stack;
 * - validated: against plugins/ubl/xsd (xmllint-wasm, many documents per call: the schema is
 *   compiled once per call, not once per document) and by the UBL reader's EN 16931 checks (the
 *   mandatory terms and every sum, what POST /ai/ingest-purchase applies to a received file), the
 *   model read back checked again by the business rules the writer applies;
 * - ingested: POST /api/v1/ai/ingest-purchase into company B (the buyer, whose supplier A is),
 *   checked to be booked (201, no review reason) with the invoice's own total.
 * Baseline of the same run: GET /api/v1/invoices/{id} of the same invoices (the invoice serialised
 * as its JSON), alternated in chunks with the UBL generation, and again with the ingestion, so that
 * the load of the machine falls on both alike; and JSON.stringify of the same bodies alone.
 *
 * Run: .tools/node_modules/.bin/bun bench/einvoice-ubl-round-trip.ts [--invoices 10000] [--concurrency 4] [--chunk 500]
 *   BENCH_DB=postgres (default; BENCH_DATABASE_URL or postgres://root@127.0.0.1:5432/test) | pglite
 */
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

process.env.CUADRA_TEST_DB = process.env.BENCH_DB ?? 'postgres';
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
process.env.LOG_LEVEL ??= 'error';
const { startDocumentsApp, taxId } = await import('../test/support/documents');
const { createCompany } = await import('../test/support/factories');
const { businessRuleViolations } = await import('../plugins/einvoice/api');
// by a computed path, so that deleting the ubl plugin (a leaf) leaves the repository type-checking
const ublReader = ['..', 'plugins', 'ubl', 'read'].join('/');
const { readUbl } = await import(ublReader) as { readUbl: (bytes: Uint8Array, verifier: null) => Promise<{ invoice: any }> };

const { values } = parseArgs({ options: { invoices: { type: 'string', default: '10000' }, concurrency: { type: 'string', default: '4' }, chunk: { type: 'string', default: '500' } } });
const COUNT = Number(values.invoices);
const CONCURRENCY = Number(values.concurrency);
const CHUNK = Number(values.chunk);
const A_NIF = 'B12345674';
const B_NIF = 'B65410011';

const xsdDir = join(import.meta.dir, '../plugins/ubl/xsd');
const xsd = (name: string) => ({ fileName: name, contents: readFileSync(join(xsdDir, name), 'utf8') });
const SCHEMA = xsd('ubl-invoice.cuadra.xsd');
const PRELOAD = [xsd('ubl-cac.cuadra.xsd'), xsd('ubl-cbc.cuadra.xsd')];

/** Runs work(i) for i in [from, to) with `CONCURRENCY` in flight. */
async function pool(from: number, to: number, work: (i: number) => Promise<void>) {
  let next = from;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < to) await work(next++);
  }));
}
const timed = async (work: () => Promise<unknown>) => { const t = performance.now(); await work(); return performance.now() - t; };
const rate = (count: number, ms: number) => count / (ms / 1000);
const fmtRate = (r: number) => `${r.toFixed(0)} invoices/s`;

const app = await startDocumentsApp({ unlimited: true });
try {
  const a = await createCompany(app, 'Distribuciones Cuadra SL', A_NIF);
  const b = await createCompany(app, 'Comercio Minorista SL', B_NIF);
  const buyer = await app.post('/api/v1/contacts', { kind: 'customer', name: 'Comercio Minorista SL', vat: B_NIF, address: 'Avenida Diagonal 100', city: 'Barcelona', postal_code: '08019' }, a.token);
  if (buyer.status !== 201) throw new Error(`buyer: ${buyer.status} ${buyer.text}`);
  const t = (code: string) => taxId(a, code);
  const amount = (i: number, k: number) => `${(i * 7 + k * 13) % 400 + 1}.${String((i * 31 + k) % 100).padStart(2, '0')}`;
  const linesOf = (i: number) => {
    switch (i % 4) {
      case 0: return [
        { description: `Tornillería ${i}`, quantity: String(i % 9 + 1), unit_price: amount(i, 1), discount_pct: '5', tax_type_id: t('IVA21') },
        { description: 'Transporte', quantity: '1', unit_price: amount(i, 2), tax_type_id: t('IVA21') },
      ];
      case 1: return [
        { description: 'Aceite de girasol', quantity: String(i % 5 + 1), unit_price: amount(i, 3), discount_pct: '10', tax_type_id: t('IVA21'), surcharge_type_id: t('RE52') },
        { description: 'Pasta', quantity: '5', unit_price: amount(i, 4), tax_type_id: t('IVA10'), surcharge_type_id: t('RE14') },
        { description: 'Pan', quantity: '3', unit_price: amount(i, 5), tax_type_id: t('IVA4'), surcharge_type_id: t('RE05') },
      ];
      case 2: return [
        { description: 'Asesoría', quantity: '1', unit_price: amount(i, 6), nature: 'services', tax_type_id: t('IVA21'), withholding_type_id: t('IRPF15') },
        { description: 'Material', quantity: String(i % 3 + 1), unit_price: amount(i, 7), tax_type_id: t('IVA21') },
      ];
      default: return [
        { description: 'Libros', quantity: String(i % 4 + 1), unit_price: amount(i, 8), tax_type_id: t('IVA4') },
        { description: 'Catering', quantity: '2', unit_price: amount(i, 9), tax_type_id: t('IVA10') },
      ];
    }
  };

  // company A's invoices (not timed)
  const ids: string[] = new Array(COUNT);
  const totals: string[] = new Array(COUNT);
  const seeding = await timed(() => pool(0, COUNT, async (i) => {
    const res = await app.post('/api/v1/invoices', { contact_id: buyer.body.id, issue_date: '2026-03-02', due_date: '2026-04-01', lines: linesOf(i) }, a.token);
    if (res.status !== 201) throw new Error(`invoice ${i}: ${res.status} ${res.text}`);
    ids[i] = res.body.id;
    totals[i] = res.body.total;
  }));
  console.log(`e-invoice UBL round trip — ${COUNT.toLocaleString('en')} invoices, ${app.kernel.db.kind}, concurrency ${CONCURRENCY}; seeding (POST /invoices, issued): ${(seeding / 1000).toFixed(1)} s`);

  // generation against the JSON baseline, alternated chunk by chunk
  const files: Uint8Array[] = new Array(COUNT);
  const bodies: string[] = new Array(COUNT);
  let ublMs = 0;
  let jsonMs = 0;
  for (let from = 0; from < COUNT; from += CHUNK) {
    const to = Math.min(COUNT, from + CHUNK);
    jsonMs += await timed(() => pool(from, to, async (i) => {
      const res = await app.get(`/api/v1/invoices/${ids[i]}`, a.token);
      if (res.status !== 200) throw new Error(`GET invoice ${i}: ${res.status}`);
      bodies[i] = res.text;
    }));
    ublMs += await timed(() => pool(from, to, async (i) => {
      const res = await app.get(`/api/v1/invoices/${ids[i]}/einvoice?format=ubl`, a.token);
      if (res.status !== 200) throw new Error(`GET einvoice ${i}: ${res.status} ${res.text}`);
      files[i] = new TextEncoder().encode(res.text);
    }));
  }
  const parsed = bodies.map((text) => JSON.parse(text));
  const stringifyMs = await timed(async () => { for (const body of parsed) JSON.stringify(body); });
  const baseline = rate(COUNT, jsonMs);
  const mib = files.reduce((s, f) => s + f.length, 0) / 1024 / 1024;
  // each phase is printed as it ends (a long run shows its figures as it goes)
  const line = (label: string, ms: number) => {
    const r = rate(COUNT, ms);
    console.log(`  ${label.padEnd(50)} ${fmtRate(r).padStart(18)}  (${(ms / 1000).toFixed(1)} s; ${(r / baseline).toFixed(3)}× the baseline)`);
  };
  console.log(`  ${'baseline: GET /invoices/{id} (JSON)'.padEnd(50)} ${fmtRate(baseline).padStart(18)}  (${(jsonMs / 1000).toFixed(1)} s)`);
  console.log(`  ${'JSON.stringify of the same bodies alone'.padEnd(50)} ${fmtRate(rate(COUNT, stringifyMs)).padStart(18)}`);
  line('generation: GET /invoices/{id}/einvoice?format=ubl', ublMs);

  // validation: the schema, many documents per xmllint call
  const decoder = new TextDecoder();
  let schemaFaults = 0;
  const xsdMs = await timed(async () => {
    for (let from = 0; from < COUNT; from += CHUNK) {
      const xml = files.slice(from, from + CHUNK).map((bytes, k) => ({ fileName: `invoice-${from + k}.xml`, contents: decoder.decode(bytes) }));
      const result = await validateXML({ xml, schema: SCHEMA, preload: PRELOAD, maxMemoryPages: 16384 });
      if (!result.valid) { schemaFaults += result.errors.length; if (schemaFaults < 5) console.log(result.errors.slice(0, 3).map((e) => e.rawMessage)); }
    }
  });
  // what per-document validation (one xmllint call each, the schema compiled every time) costs, on a sample
  const SAMPLE = Math.min(20, COUNT);
  const perDocumentMs = await timed(async () => {
    for (let i = 0; i < SAMPLE; i++) {
      const result = await validateXML({ xml: { fileName: 'invoice.xml', contents: decoder.decode(files[i]) }, schema: SCHEMA, preload: PRELOAD });
      if (!result.valid) schemaFaults++;
    }
  });
  line(`validation: XSD (${CHUNK} documents per xmllint call)`, xsdMs);
  console.log(`  XSD one document per xmllint call (first ${SAMPLE}): ${fmtRate(rate(SAMPLE, perDocumentMs))}`);
  let ruleFaults = 0;
  const rulesMs = await timed(async () => {
    for (const bytes of files) {
      try {
        const { invoice } = await readUbl(bytes, null);
        ruleFaults += businessRuleViolations(invoice).length;
      } catch (error) {
        ruleFaults++;
        if (ruleFaults < 5) console.log(String(error));
      }
    }
  });

  line('validation: EN 16931 rules (reader + writer rules)', rulesMs);

  // ingestion into company B
  let notBooked = 0;
  let wrongTotal = 0;
  const ingestChunks: number[] = [];
  let ingestMs = 0;
  const ingest = async (i: number) => {
    const form = new FormData();
    form.append('file', new File([files[i]], `invoice-${i}.xml`, { type: 'application/xml' }));
    const res = await app.request('POST', '/api/v1/ai/ingest-purchase', { form, token: b.token });
    if (res.status !== 201 || res.body.needs_review || res.body.purchase?.status === 'draft') {
      notBooked++;
      if (notBooked < 5) console.log(`invoice ${i} not booked: ${res.status} ${res.text.slice(0, 400)}`);
    } else if (res.body.purchase.total !== totals[i]) wrongTotal++;
  };
  // the JSON baseline again, chunk by chunk alternated with the ingestion: ingestion runs long, and the
  // load of a shared machine changes over its course; the ratio is taken against what ran beside it
  let ingestBaselineMs = 0;
  let windowIngest = 0, windowBaseline = 0;
  for (let from = 0; from < COUNT; from += CHUNK) {
    const to = Math.min(COUNT, from + CHUNK);
    const baselineMs = await timed(() => pool(from, to, async (i) => {
      const res = await app.get(`/api/v1/invoices/${ids[i]}`, a.token);
      if (res.status !== 200) throw new Error(`GET invoice ${i}: ${res.status}`);
    }));
    const chunkMs = await timed(() => pool(from, to, ingest));
    ingestChunks.push(chunkMs);
    ingestMs += chunkMs;
    ingestBaselineMs += baselineMs;
    windowIngest += chunkMs;
    windowBaseline += baselineMs;
    if (ingestChunks.length % 5 === 0) {
      console.log(`  … ${to} ingested, the last ${CHUNK} at ${fmtRate(rate(CHUNK, chunkMs))}; the last ${5 * CHUNK} ${(windowBaseline / windowIngest).toFixed(3)}× the JSON baseline beside them`);
      windowIngest = windowBaseline = 0;
    }
  }

  line('validation: both', xsdMs + rulesMs);
  line('ingestion: POST /ai/ingest-purchase into company B', ingestMs);
  console.log(`  ${'  against the JSON baseline alternated with it'.padEnd(50)} ${fmtRate(rate(COUNT, ingestBaselineMs)).padStart(18)}  (ingestion ${(ingestBaselineMs / ingestMs).toFixed(3)}× it)`);
  line('round trip: generation + validation + ingestion', ublMs + xsdMs + rulesMs + ingestMs);
  const chunkRate = (k: number) => fmtRate(rate(Math.min(CHUNK, COUNT - k * CHUNK), ingestChunks[k]));
  console.log(`  ingestion by book size: the first ${CHUNK} ${chunkRate(0)}, the last ${chunkRate(ingestChunks.length - 1)}`);
  console.log(`  ${mib.toFixed(1)} MiB of UBL; schema errors ${schemaFaults}, rule violations ${ruleFaults}, not booked ${notBooked}, booked with another total ${wrongTotal}`);
} finally {
  await app.close();
}
