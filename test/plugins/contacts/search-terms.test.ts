import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { searchFold } from '../../../lib/listing';
import { COUNTED_TERM_LENGTH, countedTermOf } from '../../../plugins/contacts/filters';
import { startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';
import { insertContactsSql } from './support';
import { postgresJs, postgresTarget } from '../../../kernel/postgres-url';
import { backend } from '../../support/database';

// contact_search_terms (migrations.ts) answers a search's total from weights kept per term: after any
// mix of inserts, renames, moves between filter groups and deletes, the sum over a needle's range must
// be the number of contacts whose fields contain it, for every needle of 3 to 16 letters. The names
// are drawn from few letters so that words repeat inside words (anana, nanna) and fields share them.
let app: DocumentsTestApp;
let companies: TestCompany[];

beforeAll(async () => {
  app = await startDocumentsApp();
  companies = [await createCompany(app), await createCompany(app)];
  // terms are kept from 10,000 contacts on; these two companies keep theirs from the start
  await app.asOwner(companies.map((company) => `select contact_search_terms_keep('${company.tenantId}')`));
}, 60_000);
afterAll(() => app.close());

const text = (max: number) => fc.array(fc.constantFrom('a', 'n', 'a', 'n', 'b', 'Ñ', 'á', 'ß', 'д', ' ', '.', '1', '-'), { maxLength: max }).map((c) => c.join(''));
const contactFields = fc.record({
  name: text(24).map((name) => `${name}x`),
  legal_name: fc.option(text(20), { nil: null }),
  email: fc.option(text(12).map((local) => `${local}@nanab.es`), { nil: null }),
  kind: fc.constantFrom('customer', 'supplier'),
  customer_and_supplier: fc.boolean(),
  country: fc.constantFrom('ES', 'FR'),
});
type Fields = typeof contactFields extends fc.Arbitrary<infer T> ? T : never;

const operation = fc.oneof(
  fc.record({ op: fc.constant('insert' as const), company: fc.nat(1), contacts: fc.array(contactFields, { minLength: 1, maxLength: 6 }) }),
  fc.record({ op: fc.constant('rename' as const), company: fc.nat(1), every: fc.integer({ min: 1, max: 4 }), fields: contactFields }),
  fc.record({ op: fc.constant('move' as const), company: fc.nat(1), every: fc.integer({ min: 1, max: 4 }), country: fc.constantFrom('ES', 'FR') }),
  fc.record({ op: fc.constant('delete' as const), company: fc.nat(1), every: fc.integer({ min: 2, max: 5 }) }),
  fc.record({ op: fc.constant('merge' as const), company: fc.nat(1), duplicates: fc.integer({ min: 1, max: 3 }) }),
);

const json = (value: unknown) => `$j$${JSON.stringify(value)}$j$::json`;
function insertSql(company: TestCompany, contacts: Fields[]): string {
  return `insert into contacts (id, tenant_id, kind, customer_and_supplier, name, legal_name, customer_type, country, email, vat_valid, name_key)
    select gen_random_uuid(), '${company.tenantId}', r.kind, r.customer_and_supplier, r.name, r.legal_name, 'business', r.country, r.email, false, lower(r.name)
    from json_to_recordset(${json(contacts)}) as r(kind text, customer_and_supplier boolean, name text, legal_name text, country text, email text)`;
}

/** Every run of letters (no digit, ASCII space or punctuation) of a folded text: what a term is cut from. */
const letterRuns = (document: string) => document.match(/[^\x00-\x40\x5b-\x60\x7b-\x7f]+/gu) ?? [];

/** Needles: every substring of 3 to 6 characters of the companies' runs of letters, the runs' endings of 12 to 16, a few absent. */
async function needles(): Promise<string[]> {
  const documents = await app.asOwner<{ d: string }>(`select search_document as d from contacts where tenant_id in (${companies.map((c) => `'${c.tenantId}'`).join(', ')})`);
  const found = new Set<string>(['nnn', 'bbb', 'ßßß', 'дaд', 'xxxx']);
  for (const { d } of documents) {
    for (const run of letterRuns(d)) {
      const chars = [...run];
      for (let start = 0; start < chars.length; start++) {
        for (let length = 3; length <= 6 && start + length <= chars.length; length++) found.add(chars.slice(start, start + length).join(''));
      }
      // the longest counted needles, and one past them (counted from the contacts instead)
      for (let length = 12; length <= COUNTED_TERM_LENGTH && length <= chars.length; length++) found.add(chars.slice(chars.length - length).join(''));
    }
  }
  return [...found].sort();
}

/** For each needle and filter, the terms' sum next to a count of the contacts whose fields hold the needle. */
async function termsAgainstRecount(company: TestCompany, all: string[]) {
  const rows = all.map((needle) => ({ needle, ...countedTermOf({ text: needle, pattern: '', ranked: true })! }));
  return app.asOwner<{ needle: string; filter: string; summed: number; counted: number }>(`
    with needles as (select * from json_to_recordset(${json(rows)}) as r(needle text, term text, term_end text)),
         filters(filter, kind, country) as (values ('all', null, null), ('customers', 'customer', null), ('FR suppliers', 'supplier', 'FR'))
    select n.needle, f.filter,
      (select coalesce(sum(t.weight), 0)::int from contact_search_terms t
        where t.tenant_id = '${company.tenantId}' and t.term >= n.term collate "C" and t.term < n.term_end collate "C"
          and (f.kind is null or t.kind = f.kind or t.customer_and_supplier) and (f.country is null or t.country = f.country)) as summed,
      (select count(*)::int from contacts c
        where c.tenant_id = '${company.tenantId}' and strpos(c.search_document, n.needle) > 0
          and (f.kind is null or c.kind = f.kind or c.customer_and_supplier) and (f.country is null or c.country = f.country)) as counted
    from needles n, filters f order by 1, 2`);
}

describe('contact_search_terms', () => {
  test('after any mix of inserts, renames, moves, deletes and merges, every needle of letters sums to its matches', async () => {
    await fc.assert(fc.asyncProperty(fc.array(operation, { minLength: 3, maxLength: 10 }), async (operations) => {
      for (const o of operations) {
        const company = companies[o.company];
        const every = (n: number) => `tenant_id = '${company.tenantId}' and abs(hashtext(id::text)) % ${n} = 0`;
        if (o.op === 'insert') await app.asOwner(insertSql(company, o.contacts));
        else if (o.op === 'rename') {
          await app.asOwner(`update contacts set name = ${json([o.fields.name])}->>0 || name, legal_name = ${json([o.fields.legal_name])}->>0,
            kind = '${o.fields.kind}', customer_and_supplier = ${o.fields.customer_and_supplier} where ${every(o.every)}`);
        } else if (o.op === 'move') await app.asOwner(`update contacts set country = '${o.country}', updated_at = now() where ${every(o.every)}`);
        else if (o.op === 'delete') await app.asOwner(`delete from contacts where ${every(o.every)}`);
        else {
          // through the API: the survivor takes the first duplicate's missing fields, the duplicates go
          const ids = (await app.asOwner<{ id: string }>(`select id::text as id from contacts where tenant_id = '${company.tenantId}' order by name_key, id limit ${o.duplicates + 1}`)).map((r) => r.id);
          if (ids.length < 2) continue;
          const res = await app.post(`/api/v1/contacts/${ids[0]}/merge`, { duplicate_ids: ids.slice(1) }, company.token);
          expect([res.status, res.body]).toEqual([200, expect.anything()]);
        }
      }
      const all = await needles();
      for (const company of companies) {
        const compared = await termsAgainstRecount(company, all);
      expect(compared.length).toBe(all.length * 3);

        expect(compared.filter((r) => r.summed !== r.counted)).toEqual([]);
      }
    }), { numRuns: 10, seed: 20261124 });
    const rows = await app.asOwner<{ n: number }>(`select count(*)::int as n from contact_search_terms where weight = 0`);
    expect(rows[0].n).toBe(0);
  }, 180_000);

  test('the list and the summary answer the same totals as counting, for counted needles and others alike', async () => {
    const [company] = companies;
    const documents = await app.asOwner<{ d: string }>(`select search_document as d from contacts where tenant_id = '${company.tenantId}'`);
    const all = await needles();
    const sample = all.filter((_, i) => i % Math.max(1, Math.floor(all.length / 40)) === 0);
    const others = ['ana x', 'nanab.es', '1-a', 'a'.repeat(COUNTED_TERM_LENGTH + 1)];
    for (const search of [...sample, ...others]) {
      const expected = documents.filter(({ d }) => d.includes(searchFold(search))).length;
      const list = await app.get(`/api/v1/contacts?limit=1&search=${encodeURIComponent(search)}`, company.token);
      const summary = await app.get(`/api/v1/contacts/summary?search=${encodeURIComponent(search)}`, company.token);
      expect([search, list.status, list.body.total, summary.body.total]).toEqual([search, 200, expected, expected]);
    }
    expect(others.map((search) => countedTermOf({ text: search, pattern: '', ranked: true }))).toEqual([undefined, undefined, undefined, undefined]);
  });

  test('a company keeps no terms below 10,000 contacts, its totals counted; reaching 10,000 starts keeping them, backfilled', async () => {
    const company = await createCompany(app);
    const kept = async () => (await app.asOwner(`select 1 from contact_search_term_companies where tenant_id = '${company.tenantId}'`)).length === 1;
    await insertContactsSql(app, company.tenantId, 9_990, 'Lote');
    expect(await kept()).toBe(false);
    expect(await app.asOwner(`select 1 from contact_search_terms where tenant_id = '${company.tenantId}'`)).toEqual([]);
    expect((await app.get('/api/v1/contacts?limit=1&search=lote', company.token)).body.total).toBe(9_990);
    await insertContactsSql(app, company.tenantId, 10, 'Remolacha');
    expect(await kept()).toBe(true);
    expect((await app.post('/api/v1/contacts', { kind: 'supplier', name: 'Remolachas del Norte' }, company.token)).status).toBe(201);
    for (const [search, expected] of [['lote', 9_990], ['remolacha', 11], ['molach', 11], ['norte', 1]] as const) {
      const [row] = await app.asOwner<{ n: number }>(`select coalesce(sum(weight), 0)::int as n from contact_search_terms
        where tenant_id = '${company.tenantId}' and term >= '${search}' and term < '${countedTermOf({ text: search, pattern: '', ranked: true })!.term_end}'`);
      const list = await app.get(`/api/v1/contacts?limit=1&search=${search}`, company.token);
      const summary = await app.get(`/api/v1/contacts/summary?search=${search}`, company.token);
      expect([search, row.n, list.body.total, summary.body.total, summary.body.suppliers]).toEqual([search, expected, expected, expected, search === 'lote' ? 0 : 1]);
    }
  }, 120_000);

  // contact_search_terms_keep and the writers of the company's contacts share an advisory lock (migrations.ts)
  test.skipIf(backend !== 'postgres')('keeping starts while contacts are written, in either order: each contact counted once; an insert reaching 10,000 never waits for it', async () => {
    const connect = () => postgresJs(postgresTarget(app.adminUrl!), { max: 1 });
    const [writer, keeper, watcher] = [connect(), connect(), connect()];
    const insert = (company: TestCompany, name: string) => `insert into contacts (id, tenant_id, kind, name, customer_type, country, vat_valid, name_key)
      values (gen_random_uuid(), '${company.tenantId}', 'customer', '${name}', 'business', 'ES', false, '${name.toLowerCase()}')`;
    const keep = (company: TestCompany) => `select contact_search_terms_keep('${company.tenantId}')`;
    const blocked = async (text: string) => {
      for (let i = 0; i < 200; i++) {
        const rows = await watcher.unsafe(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like $1`, [`%${text}%`]);
        if (rows.length) return;
        await Bun.sleep(25);
      }
      throw new Error(`never waited: ${text}`);
    };
    const pepinos = async (company: TestCompany) => (await app.asOwner<{ n: number }>(`select coalesce(sum(weight), 0)::int as n from contact_search_terms
      where tenant_id = '${company.tenantId}' and term >= 'pepino' and term < 'pepinp'`))[0].n;
    try {
      // a writer in flight when keeping starts: keeping waits for it, and its backfill counts the contact
      const first = await createCompany(app);
      await writer.unsafe('begin');
      await writer.unsafe(insert(first, 'Pepino Uno'));
      const keeping = keeper.unsafe(keep(first)).execute(); // postgres.js sends a query when awaited, or now
      await blocked('contact_search_terms_keep');
      await writer.unsafe('commit');
      await keeping;
      // keeping in flight when a contact is written: the writer waits for it, then counts its contact
      const second = await createCompany(app);
      await keeper.unsafe('begin');
      await keeper.unsafe(keep(second));
      const writing = writer.unsafe(insert(second, 'Pepino Dos')).execute();
      await blocked('Pepino Dos');
      await keeper.unsafe('commit');
      await writing;
      expect([await pepinos(first), await pepinos(second)]).toEqual([1, 1]);
      // an insert that reaches 10,000 while another writer is in flight does not wait for it (two
      // such inserts would each wait for the other): the company is kept by a later insert
      const third = await createCompany(app);
      await insertContactsSql(app, third.tenantId, 9_998, 'Lote');
      await writer.unsafe('begin');
      await writer.unsafe(insert(third, 'Pepino Tres').replace(`'customer'`, `'supplier'`)); // another group: no shared row lock
      // its second insert sees 9,998 + 2 committed or its own: the 10,000th
      const reaching = keeper.unsafe(`${insert(third, 'Pepino Cuatro')}; ${insert(third, 'Pepino Cuatro')}`).execute();
      const done = await Promise.race([reaching.then(() => 'done'), Bun.sleep(3_000).then(() => 'waiting')]);
      await writer.unsafe('commit');
      await reaching;
      const kept = async () => (await app.asOwner(`select 1 from contact_search_term_companies where tenant_id = '${third.tenantId}'`)).length;
      expect([done, await kept()]).toEqual(['done', 0]);
      await writer.unsafe(insert(third, 'Pepino Cinco'));
      expect([await kept(), await pepinos(third)]).toEqual([1, 4]);
    } finally {
      await Promise.all([writer.end(), keeper.end(), watcher.end()]);
    }
  }, 60_000);

  test('the list and the summary of a kept company read their totals from the terms', async () => {
    const [company] = companies;
    const totals = async () => [(await app.get('/api/v1/contacts?limit=1&search=nan', company.token)).body.total,
      (await app.get('/api/v1/contacts/summary?search=nan', company.token)).body.total];
    const [before] = await totals();
    expect(before).toBeGreaterThan(0);
    // a weight added by hand shows in both, and only there
    const [{ at }] = await app.asOwner<{ at: string }>(`select ctid::text as at from contact_search_terms
      where tenant_id = '${company.tenantId}' and term >= 'nan' and term < 'nao' limit 1`);
    const [{ key }] = await app.asOwner<{ key: string }>(`update contact_search_terms set weight = weight + 1000 where ctid = '${at}'::tid
      returning format('tenant_id = %L and term = %L and kind = %L and customer_and_supplier = %L and country = %L and customer_type = %L and has_vat = %L and has_payment_processor = %L and external_source = %L',
        tenant_id, term, kind, customer_and_supplier, country, customer_type, has_vat, has_payment_processor, external_source) as key`);
    try {
      expect(await totals()).toEqual([before + 1000, before + 1000]);
    } finally {
      await app.asOwner(`update contact_search_terms set weight = weight - 1000 where ${key}`);
    }
    expect(await totals()).toEqual([before, before]);
  });

  test('another company\'s terms are not read: the application role sees its own and can write none', async () => {
    const [a, b] = companies;
    const visible = await app.asAppRole<{ t: string }>(b.tenantId, `select distinct tenant_id::text as t from contact_search_terms`);
    expect(visible.map((r) => r.t)).toEqual([b.tenantId]);
    await expect(app.asAppRole(b.tenantId, `update contact_search_terms set weight = weight + 1`)).rejects.toThrow();
    await expect(app.asAppRole(b.tenantId, `insert into contact_search_term_companies values ('${a.tenantId}')`)).rejects.toThrow();
    const stranger = await createCompany(app);
    await expect(app.asAppRole(b.tenantId, `select contact_search_terms_keep('${stranger.tenantId}')`)).rejects.toThrow();
    await expect(app.asAppRole(b.tenantId, `select contact_search_terms_keep('${stranger.tenantId}', false)`)).rejects.toThrow();
    expect(await app.asOwner(`select 1 from contact_search_term_companies where tenant_id = '${stranger.tenantId}'`)).toEqual([]);
    await app.asOwner(`delete from contacts where tenant_id = '${a.tenantId}'`);
    expect(await app.asOwner(`select 1 from contact_search_terms where tenant_id = '${a.tenantId}'`)).toEqual([]);
  });
});
