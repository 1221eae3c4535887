import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

export const migrations = [
  sqlMigration('20261122000100_tenants', [
    `create table tenants (
       id uuid primary key,
       name text not null check (length(name) between 1 and 200),
       legal_name text,
       tax_id text not null,
       address text,
       city text,
       postal_code text,
       province text,
       country char(2) not null default 'ES',
       fiscal_year_start_month int not null default 1 check (fiscal_year_start_month between 1 and 12),
       logo_image bytea,
       logo_token text,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now()
     )`,
    ...tenantRowLevelSecurity('tenants', 'id'),
  ]),  sqlMigration('20261231000200_tenant_logo_key', [
    // the logo's PNG in the kernel's file store (logo_image: logos uploaded before the store)
    `alter table tenants add column logo_key text check (logo_key ~ '^[0-9a-f]{64}$')`,
  ]),
];
