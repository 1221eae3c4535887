import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

/**
 * What reconciliation keeps of its own: the matches (how each was made, what it posted, when it
 * was undone), what the company taught it (counterparty text or IBAN → contact, text → account)
 * and its per-company settings. Movements and documents stay with their owners (treasury,
 * documents): they are referenced by id, never joined.
 */
export const migrations = [
  sqlMigration('20261226000100_reconciliation', [
    `create table reconciliation_matches (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       movement_id uuid not null,
       treasury_id uuid not null,
       target text not null check (target in ('documents', 'category')),
       method text not null check (method in ('manual', 'rule', 'suggestion', 'auto')),
       date date not null,
       amount numeric(18,2) not null check (amount > 0),
       document_ids uuid[] not null default '{}',
       settlement_ids uuid[] not null default '{}',
       account text collate "C",
       journal_entry_id uuid not null,
       score numeric(4,3),
       created_at timestamptz not null default now(),
       undone_at timestamptz,
       undo_entry_id uuid,
       unique (tenant_id, id),
       check ((target = 'category') = (account is not null))
     )`,
    `create index reconciliation_matches_movement on reconciliation_matches (tenant_id, movement_id) where undone_at is null`,
    ...tenantRowLevelSecurity('reconciliation_matches'),

    `create table reconciliation_memory (
       tenant_id uuid not null references tenants (id) on delete cascade,
       kind text not null check (kind in ('contact_by_counterparty', 'contact_by_iban', 'account_by_counterparty')),
       key text not null check (length(key) between 1 and 200),
       value text not null,
       uses integer not null default 1 check (uses > 0),
       last_used_at timestamptz not null default now(),
       primary key (tenant_id, kind, key, value)
     )`,
    ...tenantRowLevelSecurity('reconciliation_memory'),

    `create table reconciliation_settings (
       tenant_id uuid primary key references tenants (id) on delete cascade,
       auto_match boolean not null default false,
       auto_match_threshold numeric(4,3) not null default 0.9 check (auto_match_threshold between 0.5 and 1),
       updated_at timestamptz not null default now()
     )`,
    ...tenantRowLevelSecurity('reconciliation_settings'),
  ]),
  // A bank fee deducted from a payment (or added to one): its amount and the entry that sends it
  // from 555x to 626, undone with the match.
  sqlMigration('20261231000500_reconciliation_fees', [
    `alter table reconciliation_matches add column fee_amount numeric(18,2) check (fee_amount > 0)`,
    `alter table reconciliation_matches add column fee_entry_id uuid`,
    `alter table reconciliation_matches add constraint reconciliation_matches_fee check ((fee_amount is null) = (fee_entry_id is null))`,
  ]),
];
