import { assertOneStart, decodeCursor, encodeCursor, keysetAfter, matchedFieldsSql, needleParams, orderBy, rankSql, searchNeedle, sortKeyColumns, sortKeyOf, type SearchNeedle, type SortKey } from '../../lib/listing';
import type { Tx } from '../../kernel/uow';
import { ContactService } from '../contacts/api';
import { matchedFields, type SearchGroup } from '../../lib/search';
import { pgArray } from './document';
import type { DocumentTables } from './kinds';

/**
 * Search and keyset pages over a document kind's table, shared by every kind's list and search answer.
 *
 * A document is found by its header (number, party name and tax number, notes …, one trigram index
 * over their folded text), by the description of any of its lines (a trigram index on the lines),
 * and, while it is a draft and keeps no copy of its party, by its contact's name (asked of the
 * contacts plugin). The three index lookups are united, then the list's own filters apply.
 */
/**
 * A kind's documents as lists and search read them. Its migrations create the views
 * `<table>_searchable (tenant_id, id, document)` and `<linesTable>_searchable (tenant_id,
 * <linesKey>, document)` of the transaction's tenant, whose `document` is the folded text the
 * trigram indexes hold (under row-level security LIKE could not use the indexes).
 */
export interface DocumentTable extends Pick<DocumentTables, 'table' | 'linesTable' | 'linesKey'> {
  /** Searched header fields: name (as reported in `matched`) → SQL over a table alias. */
  headerFields: Record<string, (alias: string) => string>;
  /** The list's order over the alias `d`: unique, non-null keys. */
  order: readonly SortKey[];
}

/**
 * The lists' order, newest first: issue date, then any keys of the kind (`within`: sales invoices
 * keep their series together), the number (drafts, unnumbered, first), creation and id.
 */
export const newestFirst = (...within: SortKey[]): readonly SortKey[] => [
  { expression: 'd.issue_date', direction: 'desc', type: 'date' },
  ...within,
  { expression: 'coalesce(d.seq, 2147483647)', direction: 'desc', type: 'int' },
  { expression: 'd.created_at', direction: 'desc', type: 'timestamptz' },
  { expression: 'd.id', direction: 'asc', type: 'uuid' },
];

/** More matching contacts than this only rank drafts by their best-matching contacts. */
const DRAFT_CONTACTS_CAP = 500;

/** The folded header text, fields one per line: what the header index and the search view hold, for ranking. */
export function headerDocument(doc: DocumentTable, alias: string): string {
  const fields = Object.values(doc.headerFields).map((field) => `coalesce(${field(alias)}, '')`);
  return `search_fold(${fields.join(` || E'\\n' || `)})`;
}

export interface DocumentSearch {
  /** `and …` for the list's WHERE (over the alias `d`). */
  where: string;
  params: Record<string, unknown>;
  rank: string;
  needle: SearchNeedle;
}

/** The search clause for `raw` (the `search` query parameter), or undefined without one. */
export async function documentSearch(tx: Tx, doc: DocumentTable, raw: string | undefined, loc: (string | number)[]): Promise<DocumentSearch | undefined> {
  const needle = searchNeedle(raw, loc);
  if (!needle) return undefined;
  const contacts = await ContactService.idsMatching(tx, needle, DRAFT_CONTACTS_CAP);
  const lineRank = `coalesce((select max(${rankSql(needle, 'search_fold(l.description)')}) from ${doc.linesTable} l
    where l.tenant_id = d.tenant_id and l.${doc.linesKey} = d.id), 0)`;
  return {
    where: ` and d.id in (
      select h.id from ${doc.table}_searchable h where h.document like :search_pattern
      union select l.${doc.linesKey} from ${doc.linesTable}_searchable l where l.document like :search_pattern
      union select c.id from ${doc.table} c where c.tenant_id = :tenant and c.status = 'draft' and c.contact_id = any(cast(:search_contacts as uuid[])))`,
    params: { ...needleParams(needle), search_contacts: pgArray(contacts) },
    rank: needle.ranked ? `greatest(${rankSql(needle, headerDocument(doc, 'd'))}, ${lineRank})` : 'cast(0 as real)',
    needle,
  };
}

/**
 * One page of `select <columns> from <table> d where <where>`: in the list's order, or best match
 * first when the search ranks; after `cursor` when given (keyset), else at `offset`. `total` counts
 * every matching row with the same indexes.
 */
export async function documentPage(tx: Tx, doc: DocumentTable, query: {
  columns: string; where: string; params: Record<string, unknown>; search?: DocumentSearch; limit: number; offset: number; cursor?: string;
}): Promise<{ rows: any[]; total: number; nextCursor: string | null }> {
  assertOneStart(query.cursor, query.offset);
  const ranked = !!query.search?.needle.ranked;
  const keys: readonly SortKey[] = ranked ? [{ expression: query.search!.rank, direction: 'desc', type: 'real' }, ...doc.order] : doc.order;
  const orderName = ranked ? 'rank' : 'list';
  const after = query.cursor ? keysetAfter(keys, decodeCursor(query.cursor, orderName, keys)) : undefined;
  const where = `${query.where}${query.search?.where ?? ''}`;
  const params = { ...query.params, ...query.search?.params };
  const rows = await tx.sql<any>(`select ${query.columns}, ${sortKeyColumns(keys)} from ${doc.table} d where ${where}${after ? ` and ${after.where}` : ''}
    order by ${orderBy(keys)} limit :limit offset :offset`, { ...params, ...after?.params, limit: query.limit, offset: query.offset });
  const total = !query.cursor && query.offset === 0 && rows.length < query.limit
    ? rows.length
    : Number((await tx.sql<{ n: number }>(`select count(*)::int as n from ${doc.table} d where ${where}`, params))[0].n);
  const last = rows.length === query.limit ? rows[rows.length - 1] : undefined;
  return { rows, total, nextCursor: last ? encodeCursor(orderName, sortKeyOf(last, keys)) : null };
}

/** The best `limit` documents for the search box, with the fields that matched. */
export async function documentSearchHits(tx: Tx, doc: DocumentTable, kind: string, needle: SearchNeedle, limit: number,
  describe: (row: any) => { title: string; subtitle: string | null }, columns: string): Promise<SearchGroup> {
  const search = (await documentSearch(tx, doc, needle.text, ['query', 'q']))!;
  const headerMatches = matchedFieldsSql(Object.fromEntries(Object.entries(doc.headerFields).map(([name, field]) => [name, field('d')])));
  const rows = await tx.sql<any>(`
    select ${columns}, ${search.rank} as score,
      concat_ws(',', nullif(${headerMatches}, ''),
        case when exists (select 1 from ${doc.linesTable} l where l.tenant_id = d.tenant_id and l.${doc.linesKey} = d.id
                            and search_fold(l.description) like :search_pattern) then 'lines.description' end,
        case when d.status = 'draft' and d.contact_id = any(cast(:search_contacts as uuid[])) then 'contact' end) as matched
    from ${doc.table} d where d.tenant_id = :tenant${search.where}
    order by score desc, ${orderBy(doc.order)} limit :limit`, { ...search.params, limit: limit + 1 });
  return {
    kind,
    items: rows.slice(0, limit).map((row) => ({ id: row.id, ...describe(row), matched: matchedFields(row.matched), score: Number(row.score) })),
    more: rows.length > limit,
  };
}
