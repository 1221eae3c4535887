import { tenantRowLevelSecurity } from '../../../kernel/migration';
import { OFFER_LINE_COLUMNS } from './lines';
import { offerTables, type OfferKind } from './kind';

const TAX_TYPE_COLUMNS = ['tax_type_id', 'surcharge_type_id', 'withholding_type_id'];

/** Constraints of a stored line's columns beyond their type (the same bounds as invoice lines). */
const LINE_CHECKS: Record<string, string> = {
  line_no: 'not null check (line_no between 1 and 500)',
  description: 'not null check (length(description) between 1 and 1000)',
  quantity: 'not null', unit_price: 'not null', discount_pct: 'not null check (discount_pct between 0 and 100)',
  nature: "not null check (nature in ('goods', 'services'))",
  tax_type_id: 'not null', tax_rate: 'not null', base: 'not null', tax_amount: 'not null', surcharge_amount: 'not null', withholding_amount: 'not null',
};

/**
 * The tables of an offer kind (the first release of quotes and proformas sends exactly this): the
 * numbering counter, the documents and their lines, each under row-level security. References are
 * composite `(tenant_id, …)` keys (contacts, tax types), so nothing can point at another company's
 * rows. The converted invoice's id is kept without a foreign key: the invoice belongs to the
 * invoices plugin, which may delete its draft; the offer stays converted.
 */
export function offerTablesSql(kind: Pick<OfferKind, 'name'>): string[] {
  const { table, linesTable, linesKey, seriesTable } = offerTables(kind);
  return [
    // the counter takeNumber (../numbering.ts) increments
    `create table ${seriesTable} (${[
      'tenant_id uuid not null references tenants (id) on delete cascade', `series text collate "C" not null check (series ~ '^[A-Z][A-Z0-9]{0,9}$')`,
      'year integer not null check (year between 1900 and 2999)', 'last_number integer not null check (last_number > 0)', 'last_issue_date date not null',
      'primary key (tenant_id, series, year)',
    ].join(', ')})`,
    ...tenantRowLevelSecurity(seriesTable),
    `create table ${table} (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       status text not null check (status in ('draft', 'sent', 'accepted', 'rejected')),
       series text collate "C" not null,
       year integer not null,
       seq integer not null check (seq > 0),
       number text collate "C" not null,
       contact_id uuid not null,
       issue_date date not null check (issue_date between '1900-01-01' and '2999-12-31'),
       valid_until date not null,
       notes text check (length(notes) <= 5000),
       subtotal numeric(18,2) not null, tax_total numeric(18,2) not null, surcharge_total numeric(18,2) not null,
       withholding_total numeric(18,2) not null, total numeric(18,2) not null,
       invoice_id uuid,
       sent_at timestamptz, decided_at timestamptz, converted_at timestamptz,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       unique (tenant_id, id),
       unique (tenant_id, series, year, seq),
       foreign key (tenant_id, contact_id) references contacts (tenant_id, id),
       check (valid_until >= issue_date),
       check (total = subtotal + tax_total - withholding_total),
       check ((invoice_id is null) = (converted_at is null)),
       check ((status in ('accepted', 'rejected')) = (decided_at is not null))
     )`,
    `create index ${table}_tenant_date on ${table} (tenant_id, issue_date, id)`,
    `create index ${table}_tenant_contact on ${table} (tenant_id, contact_id)`,
    ...tenantRowLevelSecurity(table),
    `create table ${linesTable} (
       tenant_id uuid not null,
       ${linesKey} uuid not null,
       ${OFFER_LINE_COLUMNS.map(([name, type]) => `${name} ${type}${LINE_CHECKS[name] ? ` ${LINE_CHECKS[name]}` : ''}`).join(',\n       ')},
       primary key (tenant_id, ${linesKey}, line_no),
       foreign key (tenant_id, ${linesKey}) references ${table} (tenant_id, id) on delete cascade,
       ${TAX_TYPE_COLUMNS.map((column) => `foreign key (tenant_id, ${column}) references tax_types (tenant_id, id)`).join(', ')}
     )`,
    ...tenantRowLevelSecurity(linesTable),
  ];
}
