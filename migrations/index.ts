import { currentTenantSql, sqlMigration, type MigrationDefinition } from '../kernel/migration';

/**
 * Kernel migrations: the application role, default privileges and the outbox. Plugins ship their own
 * migrations; the kernel runs all of them in one history ordered by name.
 *
 * The application role owns nothing and bypasses nothing, so PostgreSQL row-level security holds for
 * every query it runs. Whoever runs migrations must be a superuser or BYPASSRLS: the few
 * SECURITY DEFINER functions that legitimately cross tenants (authentication, outbox delivery)
 * run as that owner.
 */
export const kernelMigrations: MigrationDefinition[] = [
  sqlMigration('20261122000000_kernel_roles_and_outbox', [
    `do $$ begin
       if not exists (select from pg_roles where rolname = 'cuadra_app') then
         create role cuadra_app nologin nosuperuser nobypassrls noinherit;
       end if;
     end $$`,
    `do $$ begin
       if not (select rolsuper from pg_roles where rolname = current_user) then
         execute format('grant cuadra_app to %I', current_user);
       end if;
     end $$`,
    `grant usage on schema public to cuadra_app`,
    `alter default privileges in schema public grant select, insert, update, delete on tables to cuadra_app`,
    `alter default privileges in schema public grant usage, select on sequences to cuadra_app`,
    `alter default privileges in schema public grant execute on functions to cuadra_app`,
    `create table outbox_events (
       id uuid primary key,
       tenant_id uuid,
       name text not null,
       payload jsonb not null,
       created_at timestamptz not null default now(),
       attempts int not null default 0,
       next_attempt_at timestamptz not null default now(),
       dispatched_at timestamptz,
       last_error text
     )`,
    `create index outbox_events_pending on outbox_events (next_attempt_at) where dispatched_at is null`,
    // The application may only append events for its own tenant (or none); it never reads the
    // table. Delivery goes through the two functions below.
    `alter table outbox_events enable row level security`,
    `alter table outbox_events force row level security`,
    `create policy outbox_append on outbox_events for insert
       with check (tenant_id is not distinct from nullif(current_setting('app.tenant_id', true), '')::uuid)`,
    `create function cuadra_outbox_claim(max_events int, lease interval)
       returns table (id uuid, tenant_id uuid, name text, payload jsonb, attempts int)
       language sql volatile security definer set search_path = public as $$
         update outbox_events o set attempts = o.attempts + 1, next_attempt_at = now() + lease
         where o.id in (
           select e.id from outbox_events e
           where e.dispatched_at is null and e.next_attempt_at <= now() and e.attempts < 10
           order by e.created_at limit max_events for update skip locked)
         returning o.id, o.tenant_id, o.name, o.payload, o.attempts
       $$`,
    `create function cuadra_outbox_settle(event_id uuid, failure text, retry_in interval)
       returns void language sql volatile security definer set search_path = public as $$
         update outbox_events set
           dispatched_at = case when failure is null then now() end,
           last_error = failure,
           next_attempt_at = now() + coalesce(retry_in, interval '0')
         where id = event_id
       $$`,
  ]),
];

kernelMigrations.push(
  sqlMigration('20261122003000_kernel_idempotency', [
    // Stored responses of POST requests sent with an Idempotency-Key, per principal, for 24 hours.
    // Scoped by a hash of the credential (or the client address), so it holds no tenant data
    // beyond what the caller already received.
    `create table idempotency_keys (
       scope text not null,
       key text not null,
       fingerprint text not null,
       status int,
       headers jsonb,
       body bytea,
       created_at timestamptz not null default now(),
       expires_at timestamptz not null,
       primary key (scope, key)
     )`,
    `create index idempotency_keys_expiry on idempotency_keys (expires_at)`,
  ]),
);

kernelMigrations.push(
  sqlMigration('20261122003200_kernel_outbox_order', [
    // Events of one transaction share created_at; deliver them in the order they were published.
    `alter table outbox_events add column seq bigint generated always as identity`,
    `create or replace function cuadra_outbox_claim(max_events int, lease interval)
       returns table (id uuid, tenant_id uuid, name text, payload jsonb, attempts int)
       language sql volatile security definer set search_path = public as $$
         with claimed as (
           update outbox_events o set attempts = o.attempts + 1, next_attempt_at = now() + lease
           where o.id in (
             select e.id from outbox_events e
             where e.dispatched_at is null and e.next_attempt_at <= now() and e.attempts < 10
             order by e.seq limit max_events for update skip locked)
           returning o.id, o.tenant_id, o.name, o.payload, o.attempts, o.seq)
         select c.id, c.tenant_id, c.name, c.payload, c.attempts from claimed c order by c.seq
       $$`,
  ]),
);

kernelMigrations.push(
  sqlMigration('20261224000000_kernel_idempotency_tenancy', [
    // Stored responses carry tenant data: each row belongs to the tenant the request acted in (none
    // for requests made without a company: sign-up, sign-in, creating the first company) and is
    // visible only to transactions of that tenant (or, for none, of no tenant). Rows stored before
    // this migration name no tenant; they are temporary, so they go.
    `delete from idempotency_keys`,
    `alter table idempotency_keys add column tenant_id uuid`,
    // The claim's holder and how long it holds it without completing: past the lease, a retry of
    // the same request takes the key over and runs it again (the holder died, or lost its claim).
    `alter table idempotency_keys add column claim uuid`,
    `alter table idempotency_keys add column lease_until timestamptz`,
    `alter table idempotency_keys enable row level security`,
    `alter table idempotency_keys force row level security`,
    `create policy tenant_isolation on idempotency_keys
       using (tenant_id is not distinct from (select ${currentTenantSql}))
       with check (tenant_id is not distinct from (select ${currentTenantSql}))`,
    // Expired keys of every tenant go in one sweep: the one door across tenants.
    `create function cuadra_idempotency_purge() returns void
       language sql volatile security definer set search_path = public as $$
         delete from idempotency_keys where expires_at < now()
       $$`,
  ]),
);
