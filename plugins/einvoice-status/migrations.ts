import { APP_ROLE, sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

export const migrations = [
  sqlMigration('20270205000000_einvoice_status_events', [
    // The e-invoice status history of issued invoices and received purchases: one row per event,
    // appended, never changed (the application role may not update). document_id names a document
    // of the invoices or purchases plugin (no foreign key: those tables are theirs). `seq` orders a
    // document's events and makes two concurrent writers of one document collide (409) instead of
    // both passing the transition check. `answer_due` is set on the `issued` event of a received
    // invoice: the last day to accept or reject it.
    `create table einvoice_status_events (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       document_type text not null check (document_type in ('invoice', 'purchase')),
       document_id uuid not null,
       seq integer not null check (seq > 0),
       status text not null check (status in ('issued', 'delivered', 'accepted', 'rejected', 'paid', 'payment_reversed')),
       date date not null,
       reason_code text check (reason_code ~ '^[A-Z]{3}$'),
       reason text check (length(reason) between 1 and 500),
       settlement_id uuid,
       answer_due date,
       source text not null check (source in ('issue', 'api', 'settlement')),
       recorded_by uuid references users (id) on delete set null,
       recorded_at timestamptz not null default now(),
       unique (tenant_id, id),
       unique (tenant_id, document_id, seq),
       check (status <> 'rejected' or (reason_code is not null and reason is not null)),
       check (answer_due is null or (status = 'issued' and document_type = 'purchase'))
     )`,
    // one automatic event per settlement and status: the outbox may deliver an event twice
    `create unique index einvoice_status_events_settlement on einvoice_status_events (tenant_id, document_id, settlement_id, status) where settlement_id is not null`,
    `create index einvoice_status_events_answer_due on einvoice_status_events (tenant_id, answer_due) where answer_due is not null`,
    ...tenantRowLevelSecurity('einvoice_status_events'),
    `revoke update, truncate on einvoice_status_events from ${APP_ROLE}`,
  ]),
];
