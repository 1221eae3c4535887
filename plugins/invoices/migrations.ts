import { currentTenantSql, sqlMigration, systemOnlyFunction } from '../../kernel/migration';
import { documentGuardSql, documentTablesSql, linesGuardByKeySql, migratedDocumentsSql, registerBackfillSql, registerReclassifySql, type DocumentGuard, type RegisterBackfill } from '../documents/api';
import { registeredAsSimplifiedSql } from './legal-content';
import { INVOICE } from './kind';

/**
 * Sales invoices.
 *
 * - `invoice_series`: one counter row per (tenant, series, year). Issuing locks it with
 *   `INSERT … ON CONFLICT DO UPDATE … RETURNING` in the issuing transaction, so numbers are
 *   correlative with no gap and no duplicate even under concurrency and rollbacks (a sequence
 *   would leak numbers on rollback). It also keeps the last issue date: dates never go backwards.
 * - `invoices` / `invoice_lines`: every reference is a composite foreign key `(tenant_id, …)`
 *   (contacts, tax types, journal entries, the rectified invoice), so no row can point at
 *   another tenant's.
 * - Immutability, enforced by the database whatever the application does (the documents
 *   plugin's `documentGuardSql`, shared with every document kind): once issued, only `status` /
 *   `amount_paid` change, lines are frozen, deletion only in tenant erasure.
 * - The tables and guards every kind shares come from the documents plugin's generators
 *   (../documents/kind-schema.ts); the first two migrations send exactly the SQL they ran when
 *   released (test/plugins/documents/kind-migrations.test.ts pins it).
 */
const GUARD = { ...INVOICE, issued: 'issued', party: 'its customer', deleteHint: 'issue a rectifying invoice', correctHint: 'correct it with a rectifying invoice' } satisfies DocumentGuard;

/** Issued documents as tax register rows, for the backfill below (and its test). */
export const INVOICE_REGISTER_BACKFILL: RegisterBackfill = {
  ...INVOICE, partyColumn: 'customer', quota: 'l.tax_amount', supplierNumber: 'null::text', rectifiesNumber: 'o.number',
  kind: "case when d.rectifies_id is not null then 'rectification' else 'invoice' end",
};

/** Invoices the backfill (or issuing before simplified invoices were told apart) registered as `invoice` that were issued as simplified. */
export const INVOICE_SIMPLIFIED_RECLASSIFY = registerReclassifySql({ ...INVOICE, from: 'invoice', to: 'simplified', where: registeredAsSimplifiedSql(INVOICE.linesTable, INVOICE.linesKey, 'as-released') });

export const migrations = [
  sqlMigration('20261210000100_invoices', documentTablesSql(GUARD, {
    partyColumn: 'customer',
    document: {
      journal_entry_id: ['customer jsonb', 'issuer jsonb', 'customer_country char(2)', 'customer_type text', 'customer_vat text'],
      number_check: ['check (year is null or year = extract(year from issue_date)::int)'],
    },
    lines: {
      discount_pct: [
        "nature text not null check (nature in ('goods', 'services'))",
        `revenue_account text collate "C" check (revenue_account ~ '^7[0-9]{2,11}$')`,
      ],
    },
    indexes: [],
  })),
  // The lines guard looked its invoice up by (tenant_id, id); by primary key since (see the generator).
  sqlMigration('20261223000100_invoice_lines_guard_by_key', linesGuardByKeySql(GUARD)),
  // The guards from the documents plugin's generator (same rules and messages as above).
  sqlMigration('20261224000200_invoices_guards_generated', documentGuardSql(GUARD)),
  // Issued invoices into the documents plugin's tax register (rows of later ones are written at issue).
  sqlMigration('20261224000400_invoices_tax_register_backfill', [registerBackfillSql(INVOICE_REGISTER_BACKFILL)]),
  // Search (see ../documents/search.ts): trigram indexes over the folded header fields and line descriptions.
  // The header expression is headerDocument(INVOICES) over the bare table: queries repeat it exactly.
  sqlMigration('20261224000600_invoices_trigram_search', [
    `create index invoices_search on invoices using gin (search_fold(coalesce(number, '') || E'\\n' || coalesce(customer->>'name', '')
       || E'\\n' || coalesce(customer->>'legal_name', '') || E'\\n' || coalesce(customer_vat, '') || E'\\n' || coalesce(notes, '')) gin_trgm_ops)`,
    `create index invoice_lines_search on invoice_lines using gin (search_fold(description) gin_trgm_ops)`,
    // Row-level security keeps LIKE (not leakproof) out of index conditions: these views, limited
    // to the transaction's tenant in their own WHERE and run with their owner's rights, let the
    // trigram indexes answer; the list reads the matching ids from invoices under row-level security.
    `create view invoices_searchable as
       select tenant_id, id, search_fold(coalesce(number, '') || E'\\n' || coalesce(customer->>'name', '') || E'\\n' || coalesce(customer->>'legal_name', '')
         || E'\\n' || coalesce(customer_vat, '') || E'\\n' || coalesce(notes, '')) as document
       from invoices where tenant_id = (select ${currentTenantSql})`,
    `create view invoice_lines_searchable as
       select tenant_id, invoice_id, search_fold(description) as document from invoice_lines where tenant_id = (select ${currentTenantSql})`,
  ]),
  // Before the documents plugin flags rectifications of simplified invoices (20261231000300).
  sqlMigration('20261231000250_invoices_register_simplified', INVOICE_SIMPLIFIED_RECLASSIFY),
  // A rectifying invoice's legal ground (art. 80 LIVA; RECTIFICATION_GROUNDS in legal-content.ts). Older ones were all R1 ('error').
  sqlMigration('20261231000350_invoices_rectification_ground', [
    `alter table invoices add column rectification_ground text check (rectification_ground in ('error', 'insolvency', 'bad_debt', 'other'))`,
    // The guard refuses any change to an issued invoice; this adds a fact the earlier ones already had.
    `alter table invoices disable trigger invoices_guard`,
    `update invoices set rectification_ground = 'error' where rectifies_id is not null`,
    `alter table invoices enable trigger invoices_guard`,
  ]),
  // The workspace's figures for many companies at once (system role only): drafts, and issued
  // invoices not fully collected whose due date has passed.
  sqlMigration('20270309000500_invoices_pending_by_tenant', [
    `create index invoices_pending on invoices (tenant_id, status, due_date) where status in ('draft', 'issued', 'partially_paid')`,
    `create function cuadra_invoices_pending(p_tenants uuid[], p_today date)
       returns table (tenant_id uuid, drafts bigint, overdue bigint)
       language sql stable security definer set search_path = public as $$
         select i.tenant_id, count(*) filter (where i.status = 'draft'), count(*) filter (where i.status <> 'draft' and i.due_date < p_today)
         from invoices i where i.tenant_id = any (p_tenants) and i.status in ('draft', 'issued', 'partially_paid') group by i.tenant_id
       $$`,
    ...systemOnlyFunction('cuadra_invoices_pending(uuid[], date)'),
  ]),
  // Open items brought from another system (issue 31, ../documents/open-items-import.ts): flagged `migrated`, keeping the file's number.
  sqlMigration('20270325000100_invoices_migrated', migratedDocumentsSql(INVOICE)),
  // The lines' guard looks its invoice up by key; with the company's invoices not yet in the
  // statistics (many written in one transaction: an archive restored) a custom plan filtered every
  // invoice of the company through another index for each line. The generic plan uses the key.
  sqlMigration('20270319000200_invoice_lines_guard_generic_plan', ['alter function invoice_lines_guard() set plan_cache_mode = force_generic_plan']),
  // The search views run with their owner's rights (past row-level security) and hold the tenant wall
  // in their WHERE, which binds reads only: a simple view is updatable, and an insert through it
  // would take any tenant_id. The application only reads them, so it may not write through them.
  sqlMigration('20270327110100_invoices_searchable_read_only', ['revoke insert, update, delete, truncate on invoices_searchable, invoice_lines_searchable from cuadra_app']),
];
