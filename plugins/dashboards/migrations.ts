import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';

export const migrations = [
  sqlMigration('20261230001000_dashboard_boards', [
    `create table dashboard_boards (
      tenant_id uuid not null references tenants(id),
      id uuid not null,
      name text not null,
      widgets jsonb not null default '[]',
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, id)
    )`,
    ...tenantRowLevelSecurity('dashboard_boards'),
    `create table dashboard_default_boards (
      tenant_id uuid not null references tenants(id),
      user_id uuid not null,
      board_id uuid not null,
      primary key (tenant_id, user_id),
      foreign key (tenant_id, board_id) references dashboard_boards (tenant_id, id) on delete cascade
    )`,
    ...tenantRowLevelSecurity('dashboard_default_boards'),
  ]),
];
