import { APP_ROLE, currentTenantSql, sqlMigration } from '../../kernel/migration';
import { withRegisterGuardAside } from './migrations';
import { WITHHELD_BASE_SQL } from './withheld-base';

/** Register rows of rectifications whose rectified document is registered as simplified get `rectifies_simplified`. */
export const RECTIFIES_SIMPLIFIED_BACKFILL = withRegisterGuardAside([
  `update tax_register r set rectifies_simplified = true
   from (select distinct tenant_id, document_id from tax_register where kind = 'simplified') o
   where o.tenant_id = r.tenant_id and o.document_id = r.rectifies_id and not r.rectifies_simplified`,
]);

/**
 * Migrations of the documents plugin after its first release (./migrations.ts holds the tables as
 * created).
 *
 * Settlements grouped into payments: every row of one payment (one entry, several documents)
 * carries `payment_id`, the id of its first row, which is the payment's id in the API and its
 * events; `excess` is what a payment brought beyond what its document owed (left on the contact's
 * account when the caller allowed it), signed like `amount`. Rows of a payment recorded before
 * share their entry: the lowest id becomes the payment's.
 */
export const addedMigrations = [
  sqlMigration('20261226000100_documents_settlement_payments', [
    `alter table settlements add column payment_id uuid`,
    `alter table settlements add column excess numeric(18,2) not null default 0`,
    `update settlements s set payment_id = (select min(o.id::text)::uuid from settlements o where o.tenant_id = s.tenant_id and o.journal_entry_id = s.journal_entry_id)`,
    `alter table settlements alter column payment_id set not null`,
    `create index settlements_entry on settlements (tenant_id, journal_entry_id)`,
  ]),
  /**
   * Register rows that cancel the rectified document's groups in a rectification by substitution
   * (see registerSubstitution in ./tax-register.ts).
   */
  sqlMigration('20261226000200_documents_register_substitution', [
    `alter table tax_register add column reverses_original boolean not null default false`,
  ]),
  /**
   * Rectifications of a simplified invoice (R5 in the books, as VERI*FACTU types them): the flag,
   * and for rows registered before it, taken from the rectified document's rows (kind `simplified`).
   * The register is append-only; its guard stands aside for this one update.
   */
  sqlMigration('20261231000300_documents_register_rectifies_simplified', [
    `alter table tax_register add column rectifies_simplified boolean not null default false`,
    ...RECTIFIES_SIMPLIFIED_BACKFILL,
  ]),
  /**
   * A rectification's type by its legal ground (R1–R4, `RECTIFICATION_GROUNDS` in ./lifecycle.ts;
   * R5 comes from `rectifies_simplified`). Rows written before it were all R1 and stay null (read as R1).
   */
  sqlMigration('20261231000500_documents_register_rectification_type', [
    `alter table tax_register add column rectification_type text check (rectification_type in ('R1', 'R2', 'R3', 'R4'))`,
  ]),
  /**
   * The capital goods book reads a year's few capital-good rows out of all the received ones: a
   * partial index holds only those rows (issuing the rest writes nothing more), in book period order.
   */
  sqlMigration('20270311000100_documents_register_capital_goods_index', [
    `create index tax_register_capital_goods on tax_register (tenant_id, side, accounting_date) where capital_good`,
  ]),
  /**
   * The withholding models (111, 115, 180, 190) read a period's few rows with IRPF withheld out of
   * all of them: a partial index holds only those rows, in period order.
   */
  sqlMigration('20270324000100_documents_register_withheld_index', [
    `create index tax_register_withheld on tax_register (tenant_id, accounting_date) where withholding <> 0`,
  ]),
  /*
   * Under row-level security the planner may not read a table's statistics through an operator
   * that is not leakproof, and numeric's `<>` is not: it took a period's withheld rows for half of
   * the company's and grouped them by sorting. Read through this view, whose owner passes row-level
   * security and which repeats the tenant wall in its own WHERE (as contacts_searchable does), the
   * statistics count: the planner expects the few rows there are and hashes them. Read only.
   */
  sqlMigration('20270327010000_documents_register_withheld_rows_view', [
    `create view tax_register_withheld_rows as
       select tenant_id, accounting_date, side, kind, regime, tax_code, tax_type_id, rate, surcharge_rate, withholding_rate, capital_good,
              counterparty_tax_id, counterparty_name, counterparty_country, contact_id, rectification_mode, base, quota, deductible_quota, surcharge, withholding
       from tax_register where tenant_id = (select ${currentTenantSql}) and withholding <> 0`,
    `revoke insert, update, delete, truncate on tax_register_withheld_rows from ${APP_ROLE}`,
  ]),
  /*
   * Each row's withheld base (TaxRegisterSums' `withheldBase`: the base a withholding was computed
   * on) kept with the row instead of worked out by every 111 and 190 that sums it: numeric
   * arithmetic on each of a quarter's withheld rows made their sums a half slower than summing a
   * column. Generated, so it cannot disagree with the row (the table is rewritten once, here). The
   * view of withheld rows shows it. The register's guard compares a contact merge's row without it:
   * in a BEFORE trigger a generated column is not computed yet (NULL in NEW), and it follows from
   * the columns compared anyway.
   */
  sqlMigration('20270328090000_documents_register_withheld_base', [
    `alter table tax_register add column withheld_base numeric(18,2) generated always as (${WITHHELD_BASE_SQL}) stored`,
    `create or replace function tax_register_guard() returns trigger language plpgsql as $$
       begin
         if TG_OP = 'DELETE' then
           if OLD.tenant_id::text = coalesce(current_setting('cuadra.erasing_tenant', true), '') then return OLD; end if;
           raise exception 'The tax register is append-only: % stays registered', OLD.number;
         end if;
         if NEW.contact_id <> OLD.contact_id and coalesce(current_setting('cuadra.repointing_contacts', true), '') = 'on'
            and (to_jsonb(NEW) - 'contact_id' - 'withheld_base') = (to_jsonb(OLD) - 'contact_id' - 'withheld_base') then
           return NEW;
         end if;
         raise exception 'The tax register is append-only: % cannot change', OLD.number;
       end $$`,
    `create or replace view tax_register_withheld_rows as
       select tenant_id, accounting_date, side, kind, regime, tax_code, tax_type_id, rate, surcharge_rate, withholding_rate, capital_good,
              counterparty_tax_id, counterparty_name, counterparty_country, contact_id, rectification_mode, base, quota, deductible_quota, surcharge, withholding,
              withheld_base
       from tax_register where tenant_id = (select ${currentTenantSql}) and withholding <> 0`,
    `revoke insert, update, delete, truncate on tax_register_withheld_rows from ${APP_ROLE}`,
  ]),
];
