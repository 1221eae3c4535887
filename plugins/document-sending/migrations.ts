import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

export const migrations = [
  sqlMigration('20270112000000_document_sendings', [
    // One row per mail sent. document_id names a document of any kind (no foreign key: the kinds'
    // tables are theirs); rows go with the company.
    `create table document_sendings (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       document_type text not null,
       document_id uuid not null,
       number text,
       recipients jsonb not null check (jsonb_typeof(recipients) = 'array'),
       cc jsonb not null check (jsonb_typeof(cc) = 'array'),
       subject text not null check (length(subject) <= 300),
       attachments jsonb not null check (jsonb_typeof(attachments) = 'array'),
       sent_by uuid references users (id) on delete set null,
       sent_at timestamptz not null default now(),
       unique (tenant_id, id)
     )`,
    `create index document_sendings_document on document_sendings (tenant_id, document_id, sent_at desc)`,
    ...tenantRowLevelSecurity('document_sendings'),
  ]),
];
