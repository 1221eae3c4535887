import { ValidationFailed } from '../../kernel/errors';
import { needleParams, searchNeedle, type SearchNeedle } from '../../lib/listing';

export type ContactKind = 'customer' | 'supplier';
export type CustomerType = 'business' | 'individual';

/** The filters of GET /contacts, /contacts/summary and /contacts/export (dates: export only). */
export interface ContactFilters {
  search?: string;
  kind?: ContactKind;
  country?: string;
  customer_type?: CustomerType;
  has_vat?: boolean;
  external_source?: string;
  from_date?: string;
  to_date?: string;
}

/**
 * Whether a contact acts as a customer / a supplier: its kind, or either when it is flagged
 * `customer_and_supplier`. A `kind` filter and the summary counts ask this question.
 */
export const actsAsSql = (kind: ContactKind, alias = 'c') => `(${alias}.kind = '${kind}' or ${alias}.customer_and_supplier)`;
export const actsAs = (contact: { kind: string; customerAndSupplier?: boolean | null }, kind: ContactKind) =>
  contact.kind === kind || contact.customerAndSupplier === true;

const nextDay = (day: string): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
};

/**
 * What a search looks through: the generated column `search_document` (see migrations.ts), name,
 * legal name, tax number, email and external id folded by `search_fold`, one per line so that no
 * match spans two fields. Matches and ranks are taken on it.
 */
export const contactSearchDocument = (alias = 'c') => `${alias}.search_document`;

/**
 * What the trigram index `contacts_search` is built on: `search_compact`, the same text without
 * ASCII spaces, punctuation and control characters (the regular expression below, in SQL and in
 * TypeScript alike). A needle found in search_document is, compacted, found in search_compact, so
 * `search_compact LIKE` is a looser test that the index answers; search_document LIKE then keeps
 * the real matches. It is what makes a search of several words selective: pg_trgm splits words at
 * spaces, so on search_document "iñaki ortega" only asks for rows holding both words anywhere
 * (1 in 600), while "inakiortega" has trigrams across them ("kio", "ior").
 */
export const COMPACT_DROPPED_SQL = `'[\\x01-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7f]+'`;
export const compactSearchText = (text: string): string => text.replace(/[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/g, '');

/** A compacted needle shorter than a trigram gives the index nothing to look up: it is left out. */
export const compactPatternOf = (needle: SearchNeedle): string | undefined => {
  const compact = compactSearchText(needle.text);
  return [...compact].length >= 3 ? `%${compact}%` : undefined;
};

/** The match on contacts_searchable `alias`, and its parameters. */
function searchMatch(needle: SearchNeedle, alias: string, withIndex = true): { sql: string; params: Record<string, unknown> } {
  const compactPattern = withIndex ? compactPatternOf(needle) : undefined;
  const documentLike = `${contactSearchDocument(alias)} like :search_pattern`;
  return compactPattern
    ? { sql: `${alias}.search_compact like :search_compact_pattern and ${documentLike}`, params: { ...needleParams(needle), search_compact_pattern: compactPattern } }
    : { sql: documentLike, params: needleParams(needle) };
}

/**
 * The contacts whose folded fields contain the needle, through the trigram index (the view
 * contacts_searchable, limited to the transaction's tenant: see migrations.ts). Do not repeat the
 * tenant as a value in the subquery: PostgreSQL would then treat the LIKE as one of the query's
 * row-level-security-sensitive conditions and keep it out of the index again.
 */
export function contactSearchMatch(needle: SearchNeedle, alias = 'c', useIndex = true): { sql: string; params: Record<string, unknown> } {
  const match = searchMatch(needle, 's', useIndex);
  return { sql: `${alias}.id in (select s.id from contacts_searchable s where ${match.sql})`, params: match.params };
}

/** How well a contact matches a ranked search (0..1): the best-matching stretch of its fields. */
export const contactSearchRank = (alias = 'c') => `word_similarity(:search_text, ${contactSearchDocument(alias)})`;

/**
 * The one WHERE clause behind list, summary and export, for `tx.sql` (the tenant predicate comes
 * first, so the (tenant_id, …) indexes lead). Every value is a bound parameter. `search` is a
 * substring match through the trigram index; `needle` tells the list whether to rank.
 * `fromSearchView`: `alias` names contacts_searchable (which has every column of contacts), so
 * the search is a plain LIKE on it rather than a subquery into it. `useIndex` false: without the
 * search_compact test, so the trigram index is not used (a small company among many reads its own
 * rows instead), and estimates are not skewed (the planner would take the test for a second,
 * independent condition and expect far fewer rows).
 */
export function contactFilterSql(filters: ContactFilters, alias = 'c', fromSearchView = false, useIndex = true): { where: string; params: Record<string, unknown>; needle?: SearchNeedle } {
  const clauses = [`${alias}.tenant_id = :tenant`];
  const params: Record<string, unknown> = {};
  const needle = searchNeedle(filters.search, ['query', 'search']);
  if (needle) {
    const match = fromSearchView ? searchMatch(needle, alias, useIndex) : contactSearchMatch(needle, alias);
    clauses.push(match.sql);
    Object.assign(params, match.params);
  }
  attributeFilters(filters, alias, (has) => `${alias}.vat is ${has ? 'not null' : 'null'}`, clauses, params);
  if (filters.from_date && filters.to_date && filters.from_date > filters.to_date) {
    throw ValidationFailed.field(['query', 'to_date'], 'to_date must be on or after from_date', 'value_error.date_range');
  }
  if (filters.from_date) {
    clauses.push(`${alias}.created_at >= cast(:created_from as timestamptz)`);
    params.created_from = `${filters.from_date}T00:00:00.000Z`;
  }
  if (filters.to_date) {
    clauses.push(`${alias}.created_at < cast(:created_before as timestamptz)`);
    params.created_before = nextDay(filters.to_date);
  }
  return { where: clauses.join(' and '), params, needle };
}

/** The longest needle contact_search_terms counts (see migrations.ts): its terms are cut to this length. */
export const COUNTED_TERM_LENGTH = 16;
/** 3 to 16 letters: no digit, no ASCII space, punctuation or control character (the terms' runs of letters; any non-ASCII character counts as one). */
const COUNTED_TERM = new RegExp(`^[^\\x00-\\x40\\x5b-\\x60\\x7b-\\x7f]{3,${COUNTED_TERM_LENGTH}}$`, 'u');

/**
 * The range of contact_search_terms' terms a needle's matches hold, when the terms count them
 * exactly (3 to 16 letters): from the needle to the first string after every one it begins (the
 * same with its last character's successor; terms compare byte by byte, which in UTF-8 is by code point).
 */
export function countedTermOf(needle: SearchNeedle): { term: string; term_end: string } | undefined {
  if (!COUNTED_TERM.test(needle.text)) return undefined;
  const chars = [...needle.text];
  const next = chars.pop()!.codePointAt(0)! + 1;
  if (next > 0x10ffff) return undefined;
  return { term: needle.text, term_end: chars.join('') + String.fromCodePoint(next === 0xd800 ? 0xe000 : next) };
}

/**
 * The same filters on the maintained counts (see migrations.ts), for an exact total without
 * counting the contacts: `contact_counts` without a search, `contact_search_terms` with a needle
 * its terms count (countedTermOf); `amount` is what to sum. The terms are kept only for large
 * companies: `kept` is then the condition that they are kept for the transaction's company. Null
 * when the filters name what neither keeps (another search, creation dates).
 */
export function contactCountedSql(filters: ContactFilters): { from: string; amount: string; where: string; params: Record<string, unknown>; kept?: string } | null {
  if (filters.from_date || filters.to_date) return null;
  const clauses = ['n.tenant_id = :tenant'];
  const params: Record<string, unknown> = {};
  const needle = searchNeedle(filters.search, ['query', 'search']);
  const term = needle && countedTermOf(needle);
  if (needle && !term) return null;
  if (term) {
    clauses.push('n.term >= :term', 'n.term < :term_end');
    Object.assign(params, term);
  }
  attributeFilters(filters, 'n', (has) => `n.has_vat = ${has}`, clauses, params);
  const where = clauses.join(' and ');
  if (!term) return { from: 'contact_counts n', amount: 'n.contacts', where, params };
  return { from: 'contact_search_terms n', amount: 'n.weight', where, params, kept: 'exists (select 1 from contact_search_term_companies k where k.tenant_id = :tenant)' };
}

/**
 * The filters on what contact_counts also keeps (kind, country, customer type, VAT, source), on
 * `alias` (contacts or contact_counts, whose columns share these names); `hasVat` is how that
 * table tells whether a contact has a VAT number.
 */
function attributeFilters(filters: ContactFilters, alias: string, hasVat: (has: boolean) => string, clauses: string[], params: Record<string, unknown>): void {
  if (filters.kind) clauses.push(actsAsSql(filters.kind, alias));
  if (filters.country) {
    clauses.push(`${alias}.country = :country`);
    params.country = filters.country.toUpperCase();
  }
  if (filters.customer_type) {
    clauses.push(`${alias}.customer_type = :customer_type`);
    params.customer_type = filters.customer_type;
  }
  if (filters.has_vat !== undefined) clauses.push(hasVat(filters.has_vat));
  if (filters.external_source) {
    clauses.push(`${alias}.external_source = :external_source`);
    params.external_source = filters.external_source;
  }
}
