import { sqlMigration, tenantRowLevelSecurity, systemOnlyFunction } from '../../kernel/migration';

/**
 * Treasuries, their statement imports and their movements.
 *
 * - Composite foreign keys `(tenant_id, …)`: an import cannot name another company's treasury; a
 *   movement cannot either, checked once per insert statement by a trigger (see the last
 *   migration: a foreign key is a lookup per inserted row, and movements arrive 100,000 at a time).
 * - `import_id` is a plain column, for the same reason.
 * - `fingerprint` identifies a movement within its treasury (see ./fingerprint.ts): the unique
 *   index is what makes a re-imported file or an overlapping period import nothing twice, even
 *   when two imports race.
 * - The books live in the ledger: no balance is stored here.
 */
export const migrations = [
  sqlMigration('20261225000100_treasury', [
    `create table treasuries (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       kind text not null check (kind in ('bank', 'payment_processor', 'wallet')),
       name text not null check (length(name) between 1 and 200),
       iban text check (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
       provider text check (length(provider) between 1 and 100),
       currency text not null check (currency ~ '^[A-Z]{3}$'),
       ledger_account text collate "C" not null,
       suspense_account text collate "C" not null,
       opening_balance numeric(18,2) not null default 0,
       opening_date date,
       opening_entry_id uuid,
       archived_at timestamptz,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       unique (tenant_id, id),
       unique (tenant_id, ledger_account),
       unique (tenant_id, suspense_account)
     )`,
    `create unique index treasuries_iban on treasuries (tenant_id, iban) where iban is not null and archived_at is null`,
    ...tenantRowLevelSecurity('treasuries'),

    `create table bank_imports (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       treasury_id uuid not null,
       format text not null,
       file_name text,
       file_sha256 text not null,
       imported integer not null,
       duplicates integer not null,
       rejected integer not null,
       created_at timestamptz not null default now(),
       unique (tenant_id, id),
       foreign key (tenant_id, treasury_id) references treasuries (tenant_id, id)
     )`,
    ...tenantRowLevelSecurity('bank_imports'),

    `create table bank_movements (
       id uuid primary key,
       tenant_id uuid not null,
       treasury_id uuid not null,
       import_id uuid,
       booking_date date not null,
       value_date date,
       amount numeric(18,2) not null,
       description text not null default '',
       reference text,
       counterparty text,
       counterparty_iban text,
       status text not null default 'unmatched' check (status in ('unmatched', 'matched', 'categorized')),
       fingerprint uuid not null,
       created_at timestamptz not null default now(),
       foreign key (tenant_id, treasury_id) references treasuries (tenant_id, id) on delete cascade
     )`,
    `create unique index bank_movements_fingerprint on bank_movements (tenant_id, treasury_id, fingerprint)`,
    `create index bank_movements_date on bank_movements (tenant_id, treasury_id, booking_date desc, id)`,
    ...tenantRowLevelSecurity('bank_movements'),
  ]),
  // One index where there were two, and in date order: `(tenant, treasury, booking_date,
  // fingerprint)` both decides duplicates and serves the reads by period (the list, what an import
  // already holds). The fingerprint hashes the booking date, so it is unique per day exactly when
  // it is unique per treasury. A 100,000-movement import then maintains two indexes, the primary
  // key (ids are UUIDv7, time-ordered: appended, not scattered) and this one (grouped by day),
  // instead of three scattered ones: the insert was most of an import's time.
  sqlMigration('20261231000300_treasury_movements_one_index', [
    `drop index bank_movements_date`,
    `drop index bank_movements_fingerprint`,
    `create unique index bank_movements_day on bank_movements (tenant_id, treasury_id, booking_date, fingerprint)`,
  ]),
  // The documents a movement is matched to, as the reconciliation plugin last told the treasury
  // service (null: none). Nullable without a default, so that an import writes nothing more.
  sqlMigration('20261231000400_treasury_movement_matched_documents', [
    `alter table bank_movements add column matched_document_ids uuid[]`,
  ]),
  // The foreign key from movements to their treasury checked every inserted row with a query of
  // its own: about half of the time of COPYing 100,000 movements into the table. The same rule is
  // now kept once per statement: a statement-level trigger checks (and key-share locks, as the
  // key did) the distinct treasuries an insert names; a movement never changes treasury or
  // company; and deleting a treasury deletes its movements, as the cascade did.
  sqlMigration('20261231000600_treasury_movements_checked_per_statement', [
    `alter table bank_movements drop constraint bank_movements_tenant_id_treasury_id_fkey`,
    `create function bank_movements_check_treasuries() returns trigger language plpgsql as $$
     begin
       perform 1 from treasuries t join (select distinct tenant_id, treasury_id from inserted_movements) n
         on t.tenant_id = n.tenant_id and t.id = n.treasury_id for key share of t;
       if exists (select 1 from (select distinct tenant_id, treasury_id from inserted_movements) n
                  where not exists (select 1 from treasuries t where t.tenant_id = n.tenant_id and t.id = n.treasury_id)) then
         raise foreign_key_violation using message = 'A bank movement names a treasury that does not exist';
       end if;
       return null;
     end $$`,
    `create trigger bank_movements_check_treasuries after insert on bank_movements
       referencing new table as inserted_movements for each statement execute function bank_movements_check_treasuries()`,
    `create function bank_movements_keep_treasury() returns trigger language plpgsql as $$
     begin
       if new.tenant_id is distinct from old.tenant_id or new.treasury_id is distinct from old.treasury_id then
         raise foreign_key_violation using message = 'A bank movement stays in its treasury';
       end if;
       return new;
     end $$`,
    `create trigger bank_movements_keep_treasury before update of tenant_id, treasury_id on bank_movements
       for each row execute function bank_movements_keep_treasury()`,
    `create function treasuries_delete_movements() returns trigger language plpgsql as $$
     begin
       delete from bank_movements m using deleted_treasuries d where m.tenant_id = d.tenant_id and m.treasury_id = d.id;
       return null;
     end $$`,
    `create trigger treasuries_delete_movements after delete on treasuries
       referencing old table as deleted_treasuries for each statement execute function treasuries_delete_movements()`,
  ]),
  // The treasury whose IBAN the company's invoices print for payment (./collection-account.ts).
  sqlMigration('20270113000200_treasury_collection_account', [
    `alter table treasuries add column collection_account boolean not null default false,
       add constraint treasuries_collection_account check (not collection_account or (iban is not null and archived_at is null))`,
    `create unique index treasuries_one_collection_account on treasuries (tenant_id) where collection_account`,
  ]),
  // The column mapping of the treasury's spreadsheet and CSV statements, given once and reused (./saved-mapping.ts).
  sqlMigration('20270120000100_treasury_statement_mapping', [
    `alter table treasuries add column statement_mapping jsonb`,
  ]),
  // a returned or unpaid debit as the imported statement gives it (camt RtrInf/Rsn/Cd, Norma 43 concept 14): its ISO 20022 reason
  sqlMigration('20270206000100_treasury_movement_return_reason', [
    `alter table bank_movements add column return_reason text check (return_reason ~ '^[A-Z0-9]{4}$')`,
  ]),
  // The workspace's figure for many companies at once (system role only): movements still to reconcile.
  sqlMigration('20270309000400_treasury_unreconciled_by_tenant', [
    `create index bank_movements_unmatched on bank_movements (tenant_id) where status = 'unmatched'`,
    `create function cuadra_treasury_unreconciled(p_tenants uuid[])
       returns table (tenant_id uuid, movements bigint)
       language sql stable security definer set search_path = public as $$
         select m.tenant_id, count(*) from bank_movements m where m.tenant_id = any (p_tenants) and m.status = 'unmatched' group by m.tenant_id
       $$`,
    ...systemOnlyFunction('cuadra_treasury_unreconciled(uuid[])'),
  ]),
];
