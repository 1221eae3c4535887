import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

/**
 * `purchase_ingestions`: one row per file read and booked (per invoice of a batch), keyed by the
 * SHA-256 of its bytes within the company (and the invoice's position in the batch). The unique key is what makes two concurrent uploads of the same file create one
 * purchase: the second insert waits for the first transaction and then finds its row.
 * `purchase_id` names the purchase the file became (or the one it duplicated); it is no foreign key
 * because purchases belong to the purchases plugin, whose service is asked whether it still exists.
 */
export const migrations = [
  sqlMigration('20261230000100_purchase_ingestions', [
    `create table purchase_ingestions (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       file_sha256 text not null check (file_sha256 ~ '^[0-9a-f]{64}$'),
       purchase_id uuid,
       outcome text not null check (outcome in ('pending', 'booked', 'draft', 'duplicate')),
       extraction jsonb,
       created_at timestamptz not null default now(),
       unique (tenant_id, file_sha256)
     )`,
    ...tenantRowLevelSecurity('purchase_ingestions'),
  ]),
  // uploads read in the background when the client asks (async=true): polled until done
  sqlMigration('20261230000200_purchase_ingestion_jobs', [
    `create table purchase_ingestion_jobs (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       status text not null check (status in ('queued', 'running', 'done', 'failed')),
       result_status integer,
       result jsonb,
       error jsonb,
       created_at timestamptz not null default now(),
       finished_at timestamptz
     )`,
    `create index purchase_ingestion_jobs_tenant on purchase_ingestion_jobs (tenant_id, created_at)`,
    ...tenantRowLevelSecurity('purchase_ingestion_jobs'),
  ]),
  // jobs answer on any instance and survive restarts: the instance running one names itself and renews
  // a lease; a job whose lease ran out (its instance died) is marked failed by the next poll
  sqlMigration('20261230000300_purchase_ingestion_job_leases', [
    `alter table purchase_ingestion_jobs add column runner uuid, add column heartbeat_at timestamptz`,
  ]),
  // a purchase booked from a structured e-invoice (UBL, Facturae, CII; or the XML a Factur-X PDF
  // embeds): its syntax, container, totals and signature check, kept with the file's row and shown
  // at GET /purchases/{id}/einvoice; the row is found by purchase_id, hence the index
  sqlMigration('20270204000100_purchase_ingestion_einvoices', [
    `alter table purchase_ingestions add column einvoice jsonb`,
    `create index purchase_ingestions_purchase on purchase_ingestions (tenant_id, purchase_id)`,
  ]),
  // a Facturae batch (several invoices in one file) becomes one purchase per invoice: the file's row
  // per invoice, by its position in the file (0 for a file of one invoice)
  sqlMigration('20270327050000_purchase_ingestion_batches', [
    `alter table purchase_ingestions add column batch_position integer not null default 0 check (batch_position >= 0)`,
    `alter table purchase_ingestions drop constraint purchase_ingestions_tenant_id_file_sha256_key`,
    `alter table purchase_ingestions add constraint purchase_ingestions_file_invoice unique (tenant_id, file_sha256, batch_position)`,
  ]),
];
