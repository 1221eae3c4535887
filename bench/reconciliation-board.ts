/**
 * The reconciliation board for many unmatched movements against many open documents, end to end:
 * `GET /api/v1/reconciliation/board?limit=N` (every movement of the page scored against every open
 * document through the indexes of plugins/reconciliation/scoring.ts). Target: 5,000 movements
 * against 20,000 open documents in < 2 s.
 *
 * Baseline in the same run: the raw candidate query alone — the three statements that read what
 * the board needs (the page of unmatched movements, every open sales and purchase document, the
 * names of their contacts), sent as the application role under row-level security in one
 * transaction, with no scoring, no HTTP and no JSON. The board cannot be faster than reading its
 * input; the difference is the scoring and the response.
 *
 *   .tools/node_modules/.bin/bun bench/reconciliation-board.ts [--documents 20000] [--movements 5000] [--rounds 5] [--clients 8]
 *   BENCH_DB=pglite for the embedded database; BENCH_DATABASE_URL for another PostgreSQL.
 *
 * The data comes from the labelled generator (test/fixtures/reconciliation-data.ts), loaded
 * through the API: contacts, invoices and purchases (0 % VAT, so totals are the generator's
 * amounts), then the movements. Loading takes minutes; only the board is timed.
 */
process.env.CUADRA_TEST_DB = process.env.BENCH_DB ?? 'postgres';
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
process.env.LOG_LEVEL ??= 'error';
const { startDocumentsApp, taxId } = await import('../test/support/documents');
const { createCompany, createApiKey } = await import('../test/support/factories');
// by a computed path, so that deleting the reconciliation plugin (a leaf) leaves the repository type-checking
const { generateDataset } = await import(['..', 'test', 'fixtures', 'reconciliation-data'].join('/'));

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
const DOCUMENTS = Number(option('documents', '20000'));
const MOVEMENTS = Number(option('movements', '5000'));
const ROUNDS = Number(option('rounds', '5'));
const CLIENTS = Number(option('clients', '8'));

const app = await startDocumentsApp({ unlimited: true });
const company = await createCompany(app);
const key = (await createApiKey(app, company.token, 'accountant')).key;
const call = async (method: string, path: string, body?: unknown) => {
  const res = await app.handle(new Request(`http://localhost${path}`, {
    method, headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
  }), '127.0.0.1');
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text || 'null');
};
async function inParallel<T>(items: T[], job: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    for (;;) {
      const i = next++;
      if (i >= items.length) return;
      await job(items[i], i);
    }
  }));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const data: { contacts: any[]; documents: any[]; movements: any[] } = generateDataset({ seed: 14, documents: DOCUMENTS, movements: MOVEMENTS });
const payableContacts = new Set(data.documents.filter((d) => d.kind === 'payable').map((d) => d.contactId));
let t0 = performance.now();
const contactIds = new Map<string, string>();
await inParallel(data.contacts, async (c) => {
  const kind = payableContacts.has(c.id) ? 'supplier' : 'customer';
  const body = await call('POST', '/api/v1/contacts', { kind, name: c.names[0], customer_type: 'individual', iban: c.ibans?.[0] ?? null });
  contactIds.set(c.id, body.id);
});
console.log(`${data.contacts.length} contacts loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
t0 = performance.now();
const zero = taxId(company, 'IVA0');
// invoice dates never go backwards within a series: one day at a time, that day's documents in parallel
const days = [...new Set(data.documents.map((d) => d.issueDate))].sort();
for (const day of days) {
  await inParallel(data.documents.filter((d) => d.issueDate === day), async (d) => {
    const line = { description: 'Servicio', quantity: '1', unit_price: d.outstanding, tax_type_id: zero };
    if (d.kind === 'receivable') await call('POST', '/api/v1/invoices', { contact_id: contactIds.get(d.contactId), issue_date: d.issueDate, due_date: d.dueDate, lines: [line] });
    else await call('POST', '/api/v1/purchases', { contact_id: contactIds.get(d.contactId), kind: 'invoice', supplier_invoice_number: d.label, issue_date: d.issueDate, due_date: d.dueDate, lines: [line] });
  });
}
console.log(`${data.documents.length} open documents loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
t0 = performance.now();
const treasury = await call('POST', '/api/v1/treasuries', { kind: 'bank', name: 'Benchmark' });
await inParallel(data.movements, async ({ movement: m }) => {
  await call('POST', `/api/v1/treasuries/${treasury.id}/movements`, {
    date: m.date, amount: m.amount, description: m.description || 'MOVIMIENTO', reference: m.reference, counterparty: m.counterparty, counterparty_iban: m.counterpartyIban,
  });
});
console.log(`${data.movements.length} movements loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
if (process.env.CUADRA_TEST_DB === 'postgres') await app.asOwner(['vacuum analyze']).catch(() => app.asOwner('analyze'));

const baselineSql = [
  `select id, treasury_id, booking_date, value_date, amount, description, reference, counterparty, counterparty_iban, status from bank_movements
     where status = 'unmatched' order by booking_date desc, id limit ${MOVEMENTS}`,
  `select d.id, d.number, d.contact_id, d.issue_date, d.due_date, d.total, d.amount_paid from invoices d where d.status in ('issued', 'partially_paid') and d.total <> d.amount_paid
   union all
   select d.id, coalesce(d.supplier_invoice_number, d.number), d.contact_id, d.issue_date, d.due_date, d.total, d.amount_paid from purchases d where d.status in ('issued', 'partially_paid') and d.total <> d.amount_paid`,
  `select id, name, legal_name, iban from contacts`,
];
// the same board without HTTP, validation and JSON: the service in a unit of work, to tell where the time goes
const { reconciliationService } = await import(['..', 'plugins', 'reconciliation', 'service'].join('/'));
const service = reconciliationService(app.kernel);
const inService = () => app.kernel.unitOfWork(null).run((tx: any) => service.board(tx, { limit: MOVEMENTS, offset: 0 }), { tenantId: company.tenantId });
const baseline: number[] = [];
const board: number[] = [];
const serviceOnly: number[] = [];
let last: any;
for (let round = 0; round < ROUNDS + 1; round++) {
  let s = performance.now();
  await app.asAppRole(company.tenantId, baselineSql);
  const raw = performance.now() - s;
  s = performance.now();
  last = await call('GET', `/api/v1/reconciliation/board?limit=${MOVEMENTS}`);
  const full = performance.now() - s;
  s = performance.now();
  await inService();
  const bare = performance.now() - s;
  if (round > 0) { baseline.push(raw); board.push(full); serviceOnly.push(bare); } // the first round warms them up
}
console.log(`board: ${last.items.length} movements of ${last.total} unmatched against ${data.documents.length} open documents`);
console.log(`  raw candidate query (baseline): median ${median(baseline).toFixed(0)} ms  [${baseline.map((x) => x.toFixed(0)).join(', ')}]`);
console.log(`  GET /reconciliation/board:      median ${median(board).toFixed(0)} ms  [${board.map((x) => x.toFixed(0)).join(', ')}]  → ${(median(board) / median(baseline)).toFixed(1)}× the baseline; target < 2,000 ms: ${median(board) < 2000 ? 'met' : 'NOT met'}`);
console.log(`  the service alone (no HTTP, validation or JSON): median ${median(serviceOnly).toFixed(0)} ms  [${serviceOnly.map((x) => x.toFixed(0)).join(', ')}]`);
const proposed = last.items.filter((i: any) => i.proposal).length;
console.log(`  proposals: ${proposed} (${((proposed / last.items.length) * 100).toFixed(1)} %), ambiguous: ${last.items.filter((i: any) => i.ambiguous).length}`);
await app.close();
export {};
