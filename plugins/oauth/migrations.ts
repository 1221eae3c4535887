import { sqlMigration, systemOnlyFunction, tenantRowLevelSecurity } from '../../kernel/migration';

/**
 * OAuth clients, grants, authorization codes and tokens.
 *
 * - `oauth_clients` belong to no company: a client registered (RFC 7591) or described by its
 *   metadata document is the same program for everybody. Nothing secret is kept there.
 * - A grant is one person's consent for one client on one company, with the scopes they chose;
 *   codes and tokens hang off it, so revoking the grant ends every token at once.
 * - Codes and tokens are stored as the SHA-256 of their value, like API keys.
 * - A token family is what one authorization code started: every refresh token rotated from it and
 *   the access tokens issued alongside. A refresh token presented twice revokes its family.
 * - Redeeming a code and rotating a refresh token happen before the company is known, so they go
 *   through narrow functions the system role alone may call; each is one statement, so two
 *   concurrent redemptions of the same code or refresh token cannot both succeed.
 */
export const migrations = [
  sqlMigration('20270304000100_oauth', [
    `create table oauth_clients (
       client_id text primary key check (length(client_id) between 1 and 2000),
       origin text not null check (origin in ('registered', 'metadata_document')),
       client_name text not null check (length(client_name) between 1 and 200),
       client_uri text check (length(client_uri) <= 2000),
       redirect_uris text[] not null,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now()
     )`,
    `create table oauth_grants (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       user_id uuid not null references users (id) on delete cascade,
       client_id text not null references oauth_clients (client_id) on delete cascade,
       client_name text not null,
       scopes text[] not null check (cardinality(scopes) > 0),
       resource text not null,
       created_at timestamptz not null default now(),
       last_used_at timestamptz,
       revoked_at timestamptz,
       unique (tenant_id, id)
     )`,
    `create index oauth_grants_tenant on oauth_grants (tenant_id, created_at)`,
    ...tenantRowLevelSecurity('oauth_grants'),
    `create table oauth_codes (
       code_hash text primary key,
       tenant_id uuid not null,
       grant_id uuid not null,
       redirect_uri text not null,
       code_challenge text not null check (code_challenge ~ '^[A-Za-z0-9_-]{43}$'),
       family_id uuid not null,
       expires_at timestamptz not null,
       used_at timestamptz,
       foreign key (tenant_id, grant_id) references oauth_grants (tenant_id, id) on delete cascade
     )`,
    `create index oauth_codes_grant on oauth_codes (tenant_id, grant_id)`,
    ...tenantRowLevelSecurity('oauth_codes'),
    `create table oauth_tokens (
       token_hash text primary key,
       tenant_id uuid not null,
       grant_id uuid not null,
       family_id uuid not null,
       kind text not null check (kind in ('access', 'refresh')),
       expires_at timestamptz not null,
       used_at timestamptz,
       revoked_at timestamptz,
       created_at timestamptz not null default now(),
       foreign key (tenant_id, grant_id) references oauth_grants (tenant_id, id) on delete cascade
     )`,
    `create index oauth_tokens_family on oauth_tokens (family_id)`,
    `create index oauth_tokens_grant on oauth_tokens (tenant_id, grant_id)`,
    ...tenantRowLevelSecurity('oauth_tokens'),

    // The principal behind an access token: its grant's company and scopes, the person's current
    // role there (a grant never outlives the membership nor acts above it), the token's resource.
    `create function cuadra_oauth_access_principal(hash text)
       returns table (grant_id uuid, tenant_id uuid, user_id uuid, role text, scopes text[], resource text, expires_at timestamptz)
       language plpgsql volatile security definer set search_path = public as $$
       declare
         t oauth_tokens;
         g oauth_grants;
         member_role text;
       begin
         select * into t from oauth_tokens where token_hash = hash and kind = 'access' and revoked_at is null and oauth_tokens.expires_at > now();
         if not found then return; end if;
         select * into g from oauth_grants where id = t.grant_id and revoked_at is null;
         if not found then return; end if;
         select m.role into member_role from memberships m where m.tenant_id = g.tenant_id and m.user_id = g.user_id;
         if member_role is null then return; end if;
         if g.last_used_at is null or g.last_used_at < now() - interval '1 minute' then
           update oauth_grants set last_used_at = now() where id = g.id;
         end if;
         return query select g.id, g.tenant_id, g.user_id, member_role, g.scopes, g.resource, t.expires_at;
       end $$`,

    // Marks a code used and answers what it was issued for; a code presented again revokes the
    // tokens it produced (outcome 'reused') and answers nothing else.
    `create function cuadra_oauth_redeem_code(hash text)
       returns table (outcome text, grant_id uuid, tenant_id uuid, client_id text, redirect_uri text, code_challenge text, family_id uuid, resource text, scopes text[])
       language plpgsql volatile security definer set search_path = public as $$
       declare
         c oauth_codes;
         g oauth_grants;
       begin
         update oauth_codes set used_at = now() where code_hash = hash and used_at is null returning * into c;
         if not found then
           select * into c from oauth_codes where code_hash = hash;
           if found then
             perform pg_advisory_xact_lock(hashtext('cuadra_oauth_family:' || c.family_id::text));
             update oauth_tokens set revoked_at = now() where oauth_tokens.family_id = c.family_id and revoked_at is null;
             perform pg_notify('cuadra_principals', '');
             return query select 'reused'::text, null::uuid, null::uuid, null::text, null::text, null::text, null::uuid, null::text, null::text[];
           end if;
           return;
         end if;
         if c.expires_at <= now() then return; end if;
         select * into g from oauth_grants where id = c.grant_id and revoked_at is null;
         if not found then return; end if;
         return query select 'ok'::text, g.id, g.tenant_id, g.client_id, c.redirect_uri, c.code_challenge, c.family_id, g.resource, g.scopes;
       end $$`,

    // Rotates a refresh token: marks it used and answers its family. One presented a second time
    // (or after its family was revoked) revokes the whole family: outcome 'reused'.
    `create function cuadra_oauth_rotate_refresh(hash text)
       returns table (outcome text, grant_id uuid, tenant_id uuid, client_id text, family_id uuid, resource text, scopes text[])
       language plpgsql volatile security definer set search_path = public as $$
       declare
         t oauth_tokens;
         g oauth_grants;
       begin
         update oauth_tokens set used_at = now()
           where token_hash = hash and kind = 'refresh' and used_at is null and revoked_at is null and oauth_tokens.expires_at > now()
           returning * into t;
         if not found then
           select * into t from oauth_tokens where token_hash = hash and kind = 'refresh';
           if found and (t.used_at is not null or t.revoked_at is not null) then
             perform pg_advisory_xact_lock(hashtext('cuadra_oauth_family:' || t.family_id::text));
             update oauth_tokens set revoked_at = now() where oauth_tokens.family_id = t.family_id and revoked_at is null;
             perform pg_notify('cuadra_principals', '');
             return query select 'reused'::text, null::uuid, null::uuid, null::text, null::uuid, null::text, null::text[];
           end if;
           return;
         end if;
         select * into g from oauth_grants where id = t.grant_id and revoked_at is null;
         if not found then return; end if;
         return query select 'ok'::text, g.id, g.tenant_id, g.client_id, t.family_id, g.resource, g.scopes;
       end $$`,

    // Stores a new access token and refresh token of a family (after a code or a rotation), unless
    // the family or its grant was revoked meanwhile: revoking and storing take the family's lock, so
    // a reuse detected while the winner of a race is still storing its tokens revokes those too.
    `create function cuadra_oauth_store_tokens(p_grant_id uuid, p_family_id uuid, access_hash text, access_expires timestamptz, refresh_hash text, refresh_expires timestamptz)
       returns boolean
       language plpgsql volatile security definer set search_path = public as $$
       begin
         perform pg_advisory_xact_lock(hashtext('cuadra_oauth_family:' || p_family_id::text));
         if exists (select 1 from oauth_tokens where family_id = p_family_id and revoked_at is not null) then return false; end if;
         insert into oauth_tokens (token_hash, tenant_id, grant_id, family_id, kind, expires_at)
         select x.hash, g.tenant_id, g.id, p_family_id, x.kind, x.expires
         from oauth_grants g, (values (access_hash, 'access', access_expires), (refresh_hash, 'refresh', refresh_expires)) as x (hash, kind, expires)
         where g.id = p_grant_id and g.revoked_at is null;
         return found;
       end $$`,

    // RFC 7009: revoking either token of a family revokes the family; answers whether it knew the token.
    `create function cuadra_oauth_revoke_token(hash text, p_client_id text)
       returns boolean
       language plpgsql volatile security definer set search_path = public as $$
       declare
         t oauth_tokens;
       begin
         select o.* into t from oauth_tokens o join oauth_grants g on g.id = o.grant_id where o.token_hash = hash and g.client_id = p_client_id;
         if not found then return false; end if;
         perform pg_advisory_xact_lock(hashtext('cuadra_oauth_family:' || t.family_id::text));
         update oauth_tokens set revoked_at = now() where family_id = t.family_id and revoked_at is null;
         perform pg_notify('cuadra_principals', '');
         return true;
       end $$`,
    ...[
      'cuadra_oauth_access_principal(text)', 'cuadra_oauth_redeem_code(text)', 'cuadra_oauth_rotate_refresh(text)',
      'cuadra_oauth_store_tokens(uuid, uuid, text, timestamp with time zone, text, timestamp with time zone)', 'cuadra_oauth_revoke_token(text, text)',
    ].flatMap(systemOnlyFunction),
  ]),
  // A grant's principal without a token (the person's current role, the grant not revoked): what
  // a request held for approval runs as once approved.
  sqlMigration('20270310000300_oauth_grant_principal', [
    `create function cuadra_oauth_grant_principal(wanted uuid)
       returns table (grant_id uuid, tenant_id uuid, user_id uuid, role text, scopes text[], resource text)
       language sql stable security definer set search_path = public as $$
         select g.id, g.tenant_id, g.user_id, m.role, g.scopes, g.resource
         from oauth_grants g join memberships m on m.tenant_id = g.tenant_id and m.user_id = g.user_id
         where g.id = wanted and g.revoked_at is null
       $$`,
    ...systemOnlyFunction('cuadra_oauth_grant_principal(uuid)'),
  ]),
  // The person's role comes from identity's cuadra_member_role, not from its memberships table.
  sqlMigration('20270314000300_oauth_member_role', [
    `create or replace function cuadra_oauth_access_principal(hash text)
       returns table (grant_id uuid, tenant_id uuid, user_id uuid, role text, scopes text[], resource text, expires_at timestamptz)
       language plpgsql volatile security definer set search_path = public as $$
       declare
         t oauth_tokens;
         g oauth_grants;
         member_role text;
       begin
         select * into t from oauth_tokens where token_hash = hash and kind = 'access' and revoked_at is null and oauth_tokens.expires_at > now();
         if not found then return; end if;
         select * into g from oauth_grants where id = t.grant_id and revoked_at is null;
         if not found then return; end if;
         member_role := cuadra_member_role(g.tenant_id, g.user_id);
         if member_role is null then return; end if;
         if g.last_used_at is null or g.last_used_at < now() - interval '1 minute' then
           update oauth_grants set last_used_at = now() where id = g.id;
         end if;
         return query select g.id, g.tenant_id, g.user_id, member_role, g.scopes, g.resource, t.expires_at;
       end $$`,
    `create or replace function cuadra_oauth_grant_principal(wanted uuid)
       returns table (grant_id uuid, tenant_id uuid, user_id uuid, role text, scopes text[], resource text)
       language sql stable security definer set search_path = public as $$
         select g.id, g.tenant_id, g.user_id, r.role, g.scopes, g.resource
         from oauth_grants g cross join lateral (select cuadra_member_role(g.tenant_id, g.user_id) as role) r
         where g.id = wanted and g.revoked_at is null and r.role is not null
       $$`,
  ]),
];
