import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';
import { expectValidation, insertContactsSql } from './support';
import { readContactPage, TOTAL_COUNTED_EXACTLY, TOTAL_PLANNED_FACTOR, type ContactPage } from '../../../plugins/contacts/service';
import type { Tx } from '../../../kernel/uow';

// total=estimate: exact up to 1,000 matches past the page's start, an estimate never below them beyond.
// And a ranked search's first page taken from the perfect matches met in name order (service.ts, bestMatchesByName).
let app: DocumentsTestApp;
let own: TestCompany;
let other: TestCompany;
let wide: TestCompany;

beforeAll(async () => {
  app = await startDocumentsApp();
  own = await createCompany(app);
  other = await createCompany(app);
  await insertContactsSql(app, own.tenantId, 1_200, 'Ancho');
  await insertContactsSql(app, own.tenantId, 30, 'Estrecho');
  await insertContactsSql(app, own.tenantId, 1, 'Aancho'); // first by name, but 'ancho' only inside a word: not a perfect match
  await app.asOwner('analyze contacts'); // the planner then expects the broad searches' 1,201 matches: the first page walks by name
  await insertContactsSql(app, other.tenantId, 500, 'Estrecho');
  wide = await createCompany(app);
  await insertContactsSql(app, wide.tenantId, WIDE, 'Amplio');
  await app.asOwner('analyze contacts');
}, 120_000);

// enough that the planner expects more than TOTAL_PLANNED_FACTOR times the bound of a 10-row first page
const WIDE = 20_000;
afterAll(() => app.close());

const list = (query: string, token = own.token) => app.get(`/api/v1/contacts?${query}`, token);

describe('GET /contacts?total=estimate', () => {
  test('exact when the matches are fewer than the counted bound; the same page as total=exact; other companies never counted', async () => {
    for (const query of ['search=estrecho&limit=10', 'search=ESTRECHO&limit=10&offset=20', 'search=estrecho&kind=customer&country=ES&limit=5']) {
      const exact = await list(`${query}&total=exact`);
      const estimate = await list(`${query}&total=estimate`);
      expect([query, exact.status, estimate.status]).toEqual([query, 200, 200]);
      expect([query, estimate.body.total, estimate.body.items]).toEqual([query, 30, exact.body.items]);
      expect(estimate.body.next_cursor).toBe(exact.body.next_cursor);
    }
  });

  test('beyond the bound: never less than what was counted, same rows; the default stays exact', async () => {
    const exact = await list('search=ancho&limit=50');
    expect([exact.status, exact.body.total]).toEqual([200, 1_201]);
    const estimate = await list('search=ancho&limit=50&total=estimate');
    expect(estimate.status).toBe(200);
    expect(estimate.body.items).toEqual(exact.body.items);
    expect(estimate.body.total).toBeGreaterThanOrEqual(1_050);
    const plain = await list('limit=50&total=estimate'); // no search: every contact of the company
    expect(plain.body.total).toBeGreaterThanOrEqual(1_050);
    expect(plain.body.items.map((c: any) => c.name)).toEqual((await list('limit=50')).body.items.map((c: any) => c.name));
  });

  test('any other value is a 422 naming the parameter', async () => {
    for (const value of ['approximate', '', 'EXACT']) expectValidation(await list(`total=${value}`), ['query', 'total']);
  });
});

describe('ranked search, first page', () => {
  test('perfect matches first by name, then the rest; cursor pages continue it exactly', async () => {
    const names: string[] = [];
    let res = await list('search=ancho&limit=500');
    expect(res.body.items.slice(0, 3).map((c: any) => c.name)).toEqual(['Ancho 000001', 'Ancho 000002', 'Ancho 000003']);
    for (;;) {
      expect(res.status).toBe(200);
      names.push(...res.body.items.map((c: any) => c.name));
      if (!res.body.next_cursor) break;
      res = await list(`search=ancho&limit=500&cursor=${res.body.next_cursor}`);
    }
    const expected = Array.from({ length: 1_200 }, (_, i) => `Ancho ${String(i + 1).padStart(6, '0')}`).concat('Aancho 000001');
    expect(names).toEqual(expected);
    // by offset, the same order
    const second = await list('search=ancho&limit=500&offset=500');
    expect(second.body.items.map((c: any) => c.name)).toEqual(expected.slice(500, 1_000));
  });

  test('fewer perfect matches than the page: every match ranked', async () => {
    const res = await list('search=anch&limit=10'); // no contact has the word "anch": none is perfect
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1_201);
    expect(res.body.items.map((c: any) => c.name)).toHaveLength(10);
  });
});

describe('total=estimate when the planner expects far more matches than the bound', () => {
  /** One page read by the service's own flow, with the statements it sent. */
  async function pageWithStatements(company: TestCompany, search: string, page: ContactPage) {
    const sent: string[] = [];
    const result = await app.kernel.unitOfWork(null).run((tx: Tx) => readContactPage((sql, params) => { sent.push(sql); return tx.sql(sql, params); }, { search }, page), { tenantId: company.tenantId });
    return { ...result, counted: sent.some((sql) => /count\(\*\)/.test(sql)), termsRead: sent.some((sql) => /from contact_search_terms/.test(sql)) };
  }

  // Needles of two words: contact_search_terms does not count them (filters.ts, countedTermOf), the planner estimates.
  test('the estimate is the total without a count; exact still counts; a narrow search still counts', async () => {
    expect(WIDE).toBeGreaterThan(TOTAL_PLANNED_FACTOR * (10 + TOTAL_COUNTED_EXACTLY));
    const estimate = await pageWithStatements(wide, 'amplio 0', { limit: 10, offset: 0, total: 'estimate' });
    expect([estimate.rows.length, estimate.counted]).toEqual([10, false]);
    expect(estimate.total).toBeGreaterThanOrEqual(TOTAL_PLANNED_FACTOR * (10 + TOTAL_COUNTED_EXACTLY));
    const exact = await pageWithStatements(wide, 'amplio 0', { limit: 10, offset: 0, total: 'exact' });
    expect([exact.total, exact.counted]).toEqual([WIDE, true]);
    expect(exact.rows.map((r) => r.id)).toEqual(estimate.rows.map((r) => r.id));
    const narrow = await pageWithStatements(own, 'ancho 0', { limit: 10, offset: 0, total: 'estimate' });
    expect([narrow.total, narrow.counted]).toEqual([1_201, true]);
  });

  test('a needle of letters alone: exact whatever total asks, from the search terms (kept from 10,000 contacts on) without counting contacts', async () => {
    for (const total of ['exact', 'estimate'] as const) {
      for (const [search, expected] of [['amplio', WIDE], ['mpli', WIDE], ['ausente', 0]] as const) {
        const page = await pageWithStatements(wide, search, { limit: 10, offset: 0, total });
        expect([search, total, page.total, page.counted, page.termsRead]).toEqual([search, total, expected, false, true]);
      }
      // 1,231 contacts: no terms kept, the matches are counted
      for (const [search, expected] of [['ancho', 1_201], ['estrecho', 30]] as const) {
        const page = await pageWithStatements(own, search, { limit: 10, offset: 0, total });
        expect([search, total, page.total, page.counted]).toEqual([search, total, expected, true]);
      }
    }
  });

  test('through the API: the same rows as exact, a total never below what the page shows', async () => {
    const exact = await list('search=amplio&limit=10', wide.token);
    const estimate = await list('search=amplio&limit=10&total=estimate', wide.token);
    expect([exact.status, estimate.status, exact.body.total]).toEqual([200, 200, WIDE]);
    expect(estimate.body.items).toEqual(exact.body.items);
    expect(estimate.body.total).toBeGreaterThanOrEqual(TOTAL_PLANNED_FACTOR * (10 + TOTAL_COUNTED_EXACTLY));
  });
});
