import { sqlMigration, systemOnlyFunction, tenantRowLevelSecurity } from '../../kernel/migration';

export const migrations = [
  sqlMigration('20261224200000_webhooks', [
    `create table webhook_endpoints (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       url text not null check (length(url) between 8 and 2000),
       description text check (length(description) <= 500),
       events jsonb not null check (jsonb_typeof(events) = 'array'),
       enabled boolean not null default true,
       secret text not null,
       previous_secret text,
       previous_secret_expires_at timestamptz,
       created_by uuid references users (id) on delete set null,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       failing_since timestamptz,
       last_success_at timestamptz,
       disabled_reason text,
       unique (tenant_id, id)
     )`,
    `create index webhook_endpoints_tenant on webhook_endpoints (tenant_id, created_at)`,
    ...tenantRowLevelSecurity('webhook_endpoints'),
    `create table webhook_deliveries (
       id uuid primary key,
       tenant_id uuid not null,
       endpoint_id uuid not null,
       event_id uuid not null,
       event_type text not null,
       body text not null,
       status text not null check (status in ('pending', 'delivered', 'failed')),
       attempts integer not null default 0,
       next_attempt_at timestamptz,
       last_attempt_at timestamptz,
       response_status integer,
       response_excerpt text check (length(response_excerpt) <= 1000),
       error text,
       delivered_at timestamptz,
       created_at timestamptz not null default now(),
       foreign key (tenant_id, endpoint_id) references webhook_endpoints (tenant_id, id) on delete cascade,
       unique (endpoint_id, event_id)
     )`,
    `create index webhook_deliveries_endpoint on webhook_deliveries (tenant_id, endpoint_id, created_at desc)`,
    `create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`,
    ...tenantRowLevelSecurity('webhook_deliveries'),
    // The retry worker serves every tenant: this narrow function claims due deliveries across
    // tenants (a lease, so that instances sharing the database do not send one twice) and returns
    // only their ids and tenants; each is then handled in a unit of work of its own tenant.
    `create function cuadra_webhook_claim_due(p_at timestamptz, p_limit integer, p_lease interval)
       returns table (id uuid, tenant_id uuid)
       language sql volatile security definer set search_path = public as $$
         update webhook_deliveries d set next_attempt_at = p_at + p_lease
         where d.id in (
           select w.id from webhook_deliveries w join webhook_endpoints e on e.id = w.endpoint_id
           where w.status = 'pending' and w.next_attempt_at <= p_at and e.enabled
           order by w.next_attempt_at limit p_limit
           for update of w skip locked)
         returning d.id, d.tenant_id
       $$`,
  ]),
  // The outbox fans events out to this plugin only for companies with an enabled endpoint: the
  // kernel's subscription of the tenant follows its endpoints, whatever changes them.
  sqlMigration('20261231100100_webhooks_outbox_subscription', [
    `create function webhooks_follow_endpoints() returns trigger language plpgsql set search_path = public as $$
       declare
         v_tenant uuid := coalesce(NEW.tenant_id, OLD.tenant_id);
       begin
         perform cuadra_outbox_subscribe_tenant('webhooks', v_tenant, exists (select from webhook_endpoints where tenant_id = v_tenant and enabled));
         return null;
       end $$`,
    `create trigger webhook_endpoints_outbox_subscription after insert or delete or update of enabled on webhook_endpoints
       for each row execute function webhooks_follow_endpoints()`,
    `select cuadra_outbox_subscribe_tenant('webhooks', tenant_id, true) from (select distinct tenant_id from webhook_endpoints where enabled) endpoints`,
  ]),
  // The retry worker's claim serves every tenant: the system role calls it.
  sqlMigration('20270102100300_webhooks_system_claim', systemOnlyFunction('cuadra_webhook_claim_due(timestamptz, integer, interval)')),
  // One delivery per endpoint and event, stated per tenant (an endpoint belongs to one): a unique
  // key a table distributed by tenant can enforce shard by shard.
  sqlMigration('20270310000200_webhooks_delivery_key_per_tenant', [
    `alter table webhook_deliveries add constraint webhook_deliveries_tenant_endpoint_event_key unique (tenant_id, endpoint_id, event_id)`,
    `alter table webhook_deliveries drop constraint webhook_deliveries_endpoint_id_event_id_key`,
  ]),
];
