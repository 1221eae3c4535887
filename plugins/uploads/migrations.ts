import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

/**
 * Files a client uploads once and names by URL in the operations that take a file (the MCP tools
 * for statement import and purchase ingestion). The bytes are in the file store under `file_key`.
 */
export const migrations = [
  sqlMigration('20270306000100_uploads', [
    `create table uploads (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       file_key text not null,
       filename text not null,
       content_type text not null,
       size_bytes integer not null check (size_bytes >= 0),
       sha256 text not null,
       created_at timestamptz not null default now(),
       unique (tenant_id, id)
     )`,
    `create index uploads_tenant_created on uploads (tenant_id, created_at)`,
    ...tenantRowLevelSecurity('uploads'),
  ]),
];
