import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

export const migrations = [
  sqlMigration('20261122001000_taxes', [
    `create table tax_types (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       code text not null check (code ~ '^[A-Z0-9][A-Z0-9_.-]{0,31}$'),
       name text not null check (length(name) between 1 and 200),
       kind text not null check (kind in ('vat', 'surcharge', 'withholding')),
       rate numeric(5, 2) not null check (rate >= 0 and rate <= 100),
       regime text not null check (regime in ('domestic', 'intra_eu', 'export', 'reverse_charge', 'import', 'oss', 'exempt', 'not_subject')),
       country char(2),
       sales jsonb,
       purchases jsonb,
       description text not null default '',
       seeded boolean not null default false,
       active boolean not null default true,
       sort_order int not null default 1000,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       constraint tax_types_code_key unique (tenant_id, code),
       -- the target of composite foreign keys (tenant_id, tax_type_id) from documents
       constraint tax_types_tenant_id_key unique (tenant_id, id)
     )`,
    ...tenantRowLevelSecurity('tax_types'),
    `create table tax_settings (
       tenant_id uuid primary key references tenants (id) on delete cascade,
       oss_registered boolean not null default false,
       updated_at timestamptz not null default now()
     )`,
    ...tenantRowLevelSecurity('tax_settings'),
  ]),
  // tax-model boxes belong to each model plugin (aeat-303 maps the register to its boxes), not to the tax types
  sqlMigration('20261124001000_tax_types_without_boxes', [
    `update tax_types set sales = sales - array['baseBox', 'quotaBox'] where sales is not null`,
    `update tax_types set purchases = purchases - array['baseBox', 'quotaBox', 'selfAssessedBaseBox', 'selfAssessedQuotaBox', 'capitalGoodsBaseBox', 'capitalGoodsQuotaBox'] where purchases is not null`,
  ]),
];
