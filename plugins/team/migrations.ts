import { sqlMigration, systemOnlyFunction, tenantRowLevelSecurity } from '../../kernel/migration';

export const migrations = [
  sqlMigration('20261122002100_team', [
    `create table invitations (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       email text not null check (length(email) between 3 and 254),
       role text not null check (role in ('owner', 'admin', 'accountant', 'member', 'viewer')),
       token_hash text not null unique,
       invited_by uuid references users (id) on delete set null,
       expires_at timestamptz not null,
       accepted_at timestamptz,
       accepted_by uuid references users (id) on delete set null,
       revoked_at timestamptz,
       sent_at timestamptz not null default now(),
       created_at timestamptz not null default now()
     )`,
    `create index invitations_tenant on invitations (tenant_id, created_at)`,
    ...tenantRowLevelSecurity('invitations'),
    // Preview and acceptance come before any tenant is known: this narrow function finds one
    // invitation by its token's hash and returns only what those two flows show or need.
    `create function cuadra_invitation_by_token(hash text)
       returns table (inv_id uuid, tenant_id uuid, tenant_name text, email text, role text, invited_by text,
                      expires_at timestamptz, accepted_at timestamptz, revoked_at timestamptz, user_exists boolean)
       language sql stable security definer set search_path = public as $$
         select i.id, i.tenant_id, t.name, i.email, i.role, coalesce(u.full_name, u.email),
                i.expires_at, i.accepted_at, i.revoked_at,
                exists (select 1 from users x where lower(x.email) = lower(i.email))
         from invitations i
         join tenants t on t.id = i.tenant_id
         left join users u on u.id = i.invited_by
         where i.token_hash = hash
       $$`,
  ]),
  // The invitation lookup answers for any company's invitation: the system role calls it.
  sqlMigration('20270102100200_team_system_lookup', systemOnlyFunction('cuadra_invitation_by_token(text)')),
  // A plugin's functions read its own tables only (test/kernel/sql-ownership.test.ts): the
  // company's name comes from the tenants plugin's directory, the inviter's name and whether the
  // invited email has an account from the identity plugin's functions. The same answer, still
  // in one statement.
  sqlMigration('20270327060200_team_invitation_lookup_through_owners', [
    `create or replace function cuadra_invitation_by_token(hash text)
       returns table (inv_id uuid, tenant_id uuid, tenant_name text, email text, role text, invited_by text,
                      expires_at timestamptz, accepted_at timestamptz, revoked_at timestamptz, user_exists boolean)
       language plpgsql stable security definer set search_path = public as $$
       declare
         i invitations;
       begin
         select * into i from invitations where token_hash = hash;
         if not found then return; end if;
         return query
           select i.id, i.tenant_id, t.name, i.email, i.role,
                  (select coalesce(u.full_name, u.email) from cuadra_user_directory(array[i.invited_by]) u),
                  i.expires_at, i.accepted_at, i.revoked_at, cuadra_user_email_registered(i.email)
           from cuadra_tenant_directory(array[i.tenant_id]) t;
       end $$`,
  ]),
];
