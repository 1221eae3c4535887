import { sqlMigration, systemOnlyFunction, tenantRowLevelSecurity } from '../../kernel/migration';

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
  sqlMigration('20270309000200_tenant_kind', [
    // an accounting firm is a company of its own; a client finds it by its tax id, so one firm per tax id
    `alter table tenants add column kind text not null default 'company' check (kind in ('company', 'firm'))`,
    `create unique index tenants_firm_tax_id on tenants (tax_id) where kind = 'firm'`,
    // Granting a firm access and listing the companies a firm reaches cross tenants: the system role
    // calls these two (Database.system), which answer names and tax ids, nothing else.
    `create function cuadra_firm_by_tax_id(p_tax_id text)
       returns table (id uuid, name text, tax_id text)
       language sql stable security definer set search_path = public as $$
         select t.id, t.name, t.tax_id from tenants t where t.kind = 'firm' and t.tax_id = p_tax_id
       $$`,
    `create function cuadra_tenant_directory(p_ids uuid[])
       returns table (id uuid, name text, tax_id text, kind text)
       language sql stable security definer set search_path = public as $$
         select t.id, t.name, t.tax_id, t.kind from tenants t where t.id = any (p_ids)
       $$`,
    ...systemOnlyFunction('cuadra_firm_by_tax_id(text)'),
    ...systemOnlyFunction('cuadra_tenant_directory(uuid[])'),
  ]),
  // Whether the company still exists, as the caller may see it: other plugins ask this instead of
  // reading the tenants table (the audit log skips a write that erased its own company).
  sqlMigration('20270314000400_tenants_exists', [
    `create function cuadra_tenant_exists(p_tenant_id uuid) returns boolean
       language sql stable set search_path = public as $$
         select exists (select 1 from tenants t where t.id = p_tenant_id)
       $$`,
  ]),
  // Other plugins' SECURITY DEFINER functions take companies' names from the directory instead of
  // reading the tenants table (identity's memberships, team's invitation lookup). Called from
  // inside another function, an SQL function's body is parsed and planned again on every call;
  // PL/pgSQL keeps its plan for the session (measured in a loop of memberships lookups: about half
  // the time of the same body in SQL).
  sqlMigration('20270327060000_tenants_directory_kept_plan', [
    `create or replace function cuadra_tenant_directory(p_ids uuid[])
       returns table (id uuid, name text, tax_id text, kind text)
       language plpgsql stable security definer set search_path = public as $$
       begin
         return query select t.id, t.name, t.tax_id, t.kind from tenants t where t.id = any (p_ids);
       end $$`,
  ]),
];
