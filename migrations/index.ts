import { APP_ROLE, currentTenantSql, sqlMigration, SYSTEM_ROLE, systemOnlyFunction, tenantRowLevelSecurity, type MigrationDefinition } from '../kernel/migration';
import { textSearchMigrations } from './text-search';

/**
 * `cuadra_outbox_fan_out`: the events not fanned out yet (locked, skipping those another worker
 * holds), one delivery per subscriber of each, in load order (`deliveryFilter`, a WHERE clause over
 * `e` and `s`, keeps only some), and the events marked fanned out. Events the old dispatcher
 * abandoned (ten failed attempts) become dead deliveries, so they can be seen and replayed.
 */
const fanOutFunctionSql = (parameters: string, deliveryFilter = '') => `create function cuadra_outbox_fan_out(${parameters})
       returns int language sql volatile security definer set search_path = public as $$
         with events as (
           select e.id, e.tenant_id, e.name, e.seq, e.attempts, e.last_error from outbox_events e
           where e.fanned_out_at is null order by e.seq limit max_events for update skip locked),
         fanned as (
           insert into outbox_deliveries (event_id, subscriber, position, tenant_id, seq, status, attempts, last_error, settled_at)
           select e.id, s.subscriber, s.position, e.tenant_id, e.seq,
                  case when e.attempts >= 10 then 'dead' else 'pending' end, e.attempts, e.last_error,
                  case when e.attempts >= 10 then now() end
           from events e
           cross join lateral jsonb_array_elements_text(coalesce(subscribers -> e.name, '[]'::jsonb)) with ordinality as s(subscriber, position)${deliveryFilter}
           on conflict (event_id, subscriber) do nothing),
         marked as (update outbox_events o set fanned_out_at = now() from events e where o.id = e.id returning o.id)
         select count(*)::int from marked
       $$`;

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

kernelMigrations.push(...textSearchMigrations);

kernelMigrations.push(
  sqlMigration('20261124000000_kernel_outbox_deliveries', [
    // One delivery per (event, subscribing plugin): a failing subscriber is retried alone, and after
    // the last attempt its delivery is dead (kept, listed and replayable), never silently dropped.
    // Events are fanned out into deliveries by the dispatcher, which knows the subscribers.
    `alter table outbox_events add column fanned_out_at timestamptz`,
    `update outbox_events set fanned_out_at = dispatched_at where dispatched_at is not null`,
    `drop index outbox_events_pending`,
    `create index outbox_events_to_fan_out on outbox_events (seq) where fanned_out_at is null`,
    `create table outbox_deliveries (
       id uuid primary key default gen_random_uuid(),
       event_id uuid not null references outbox_events (id) on delete cascade,
       subscriber text not null,
       position int not null,
       tenant_id uuid,
       seq bigint not null,
       status text not null default 'pending' check (status in ('pending', 'delivered', 'dead')),
       attempts int not null default 0,
       next_attempt_at timestamptz not null default now(),
       last_attempt_at timestamptz,
       last_error text,
       settled_at timestamptz,
       unique (event_id, subscriber)
     )`,
    `create index outbox_deliveries_due on outbox_deliveries (next_attempt_at) where status = 'pending'`,
    `create index outbox_deliveries_dead on outbox_deliveries (tenant_id, seq) where status = 'dead'`,
    // Nobody reads or writes deliveries directly: only the functions below (security definer).
    `alter table outbox_deliveries enable row level security`,
    `alter table outbox_deliveries force row level security`,
    `drop function cuadra_outbox_claim(int, interval)`,
    `drop function cuadra_outbox_settle(uuid, text, interval)`,
    // subscribers: {"event.name": ["plugin", ...]} in load order. Events abandoned by the old
    // dispatcher (ten failed attempts) become dead deliveries, so they can be seen and replayed.
    fanOutFunctionSql('max_events int, subscribers jsonb'),
    `create function cuadra_outbox_claim_deliveries(max_deliveries int, lease interval)
       returns table (id uuid, event_id uuid, subscriber text, tenant_id uuid, name text, payload jsonb, attempts int)
       language sql volatile security definer set search_path = public as $$
         with claimed as (
           update outbox_deliveries d set attempts = d.attempts + 1, last_attempt_at = now(), next_attempt_at = now() + lease
           where d.id in (
             select x.id from outbox_deliveries x
             where x.status = 'pending' and x.next_attempt_at <= now()
             order by x.seq, x.position limit max_deliveries for update skip locked)
           returning d.id, d.event_id, d.subscriber, d.tenant_id, d.attempts, d.seq, d.position)
         select c.id, c.event_id, c.subscriber, c.tenant_id, e.name, e.payload, c.attempts
         from claimed c join outbox_events e on e.id = c.event_id order by c.seq, c.position
       $$`,
    // failure null: delivered. Otherwise retried after retry_ms, or dead once max_attempts are spent.
    `create function cuadra_outbox_settle_delivery(delivery_id uuid, failure text, retry_ms bigint, max_attempts int)
       returns text language sql volatile security definer set search_path = public as $$
         update outbox_deliveries set
           status = case when failure is null then 'delivered' when attempts >= max_attempts then 'dead' else 'pending' end,
           last_error = failure,
           settled_at = case when failure is null or attempts >= max_attempts then now() end,
           next_attempt_at = now() + make_interval(secs => coalesce(retry_ms, 0) / 1000.0)
         where id = delivery_id
         returning status
       $$`,
    `create function cuadra_outbox_deliveries(wanted_status text, of_tenant uuid, max_rows int)
       returns table (id uuid, event_id uuid, tenant_id uuid, name text, payload jsonb, subscriber text, status text,
                      attempts int, last_error text, created_at timestamptz, last_attempt_at timestamptz,
                      next_attempt_at timestamptz, settled_at timestamptz)
       language sql stable security definer set search_path = public as $$
         select d.id, d.event_id, d.tenant_id, e.name, e.payload, d.subscriber, d.status, d.attempts, d.last_error,
                e.created_at, d.last_attempt_at, d.next_attempt_at, d.settled_at
         from outbox_deliveries d join outbox_events e on e.id = d.event_id
         where d.status = wanted_status and (of_tenant is null or d.tenant_id = of_tenant)
         order by d.seq, d.position limit max_rows
       $$`,
    // Dead deliveries (all, or those listed, optionally of one tenant) are due again with fresh attempts.
    `create function cuadra_outbox_replay(delivery_ids uuid[], of_tenant uuid)
       returns int language sql volatile security definer set search_path = public as $$
         with replayed as (
           update outbox_deliveries set status = 'pending', attempts = 0, next_attempt_at = now(), settled_at = null
           where status = 'dead' and (delivery_ids is null or id = any (delivery_ids))
             and (of_tenant is null or tenant_id = of_tenant)
           returning id)
         select count(*)::int from replayed
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

kernelMigrations.push(
  sqlMigration('20261231100000_kernel_outbox_tenant_subscriptions', [
    // The tenants a subscriber registered with `tenants: 'subscribed'` takes events of: the others'
    // events get no delivery row for it. The plugin keeps its rows (under row-level security, as
    // the tenant) through cuadra_outbox_subscribe_tenant, e.g. from a trigger on its own table.
    `create table outbox_tenant_subscriptions (
       tenant_id uuid not null,
       subscriber text not null,
       primary key (tenant_id, subscriber)
     )`,
    ...tenantRowLevelSecurity('outbox_tenant_subscriptions'),
    `create function cuadra_outbox_subscribe_tenant(p_subscriber text, p_tenant uuid, p_subscribed boolean)
       returns void language sql volatile set search_path = public as $$
         insert into outbox_tenant_subscriptions (tenant_id, subscriber) select p_tenant, p_subscriber where p_subscribed on conflict do nothing;
         delete from outbox_tenant_subscriptions where tenant_id = p_tenant and subscriber = p_subscriber and not p_subscribed;
       $$`,
    `drop function cuadra_outbox_fan_out(int, jsonb)`,
    // tenant_scoped: {"event.name": ["plugin", ...]}, the subscribers of each event that take only
    // their subscribed tenants. Events the old dispatcher abandoned still become dead deliveries.
    fanOutFunctionSql('max_events int, subscribers jsonb, tenant_scoped jsonb', `
           where e.attempts >= 10
              or not coalesce(tenant_scoped -> e.name, '[]'::jsonb) @> to_jsonb(s.subscriber)
              or exists (select from outbox_tenant_subscriptions t where t.tenant_id = e.tenant_id and t.subscriber = s.subscriber)`),
  ]),
);

kernelMigrations.push(
  sqlMigration('20270102100000_kernel_system_role', [
    // The outbox's and the idempotency purge's functions serve every tenant: they leave the
    // application role (which had EXECUTE by default privileges) for the system role, which the
    // service switches to for those statements alone. Created here when the owner may create
    // roles (PGlite, a superuser owner); otherwise the administrator creates it (infra/README.md).
    `do $$ begin
       if not exists (select from pg_roles where rolname = '${SYSTEM_ROLE}') then
         create role ${SYSTEM_ROLE} nologin nosuperuser nobypassrls noinherit;
       end if;
       if not pg_has_role('${APP_ROLE}', '${SYSTEM_ROLE}', 'MEMBER') then
         grant ${SYSTEM_ROLE} to ${APP_ROLE};
       end if;
     end $$`,
    ...[
      'cuadra_outbox_fan_out(int, jsonb, jsonb)', 'cuadra_outbox_claim_deliveries(int, interval)',
      'cuadra_outbox_settle_delivery(uuid, text, bigint, int)', 'cuadra_outbox_deliveries(text, uuid, int)',
      'cuadra_outbox_replay(uuid[], uuid)', 'cuadra_idempotency_purge()',
    ].flatMap(systemOnlyFunction),
  ]),
);

kernelMigrations.push(
  sqlMigration('20270310000000_kernel_outbox_backlog', [
    // What /metrics reports of the outbox, across tenants and without their data: counts and one age.
    `create function cuadra_outbox_backlog()
       returns table (pending bigint, dead bigint, oldest_pending_seconds double precision)
       language sql stable security definer set search_path = public as $$
         with waiting as (
           select e.created_at from outbox_events e where e.fanned_out_at is null
           union all
           select e.created_at from outbox_deliveries d join outbox_events e on e.id = d.event_id where d.status = 'pending'
         )
         select (select count(*) from waiting),
                (select count(*) from outbox_deliveries where status = 'dead'),
                (select extract(epoch from now() - min(created_at))::double precision from waiting)
       $$`,
    ...systemOnlyFunction('cuadra_outbox_backlog()'),
  ]),
);

kernelMigrations.push(
  sqlMigration('20270310000100_kernel_tenant_primary_keys', [
    // Ready to distribute by tenant (docs/scale-out.md): every table whose rows all belong to a
    // tenant (tenant_id NOT NULL) has tenant_id in its primary key, so a shard holds whole rows of
    // one tenant and the key stays unique per shard. Generic over the catalog: the tables that
    // exist now; a later migration that creates a tenant table declares (tenant_id, …) itself, and
    // test/kernel/distribution-ready.test.ts fails on any that does not. A foreign key that still
    // needs a primary key without tenant_id stops this migration (no cascade).
    `do $$
     declare t record;
     begin
       for t in
         select c.oid::regclass as tab, k.conname, (select string_agg(quote_ident(a.attname), ', ' order by u.ord)
                  from unnest(k.conkey) with ordinality u(attnum, ord) join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum) as cols
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
         join pg_attribute tid on tid.attrelid = c.oid and tid.attname = 'tenant_id' and tid.attnotnull and not tid.attisdropped
         join pg_constraint k on k.conrelid = c.oid and k.contype = 'p'
         where c.relkind = 'r' and not (tid.attnum = any(k.conkey))
       loop
         execute format('alter table %s drop constraint %I, add constraint %I primary key (tenant_id, %s)', t.tab, t.conname, t.conname, t.cols);
       end loop;
     end $$`,
  ]),
);

kernelMigrations.push(
  sqlMigration('20270318000100_kernel_outbox_hold_delivery', [
    // A claimed batch is delivered one delivery after the other: before each, the dispatcher checks
    // that the delivery is still its claim (pending, the attempt it claimed) and renews the lease.
    // A batch held up by slow subscribers used to outlive its lease, and another instance claimed
    // the rest and ran their subscribers too; now the first finds them taken and skips them.
    `create function cuadra_outbox_hold_delivery(delivery_id uuid, claimed_attempt int, lease interval)
       returns boolean language sql volatile security definer set search_path = public as $$
         with held as (
           update outbox_deliveries set next_attempt_at = now() + lease
           where id = delivery_id and status = 'pending' and attempts = claimed_attempt
           returning id)
         select exists (select from held)
       $$`,
    ...systemOnlyFunction('cuadra_outbox_hold_delivery(uuid, int, interval)'),
  ]),
);

kernelMigrations.push(
  sqlMigration('20270326000100_kernel_outbox_settle_claimed', [
    // A delivery is settled only while it is still the claim of the attempt that ran it (pending,
    // `attempts` as claimed): an instance whose lease ran out while its subscriber ran, and whose
    // delivery another instance has claimed since, no longer overwrites that one's result. Null
    // when the claim was lost (nothing changed).
    `drop function cuadra_outbox_settle_delivery(uuid, text, bigint, int)`,
    `create function cuadra_outbox_settle_delivery(delivery_id uuid, claimed_attempt int, failure text, retry_ms bigint, max_attempts int)
       returns text language sql volatile security definer set search_path = public as $$
         update outbox_deliveries set
           status = case when failure is null then 'delivered' when attempts >= max_attempts then 'dead' else 'pending' end,
           last_error = failure,
           settled_at = case when failure is null or attempts >= max_attempts then now() end,
           next_attempt_at = now() + make_interval(secs => coalesce(retry_ms, 0) / 1000.0)
         where id = delivery_id and status = 'pending' and attempts = claimed_attempt
         returning status
       $$`,
    ...systemOnlyFunction('cuadra_outbox_settle_delivery(uuid, int, text, bigint, int)'),
  ]),
);
