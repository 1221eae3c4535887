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
  sqlMigration('20270113000100_tenant_document_details', [
    // the Registro Mercantil entry is all five data or none (art. 24 RRM); a new payment method needs a migration of its own
    `alter table tenants
       add column registry_office text, add column registry_tomo text, add column registry_folio text,
       add column registry_hoja text, add column registry_inscripcion text,
       add constraint tenants_registry_complete check (num_nulls(registry_office, registry_tomo, registry_folio, registry_hoja, registry_inscripcion) in (0, 5)),
       add column default_payment_method text check (default_payment_method in ('transfer', 'direct_debit', 'cash', 'card', 'cheque', 'bizum'))`,
  ]),
];
