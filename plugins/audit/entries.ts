import type { Database } from '../../kernel/database';
import { perTenant } from '../../lib/tenant-sets';
import type { Kernel, CompletedWrite } from '../../kernel/kernel';
import { RequestTransaction } from '../../kernel/request-transaction';
import type { Tx } from '../../kernel/uow';
import { IdentityApi } from '../identity/api';

const WRITE_ATTEMPTS = 3;

interface EntryRow {
  id: string; occurred_at: Date | string; actor_kind: 'session' | 'api_key'; user_id: string; api_key_id: string | null; firm_tenant_id: string | null;
  method: string; route: string; object_id: string | null; status: number; client_ip: string; request_id: string | null;
}

export interface AuditFilter {
  from?: string; to?: string; userId?: string; apiKeyId?: string; firmId?: string; method?: string; route?: string; objectId?: string;
}

const INSERT = `insert into audit_entries (id, tenant_id, actor_kind, user_id, api_key_id, firm_tenant_id, method, route, object_id, status, client_ip, request_id)
  select :id, :tenant, :kind, :user, :key, :firm, :method, :route, :object, :status, :ip, :request
  -- a write that erased its own company (deleting the account) leaves nobody to tell
  where cuadra_tenant_exists(:tenant)`;

/**
 * Records one completed write. Inside the request's transaction (an Idempotency-Key) the entry
 * commits or rolls back with the write, and a failure fails the request; otherwise the write has
 * committed already, so the entry is retried and, should the database still refuse it, logged
 * whole rather than lost.
 */
export async function recordWrite(kernel: Kernel, write: CompletedWrite): Promise<void> {
  const { principal } = write;
  const params = {
    id: crypto.randomUUID(), kind: principal.kind, user: principal.userId, key: principal.apiKeyId ?? null, firm: principal.viaTenantId ?? null,
    method: write.method, route: write.route.slice(0, 500), object: write.objectId?.slice(0, 200) ?? null, status: write.status,
    ip: write.clientIp.slice(0, 100), request: write.requestId?.slice(0, 100) ?? null,
  };
  // one statement, one round trip (TenantStatements); inside a request transaction it joins it
  const insert = () => kernel.unitOfWork(principal).write(INSERT, params);
  if (RequestTransaction.current()) return void (await insert());
  for (let attempt = 1; ; attempt++) {
    try {
      await insert();
      return;
    } catch (error) {
      if (attempt < WRITE_ATTEMPTS) continue;
      kernel.logger.error('audit entry not stored', { entry: { ...params, tenantId: principal.tenantId }, error });
      return;
    }
  }
}

export const AuditEntries = {
  async page(tx: Tx, filter: AuditFilter, limit: number, offset: number) {
    const where: string[] = ['tenant_id = :tenant'];
    const params: Record<string, unknown> = { limit, offset };
    const add = (value: unknown, condition: string, name: string) => {
      if (value === undefined) return;
      where.push(condition);
      params[name] = value;
    };
    add(filter.from, 'occurred_at >= :from::timestamptz', 'from');
    add(filter.to, 'occurred_at < :to::timestamptz', 'to');
    add(filter.userId, 'user_id = :user::uuid', 'user');
    add(filter.apiKeyId, 'api_key_id = :key::uuid', 'key');
    add(filter.firmId, 'firm_tenant_id = :firm::uuid', 'firm');
    add(filter.method, 'method = :method', 'method');
    add(filter.route, 'route = :route', 'route');
    add(filter.objectId, 'object_id = :object', 'object');
    const rows = await tx.sql<EntryRow & { total: number | string }>(
      `select *, count(*) over () as total from audit_entries where ${where.join(' and ')}
       order by occurred_at desc, id desc limit :limit offset :offset`, params);
    const total = rows.length ? Number(rows[0].total) : offset ? Number((await tx.sql<{ n: number | string }>(`select count(*) as n from audit_entries where ${where.join(' and ')}`, params))[0].n) : 0;
    return { items: await toJson(tx, rows), total };
  },

  /** Every entry of the company, oldest first (the company's export). */
  async all(tx: Tx) {
    return toJson(tx, await tx.sql<EntryRow>('select * from audit_entries where tenant_id = :tenant order by occurred_at, id'));
  },
};

async function toJson(tx: Tx, rows: EntryRow[]) {
  const emails = new Map((await IdentityApi.users(tx, rows.map((row) => row.user_id))).map((user) => [user.id, user.email]));
  return rows.map((row) => ({
    id: row.id,
    occurred_at: new Date(row.occurred_at).toISOString(),
    actor: { kind: row.actor_kind, user_id: row.user_id, email: emails.get(row.user_id) ?? null, api_key_id: row.api_key_id, firm_id: row.firm_tenant_id },
    operation: `${row.method} ${row.route}`,
    method: row.method,
    route: row.route,
    object_id: row.object_id,
    status: Number(row.status),
    client_ip: row.client_ip,
    request_id: row.request_id,
  }));
}

/** When each company last had a write, in one statement for many companies (the workspace). */
export async function lastActivityByTenant(db: Database, tenantIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await perTenant<{ tenant_id: string; occurred_at: string }>(db, 'cuadra_audit_last_activity', tenantIds);
  return new Map([...rows].map(([id, row]) => [id, row.occurred_at]));
}
