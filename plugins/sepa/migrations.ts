import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

/**
 * Mandates, payment orders (pain.001) and direct-debit remittances (pain.008). An order or a
 * remittance keeps what its file says (parties, accounts, amounts, references) as it was when
 * created, so the file downloaded later is the file the bank got. Documents, contacts and
 * treasuries belong to other plugins: their ids are plain columns, checked through their services.
 */
/** What a payment order and a remittance header both end with: totals, the settlement and the keys. */
const BATCH_TAIL = `total numeric(18,2) not null check (total > 0),
       items_count integer not null,
       settled_on date,
       journal_entry_id uuid,
       settlement_id uuid,
       movement_id uuid,
       created_at timestamptz not null default now(),
       unique (tenant_id, id),
       unique (tenant_id, message_id)`;

export const migrations = [
  sqlMigration('20270121000100_sepa', [
    `create table sepa_mandates (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       contact_id uuid not null,
       reference text not null check (reference ~ '^[A-Za-z0-9/?:().,''+ -]{1,35}$'),
       signature_date date not null,
       scheme text not null check (scheme in ('CORE', 'B2B')),
       type text not null check (type in ('recurrent', 'one_off')),
       iban text not null check (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
       bic text check (bic ~ '^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
       first_collection_date date,
       cancelled_at timestamptz,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       unique (tenant_id, id),
       unique (tenant_id, reference)
     )`,
    `create index sepa_mandates_contact on sepa_mandates (tenant_id, contact_id)`,
    ...tenantRowLevelSecurity('sepa_mandates'),

    `create table sepa_payment_orders (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       treasury_id uuid not null,
       message_id text not null,
       execution_date date not null,
       debtor_name text not null,
       debtor_nif text not null,
       debtor_iban text not null,
       ${BATCH_TAIL}
     )`,
    ...tenantRowLevelSecurity('sepa_payment_orders'),
    `create table sepa_payment_order_items (
       tenant_id uuid not null,
       order_id uuid not null,
       position integer not null,
       document_id uuid not null,
       contact_id uuid not null,
       label text not null,
       amount numeric(18,2) not null check (amount > 0),
       end_to_end_id text not null,
       creditor_name text not null,
       creditor_iban text not null,
       creditor_bic text,
       primary key (tenant_id, order_id, position),
       foreign key (tenant_id, order_id) references sepa_payment_orders (tenant_id, id) on delete cascade
     )`,
    `create index sepa_payment_order_items_document on sepa_payment_order_items (tenant_id, document_id)`,
    ...tenantRowLevelSecurity('sepa_payment_order_items'),

    `create table sepa_remittances (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       treasury_id uuid not null,
       message_id text not null,
       collection_date date not null,
       creditor_name text not null,
       creditor_nif text not null,
       creditor_identifier text not null,
       creditor_iban text not null,
       ${BATCH_TAIL}
     )`,
    ...tenantRowLevelSecurity('sepa_remittances'),
    `create table sepa_remittance_items (
       tenant_id uuid not null,
       remittance_id uuid not null,
       position integer not null,
       document_id uuid not null,
       mandate_id uuid not null,
       label text not null,
       amount numeric(18,2) not null check (amount > 0),
       end_to_end_id text not null,
       scheme text not null,
       sequence_type text not null check (sequence_type in ('FRST', 'RCUR', 'OOFF')),
       mandate_reference text not null,
       signature_date date not null,
       debtor_name text not null,
       debtor_iban text not null,
       debtor_bic text,
       returned_on date,
       return_reason text check (return_reason ~ '^[A-Z0-9]{4}$'),
       primary key (tenant_id, remittance_id, position),
       foreign key (tenant_id, remittance_id) references sepa_remittances (tenant_id, id) on delete cascade,
       foreign key (tenant_id, mandate_id) references sepa_mandates (tenant_id, id)
     )`,
    `create index sepa_remittance_items_document on sepa_remittance_items (tenant_id, document_id)`,
    ...tenantRowLevelSecurity('sepa_remittance_items'),
  ]),
];
