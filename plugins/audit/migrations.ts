import { APP_ROLE, sqlMigration, tenantRowLevelSecurity, systemOnlyFunction } from '../../kernel/migration';

/**
 * `audit_entries`: one row per completed write of a company (kernel/kernel.ts, CompletedWrite).
 * Append-only twice over: the application role may only insert and read (no UPDATE, DELETE or
 * TRUNCATE grant), and a trigger refuses changing a row to anyone. Rows go only with their
 * company: the foreign key's cascade when the tenant row is deleted (referential actions run as the
 * table's owner, so the missing grants do not stop them), which the trigger lets through: a
 * delete fired by another trigger once the tenant row is gone.
 */
export const migrations = [
  sqlMigration('20270309000100_audit', [
    `create table audit_entries (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       occurred_at timestamptz not null default clock_timestamp(),
       actor_kind text not null check (actor_kind in ('session', 'api_key')),
       user_id uuid not null,
       api_key_id uuid,
       firm_tenant_id uuid,
       method text not null check (method in ('POST', 'PUT', 'PATCH', 'DELETE')),
       route text not null check (length(route) between 1 and 500),
       object_id text check (length(object_id) <= 200),
       status int not null check (status between 200 and 299),
       client_ip text not null check (length(client_ip) <= 100),
       request_id text check (length(request_id) <= 100)
     )`,
    `create index audit_entries_time on audit_entries (tenant_id, occurred_at desc, id desc)`,
    ...tenantRowLevelSecurity('audit_entries'),
    `revoke update, delete, truncate on audit_entries from ${APP_ROLE}`,
    `create function audit_entries_append_only() returns trigger language plpgsql as $$
       begin
         -- the cascade from deleting the company (a trigger of the tenants' foreign key, hence depth 2)
         if TG_OP = 'DELETE' and pg_trigger_depth() > 1 and not exists (select 1 from tenants t where t.id = OLD.tenant_id) then return OLD; end if;
         raise exception 'The audit log is append-only: entry % cannot change', OLD.id;
       end $$`,
    `create trigger audit_entries_append_only before update or delete on audit_entries for each row execute function audit_entries_append_only()`,
  ]),
  // The workspace's figure for many companies at once (system role only): the last write.
  sqlMigration('20270309000900_audit_last_activity_by_tenant', [
    `create function cuadra_audit_last_activity(p_tenants uuid[])
       returns table (tenant_id uuid, occurred_at text)
       language sql stable security definer set search_path = public as $$
         select t.id, to_char(last.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from unnest(p_tenants) as t(id)
         cross join lateral (select a.occurred_at from audit_entries a where a.tenant_id = t.id order by a.occurred_at desc limit 1) last
       $$`,
    ...systemOnlyFunction('cuadra_audit_last_activity(uuid[])'),
  ]),
  sqlMigration('20270314000500_audit_tenant_exists', [
    `create or replace function audit_entries_append_only() returns trigger language plpgsql as $$
       begin
         -- the cascade from deleting the company (a trigger of the tenants' foreign key, hence depth 2)
         if TG_OP = 'DELETE' and pg_trigger_depth() > 1 and not cuadra_tenant_exists(OLD.tenant_id) then return OLD; end if;
         raise exception 'The audit log is append-only: entry % cannot change', OLD.id;
       end $$`,
  ]),
];
