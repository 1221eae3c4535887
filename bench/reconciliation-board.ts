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
 *   .tools/node_modules/.bin/bun bench/reconciliation-board.ts [--documents 20000] [--movements 5000] [--rounds 5]
 *   BENCH_DB=pglite for the embedded database; BENCH_DATABASE_URL for another PostgreSQL.
 *
 * The data comes from the labelled generator (test/fixtures/reconciliation-data.ts), loaded with
 * set-based SQL in one transaction as the owner (seconds): contacts, issued invoices and purchases
 * (totals are the generator's amounts), the movements of one treasury. Only the board is timed.
 */
process.env.CUADRA_TEST_DB = process.env.BENCH_DB ?? 'postgres';
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
process.env.LOG_LEVEL ??= 'error';
const { startDocumentsApp } = await import('../test/support/documents');
const { createCompany, createApiKey } = await import('../test/support/factories');
// by a computed path, so that deleting the reconciliation plugin (a leaf) leaves the repository type-checking
const { generateDataset } = await import(['..', 'test', 'fixtures', 'reconciliation-data'].join('/'));

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
const DOCUMENTS = Number(option('documents', '20000'));
const MOVEMENTS = Number(option('movements', '5000'));
const ROUNDS = Number(option('rounds', '5'));

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
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const data: { contacts: any[]; documents: any[]; movements: any[] } = generateDataset({ seed: 14, documents: DOCUMENTS, movements: MOVEMENTS });
const payableContacts = new Set(data.documents.filter((d) => d.kind === 'payable').map((d) => d.contactId));
// Set-based, in one transaction as the owner: the board reads only open items, contacts and
// unmatched movements, so documents go in as issued rows (no lines, no journal entries) and
// movements as rows of one treasury (not posted to 555). Loading through the API took ~15 min.
const literal = (rows: unknown[]) => `'${JSON.stringify(rows).replace(/'/g, "''")}'::jsonb`;
const t0 = performance.now();
const treasury = await call('POST', '/api/v1/treasuries', { kind: 'bank', name: 'Benchmark' });
const tenant = company.tenantId;
await app.asOwner([
  `insert into contacts (id, tenant_id, kind, name, customer_type, iban, name_key)
   select c.id, '${tenant}', c.kind, c.name, 'business', c.iban, upper(c.name)
   from jsonb_to_recordset(${literal(data.contacts.map((c) => ({ id: c.id, kind: payableContacts.has(c.id) ? 'supplier' : 'customer', name: c.names[0], iban: c.ibans?.[0] ?? null })))})
     as c(id uuid, kind text, name text, iban text)`,
  `insert into invoices (id, tenant_id, status, series, year, seq, number, contact_id, issue_date, due_date, subtotal, total, customer, issued_at)
   select d.id, '${tenant}', 'issued', 'F', 2026, split_part(d.number, '-', 3)::int, d.number, d.contact_id, d.issue_date, d.due_date, d.amount, d.amount, '{}'::jsonb, now()
   from jsonb_to_recordset(${literal(data.documents.filter((d) => d.kind === 'receivable').map((d) => ({ id: d.id, number: d.number, contact_id: d.contactId, issue_date: d.issueDate, due_date: d.dueDate, amount: d.outstanding })))})
     as d(id uuid, number text, contact_id uuid, issue_date date, due_date date, amount numeric)`,
  `insert into purchases (id, tenant_id, kind, status, series, year, seq, number, contact_id, supplier_invoice_number, issue_date, due_date, subtotal, total, supplier, issued_at)
   select d.id, '${tenant}', 'invoice', 'issued', 'P', 2026, split_part(d.number, '-', 3)::int, 'P-2026-' || split_part(d.number, '-', 3), d.contact_id, d.label, d.issue_date, d.due_date, d.amount, d.amount, '{}'::jsonb, now()
   from jsonb_to_recordset(${literal(data.documents.filter((d) => d.kind === 'payable').map((d) => ({ id: d.id, number: d.number, label: d.label, contact_id: d.contactId, issue_date: d.issueDate, due_date: d.dueDate, amount: d.outstanding })))})
     as d(id uuid, number text, label text, contact_id uuid, issue_date date, due_date date, amount numeric)`,
  `insert into bank_movements (id, tenant_id, treasury_id, booking_date, value_date, amount, description, reference, counterparty, counterparty_iban, fingerprint)
   select m.id, '${tenant}', '${treasury.id}', m.date, m.date, m.amount, coalesce(nullif(m.description, ''), 'MOVIMIENTO'), m.reference, m.counterparty, m.counterparty_iban, gen_random_uuid()
   from jsonb_to_recordset(${literal(data.movements.map(({ movement: m }) => ({ id: m.id, date: m.date, amount: m.amount, description: m.description, reference: m.reference, counterparty: m.counterparty, counterparty_iban: m.counterpartyIban })))})
     as m(id uuid, date date, amount numeric, description text, reference text, counterparty text, counterparty_iban text)`,
]);
console.log(`${data.contacts.length} contacts, ${data.documents.length} open documents and ${data.movements.length} movements loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
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
