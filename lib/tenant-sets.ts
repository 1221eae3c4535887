import { pgArray } from '../kernel/sql-params';
import type { Database } from '../kernel/database';

/**
 * One statement over a set of companies, as the system role: a SECURITY DEFINER function taking
 * the tenant ids as its first argument (`uuid[]`), answering one row per company that has any.
 * Only for figures a caller may see in every company it names (the workspace checks the role
 * first); answers the rows by tenant id.
 */
export async function perTenant<T extends { tenant_id: string }>(db: Database, fn: string, tenantIds: readonly string[], extra: unknown[] = []): Promise<Map<string, T>> {
  if (!tenantIds.length) return new Map();
  const placeholders = extra.map(() => ', ?').join('');
  const rows = await db.system<T>(`select * from ${fn}(?::uuid[]${placeholders})`, [pgArray(tenantIds), ...extra]);
  return new Map(rows.map((row) => [row.tenant_id, row]));
}
