import type { TestApp } from './app';

let counter = 0;

export interface TestMember { email: string; password: string; token: string; userId: string; role: string }

/**
 * Adds a member with `role` to the company of `adminToken` (quick-create), signs them in there and
 * replaces the temporary password (a session from it may do nothing else), as a new member would.
 */
export async function addMember(app: TestApp, adminToken: string, role: string, email = `member-${Date.now().toString(36)}${(counter++).toString(36)}@example.com`): Promise<TestMember> {
  const created = await app.post('/api/v1/team/members/quick-create', { email, role, full_name: `Miembro ${role}` }, adminToken);
  if (created.status !== 201) throw new Error(`quick-create failed: ${created.status} ${created.text}`);
  const login = await app.post('/api/v1/auth/login', { email, password: created.body.temporary_password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const password = `${created.body.temporary_password} definitiva`;
  const changed = await app.post('/api/v1/auth/change-password', { current_password: created.body.temporary_password, new_password: password }, login.body.access_token);
  if (changed.status !== 204) throw new Error(`change-password failed: ${changed.status} ${changed.text}`);
  return { email, password, token: changed.headers.get('x-access-token')!, userId: created.body.user_id, role };
}

/** Runs raw SQL for one tenant (RLS applies) — for tests that move time forward on stored rows. */
export function tenantSql<T = any>(app: TestApp, tenantId: string, statement: string, params: Record<string, unknown> = {}): Promise<T[]> {
  return app.kernel.unitOfWork(null).run((tx) => tx.sql<T>(statement, params), { tenantId });
}
