import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

/**
 * Each company's exchange-rate table: one rate per currency and day (units of the currency per one
 * euro, as the ECB publishes them), entered by hand or imported from the ECB's file. The unique
 * key `(tenant_id, currency, rate_date)` is also the index the "latest on or before a day" lookup
 * walks backwards. `rate` is `numeric` without a fixed scale, so a rate keeps the digits it was
 * published with ("395.10" stays "395.10").
 */
export const migrations = [
  sqlMigration('20270207000100_exchange_rates', [
    `create table exchange_rates (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       currency text not null check (currency ~ '^[A-Z]{3}$' and currency <> 'EUR'),
       rate_date date not null,
       rate numeric not null check (rate > 0 and rate < 1000000000000),
       source text not null check (source in ('manual', 'ecb')),
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       unique (tenant_id, id),
       unique (tenant_id, currency, rate_date)
     )`,
    ...tenantRowLevelSecurity('exchange_rates'),
  ]),
];
