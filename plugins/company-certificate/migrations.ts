import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

/**
 * One certificate a company: its private key and certificates sealed (AES-256-GCM, the tenant id
 * as authenticated data), and the facts shown without the secret.
 */
export const migrations = [
  sqlMigration('20270203000100_company_certificates', [
    `create table company_certificates (
       tenant_id uuid primary key references tenants (id) on delete cascade,
       key_sealed text not null,
       subject text not null,
       nif text,
       issuer text not null,
       serial_number text not null,
       valid_from timestamptz not null,
       valid_to timestamptz not null,
       created_at timestamptz not null default now()
     )`,
    ...tenantRowLevelSecurity('company_certificates'),
  ]),
];
