import { sqlMigration, systemOnlyFunction, tenantRowLevelSecurity } from '../../kernel/migration';

export const migrations = [
  sqlMigration('20270112100000_payment_reminders', [
    // A company's schedule; no row: off, with the default days.
    `create table payment_reminder_settings (
       tenant_id uuid primary key references tenants (id) on delete cascade,
       enabled boolean not null default false,
       days integer[] not null check (cardinality(days) between 1 and 10),
       message text check (length(message) <= 2000),
       updated_at timestamptz not null default now()
     )`,
    ...tenantRowLevelSecurity('payment_reminder_settings'),
    // One row per reminder of a document, written before its mail in the same transaction: the
    // unique key makes a second run, a restart or another instance find it taken and send nothing.
    `create table payment_reminders (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       document_type text not null,
       document_id uuid not null,
       number text not null,
       reminder integer not null check (reminder between 1 and 10),
       status text not null check (status in ('sent', 'skipped')),
       reason text,
       recipient text,
       due_date date not null,
       days_overdue integer not null,
       outstanding numeric(18,2) not null,
       created_at timestamptz not null default now(),
       unique (tenant_id, document_id, reminder),
       unique (tenant_id, id)
     )`,
    `create index payment_reminders_recent on payment_reminders (tenant_id, created_at desc)`,
    ...tenantRowLevelSecurity('payment_reminders'),
    // The background job serves every company that turned reminders on: only their ids cross tenants.
    `create function cuadra_payment_reminder_tenants() returns table (tenant_id uuid)
       language sql stable security definer set search_path = public as $$
         select s.tenant_id from payment_reminder_settings s where s.enabled order by s.tenant_id
       $$`,
    ...systemOnlyFunction('cuadra_payment_reminder_tenants()'),
  ]),
];
