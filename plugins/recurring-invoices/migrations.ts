import { sqlMigration, systemOnlyFunction, tenantRowLevelSecurity } from '../../kernel/migration';

/**
 * Templates and the runs that made their invoices.
 *
 * - The unique key `(tenant_id, template_id, period)` of the runs is what makes each period's
 *   invoice exist once: the job inserts the run first, in the transaction that creates the invoice,
 *   and only the transaction whose insert went through creates it (see ./runner.ts).
 * - `next_due` is the template's first period not made yet (null: the schedule has ended); the
 *   job's cross-tenant look-up reads only it.
 * - No foreign key to invoices or contacts: another plugin's tables; a run keeps the invoice's id
 *   and number as they were when it was made.
 */
export const migrations = [
  sqlMigration('20270114000100_recurring_invoices', [
    `create table recurring_invoice_templates (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       contact_id uuid not null,
       series text not null,
       frequency text not null check (frequency in ('monthly', 'yearly')),
       interval_months integer not null check (interval_months between 1 and 12),
       start_date date not null,
       end_date date check (end_date >= start_date),
       day_of_month integer not null check (day_of_month between 1 and 31),
       action text not null check (action in ('issue', 'draft')),
       send boolean not null default false,
       due_days integer check (due_days between 0 and 365),
       notes text,
       lines jsonb not null check (jsonb_typeof(lines) = 'array'),
       status text not null default 'active' check (status in ('active', 'paused')),
       paused_on date,
       skipped jsonb not null default '[]' check (jsonb_typeof(skipped) = 'array'),
       next_due date,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       unique (tenant_id, id)
     )`,
    `create index recurring_invoice_templates_list on recurring_invoice_templates (tenant_id, created_at, id)`,
    `create index recurring_invoice_templates_due on recurring_invoice_templates (next_due) where status = 'active'`,
    ...tenantRowLevelSecurity('recurring_invoice_templates'),
    `create table recurring_invoice_runs (
       id uuid primary key,
       tenant_id uuid not null,
       template_id uuid not null,
       period date not null,
       status text not null check (status in ('created', 'failed')),
       invoice_id uuid,
       invoice_number text,
       invoice_status text,
       error text,
       attempts integer not null default 1,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       foreign key (tenant_id, template_id) references recurring_invoice_templates (tenant_id, id) on delete cascade,
       unique (tenant_id, template_id, period)
     )`,
    ...tenantRowLevelSecurity('recurring_invoice_runs'),
    // The job serves every tenant: this narrow function answers only which templates are due and
    // whose they are, a page at a time in (next_due, id) order; each is then run in a unit of work
    // of its own tenant.
    `create function cuadra_recurring_invoices_due(p_today date, p_after_due date, p_after_id uuid, p_limit integer)
       returns table (id uuid, tenant_id uuid, next_due date)
       language sql stable security definer set search_path = public as $$
         select t.id, t.tenant_id, t.next_due from recurring_invoice_templates t
         where t.status = 'active' and t.next_due <= p_today
           and (p_after_due is null or (t.next_due, t.id) > (p_after_due, p_after_id))
         order by t.next_due, t.id limit p_limit
       $$`,
    ...systemOnlyFunction('cuadra_recurring_invoices_due(date, date, uuid, integer)'),
  ]),
];
