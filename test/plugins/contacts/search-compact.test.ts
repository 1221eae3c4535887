import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { searchFold } from '../../../lib/listing';
import { COMPACT_DROPPED_SQL, compactSearchText } from '../../../plugins/contacts/filters';
import { contactListStatements } from '../../../plugins/contacts/service';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact } from './support';

// The trigram index is on search_compact (the folded fields without spaces and punctuation); the
// search still matches search_document exactly. filters.ts explains why.
let app: TestApp;
let company: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  app = await startTestApp();
  company = await createCompany(app);
  other = await createCompany(app);
  await createContact(app, company.token, { name: 'Iñaki Ortega Martínez', email: 'inaki.ortega@example.com', legal_name: 'Ortega-Iñaki S.L.' });
  await createContact(app, company.token, { name: 'Inaki Ortegui', external_id: 'EXT-77 / b', external_source: 'holded' });
  await createContact(app, company.token, { name: 'Ortega Iñaki' });
  await createContact(app, other.token, { name: 'Iñaki Ortega Otro' });
}, 60_000);
afterAll(() => app.close());

const names = async (search: string, token = company.token) => {
  const res = await app.get(`/api/v1/contacts?search=${encodeURIComponent(search)}`, token);
  expect([search, res.status]).toEqual([search, 200]);
  return res.body.items.map((c: any) => c.name).sort();
};

describe('search through search_compact', () => {
  test('the database and TypeScript compact every character alike', async () => {
    const everyCharacter = Array.from({ length: 0x250 - 1 }, (_, i) => String.fromCodePoint(i + 1)).join('') + ' ½ € – · 日本 ß';
    const [row] = await app.kernel.unitOfWork(null).run(
      (tx) => tx.sql<{ compact: string }>(`select regexp_replace(:text, ${COMPACT_DROPPED_SQL}, '', 'g') as compact where :tenant::uuid is not null`, { text: everyCharacter }),
      { tenantId: company.tenantId },
    );
    expect(row.compact).toBe(compactSearchText(everyCharacter));
    // and the generated column (its migration writes the pattern out) agrees with both
    const stored = await app.kernel.unitOfWork(null).run(
      (tx) => tx.sql<{ document: string; compact: string }>(`select search_document as document, search_compact as compact from contacts where tenant_id = :tenant`),
      { tenantId: company.tenantId },
    );
    expect(stored.length).toBe(3);
    for (const contact of stored) expect(contact.compact).toBe(compactSearchText(contact.document));
    expect(compactSearchText(searchFold('Iñaki Ortega, S.L. <a_b@x.es>\n42%'))).toBe('inakiortegaslabxes42');
  });

  test('several words, punctuation and wildcards: exactly the contacts whose fields hold the text', async () => {
    expect(await names('iñaki ortega')).toEqual(['Iñaki Ortega Martínez']);
    expect(await names('INAKI ORTEG')).toEqual(['Inaki Ortegui', 'Iñaki Ortega Martínez']);
    expect(await names('ortega iñaki')).toEqual(['Ortega Iñaki']);
    expect(await names('ortega-iñaki s.l.')).toEqual(['Iñaki Ortega Martínez']);
    expect(await names('inaki.ortega@')).toEqual(['Iñaki Ortega Martínez']);
    expect(await names('ext-77 / b')).toEqual(['Inaki Ortegui']);
  });

  test('the compacted text alone is no match: spaces and punctuation still count', async () => {
    for (const search of ['inakiortega', 'ortegainaki', 'ortega iñaki s.l.', 'ext77b', 'ortega_inaki', 'ortega%inaki']) expect(await names(search)).toEqual([]);
  });

  test('through the index or through the company\'s rows (the list picks by the planner\'s estimates): the same rows, order and total', async () => {
    const page = (search: string, useIndex: boolean) => app.kernel.unitOfWork(null).run(async (tx) => {
      const statements = contactListStatements({ search }, { limit: 2, offset: 0 }, useIndex);
      const statement = statements.countedItems ?? statements.items;
      return tx.sql(statement.sql, statement.params);
    }, { tenantId: company.tenantId });
    for (const search of ['iñaki ortega', 'ortega', 'ORTEG', 'inakiortega', 'ext-77 / b', 'ñak', 'a.']) {
      const indexed = await page(search, true);
      expect([search, await page(search, false)]).toEqual([search, indexed]);
    }
    expect((await page('ortega', true)).map((row) => [row.name, row.full_count])).toEqual([['Iñaki Ortega Martínez', 2], ['Ortega Iñaki', 2]]);
  });

  test('other companies are never searched', async () => {
    expect(await names('iñaki ortega', other.token)).toEqual(['Iñaki Ortega Otro']);
  });
});
