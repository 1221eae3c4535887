import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

export const migrations = [
  sqlMigration('20270305000000_approvals', [
    // A request held back from a credential that may only prepare (scope `drafts`), as it was
    // sent, until a person approves it (it then runs once) or rejects it.
    `create table approvals (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       status text not null check (status in ('pending', 'executing', 'approved', 'rejected')),
       effect text not null check (effect in ('issue', 'post', 'settle', 'close', 'delete', 'send')),
       permission text,
       method text not null,
       path text not null check (length(path) <= 2000),
       content_type text,
       body text,
       idempotency_key text not null check (length(idempotency_key) between 1 and 255),
       api_key_id uuid,
       requested_by uuid not null,
       requested_at timestamptz not null default now(),
       decided_by uuid,
       decided_at timestamptz,
       note text check (length(note) <= 1000),
       result_status integer,
       result_body text,
       executed_at timestamptz
     )`,
    `create index approvals_tenant on approvals (tenant_id, status, requested_at desc)`,
    ...tenantRowLevelSecurity('approvals'),
  ]),
  // Requests held from an OAuth grant (which has no API key): the grant, as its authenticator names it.
  sqlMigration('20270310000400_approvals_credential', [`alter table approvals add column credential text`]),
];
