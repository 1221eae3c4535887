import { currentTenantSql, sqlMigration, systemOnlyFunction } from '../../kernel/migration';
import { documentGuardSql, documentTablesSql, linesGuardByKeySql, migratedDocumentsSql, registerBackfillSql, type DocumentGuard, type RegisterBackfill } from '../documents/api';
import { PURCHASE } from './kind';

/**
 * Purchase invoices and expenses.
 *
 * - `purchase_series`: the registration counter per (tenant, series, year), locked in the
 *   registering transaction like the sales counter (the libro registro numbers received invoices
 *   in order of registration; their dates are the suppliers', so they need not be monotonic).
 * - `purchases`: the supplier's number is unique per supplier for kind `invoice` (case-insensitive,
 *   drafts included): registering the same invoice twice is 409.
 * - Immutability as for sales invoices (the documents plugin's `documentGuardSql`): once
 *   registered, only `status` / `amount_paid` change (and `contact_id` inside a contact merge);
 *   lines are frozen; deletion only in tenant erasure. The shared tables and guards come from the
 *   documents plugin's generators; the first two migrations send exactly the SQL they ran when
 *   released (test/plugins/documents/kind-migrations.test.ts pins it).
 */
const GUARD = { ...PURCHASE, issued: 'registered', party: 'its supplier', deleteHint: "register the supplier's rectifying invoice", correctHint: 'register a rectifying invoice' } satisfies DocumentGuard;
/** Issued documents as tax register rows, for the backfill below (and its test). */
export const PURCHASE_REGISTER_BACKFILL: RegisterBackfill = {
  ...PURCHASE, partyColumn: 'supplier', quota: 'l.tax_amount + l.self_assessed_amount',
  kind: `case when d.rectifies_id is not null then 'rectification' when t.regime = 'import' then 'import' when t.regime = 'intra_eu' then 'intra_eu_acquisition'
    when t.regime = 'reverse_charge' then 'reverse_charge' when d.kind = 'expense' then 'expense' else 'purchase_invoice' end`,
  supplierNumber: 'd.supplier_invoice_number', rectifiesNumber: 'coalesce(o.supplier_invoice_number, o.number)',
};

export const migrations = [
  sqlMigration('20261210000200_purchases', documentTablesSql(GUARD, {
    partyColumn: 'supplier',
    document: {
      tenant_id: ["kind text not null check (kind in ('invoice', 'expense'))"],
      contact_id: [
        'supplier_invoice_number text check (length(supplier_invoice_number) between 1 and 60)',
        "source text not null default 'manual' check (source in ('manual', 'ocr'))",
        "file_sha256 text check (file_sha256 ~ '^[0-9a-f]{64}$')",
      ],
      withholding_total: ['self_assessed_total numeric(18,2) not null default 0'],
      amount_paid: ['payable_account text collate "C"'],
      journal_entry_id: ['supplier jsonb'],
      number_check: ["check (kind <> 'invoice' or supplier_invoice_number is not null)"],
    },
    lines: {
      discount_pct: [`expense_account text collate "C" not null check (expense_account ~ '^[26][0-9]{2,11}$')`, 'capital_good boolean not null default false'],
      tax_amount: ['self_assessed_amount numeric(18,2) not null default 0'],
      withholding_check: ['check (tax_amount = 0 or self_assessed_amount = 0)'],
    },
    indexes: [`create unique index purchases_supplier_number on purchases (tenant_id, contact_id, upper(supplier_invoice_number)) where kind = 'invoice'`],
  })),
  // The lines guard looked its purchase up by (tenant_id, id); by primary key since (see the generator).
  sqlMigration('20261223000200_purchase_lines_guard_by_key', linesGuardByKeySql(GUARD)),
  // The guards from the documents plugin's generator (same rules and messages as above).
  sqlMigration('20261224000300_purchases_guards_generated', documentGuardSql(GUARD)),
  // Registered purchases into the documents plugin's tax register (rows of later ones are written at registration).
  sqlMigration('20261224000500_purchases_tax_register_backfill', [registerBackfillSql(PURCHASE_REGISTER_BACKFILL)]),
  // Search (see ../documents/search.ts): trigram indexes over the folded header fields and line
  // descriptions. The header expression is headerDocument(PURCHASES) over the bare table.
  sqlMigration('20261224000700_purchases_trigram_search', [
    `create index purchases_search on purchases using gin (search_fold(coalesce(number, '') || E'\\n' || coalesce(supplier_invoice_number, '')
       || E'\\n' || coalesce(supplier->>'name', '') || E'\\n' || coalesce(supplier->>'legal_name', '') || E'\\n' || coalesce(supplier->>'tax_id', '')
       || E'\\n' || coalesce(notes, '')) gin_trgm_ops)`,
    `create index purchase_lines_search on purchase_lines using gin (search_fold(description) gin_trgm_ops)`,
    // as for invoices: searched through views limited to the transaction's tenant (LIKE is not leakproof)
    `create view purchases_searchable as
       select tenant_id, id, search_fold(coalesce(number, '') || E'\\n' || coalesce(supplier_invoice_number, '') || E'\\n' || coalesce(supplier->>'name', '')
         || E'\\n' || coalesce(supplier->>'legal_name', '') || E'\\n' || coalesce(supplier->>'tax_id', '') || E'\\n' || coalesce(notes, '')) as document
       from purchases where tenant_id = (select ${currentTenantSql})`,
    `create view purchase_lines_searchable as
       select tenant_id, purchase_id, search_fold(description) as document from purchase_lines where tenant_id = (select ${currentTenantSql})`,
  ]),
  sqlMigration('20261231000100_purchase_file_key', [
    // the original file in the kernel's file store (the store's key, never a path)
    `alter table purchases add column file_key text check (file_key ~ '^[0-9a-f]{64}$')`,
  ]),
  // a supplier's purchases newest first: the expense account it last used (kind.ts) is found by
  // walking them from the newest, not by sorting every line of every purchase of the supplier
  sqlMigration('20270221000100_purchases_supplier_latest', [
    `create index purchases_supplier_latest on purchases (tenant_id, contact_id, issue_date desc, created_at desc)`,
  ]),
  // The workspace's figure for many companies at once (system role only): purchases read from a
  // file (source ocr) still drafts, waiting for someone to review them.
  sqlMigration('20270309000600_purchases_review_by_tenant', [
    `create index purchases_to_review on purchases (tenant_id) where status = 'draft' and source = 'ocr'`,
    `create function cuadra_purchases_to_review(p_tenants uuid[])
       returns table (tenant_id uuid, purchases bigint)
       language sql stable security definer set search_path = public as $$
         select p.tenant_id, count(*) from purchases p where p.tenant_id = any (p_tenants) and p.status = 'draft' and p.source = 'ocr' group by p.tenant_id
       $$`,
    ...systemOnlyFunction('cuadra_purchases_to_review(uuid[])'),
  ]),
  // Open items brought from another system (issue 31, ../documents/open-items-import.ts): flagged `migrated`, numbered in their series like any registered purchase.
  sqlMigration('20270325000200_purchases_migrated', migratedDocumentsSql(PURCHASE)),
  // As for invoices: the lines' guard keeps to the key lookup however stale the statistics.
  sqlMigration('20270319000300_purchase_lines_guard_generic_plan', ['alter function purchase_lines_guard() set plan_cache_mode = force_generic_plan']),
  // The percentage of the deductible VAT the purchase deducted when it was registered (its year's
  // provisional prorrata, or the rectified purchase's own): the JSON's undeducted VAT, the assets
  // bought and its rectifications read it back (./posting.ts, undeductedVat). 100 for drafts and for
  // purchases registered before it was kept.
  sqlMigration('20270327080000_purchases_vat_deducted_percent', [
    `alter table purchases add column vat_deducted_percent int not null default 100 check (vat_deducted_percent between 1 and 100)`,
  ]),
  // The search views run with their owner's rights (past row-level security) and hold the tenant wall
  // in their WHERE, which binds reads only: a simple view is updatable, and an insert through it
  // would take any tenant_id. The application only reads them, so it may not write through them.
  sqlMigration('20270327110200_purchases_searchable_read_only', ['revoke insert, update, delete, truncate on purchases_searchable, purchase_lines_searchable from cuadra_app']),
];
