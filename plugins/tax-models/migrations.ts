import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

export const migrations = [
  sqlMigration('20261224001000_tax_model_settlements', [
    `create table tax_model_settlements (
      tenant_id uuid not null references tenants(id),
      model text not null,
      year int not null,
      period text not null,
      journal_entry_id uuid not null,
      created_at timestamptz not null default now(),
      primary key (tenant_id, model, year, period)
    )`,
    ...tenantRowLevelSecurity('tax_model_settlements'),
  ]),
  sqlMigration('20261124002000_tax_model_options', [
    `create table tax_model_options (
      tenant_id uuid not null references tenants(id),
      model text not null,
      year int not null,
      options jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (tenant_id, model, year)
    )`,
    ...tenantRowLevelSecurity('tax_model_options'),
  ]),
  sqlMigration('20270216000000_company_tax_profiles', [
    `create table company_tax_profiles (
      tenant_id uuid primary key references tenants(id),
      legal_form text not null check (legal_form in ('company', 'individual', 'entity')),
      irpf_method text check (irpf_method in ('directa_normal', 'directa_simplificada')),
      vat_redeme boolean not null default false,
      vat_monthly boolean not null default false,
      recargo_equivalencia boolean not null default false,
      sii boolean not null default false,
      updated_at timestamptz not null default now(),
      check ((legal_form = 'individual') = (irpf_method is not null))
    )`,
    ...tenantRowLevelSecurity('company_tax_profiles'),
  ]),
];
