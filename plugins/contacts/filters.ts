import { ValidationFailed } from '../../kernel/errors';
import { needleParams, searchNeedle, type SearchNeedle } from '../../kernel/listing';

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
 * match spans two fields. The trigram index `contacts_search` is built on it.
 */
export const contactSearchDocument = (alias = 'c') => `${alias}.search_document`;

/**
 * The contacts whose folded fields contain `:search_pattern`, through the trigram index (the view
 * contacts_searchable, limited to the transaction's tenant: see migrations.ts). Do not repeat the
 * tenant as a value in the subquery: PostgreSQL would then treat the LIKE as one of the query's
 * row-level-security-sensitive conditions and keep it out of the index again.
 */
export const contactSearchMatch = (alias = 'c') =>
  `${alias}.id in (select s.id from contacts_searchable s where s.search_document like :search_pattern)`;

/** How well a contact matches a ranked search (0..1): the best-matching stretch of its fields. */
export const contactSearchRank = (alias = 'c') => `word_similarity(:search_text, ${contactSearchDocument(alias)})`;

/**
 * The one WHERE clause behind list, summary and export, for `tx.sql` (the tenant predicate comes
 * first, so the (tenant_id, …) indexes lead). Every value is a bound parameter. `search` is a
 * substring match through the trigram index; `needle` tells the list whether to rank.
 * `fromSearchView`: `alias` names contacts_searchable (which has every column of contacts), so
 * the search is a plain LIKE on it rather than a subquery into it.
 */
export function contactFilterSql(filters: ContactFilters, alias = 'c', fromSearchView = false): { where: string; params: Record<string, unknown>; needle?: SearchNeedle } {
  const clauses = [`${alias}.tenant_id = :tenant`];
  const params: Record<string, unknown> = {};
  const needle = searchNeedle(filters.search, ['query', 'search']);
  if (needle) {
    clauses.push(fromSearchView ? `${contactSearchDocument(alias)} like :search_pattern` : contactSearchMatch(alias));
    Object.assign(params, needleParams(needle));
  }
  if (filters.kind) clauses.push(actsAsSql(filters.kind, alias));
  if (filters.country) {
    clauses.push(`${alias}.country = :country`);
    params.country = filters.country.toUpperCase();
  }
  if (filters.customer_type) {
    clauses.push(`${alias}.customer_type = :customer_type`);
    params.customer_type = filters.customer_type;
  }
  if (filters.has_vat !== undefined) clauses.push(`${alias}.vat is ${filters.has_vat ? 'not null' : 'null'}`);
  if (filters.external_source) {
    clauses.push(`${alias}.external_source = :external_source`);
    params.external_source = filters.external_source;
  }
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
