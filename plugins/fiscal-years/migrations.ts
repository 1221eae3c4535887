import { sqlMigration, tenantRowLevelSecurity, systemOnlyFunction } from '../../kernel/migration';

/**
 * One row per closing of a fiscal year: the three entries it posted, the result, the lock before
 * it, and, once reopened, when and by whom. A year has at most one closing in force (reopened_at
 * null); a reopened closing stays as history, its entries reversed in the journal.
 */
export const migrations = [
  sqlMigration('20270208000200_fiscal_year_closings', [
    `create table fiscal_year_closings (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       year integer not null check (year between 1900 and 2998),
       start_date date not null,
       end_date date not null,
       result numeric(18,2) not null,
       forced boolean not null default false,
       lock_before date,
       regularisation_entry_id uuid,
       closing_entry_id uuid,
       opening_entry_id uuid,
       closed_at timestamptz not null default now(),
       closed_by uuid,
       reopened_at timestamptz,
       reopened_by uuid,
       unique (tenant_id, id),
       check (start_date < end_date),
       foreign key (tenant_id, regularisation_entry_id) references journal_entries (tenant_id, id),
       foreign key (tenant_id, closing_entry_id) references journal_entries (tenant_id, id),
       foreign key (tenant_id, opening_entry_id) references journal_entries (tenant_id, id)
     )`,
    `create unique index fiscal_year_closings_in_force on fiscal_year_closings (tenant_id, year) where reopened_at is null`,
    `create index fiscal_year_closings_year on fiscal_year_closings (tenant_id, year, closed_at)`,
    ...tenantRowLevelSecurity('fiscal_year_closings'),
    `revoke truncate on fiscal_year_closings from cuadra_app`,
  ]),
  // The workspace's figure for many companies at once (system role only): the last year closed (and not reopened).
  sqlMigration('20270309000800_fiscal_years_closed_by_tenant', [
    `create function cuadra_fiscal_years_last_closed(p_tenants uuid[])
       returns table (tenant_id uuid, year integer, end_date text)
       language sql stable security definer set search_path = public as $$
         select distinct on (c.tenant_id) c.tenant_id, c.year, c.end_date::text from fiscal_year_closings c
         where c.tenant_id = any (p_tenants) and c.reopened_at is null order by c.tenant_id, c.year desc
       $$`,
    ...systemOnlyFunction('cuadra_fiscal_years_last_closed(uuid[])'),
  ]),
];
