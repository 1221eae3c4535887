import { sqlMigration, systemOnlyFunction, tenantRowLevelSecurity } from '../../kernel/migration';

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
  // What the workspace needs to tell each company's models due, for many companies at once (system
  // role only): the tax profiles, the options of a year, and the periods settled since a year.
  sqlMigration('20270309001000_tax_models_by_tenant', [
    `create function cuadra_tax_profiles(p_tenants uuid[])
       returns table (tenant_id uuid, legal_form text, irpf_method text, vat_redeme boolean, vat_monthly boolean, recargo_equivalencia boolean, sii boolean)
       language sql stable security definer set search_path = public as $$
         select p.tenant_id, p.legal_form, p.irpf_method, p.vat_redeme, p.vat_monthly, p.recargo_equivalencia, p.sii from company_tax_profiles p where p.tenant_id = any (p_tenants)
       $$`,
    `create function cuadra_tax_model_options(p_tenants uuid[], p_year int)
       returns table (tenant_id uuid, model text, options text)
       language sql stable security definer set search_path = public as $$
         select o.tenant_id, o.model, o.options::text from tax_model_options o where o.tenant_id = any (p_tenants) and o.year = p_year
       $$`,
    `create function cuadra_tax_model_settled(p_tenants uuid[], p_from_year int)
       returns table (tenant_id uuid, model text, year int, period text)
       language sql stable security definer set search_path = public as $$
         select s.tenant_id, s.model, s.year, s.period from tax_model_settlements s where s.tenant_id = any (p_tenants) and s.year >= p_from_year
       $$`,
    ...['cuadra_tax_profiles(uuid[])', 'cuadra_tax_model_options(uuid[], int)', 'cuadra_tax_model_settled(uuid[], int)'].flatMap(systemOnlyFunction),
  ]),
  // The options of a span of years for a set of companies (the workspace's tax results: a chained
  // model's balance is followed back through the years its options carry it; system role only).
  sqlMigration('20270322000200_tax_model_options_between', [
    `create function cuadra_tax_model_options_between(p_tenants uuid[], p_from_year int, p_to_year int)
       returns table (tenant_id uuid, model text, year int, options text)
       language sql stable security definer set search_path = public as $$
         select o.tenant_id, o.model, o.year, o.options::text from tax_model_options o
         where o.tenant_id = any (p_tenants) and o.year between p_from_year and p_to_year
       $$`,
    ...systemOnlyFunction('cuadra_tax_model_options_between(uuid[], int, int)'),
  ]),
  // The company's VAT prorrata per year (arts. 102–106 LIVA; plugins/tax-models/prorrata.ts), and the same
  // for a set of companies over a span of years (the workspace's tax results; system role only).
  sqlMigration('20270327030000_company_vat_prorratas', [
    `create table company_vat_prorratas (
      tenant_id uuid not null references tenants(id),
      year int not null,
      method text not null check (method in ('none', 'general')),
      provisional_percent int check (provisional_percent between 1 and 100),
      activity text not null default '' check (length(activity) <= 40),
      cnae text not null default '' check (cnae ~ '^([0-9A-Z]{3})?$'),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, year),
      check ((method = 'general') = (provisional_percent is not null))
    )`,
    ...tenantRowLevelSecurity('company_vat_prorratas'),
    `create function cuadra_vat_prorratas(p_tenants uuid[], p_from_year int, p_to_year int)
       returns table (tenant_id uuid, year int, method text, provisional_percent int, activity text, cnae text)
       language sql stable security definer set search_path = public as $$
         select p.tenant_id, p.year, p.method, p.provisional_percent, p.activity, p.cnae from company_vat_prorratas p
         where p.tenant_id = any (p_tenants) and p.year between p_from_year and p_to_year
       $$`,
    ...systemOnlyFunction('cuadra_vat_prorratas(uuid[], int, int)'),
  ]),
  // The definitive percentage set by hand (under `general` only), replacing the register's: the
  // exclusions of art. 104.Tres LIVA and the operations of art. 94.Uno.2º the register cannot judge.
  sqlMigration('20270327080100_company_vat_prorratas_definitive', [
    `alter table company_vat_prorratas add column definitive_percent int check (definitive_percent between 1 and 100)`,
    `alter table company_vat_prorratas add constraint company_vat_prorratas_definitive_general check (definitive_percent is null or method = 'general')`,
    `drop function cuadra_vat_prorratas(uuid[], int, int)`,
    `create function cuadra_vat_prorratas(p_tenants uuid[], p_from_year int, p_to_year int)
       returns table (tenant_id uuid, year int, method text, provisional_percent int, activity text, cnae text, definitive_percent int)
       language sql stable security definer set search_path = public as $$
         select p.tenant_id, p.year, p.method, p.provisional_percent, p.activity, p.cnae, p.definitive_percent from company_vat_prorratas p
         where p.tenant_id = any (p_tenants) and p.year between p_from_year and p_to_year
       $$`,
    ...systemOnlyFunction('cuadra_vat_prorratas(uuid[], int, int)'),
  ]),
];
