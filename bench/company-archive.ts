/**
 * The company archive (docs/company-archive.md) of a company with 100,000 documents: the archive
 * streamed by `GET /tenants/me/archive` and read to the end (written to a file), then restored by
 * `POST /tenants/import` from that file, as documents per second, with the process's peak RSS.
 *
 * Baselines, same run, same rows: for the archive, every archived table read raw as JSON text
 * (`row_to_json`) through a cursor as the tables' owner, nothing zipped or hashed; for the restore,
 * the same rows copied inside the database into another company (one INSERT … SELECT per table,
 * the same triggers firing, documents stored as drafts then numbered as the import does), as the
 * owner in one transaction rolled back: the floor of putting these rows in without moving them.
 *
 * The company: one contact, 100,000 issued invoices of two lines each (cloned set-based from one
 * issued through the API), a journal of 100,000 entries of four lines and 100,000 tax register
 * lines (the shared seeders). BENCH_DOCUMENTS changes the count; BENCH_DB=pglite runs it embedded.
 *
 *   .tools/node_modules/.bin/bun bench/company-archive.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCompany, ms, seedJournal, startBenchApp } from './support';
import { seedTaxRegister } from './tax-register-seed';
import { insertionOrder } from '../plugins/company-archive/tables';

class RolledBack extends Error {}

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
const bench = await startBenchApp();
const { app } = bench;
const dir = mkdtempSync(join(tmpdir(), 'cuadra-archive-bench-'));
const file = join(dir, 'company.zip');
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

try {
  const company = await createCompany(app);
  const { createContact, taxId } = await import('../test/support/documents');
  const customer = await createContact(app, company.token, { name: 'Cliente de Banco de Pruebas SL' });
  const line = (price: string) => ({ description: 'Servicio', quantity: '2', unit_price: price, tax_type_id: taxId(company, 'IVA21') });
  // the journal first: it numbers its entries from 1 and moves the counter past them
  const journal = await seedJournal(bench, { tenant: company.tenantId, lines: DOCUMENTS * 4, accounts: ['4300', '7000', '477', '572'], firstDate: "date '2026-12-31'", direction: '-' });
  const template = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-03-02', lines: [line('120.35'), line('9.99')] }, company.token);
  if (template.status !== 201) throw new Error(`template invoice: ${template.status} ${template.text}`);
  const tenant = company.tenantId;
  let start = performance.now() - journal.seconds * 1000;
  const clones = DOCUMENTS - 1;
  for (let first = 1; first <= clones; first += 25_000) {
    const last = Math.min(clones, first + 24_999);
    // as the application role under row-level security: the lines' guard looks its invoice up by id,
    // which only the policy's tenant predicate turns into an index lookup
    await bench.ownerTransaction(`
      set local role cuadra_app;
      select set_config('app.tenant_id', '${tenant}', true);
      insert into invoices select (jsonb_populate_record(null::invoices, to_jsonb(t) || jsonb_build_object(
          'id', md5('invoice' || g)::uuid, 'status', 'draft', 'number', null, 'seq', null, 'year', null, 'journal_entry_id', null))).*
        from invoices t cross join generate_series(${first}, ${last}) g where t.tenant_id = '${tenant}' and t.id = '${template.body.id}';
      insert into invoice_lines select (jsonb_populate_record(null::invoice_lines, to_jsonb(l) || jsonb_build_object(
          'id', md5('line' || g || '-' || l.line_no)::uuid, 'invoice_id', md5('invoice' || g)::uuid))).*
        from invoice_lines l cross join generate_series(${first}, ${last}) g where l.tenant_id = '${tenant}' and l.invoice_id = '${template.body.id}';
      update invoices i set status = 'issued', year = 2026, seq = s.g + 1, number = i.series || '-2026-' || lpad((s.g + 1)::text, 6, '0')
        from (select g, md5('invoice' || g)::uuid as id from generate_series(${first}, ${last}) g) s
        where i.tenant_id = '${tenant}' and i.id = s.id;`);
  }
  await seedTaxRegister(bench, tenant, { lines: DOCUMENTS, from: '2026-01-01', days: 365 });
  for (const table of ['invoices', 'invoice_lines']) await bench.ownerSql(`vacuum analyze ${table}`);
  console.log(`seeded ${DOCUMENTS.toLocaleString('en')} invoices (${(DOCUMENTS * 2).toLocaleString('en')} lines), ${journal.entries.toLocaleString('en')} journal entries, ${DOCUMENTS.toLocaleString('en')} tax register lines in ${(ms(start) / 1000).toFixed(1)} s (${app.pglite ? 'PGlite' : 'PostgreSQL'})`);

  const parts = app.kernel.contributions('company-archive');
  const tables = parts.flatMap((part) => part.tables);
  const rowCount = async () => {
    let total = 0;
    for (const t of tables) total += (await bench.ownerSql<{ n: number }>(`select count(*)::int as n from ${t.table} where ${t.tenantColumn ?? 'tenant_id'} = '${tenant}'`))[0]!.n;
    return total;
  };
  const rows = await rowCount();

  for (let round = 1; round <= Number(process.env.BENCH_ROUNDS ?? 2); round++) {
    // the archive, streamed to a file
    peak = process.memoryUsage().rss;
    const rssBefore = peak;
    start = performance.now();
    const response = await app.handle(new Request('http://localhost/api/v1/tenants/me/archive', { headers: { authorization: `Bearer ${company.token}` } }));
    if (response.status !== 200) throw new Error(`archive: ${response.status} ${await response.text()}`);
    const writer = Bun.file(file).writer();
    for await (const chunk of response.body!) writer.write(chunk);
    await writer.end();
    const archiveMs = ms(start);
    const archivePeak = peak - rssBefore;
    const size = Bun.file(file).size;
    const perSecond = (count: number, millis: number) => Math.round(count / (millis / 1000)).toLocaleString('en');
    console.log(`round ${round}: ${rows.toLocaleString('en')} rows, archive ${mb(size)}`);
    console.log(`  archive  ${(archiveMs / 1000).toFixed(1)} s: ${perSecond(DOCUMENTS, archiveMs)} documents/s, ${perSecond(rows, archiveMs)} rows/s, peak RSS +${mb(archivePeak)}`);

    // baseline: the same rows read raw as JSON text through a cursor
    start = performance.now();
    const rawBytes = await rawRead(tables, tenant);
    const rawReadMs = ms(start);
    console.log(`  baseline raw JSON read ${(rawReadMs / 1000).toFixed(1)} s (${mb(rawBytes)} of JSON): ${perSecond(DOCUMENTS, rawReadMs)} documents/s → ${(archiveMs / rawReadMs).toFixed(2)}×`);

    // the restore, from the file, by another user
    const other = await (await import('../test/support/factories')).registerUser(app);
    peak = process.memoryUsage().rss;
    const rssBeforeImport = peak;
    start = performance.now();
    const restored = await app.handle(new Request('http://localhost/api/v1/tenants/import', {
      method: 'POST', body: Bun.file(file).stream(), headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/zip' },
    }));
    const restoreMs = ms(start);
    const importPeak = peak - rssBeforeImport;
    if (restored.status !== 201) throw new Error(`restore: ${restored.status} ${await restored.text()}`);
    const restoredId = (await restored.json() as { tenant_id: string }).tenant_id;
    console.log(`  restore  ${(restoreMs / 1000).toFixed(1)} s: ${perSecond(DOCUMENTS, restoreMs)} documents/s, ${perSecond(rows, restoreMs)} rows/s, peak RSS +${mb(importPeak)}`);

    // baseline: the same rows copied inside the database into another company, rolled back
    const rawCopyMs = await rawCopy(tenant);

    console.log(`  baseline INSERT … SELECT in the database (as the application role) ${(rawCopyMs / 1000).toFixed(1)} s: ${perSecond(DOCUMENTS, rawCopyMs)} documents/s → ${(restoreMs / rawCopyMs).toFixed(2)}×`);
    if (!restoredId) throw new Error('restore answered no company');
  }
} finally {
  clearInterval(sampler);
  rmSync(dir, { recursive: true, force: true });
  await bench.close();
}

/** Every archived table of the company read as JSON text through a cursor (10,000 rows a fetch), as the owner; answers the bytes read. */
async function rawRead(tables: { table: string; tenantColumn?: string }[], tenant: string): Promise<number> {
  let bytes = 0;
  if (app.pglite) {
    await app.pglite.exec('reset role');
    try {
      await app.pglite.exec('begin');
      for (const t of tables) {
        await app.pglite.exec(`declare raw_rows no scroll cursor for select row_to_json(x)::text as line from ${t.table} x where ${t.tenantColumn ?? 'tenant_id'} = '${tenant}'`);
        for (;;) {
          const { rows } = await app.pglite.query<{ line: string }>('fetch 10000 from raw_rows');
          if (!rows.length) break;
          for (const row of rows) bytes += row.line.length + 1;
        }
        await app.pglite.exec('close raw_rows');
      }
      await app.pglite.exec('commit');
    } finally { await app.pglite.exec(`set role cuadra_app`); }
    return bytes;
  }
  const { postgresJs, postgresTarget } = await import('../kernel/postgres-url');
  const sql = postgresJs(postgresTarget(app.config.databaseOwnerUrl!), { max: 1 });
  try {
    await sql.begin(async (tx) => {
      for (const t of tables) {
        await tx.unsafe(`select row_to_json(x)::text as line from ${t.table} x where ${t.tenantColumn ?? 'tenant_id'} = '${tenant}'`).cursor(10_000, (rows) => {
          for (const row of rows) bytes += String(row.line).length + 1;
        });
      }
    });
  } finally { await sql.end(); }
  return bytes;
}

/**
 * The company's rows copied into a new company inside the database, rolled back: each table's rows
 * first put aside in a temporary table as the owner (not timed), then inserted by INSERT … SELECT
 * per table as the application role under row-level security, as the import writes (documents as
 * drafts numbered after, the deferred checks run). Answers the milliseconds of the inserts.
 */
async function rawCopy(tenant: string): Promise<number> {
  const copy = crypto.randomUUID();
  const columns = async (table: string, fresh: readonly string[]) => (await bench.ownerSql<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = '${table}'::regclass and attnum > 0 and not attisdropped and attgenerated = '' and attidentity <> 'a' order by attnum`))
    .map((r) => r.name).filter((name) => !fresh.includes(name));
  // the order the archive writes (and the import inserts) the tables in
  const ordered = await insertionOrder((statement) => bench.ownerSql(statement), app.kernel.contributions('company-archive'));
  const aside: string[] = [];
  const statements: string[] = ['set local role cuadra_app', `set local app.tenant_id = '${copy}'`];
  const after: string[] = [];
  for (const t of ordered) {
    const column = t.tenantColumn ?? 'tenant_id';
    aside.push(`create temporary table aside_${t.table} on commit drop as select * from ${t.table} where ${column} = '${tenant}'`, `grant select on aside_${t.table} to cuadra_app`);
    const cols = await columns(t.table, t.fresh ?? []);
    const later = t.restoreAfter ?? {};
    const values = cols.map((c) => c === column ? `'${copy}'::uuid` : (t.people ?? []).includes(c) ? 'null' : later[c] ?? `x.${c}`);
    statements.push(`insert into ${t.table} (${cols.join(', ')}) select ${values.join(', ')} from aside_${t.table} x order by ${t.orderBy ?? '1'}`);
    if (Object.keys(later).length) {
      after.push(`update ${t.table} n set ${Object.keys(later).map((c) => `${c} = o.${c}`).join(', ')} from aside_${t.table} o where n.tenant_id = '${copy}' and o.id = n.id`);
    }
  }
  const timed = [...statements, ...after, 'set constraints all immediate'].join(';\n');
  if (app.pglite) {
    await app.pglite.exec('reset role');
    try {
      await app.pglite.exec(`begin; ${aside.join(';\n')};`);
      const start = performance.now();
      await app.pglite.exec(`${timed};`);
      const took = ms(start);
      await app.pglite.exec('rollback');
      return took;
    } finally { await app.pglite.exec('set role cuadra_app'); }
  }
  const { postgresJs, postgresTarget } = await import('../kernel/postgres-url');
  const sql = postgresJs(postgresTarget(app.config.databaseOwnerUrl!), { max: 1 });
  let took = 0;
  try {
    await sql.begin(async (tx) => {
      await tx.unsafe(aside.join(';\n'));
      const start = performance.now();
      await tx.unsafe(timed);
      took = ms(start);
      throw new RolledBack();
    }).catch((error) => { if (!(error instanceof RolledBack)) throw error; });
  } finally { await sql.end(); }
  return took;
}

