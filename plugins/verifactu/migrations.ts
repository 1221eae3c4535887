import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

/**
 * The VERI*FACTU tables and the database rules that keep the records what the law asks of them
 * (integrity, inalterability, traceability):
 *
 * - `verifactu_chains`: one row per issuer tax number of a tenant, the chain's head (its length
 *   and last hash). Appending a record locks this row (`for update`), so concurrent issues queue
 *   on it and the chain never forks; `verifactu_records (tenant_id, issuer_tax_id, position)` is
 *   unique as a second guard.
 * - `verifactu_records`: the records themselves, with the exact text of every field that entered
 *   their hash. No UPDATE, DELETE or TRUNCATE: triggers refuse them for every role, the owner
 *   included (the application role has no UPDATE privilege either). Erasing a tenant (the GDPR
 *   flow) is the one exception, inside a transaction that set `cuadra.erasing_tenant`.
 * - `verifactu_events`: the append-only log of records created, exports and verifications.
 */
export const migrations = [
  sqlMigration('20261230000100_verifactu', [
    `create table verifactu_chains (
       tenant_id uuid not null references tenants (id) on delete cascade,
       issuer_tax_id text not null check (issuer_tax_id ~ '^[0-9A-Z]{9}$'),
       length integer not null default 0 check (length >= 0),
       last_hash text not null default '' check (last_hash = '' or last_hash ~ '^[0-9A-F]{64}$'),
       last_record_id uuid,
       primary key (tenant_id, issuer_tax_id)
     )`,
    ...tenantRowLevelSecurity('verifactu_chains'),

    `create table verifactu_records (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       issuer_tax_id text not null,
       position integer not null check (position > 0),
       record_type text not null check (record_type in ('registration', 'cancellation')),
       correction boolean not null default false,
       invoice_id uuid not null,
       invoice_number text not null check (length(invoice_number) between 1 and 60),
       issue_date date not null,
       invoice_type text check (invoice_type in ('F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5')),
       rectification_mode text check (rectification_mode in ('S', 'I')),
       rectified_number text,
       rectified_issue_date date,
       tax_total text check (tax_total ~ '^-?[0-9]{1,12}[.][0-9]{2}$'),
       total text check (total ~ '^-?[0-9]{1,12}[.][0-9]{2}$'),
       previous_hash text not null check (previous_hash = '' or previous_hash ~ '^[0-9A-F]{64}$'),
       previous_record_id uuid,
       generated_at text not null check (generated_at ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[+-][0-9]{2}:[0-9]{2}$'),
       hash text not null check (hash ~ '^[0-9A-F]{64}$'),
       reason text check (length(reason) <= 500),
       -- what the export needs beyond the hashed fields (names, recipient, tax breakdown), as at the record's creation
       detail jsonb not null default '{}',
       created_at timestamptz not null default now(),
       unique (tenant_id, issuer_tax_id, position),
       foreign key (tenant_id, issuer_tax_id) references verifactu_chains (tenant_id, issuer_tax_id),
       check ((record_type = 'registration') = (invoice_type is not null and tax_total is not null and total is not null)),
       check ((position = 1) = (previous_hash = ''))
     )`,
    `create index verifactu_records_invoice on verifactu_records (tenant_id, invoice_id, position)`,
    `create index verifactu_records_date on verifactu_records (tenant_id, issue_date)`,
    ...tenantRowLevelSecurity('verifactu_records'),

    `create table verifactu_events (
       id bigint generated always as identity primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       at timestamptz not null default now(),
       action text not null check (action in ('record_created', 'exported', 'verified')),
       record_id uuid,
       detail jsonb not null default '{}'
     )`,
    `create index verifactu_events_tenant on verifactu_events (tenant_id, id)`,
    ...tenantRowLevelSecurity('verifactu_events'),

    `revoke update, truncate on verifactu_records, verifactu_events from cuadra_app`,
    `create function verifactu_immutable() returns trigger language plpgsql as $$
       begin
         if TG_OP = 'DELETE' and OLD.tenant_id::text = current_setting('cuadra.erasing_tenant', true) then
           return OLD;
         end if;
         raise exception 'VERI*FACTU % are immutable: correct a record with a new one', TG_TABLE_NAME using errcode = '55000';
       end $$`,
    `create trigger verifactu_records_immutable before update or delete on verifactu_records
       for each row execute function verifactu_immutable()`,
    `create trigger verifactu_events_immutable before update or delete on verifactu_events
       for each row execute function verifactu_immutable()`,
    `create function verifactu_refuse_truncate() returns trigger language plpgsql as $$
       begin
         raise exception 'VERI*FACTU records cannot be truncated' using errcode = '55000';
       end $$`,
    `create trigger verifactu_records_no_truncate before truncate on verifactu_records
       for each statement execute function verifactu_refuse_truncate()`,
    `create trigger verifactu_events_no_truncate before truncate on verifactu_events
       for each statement execute function verifactu_refuse_truncate()`,
  ]),
];
