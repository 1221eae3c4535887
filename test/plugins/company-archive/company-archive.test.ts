/**
 * The company, portable (docs/company-archive.md): the owner downloads the whole company as one
 * zip; another user restores it into a new company with the same numbers, the same ledger, a
 * VERI*FACTU chain that still verifies and the same files; an archive from a newer version, an
 * altered one or one with broken references is refused with the reason and leaves nothing behind;
 * a non-owner cannot export; every table holding company rows is archived or says why not.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { APP_ROLE } from '../../../kernel/migration';
import { backend } from '../../support/database';
import { startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { createApiKey, createCompany, registerUser, type TestCompany, type TestUser } from '../../support/factories';
import { archiveOf, companyFigures, fillCompany, importArchive, rezip, sha256 } from './support';

let app: DocumentsTestApp;
let company: TestCompany;
let archive: Uint8Array;
beforeAll(async () => {
  app = await startDocumentsApp({ unlimited: true });
  company = await createCompany(app);
  await fillCompany(app, company);
  archive = await archiveOf(app, company.token);
}, 300_000);
afterAll(() => app?.close());

describe(`the company archive (${backend})`, () => {
  test('one zip: format.json first, manifest.json last, every entry listed with its rows and SHA-256', () => {
    const names = Object.keys(unzipSync(archive));
    expect(names[0]).toBe('format.json');
    expect(names.at(-1)).toBe('manifest.json');
    const files = unzipSync(archive);
    const format = JSON.parse(strFromU8(files['format.json']!));
    expect(format).toMatchObject({ format: 'cuadra-company-archive', format_version: 1, company: { id: company.tenantId } });
    expect(format.parts.map((p: any) => p.part)).toEqual(expect.arrayContaining(['tenants', 'contacts', 'ledger', 'invoices', 'verifactu', 'treasury', 'uploads']));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    for (const entry of manifest.entries) {
      expect(sha256(files[entry.path]!)).toBe(entry.sha256);
      if (entry.rows !== undefined) expect(strFromU8(files[entry.path]!).split('\n').filter(Boolean).length).toBe(entry.rows);
    }
    const rows = (table: string) => manifest.entries.find((e: any) => e.table === table)?.rows;
    expect(rows('invoices')).toBe(4);
    expect(rows('verifactu_records')).toBe(3);
    expect(rows('tenants')).toBe(1);
    // the tenants row comes before anything that refers to it; lines after their documents
    expect(names.indexOf('tables/tenants.jsonl')).toBeLessThan(names.indexOf('tables/contacts.jsonl'));
    expect(names.indexOf('tables/invoices.jsonl')).toBeLessThan(names.indexOf('tables/invoice_lines.jsonl'));
    // money as the database wrote it: exact decimals
    expect(strFromU8(files['tables/invoices.jsonl']!)).toContain('"total":');
    // the upload's and the logo's bytes travel
    expect(manifest.entries.filter((e: any) => e.path.startsWith('files/') && !e.path.endsWith('.type')).length).toBe(2);
    // credentials stay behind
    expect(names).not.toContain('tables/api_keys.jsonl');
    expect(names).not.toContain('tables/memberships.jsonl');
  });

  test('restored by another user into a new company: same numbers, same ledger, the chain verifies, the files are identical', async () => {
    const other = await registerUser(app);
    const restored = await importArchive(app, other.token, archive);
    expect(restored.status).toBe(201);
    expect(restored.body.tenant_id).not.toBe(company.tenantId);
    expect(restored.body.rows.invoices).toBe(4);
    expect(restored.body.files).toBe(2);
    const switched = await app.post('/api/v1/auth/switch-tenant', { tenant_id: restored.body.tenant_id }, other.token);
    expect(switched.status).toBe(200);
    const token = switched.body.access_token;
    expect((await app.get('/api/v1/auth/me', token)).body.memberships).toEqual([expect.objectContaining({ tenant_id: restored.body.tenant_id, role: 'owner' })]);
    const [before, after] = [await companyFigures(app, company.token), await companyFigures(app, token)];
    expect(after).toEqual(before);
    expect(after.verifies).toBe(true);
    expect(after.trialBalance.length).toBeGreaterThan(3);
    // stored files byte for byte
    const uploadId = JSON.parse(strFromU8(unzipSync(archive)['tables/uploads.jsonl']!).trim()).id;
    const upload = async (bearer: string) => new Uint8Array(await (await app.handle(new Request(`http://localhost/api/v1/uploads/${uploadId}`, { headers: { authorization: `Bearer ${bearer}` } }))).arrayBuffer());
    expect(sha256(await upload(token))).toBe(sha256(await upload(company.token)));
    expect((await upload(token)).byteLength).toBeGreaterThan(10);
    // the restored company goes on: a new invoice continues the numbering and the chain
    const customer = (await app.get('/api/v1/contacts?limit=1', token)).body.items[0];
    const next = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-04-10', lines: [{ description: 'Más', quantity: '1', unit_price: '1.00', tax_type_id: taxId(company, 'IVA21') }] }, token);
    expect(next.status).toBe(201);
    expect((await app.get('/api/v1/verifactu/verify', token)).body.intact).toBe(true);
    // the source company is untouched by its copy's new invoice
    expect((await companyFigures(app, company.token))).toEqual(before);
  });

  test('a non-owner cannot export; an API key cannot import', async () => {
    const admin = await createApiKey(app, company.token, 'admin');
    expect((await app.get('/api/v1/tenants/me/archive', admin.key)).status).toBe(403);
    expect((await importArchive(app, admin.key, archive)).status).toBe(403);
    expect((await app.get('/api/v1/tenants/me/archive')).status).toBe(401);
  });

  test('an import never touches another company: rows naming another tenant land in the new company', async () => {
    const victim = await createCompany(app, 'Otra Empresa SL');
    const before = await companyFigures(app, victim.token);
    const aimed = rezip(archive, (files) => {
      for (const name of Object.keys(files)) {
        if (name.startsWith('tables/') && name !== 'tables/tenants.jsonl') files[name] = strToU8(strFromU8(files[name]!).replaceAll(company.tenantId, victim.tenantId));
      }
    }, { refreshManifest: true });
    const other = await registerUser(app);
    const restored = await importArchive(app, other.token, aimed);
    expect(restored.status).toBe(201);
    expect(await companyFigures(app, victim.token)).toEqual(before);
    expect((await app.get('/api/v1/contacts', victim.token)).body.total).toBe(0);
  });

  describe('refused archives leave nothing behind', () => {
    let user: TestUser;
    beforeAll(async () => { user = await registerUser(app); });
    const refused = async (bytes: Uint8Array, status: number, reason: RegExp) => {
      const before = await tenantCount();
      const res = await importArchive(app, user.token, bytes);
      expect(res.status).toBe(status);
      expect(res.body.detail).toMatch(reason);
      expect(await tenantCount()).toBe(before);
      expect((await app.get('/api/v1/auth/me', user.token)).body.memberships).toEqual([]);
    };

    test('an archive from a newer format version', async () => {
      await refused(rezip(archive, (files) => {
        const format = JSON.parse(strFromU8(files['format.json']!));
        files['format.json'] = strToU8(JSON.stringify({ ...format, format_version: 2 }));
      }, { refreshManifest: true }), 422, /format version 2, newer than this deployment reads \(1\)/);
      await refused(rezip(archive, (files) => {
        const format = JSON.parse(strFromU8(files['format.json']!));
        format.parts.find((p: any) => p.part === 'ledger').version = 9;
        files['format.json'] = strToU8(JSON.stringify(format));
      }, { refreshManifest: true }), 422, /"ledger" is version 9/);
      // purchase ingestion's part is version 2 since batches (batch_position); a version 3 is an importer's future
      expect(JSON.parse(strFromU8(unzipSync(archive)['format.json']!)).parts.find((p: any) => p.part === 'purchase-ingestion')?.version).toBe(2);
      await refused(rezip(archive, (files) => {
        const format = JSON.parse(strFromU8(files['format.json']!));
        format.parts.find((p: any) => p.part === 'purchase-ingestion').version = 3;
        files['format.json'] = strToU8(JSON.stringify(format));
      }, { refreshManifest: true }), 422, /"purchase-ingestion" is version 3/);
    });

    test('a tampered archive: one amount changed, the manifest left as it was', async () => {
      await refused(rezip(archive, (files) => {
        const text = strFromU8(files['tables/journal_lines.jsonl']!);
        files['tables/journal_lines.jsonl'] = strToU8(text.replace(/"debit":(\d+)\.(\d\d)/, (_, a, b) => `"debit":${Number(a) + 1}.${b}`));
      }), 422, /altered: tables\/journal_lines\.jsonl does not match the SHA-256/);
      await refused(rezip(archive, (files) => { delete files['manifest.json']; }), 422, /manifest\.json.*missing/);
      await refused(rezip(archive, (files) => {
        const key = Object.keys(files).find((name) => /^files\/[0-9a-f]{64}$/.test(name))!;
        files[key] = strToU8('other bytes');
      }, { refreshManifest: true }), 422, /does not hash to its name/);
      await refused(strToU8('not a zip at all'), 422, /zip|format\.json/);
    });

    test('malformed entries answer 422 (never 500); a body that is not a zip by its type, 415', async () => {
      await refused(rezip(archive, (files) => {
        files['format.json'] = strToU8(JSON.stringify({ format: 'cuadra-company-archive', format_version: 1, parts: [null] }));
      }, { refreshManifest: true }), 422, /lists no parts/);
      await refused(rezip(archive, (files) => {
        delete files['manifest.json'];
        files['manifest.json'] = strToU8(JSON.stringify({ format: 'cuadra-company-archive', format_version: 1, entries: [null] }));
      }), 422, /not a company archive manifest/);
      await refused(rezip(archive, (files) => { files['tables/contacts.jsonl'] = strToU8('[1,2]\n"text"\n'); }, { refreshManifest: true }), 422, /contacts/);
      await refused(rezip(archive, (files) => { files['tables/unknown_table.jsonl'] = strToU8('{}\n'); }, { refreshManifest: true }), 422, /unknown_table/);
      const res = await app.post('/api/v1/tenants/import', { archive: 'no' }, user.token);
      expect(res.status).toBe(415);
    });

    test('broken references: the contacts left out (manifest made to match)', async () => {
      await refused(rezip(archive, (files) => { files['tables/contacts.jsonl'] = new Uint8Array(0); }, { refreshManifest: true }), 422, /broken references in (invoices|purchases|journal_lines|[a-z_]+)/);
    });

    test('an unbalanced entry (manifest made to match) is refused by the books', async () => {
      await refused(rezip(archive, (files) => {
        // a debit line (its credit zero) one euro larger
        const lines = strFromU8(files['tables/journal_lines.jsonl']!).split('\n');
        const at = lines.findIndex((line) => line.includes('"credit":0.00') && !line.includes('"debit":0.00'));
        lines[at] = lines[at]!.replace(/"debit":(\d+)\.(\d\d)/, (_, a, b) => `"debit":${Number(a) + 1}.${b}`);
        files['tables/journal_lines.jsonl'] = strToU8(lines.join('\n'));
      }, { refreshManifest: true }), 422, /unbalanced/);
    });
  });

  test('every table holding company rows is archived by its plugin or says why not', async () => {
    const parts = app.kernel.contributions('company-archive');
    const covered = new Set(parts.flatMap((part) => [...part.tables.map((t) => t.table), ...(part.notArchived ?? []).map((n) => n.table)]));
    const tables = await catalogTenantTables();
    expect(tables.length).toBeGreaterThan(50);
    expect(tables.filter((table) => !covered.has(table))).toEqual([]);
    for (const part of parts) for (const reason of part.notArchived ?? []) expect(reason.reason.length).toBeGreaterThan(20);
    // and the check sees a table nobody covers
    expect([...tables, 'a_new_plugin_table'].filter((table) => !covered.has(table))).toEqual(['a_new_plugin_table']);
  });
});

async function ownerQuery<T>(sql: string): Promise<T[]> {
  if (app.pglite) {
    await app.pglite.exec('reset role');
    try { return (await app.pglite.query<T>(sql)).rows; } finally { await app.pglite.exec(`set role ${APP_ROLE}`); }
  }
  const postgres = (await import('postgres')).default;
  const admin = postgres(app.adminUrl!, { max: 1, onnotice: () => {} });
  try { return (await admin.unsafe(sql)) as unknown as T[]; } finally { await admin.end(); }
}

async function tenantCount(): Promise<number> {
  const [row] = await ownerQuery<{ n: number }>('select count(*)::int as n from tenants');
  return row!.n;
}

/** Tables with a tenant_id column (plus the tenants table itself), from the catalog. */
async function catalogTenantTables(): Promise<string[]> {
  const rows = await ownerQuery<{ name: string }>(`select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
    where c.relkind in ('r', 'p') and (c.relname = 'tenants' or exists (select from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped))
    order by 1`);
  return rows.map((row) => row.name);
}
