import { pgArray } from '../../kernel/sql-params';
import type { Database } from '../../kernel/database';
import { isRole, roleAtLeast, type Role } from '../../kernel/roles';
import type { ReachedCompany, TenantAccess } from '../identity/extensions';

const lower = (a: Role, b: Role): Role => (roleAtLeast(a, b) ? b : a);

/**
 * What a firm's grant gives: the grant's role, never above what the person (or key) holds in the
 * firm; the best one when they hold several firms with access to the same client.
 */
function best(rows: { tenant_id?: string; firm_tenant_id: string; role: string }[], through: readonly { tenantId: string; role: Role }[], tenantId?: string): ReachedCompany[] {
  const heldIn = new Map(through.map((t) => [t.tenantId, t.role]));
  const byClient = new Map<string, ReachedCompany>();
  for (const row of rows) {
    const held = heldIn.get(row.firm_tenant_id);
    if (!held || !isRole(row.role)) continue;
    const client = row.tenant_id ?? tenantId!;
    const reached = { tenantId: client, role: lower(row.role, held), viaTenantId: row.firm_tenant_id };
    const current = byClient.get(client);
    if (!current || !roleAtLeast(current.role, reached.role)) byClient.set(client, reached);
  }
  return [...byClient.values()];
}

/** The firms plugin's answer to the identity plugin's `tenant-access` point. */
export const firmAccess: TenantAccess = {
  name: 'firms',
  async reach(db: Database, tenantId: string, through) {
    if (!through.length) return null;
    const rows = await db.system<{ firm_tenant_id: string; role: string }>(
      'select firm_tenant_id, role from cuadra_firm_access_reach(?::uuid, ?::uuid[])', [tenantId, pgArray(through.map((t) => t.tenantId))]);
    return best(rows, through, tenantId)[0] ?? null;
  },
  async reachable(db: Database, through) {
    if (!through.length) return [];
    const rows = await db.system<{ tenant_id: string; firm_tenant_id: string; role: string }>(
      'select tenant_id, firm_tenant_id, role from cuadra_firm_access_clients(?::uuid[])', [pgArray(through.map((t) => t.tenantId))]);
    return best(rows, through);
  },
};
