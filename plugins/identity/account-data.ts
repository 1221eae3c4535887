import type { Principal } from '../../kernel/principal';
import { systemStatementIn } from '../../kernel/database';
import type { Tx } from '../../kernel/uow';
import { ApiKey, User, UserIdentity } from './entities';
import { apiKeysVisibleTo, Memberships } from './members';

/** The identity plugin's answers to the kernel's lifecycle hooks (GDPR export, tenant erasure). */
export const IdentityAccountData = {
  /** Profile, sign-in identities and memberships of the person; never the password hash. */
  async exportUser(tx: Tx, payload: { userId: string; sections: Record<string, unknown> }) {
    const user = await tx.em.findOne(User, { id: payload.userId });
    if (!user) return;
    const identities = await tx.em.find(UserIdentity, { userId: user.id }, { orderBy: { createdAt: 'asc' } });
    const memberships = await systemStatementIn<{ tenant_id: string; tenant_name: string; role: string; created_at: Date | string }>(
      tx.em, 'select tenant_id, tenant_name, role, created_at from cuadra_user_memberships(?)', [user.id]);
    payload.sections.identity = {
      profile: {
        id: user.id, email: user.email, full_name: user.fullName ?? null, email_verified: !!user.emailVerifiedAt,
        email_verified_at: user.emailVerifiedAt?.toISOString() ?? null, has_password: user.passwordSet,
        password_change_required: user.mustChangePassword, created_at: user.createdAt.toISOString(),
      },
      sign_in_identities: identities.map((i) => ({ provider: i.provider, subject: i.subject, email: i.email ?? null, linked_at: i.createdAt.toISOString() })),
      memberships: memberships.map((m: { tenant_id: string; tenant_name: string; role: string; created_at: Date | string }) => ({ tenant_id: m.tenant_id, tenant_name: m.tenant_name, role: m.role, joined_at: new Date(m.created_at).toISOString() })),
    };
  },

  /**
   * Members and API keys (metadata only: never a key or its hash) of the unit of work's tenant,
   * as far as the reader may list them (`GET /team/members`, `GET /auth/api-keys`).
   */
  async exportTenant(tx: Tx, payload: { sections: Record<string, unknown>; reader: Principal; allows: (permission: string) => boolean }) {
    const members = payload.allows('team.read') ? await Memberships.list(tx) : [];
    const visible = payload.allows('api_keys.manage') ? apiKeysVisibleTo(payload.reader) : null;
    const keys = visible ? await tx.em.find(ApiKey, visible, { orderBy: { createdAt: 'asc', id: 'asc' } }) : [];
    payload.sections.identity = {
      members: members.map((m) => ({ user_id: m.userId, email: m.email, full_name: m.fullName, role: m.role, joined_at: m.joinedAt.toISOString() })),
      api_keys: keys.map((k) => ({
        key_id: k.id, name: k.name, role: k.role, prefix: k.prefix, created_by: k.createdBy, created_at: k.createdAt.toISOString(),
        last_used_at: k.lastUsedAt?.toISOString() ?? null, expires_at: k.expiresAt?.toISOString() ?? null,
      })),
    };
  },

  async eraseTenant(tx: Tx) {
    await tx.sql('delete from api_keys where tenant_id = :tenant');
    await tx.sql('delete from memberships where tenant_id = :tenant');
  },
};
