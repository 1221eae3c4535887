import { sqlMigration } from '../../kernel/migration';

export const migrations = [
  sqlMigration('20261122002000_mfa', [
    `create table mfa_credentials (
       user_id uuid primary key references users (id) on delete cascade,
       secret_sealed text,
       enabled_at timestamptz,
       pending_sealed text,
       pending_created_at timestamptz,
       last_used_step int,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       check ((secret_sealed is null) = (enabled_at is null))
     )`,
    `create table mfa_recovery_codes (
       id uuid primary key,
       user_id uuid not null references users (id) on delete cascade,
       code_hash text not null,
       used_at timestamptz,
       created_at timestamptz not null default now()
     )`,
    `create index mfa_recovery_codes_user on mfa_recovery_codes (user_id) where used_at is null`,
  ]),
];
