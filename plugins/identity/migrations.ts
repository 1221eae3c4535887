import { internalFunction, sqlMigration, systemOnlyFunction, tenantRowLevelSecurity } from '../../kernel/migration';

export const migrations = [
  sqlMigration('20261122000200_identity', [
    `create table users (
       id uuid primary key,
       email text not null,
       password_hash text not null,
       full_name text,
       email_verified_at timestamptz,
       security_version int not null default 1,
       must_change_password boolean not null default false,
       created_at timestamptz not null default now()
     )`,
    `create unique index users_email_key on users (lower(email))`,
    `create table memberships (
       tenant_id uuid not null references tenants (id) on delete cascade,
       user_id uuid not null references users (id) on delete cascade,
       role text not null check (role in ('owner', 'admin', 'accountant', 'member', 'viewer')),
       created_at timestamptz not null default now(),
       primary key (tenant_id, user_id)
     )`,
    `create index memberships_user on memberships (user_id)`,
    ...tenantRowLevelSecurity('memberships'),
    `create table api_keys (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       created_by uuid not null references users (id) on delete cascade,
       name text not null check (length(name) between 1 and 100),
       role text not null check (role in ('owner', 'admin', 'accountant', 'member', 'viewer')),
       prefix text not null,
       key_hash text not null unique,
       created_at timestamptz not null default now(),
       last_used_at timestamptz,
       expires_at timestamptz
     )`,
    `create index api_keys_tenant on api_keys (tenant_id)`,
    ...tenantRowLevelSecurity('api_keys'),
    `create table user_tokens (
       id uuid primary key,
       user_id uuid not null references users (id) on delete cascade,
       purpose text not null check (purpose in ('verify_email', 'reset_password')),
       token_hash text not null unique,
       expires_at timestamptz not null,
       used_at timestamptz,
       created_at timestamptz not null default now()
     )`,
    `create index user_tokens_user on user_tokens (user_id, purpose)`,
    // Authentication happens before a tenant is known, so these two narrow functions read across
    // tenants as the owner. They return only what authentication needs.
    `create function cuadra_api_key_principal(hash text)
       returns table (key_id uuid, tenant_id uuid, user_id uuid, role text)
       language plpgsql volatile security definer set search_path = public as $$
       declare
         ranks constant text[] := array['viewer', 'member', 'accountant', 'admin', 'owner'];
         k api_keys;
         creator_role text;
       begin
         select * into k from api_keys where key_hash = hash and (expires_at is null or expires_at > now());
         if not found then return; end if;
         select m.role into creator_role from memberships m where m.tenant_id = k.tenant_id and m.user_id = k.created_by;
         if creator_role is null then return; end if;
         -- last_used_at to the minute: one write per key per minute, not per request
         if k.last_used_at is null or k.last_used_at < now() - interval '1 minute' then
           update api_keys set last_used_at = now() where id = k.id;
         end if;
         -- a key never acts above its creator's current role
         return query select k.id, k.tenant_id, k.created_by,
           case when array_position(ranks, creator_role) < array_position(ranks, k.role) then creator_role else k.role end;
       end $$`,
    `create function cuadra_session_principal(p_user_id uuid, p_tenant_id uuid)
       returns table (security_version int, role text)
       language sql stable security definer set search_path = public as $$
         select u.security_version, m.role
         from users u left join memberships m on m.user_id = u.id and m.tenant_id = p_tenant_id
         where u.id = p_user_id
       $$`,
    `create function cuadra_user_memberships(p_user_id uuid)
       returns table (tenant_id uuid, tenant_name text, role text, created_at timestamptz)
       language sql stable security definer set search_path = public as $$
         select m.tenant_id, t.name, m.role, m.created_at
         from memberships m join tenants t on t.id = m.tenant_id
         where m.user_id = p_user_id
         order by m.created_at, t.name
       $$`,
  ]),
  sqlMigration('20261122002200_google_identities', [
    `alter table users add column password_set boolean not null default true`,
    `create table user_identities (
       provider text not null check (provider in ('google')),
       subject text not null check (length(subject) between 1 and 255),
       user_id uuid not null references users (id) on delete cascade,
       email text,
       created_at timestamptz not null default now(),
       primary key (provider, subject)
     )`,
    `create index user_identities_user on user_identities (user_id)`,
  ]),
  sqlMigration('20261122003100_identity_api_key_expiry', [
    // The key's expiry travels with the principal, so a cached principal never outlives its key.
    `drop function cuadra_api_key_principal(text)`,
    `create function cuadra_api_key_principal(hash text)
       returns table (key_id uuid, tenant_id uuid, user_id uuid, role text, expires_at timestamptz)
       language plpgsql volatile security definer set search_path = public as $$
       declare
         ranks constant text[] := array['viewer', 'member', 'accountant', 'admin', 'owner'];
         k api_keys;
         creator_role text;
       begin
         select * into k from api_keys where key_hash = hash and (api_keys.expires_at is null or api_keys.expires_at > now());
         if not found then return; end if;
         select m.role into creator_role from memberships m where m.tenant_id = k.tenant_id and m.user_id = k.created_by;
         if creator_role is null then return; end if;
         if k.last_used_at is null or k.last_used_at < now() - interval '1 minute' then
           update api_keys set last_used_at = now() where id = k.id;
         end if;
         return query select k.id, k.tenant_id, k.created_by,
           case when array_position(ranks, creator_role) < array_position(ranks, k.role) then creator_role else k.role end,
           k.expires_at;
       end $$`,
  ]),
  sqlMigration('20261224000100_identity_session_revocation', [
    // A logged-out session, until the moment it would have ended anyway (then it is purged).
    `create table revoked_sessions (
       session_id text primary key,
       user_id uuid not null references users (id) on delete cascade,
       expires_at timestamptz not null
     )`,
    `create index revoked_sessions_expiry on revoked_sessions (expires_at)`,
    `drop function cuadra_session_principal(uuid, uuid)`,
    // No row for a session that was logged out: one lookup answers both questions.
    `create function cuadra_session_principal(p_user_id uuid, p_tenant_id uuid, p_session_id text)
       returns table (security_version int, role text)
       language sql stable security definer set search_path = public as $$
         select u.security_version, m.role
         from users u left join memberships m on m.user_id = u.id and m.tenant_id = p_tenant_id
         where u.id = p_user_id
           and not exists (select 1 from revoked_sessions r where r.session_id = p_session_id)
       $$`,
  ]),
  sqlMigration('20261224100000_identity_api_key_scopes', [
    // null: the key has its role's full reach; otherwise the scopes narrowing it (kernel/scopes.ts)
    `alter table api_keys add column scopes text[]`,
    `drop function cuadra_api_key_principal(text)`,
    `create function cuadra_api_key_principal(hash text)
       returns table (key_id uuid, tenant_id uuid, user_id uuid, role text, expires_at timestamptz, scopes text[])
       language plpgsql volatile security definer set search_path = public as $$
       declare
         ranks constant text[] := array['viewer', 'member', 'accountant', 'admin', 'owner'];
         k api_keys;
         creator_role text;
       begin
         select * into k from api_keys where key_hash = hash and (api_keys.expires_at is null or api_keys.expires_at > now());
         if not found then return; end if;
         select m.role into creator_role from memberships m where m.tenant_id = k.tenant_id and m.user_id = k.created_by;
         if creator_role is null then return; end if;
         if k.last_used_at is null or k.last_used_at < now() - interval '1 minute' then
           update api_keys set last_used_at = now() where id = k.id;
         end if;
         return query select k.id, k.tenant_id, k.created_by,
           case when array_position(ranks, creator_role) < array_position(ranks, k.role) then creator_role else k.role end,
           k.expires_at, k.scopes;
       end $$`,
  ]),
  sqlMigration('20270101100000_identity_temporary_passwords', [
    // When a temporary password (must_change_password) stops working; null for every other password.
    `alter table users add column password_expires_at timestamptz`,
    `update users set password_expires_at = now() + interval '72 hours' where must_change_password`,
    `drop function cuadra_session_principal(uuid, uuid, text)`,
    // A session from a temporary password may only change it: the authenticator needs to know.
    `create function cuadra_session_principal(p_user_id uuid, p_tenant_id uuid, p_session_id text)
       returns table (security_version int, role text, must_change_password boolean, password_expires_at timestamptz)
       language sql stable security definer set search_path = public as $$
         select u.security_version, m.role, u.must_change_password, u.password_expires_at
         from users u left join memberships m on m.user_id = u.id and m.tenant_id = p_tenant_id
         where u.id = p_user_id
           and not exists (select 1 from revoked_sessions r where r.session_id = p_session_id)
       $$`,
  ]),
  // Authentication's lookups answer for any key, session or user: the system role calls them
  // (Database.system), never a tenant's unit of work.
  sqlMigration('20270102100100_identity_system_lookups', [
    'cuadra_api_key_principal(text)', 'cuadra_session_principal(uuid, uuid, text)', 'cuadra_user_memberships(uuid)',
  ].flatMap(systemOnlyFunction)),
  sqlMigration('20270314000100_identity_api_key_standing', [
    // What a key stands for now, by id: the hash lookup (authentication) and the key's lasting
    // credential (work held for approval, run later as the key) share this one rule.
    `create function cuadra_api_key_principal_of(p_key_id uuid)
       returns table (key_id uuid, tenant_id uuid, user_id uuid, role text, expires_at timestamptz, scopes text[])
       language sql stable security definer set search_path = public as $$
         select k.id, k.tenant_id, k.created_by,
           case when array_position(array['viewer', 'member', 'accountant', 'admin', 'owner'], m.role)
                   < array_position(array['viewer', 'member', 'accountant', 'admin', 'owner'], k.role) then m.role else k.role end,
           k.expires_at, k.scopes
         from api_keys k join memberships m on m.tenant_id = k.tenant_id and m.user_id = k.created_by
         where k.id = p_key_id and (k.expires_at is null or k.expires_at > now())
       $$`,
    `drop function cuadra_api_key_principal(text)`,
    `create function cuadra_api_key_principal(hash text)
       returns table (key_id uuid, tenant_id uuid, user_id uuid, role text, expires_at timestamptz, scopes text[])
       language plpgsql volatile security definer set search_path = public as $$
       declare
         v_key_id uuid;
       begin
         select id into v_key_id from api_keys where key_hash = hash;
         if not found then return; end if;
         return query select * from cuadra_api_key_principal_of(v_key_id);
         if found then
           update api_keys set last_used_at = now() where id = v_key_id and (last_used_at is null or last_used_at < now() - interval '1 minute');
         end if;
       end $$`,
    ...['cuadra_api_key_principal(text)', 'cuadra_api_key_principal_of(uuid)'].flatMap(systemOnlyFunction),
  ]),
  // A person's role in a company, for other plugins' SECURITY DEFINER functions (an OAuth grant
  // never acts above its person's current role), so none of them reads the memberships table.
  sqlMigration('20270314000200_identity_member_role', [
    `create function cuadra_member_role(p_tenant_id uuid, p_user_id uuid) returns text
       language sql stable security definer set search_path = public as $$
         select m.role from memberships m where m.tenant_id = p_tenant_id and m.user_id = p_user_id
       $$`,
    ...internalFunction('cuadra_member_role(uuid, uuid)'),
  ]),
  // A plugin's functions read its own tables only (test/kernel/sql-ownership.test.ts). People's
  // names and whether an email has an account, for other plugins' SECURITY DEFINER functions (the
  // team's invitation lookup), so none of them reads the users table. PL/pgSQL, like the tenants'
  // directory: called from another function, it keeps its plan where an SQL body is planned anew.
  sqlMigration('20270327060100_identity_user_directory', [
    `create function cuadra_user_directory(p_ids uuid[])
       returns table (id uuid, email text, full_name text)
       language plpgsql stable security definer set search_path = public as $$
       begin
         return query select u.id, u.email, u.full_name from users u where u.id = any (p_ids);
       end $$`,
    `create function cuadra_user_email_registered(p_email text) returns boolean
       language plpgsql stable security definer set search_path = public as $$
       begin
         return exists (select 1 from users u where lower(u.email) = lower(p_email));
       end $$`,
    ...internalFunction('cuadra_user_directory(uuid[])'),
    ...internalFunction('cuadra_user_email_registered(text)'),
    // The companies' names come from the tenants plugin's directory, asked once for all of the
    // person's companies, not from its table.
    `create or replace function cuadra_user_memberships(p_user_id uuid)
       returns table (tenant_id uuid, tenant_name text, role text, created_at timestamptz)
       language plpgsql stable security definer set search_path = public as $$
       begin
         return query
           select m.tenant_id, t.name, m.role, m.created_at
           from memberships m
           join cuadra_tenant_directory(array(select x.tenant_id from memberships x where x.user_id = p_user_id)) t on t.id = m.tenant_id
           where m.user_id = p_user_id
           order by m.created_at, t.name;
       end $$`,
  ]),
];
