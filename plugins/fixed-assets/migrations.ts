import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

/**
 * The fixed-asset register and the depreciation posted for each asset and month. A purchase, an
 * invoice and journal entries belong to other plugins: their ids are plain columns.
 */
export const migrations = [
  sqlMigration('20270209000100_fixed_assets', [
    `create table fixed_assets (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       number integer not null,
       name text not null check (length(name) between 1 and 200),
       account text collate "C" not null check (account ~ '^2[012][0-9]{1,10}$'),
       acquisition_date date not null,
       start_date date not null check (start_date >= acquisition_date),
       cost numeric(18,2) not null check (cost > 0),
       residual_value numeric(18,2) not null default 0 check (residual_value >= 0 and residual_value < cost),
       vat_deducted numeric(18,2) not null default 0,
       method text not null default 'linear' check (method = 'linear'),
       useful_life_months integer check (useful_life_months between 1 and 1200),
       tax_table_code text,
       coefficient numeric(5,2) check (coefficient > 0 and coefficient <= 100),
       purchase_id uuid,
       purchase_line_no integer,
       status text not null default 'active' check (status in ('active', 'disposed')),
       disposed_on date,
       disposal_kind text check (disposal_kind in ('sale', 'write_off')),
       disposal_price numeric(18,2),
       disposal_invoice_id uuid,
       disposal_entry_id uuid,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       check ((useful_life_months is null) <> (coefficient is null)),
       check ((status = 'disposed') = (disposed_on is not null)),
       unique (tenant_id, id),
       unique (tenant_id, number)
     )`,
    `create unique index fixed_assets_purchase_line on fixed_assets (tenant_id, purchase_id, purchase_line_no) where purchase_id is not null`,
    ...tenantRowLevelSecurity('fixed_assets'),
    `create table fixed_asset_depreciations (
       tenant_id uuid not null,
       asset_id uuid not null,
       period text collate "C" not null check (period ~ '^[0-9]{4}-[0-9]{2}$'),
       date date not null,
       amount numeric(18,2) not null check (amount >= 0),
       journal_entry_id uuid not null,
       created_at timestamptz not null default now(),
       primary key (tenant_id, asset_id, period),
       foreign key (tenant_id, asset_id) references fixed_assets (tenant_id, id) on delete cascade
     )`,
    `create index fixed_asset_depreciations_entry on fixed_asset_depreciations (tenant_id, journal_entry_id)`,
    ...tenantRowLevelSecurity('fixed_asset_depreciations'),
  ]),
];
