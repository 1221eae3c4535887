import { currentTenantSql, sqlMigration, systemOnlyFunction } from '../../kernel/migration';

/**
 * `firm_access`: a client company's grant of access to an accounting firm (a company of kind
 * `firm`), with the role the firm's members get there. The row belongs to the client (`tenant_id`);
 * the firm sees the grants made to it and may accept or decline a pending one, nothing else (the
 * two firm-side policies and the trigger). Only one open (pending or active) grant per client and
 * firm; an ended one stays as history.
 */
export const migrations = [
  sqlMigration('20270309000300_firm_access', [
    `create table firm_access (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       firm_tenant_id uuid not null references tenants (id) on delete cascade,
       role text not null check (role in ('admin', 'accountant', 'member', 'viewer')),
       status text not null check (status in ('pending', 'active', 'declined', 'revoked')),
       granted_by uuid not null,
       granted_at timestamptz not null default now(),
       answered_by uuid,
       answered_at timestamptz,
       revoked_at timestamptz,
       check (tenant_id <> firm_tenant_id)
     )`,
    `create unique index firm_access_open on firm_access (tenant_id, firm_tenant_id) where status in ('pending', 'active')`,
    `create index firm_access_firm on firm_access (firm_tenant_id, status)`,
    `alter table firm_access enable row level security`,
    `alter table firm_access force row level security`,
    `create policy tenant_isolation on firm_access using (tenant_id = (select ${currentTenantSql})) with check (tenant_id = (select ${currentTenantSql}))`,
    `create policy firm_reads on firm_access for select using (firm_tenant_id = (select ${currentTenantSql}))`,
    `create policy firm_answers on firm_access for update using (firm_tenant_id = (select ${currentTenantSql})) with check (firm_tenant_id = (select ${currentTenantSql}))`,
    `create function firm_access_guard() returns trigger language plpgsql as $$
       begin
         if NEW.tenant_id <> OLD.tenant_id or NEW.firm_tenant_id <> OLD.firm_tenant_id or NEW.granted_by <> OLD.granted_by or NEW.granted_at <> OLD.granted_at then
           raise exception 'A firm access keeps its client, firm and grant';
         end if;
         if OLD.tenant_id::text <> coalesce(current_setting('app.tenant_id', true), '')
            and (NEW.role <> OLD.role or OLD.status <> 'pending' or NEW.status not in ('active', 'declined')) then
           raise exception 'A firm may only accept or decline a pending access';
         end if;
         if OLD.tenant_id::text = coalesce(current_setting('app.tenant_id', true), '') and NEW.status <> OLD.status and NEW.status <> 'revoked' then
           raise exception 'Only the firm accepts or declines an access';
         end if;
         return NEW;
       end $$`,
    `create trigger firm_access_guard before update on firm_access for each row execute function firm_access_guard()`,
    // Authentication asks these before any tenant is known (system role only): the active grants of a
    // client to the given firms, and every active grant of the given firms.
    `create function cuadra_firm_access_reach(p_tenant uuid, p_firms uuid[])
       returns table (firm_tenant_id uuid, role text)
       language sql stable security definer set search_path = public as $$
         select a.firm_tenant_id, a.role from firm_access a where a.tenant_id = p_tenant and a.firm_tenant_id = any (p_firms) and a.status = 'active'
       $$`,
    `create function cuadra_firm_access_clients(p_firms uuid[])
       returns table (tenant_id uuid, firm_tenant_id uuid, role text)
       language sql stable security definer set search_path = public as $$
         select a.tenant_id, a.firm_tenant_id, a.role from firm_access a where a.firm_tenant_id = any (p_firms) and a.status = 'active'
       $$`,
    ...systemOnlyFunction('cuadra_firm_access_reach(uuid, uuid[])'),
    ...systemOnlyFunction('cuadra_firm_access_clients(uuid[])'),
  ]),
];
