import { currentTenantSql, sqlMigration } from '../../kernel/migration';
import { documentGuardSql, registerBackfillSql, tenantPolicy, type DocumentGuard, type RegisterBackfill } from '../documents/api';
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
 *   lines are frozen; deletion only in tenant erasure. The first two migrations are history as
 *   they ran; later ones re-create the guards through the generator.
 */
const GUARD: DocumentGuard = { ...PURCHASE, issued: 'registered', party: 'its supplier', deleteHint: "register the supplier's rectifying invoice", correctHint: 'register a rectifying invoice' };
/** Issued documents as tax register rows, for the backfill below (and its test). */
export const PURCHASE_REGISTER_BACKFILL: RegisterBackfill = {
  ...PURCHASE, partyColumn: 'supplier', groupBy: { capitalGood: 'l.capital_good', deductible: 'l.surcharge_type_id is null' }, quota: 'l.tax_amount + l.self_assessed_amount',
  kind: `case when d.rectifies_id is not null then 'rectification' when t.regime = 'import' then 'import' when t.regime = 'intra_eu' then 'intra_eu_acquisition'
    when t.regime = 'reverse_charge' then 'reverse_charge' when d.kind = 'expense' then 'expense' else 'purchase_invoice' end`,
  supplierNumber: 'd.supplier_invoice_number', rectifiesNumber: 'coalesce(o.supplier_invoice_number, o.number)',
};

export const migrations = [
  sqlMigration('20261210000200_purchases', [
    `create table purchase_series (
       tenant_id uuid not null references tenants (id) on delete cascade,
       series text collate "C" not null check (series ~ '^[A-Z][A-Z0-9]{0,9}$'),
       year integer not null check (year between 1900 and 2999),
       last_number integer not null check (last_number > 0),
       last_issue_date date not null,
       primary key (tenant_id, series, year)
     )`,
    ...tenantPolicy('purchase_series'),

    `create table purchases (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       kind text not null check (kind in ('invoice', 'expense')),
       status text not null check (status in ('draft', 'issued', 'partially_paid', 'paid', 'rectified')),
       series text collate "C" not null check (series ~ '^[A-Z][A-Z0-9]{0,9}$'),
       year integer,
       seq integer check (seq > 0),
       number text collate "C",
       contact_id uuid not null,
       supplier_invoice_number text check (length(supplier_invoice_number) between 1 and 60),
       source text not null default 'manual' check (source in ('manual', 'ocr')),
       file_sha256 text check (file_sha256 ~ '^[0-9a-f]{64}$'),
       issue_date date not null check (issue_date between '1900-01-01' and '2999-12-31'),
       due_date date,
       operation_date date,
       notes text check (length(notes) <= 5000),
       subtotal numeric(18,2) not null default 0,
       tax_total numeric(18,2) not null default 0,
       surcharge_total numeric(18,2) not null default 0,
       withholding_total numeric(18,2) not null default 0,
       self_assessed_total numeric(18,2) not null default 0,
       total numeric(18,2) not null default 0,
       amount_paid numeric(18,2) not null default 0,
       payable_account text collate "C",
       rectifies_id uuid,
       rectification_mode text check (rectification_mode in ('differences', 'substitution')),
       rectification_reason text check (length(rectification_reason) between 1 and 500),
       journal_entry_id uuid,
       supplier jsonb,
       issued_at timestamptz,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       unique (tenant_id, id),
       unique (tenant_id, series, year, seq),
       foreign key (tenant_id, contact_id) references contacts (tenant_id, id),
       foreign key (tenant_id, rectifies_id) references purchases (tenant_id, id),
       -- deferred: the ledger may erase a tenant's books before this plugin erases its purchases
       foreign key (tenant_id, journal_entry_id) references journal_entries (tenant_id, id) deferrable initially deferred,
       check ((status = 'draft') = (number is null)),
       check ((number is null) = (seq is null) and (seq is null) = (year is null)),
       check (number is null or number = series || '-' || year || '-' || case when seq < 1000000 then lpad(seq::text, 6, '0') else seq::text end),
       check (kind <> 'invoice' or supplier_invoice_number is not null),
       check ((rectifies_id is null) = (rectification_mode is null) and (rectifies_id is null) = (rectification_reason is null)),
       check (total = subtotal + tax_total - withholding_total),
       check (status = 'draft' or supplier is not null)
     )`,
    `create unique index purchases_supplier_number on purchases (tenant_id, contact_id, upper(supplier_invoice_number)) where kind = 'invoice'`,
    `create index purchases_tenant_date on purchases (tenant_id, issue_date, id)`,
    `create index purchases_tenant_contact on purchases (tenant_id, contact_id)`,
    `create index purchases_tenant_rectifies on purchases (tenant_id, rectifies_id) where rectifies_id is not null`,
    ...tenantPolicy('purchases'),

    `create table purchase_lines (
       tenant_id uuid not null,
       purchase_id uuid not null,
       line_no integer not null check (line_no between 1 and 500),
       description text not null check (length(description) between 1 and 1000),
       quantity numeric(18,6) not null,
       unit_price numeric(18,6) not null,
       discount_pct numeric(5,2) not null default 0 check (discount_pct between 0 and 100),
       expense_account text collate "C" not null check (expense_account ~ '^[26][0-9]{2,11}$'),
       capital_good boolean not null default false,
       tax_type_id uuid not null,
       tax_rate numeric(5,2) not null,
       surcharge_type_id uuid,
       surcharge_rate numeric(5,2),
       withholding_type_id uuid,
       withholding_rate numeric(5,2),
       base numeric(18,2) not null,
       tax_amount numeric(18,2) not null,
       self_assessed_amount numeric(18,2) not null default 0,
       surcharge_amount numeric(18,2) not null default 0,
       withholding_amount numeric(18,2) not null default 0,
       primary key (tenant_id, purchase_id, line_no),
       foreign key (tenant_id, purchase_id) references purchases (tenant_id, id) on delete cascade,
       foreign key (tenant_id, tax_type_id) references tax_types (tenant_id, id),
       foreign key (tenant_id, surcharge_type_id) references tax_types (tenant_id, id),
       foreign key (tenant_id, withholding_type_id) references tax_types (tenant_id, id),
       check ((surcharge_type_id is null) = (surcharge_rate is null)),
       check ((withholding_type_id is null) = (withholding_rate is null)),
       check (tax_amount = 0 or self_assessed_amount = 0)
     )`,
    ...tenantPolicy('purchase_lines'),

    `create function purchases_guard() returns trigger language plpgsql as $$
       begin
         if TG_OP = 'DELETE' then
           if OLD.status = 'draft' or OLD.tenant_id::text = coalesce(current_setting('cuadra.erasing_tenant', true), '') then
             return OLD;
           end if;
           raise exception 'Purchase % is registered and cannot be deleted: register the supplier''s rectifying invoice', OLD.number;
         end if;
         if OLD.status = 'draft' then
           return NEW;
         end if;
         if NEW.status = 'draft' then
           raise exception 'Purchase % is registered and cannot return to draft', OLD.number;
         end if;
         if NEW.contact_id <> OLD.contact_id and coalesce(current_setting('cuadra.repointing_contacts', true), '') <> 'on' then
           raise exception 'Purchase % is registered and immutable: its supplier cannot change', OLD.number;
         end if;
         if (to_jsonb(NEW) - 'status' - 'amount_paid' - 'updated_at' - 'contact_id')
            is distinct from (to_jsonb(OLD) - 'status' - 'amount_paid' - 'updated_at' - 'contact_id') then
           raise exception 'Purchase % is registered and immutable: register a rectifying invoice', OLD.number;
         end if;
         return NEW;
       end $$`,
    `create trigger purchases_guard before update or delete on purchases for each row execute function purchases_guard()`,

    `create function purchase_lines_guard() returns trigger language plpgsql as $$
       declare
         parent record;
         row_tenant uuid := coalesce(NEW.tenant_id, OLD.tenant_id);
         row_purchase uuid := coalesce(NEW.purchase_id, OLD.purchase_id);
       begin
         select status, number into parent from purchases where tenant_id = row_tenant and id = row_purchase;
         if found and parent.status <> 'draft'
            and not (TG_OP = 'DELETE' and row_tenant::text = coalesce(current_setting('cuadra.erasing_tenant', true), '')) then
           raise exception 'Purchase % is registered and its lines are immutable: register a rectifying invoice', parent.number;
         end if;
         if TG_OP = 'DELETE' then return OLD; end if;
         return NEW;
       end $$`,
    `create trigger purchase_lines_guard before insert or update or delete on purchase_lines for each row execute function purchase_lines_guard()`,
  ]),
  // The guard looked its document up by (tenant_id, id): a plan cached while the table was small
  // may use an index that only starts with tenant_id and then read every document of the tenant
  // for each line (seen under load: 69 million rows read for 6,000 invoices). By primary key;
  // row-level security still hides other tenants' documents.
  sqlMigration('20261223000200_purchase_lines_guard_by_key', [
    `create or replace function purchase_lines_guard() returns trigger language plpgsql as $$
       declare
         parent record;
         row_tenant uuid := coalesce(NEW.tenant_id, OLD.tenant_id);
         row_purchase uuid := coalesce(NEW.purchase_id, OLD.purchase_id);
       begin
         select tenant_id, status, number into parent from purchases where id = row_purchase;
         if found and parent.tenant_id = row_tenant and parent.status <> 'draft'
            and not (TG_OP = 'DELETE' and row_tenant::text = coalesce(current_setting('cuadra.erasing_tenant', true), '')) then
           raise exception 'Purchase % is registered and its lines are immutable: register a rectifying invoice', parent.number;
         end if;
         if TG_OP = 'DELETE' then return OLD; end if;
         return NEW;
       end $$`,
  ]),
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
];
