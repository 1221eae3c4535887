import { ValidationFailed } from '../../kernel/errors';
import { foldForSearch } from './search';

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
 * The one WHERE clause behind list, summary and export, for `tx.sql` (the tenant predicate comes
 * first, so the (tenant_id, …) indexes lead). Every value is a bound parameter.
 */
export function contactFilterSql(filters: ContactFilters, alias = 'c'): { where: string; params: Record<string, unknown> } {
  const clauses = [`${alias}.tenant_id = :tenant`];
  const params: Record<string, unknown> = {};
  // Whitespace collapses to one space: fields are separated by newlines, so no match spans two.
  const needle = filters.search ? foldForSearch(filters.search).replace(/\s+/g, ' ').trim() : '';
  if (needle) {
    // strpos, not LIKE '%…%': twice as fast on a scan, and no wildcard to escape.
    clauses.push(`strpos(${alias}.search_text, :search_needle) > 0`);
    params.search_needle = needle;
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
  return { where: clauses.join(' and '), params };
}
