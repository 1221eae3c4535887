import type { Principal } from '../../kernel/principal';
import { roleAtLeast, type Role } from '../../kernel/roles';
import type { Tx } from '../../kernel/uow';
import { ApiKey, Membership, User } from './entities';

/** The API keys of the tenant a principal holding `api_keys.manage` may see: every key for admins, their own for others. */
export const apiKeysVisibleTo = (principal: Pick<Principal, 'role' | 'userId'>): { createdBy?: string } =>
  principal.role && roleAtLeast(principal.role, 'admin') ? {} : { createdBy: principal.userId };

export interface MemberFacts { userId: string; email: string; fullName: string | null; role: Role; joinedAt: Date }

interface MemberRow { user_id: string; email: string; full_name: string | null; role: Role; created_at: Date | string }
const toFacts = (r: MemberRow): MemberFacts => ({ userId: r.user_id, email: r.email, fullName: r.full_name, role: r.role, joinedAt: new Date(r.created_at) });

/** Memberships of the unit of work's tenant (the identity plugin owns the table; the team plugin manages it through this). */
export const Memberships = {
  async list(tx: Tx): Promise<MemberFacts[]> {
    const rows = await tx.sql<MemberRow>(`select m.user_id, u.email, u.full_name, m.role, m.created_at
      from memberships m join users u on u.id = m.user_id where m.tenant_id = :tenant order by m.created_at, u.email`);
    return rows.map(toFacts);
  },

  /** `lock`: the membership cannot change or go until the transaction ends (a grant relies on it). */
  async get(tx: Tx, userId: string, options: { lock?: boolean } = {}): Promise<MemberFacts | null> {
    const [row] = await tx.sql<MemberRow>(`select m.user_id, u.email, u.full_name, m.role, m.created_at
      from memberships m join users u on u.id = m.user_id where m.tenant_id = :tenant and m.user_id = :user${options.lock ? ' for share of m' : ''}`, { user: userId });
    return row ? toFacts(row) : null;
  },

  /**
   * Locks the tenant's memberships for the rest of the transaction and returns the owners' ids, so
   * two concurrent demotions cannot both see "another owner remains".
   */
  async lockOwners(tx: Tx): Promise<string[]> {
    const rows = await tx.sql<{ user_id: string; role: string }>(`select user_id, role from memberships where tenant_id = :tenant order by user_id for update`);
    return rows.filter((r) => r.role === 'owner').map((r) => r.user_id);
  },

  async add(tx: Tx, userId: string, role: Role): Promise<void> {
    tx.em.create(Membership, { tenantId: tx.tenantId, userId, role } as any);
    await tx.em.flush();
  },

  async setRole(tx: Tx, userId: string, role: Role): Promise<void> {
    await tx.em.nativeUpdate(Membership, { userId }, { role });
    await tx.invalidatePrincipals();
  },

  /** Removes the membership and the API keys the user minted in this tenant. */
  async remove(tx: Tx, userId: string): Promise<void> {
    await tx.em.nativeDelete(ApiKey, { createdBy: userId });
    await tx.em.nativeDelete(Membership, { userId });
    await tx.invalidatePrincipals();
  },
};

/** `passwordExpiresAt`: a temporary password (mustChangePassword) stops working then. */
export interface NewUser { email: string; passwordHash: string; fullName: string | null; emailVerified: boolean; mustChangePassword: boolean; passwordExpiresAt?: Date }

/** Users (global rows) for flows other plugins run: invitations, quick-create, account deletion. */
export const Users = {
  async findByEmail(tx: Tx, email: string): Promise<{ id: string; email: string } | null> {
    const user = await tx.em.findOne(User, { email: email.trim().toLowerCase() });
    return user ? { id: user.id, email: user.email } : null;
  },

  async create(tx: Tx, input: NewUser): Promise<string> {
    const user = tx.em.create(User, {
      id: crypto.randomUUID(), email: input.email.trim().toLowerCase(), passwordHash: input.passwordHash, passwordSet: true, fullName: input.fullName,
      emailVerifiedAt: input.emailVerified ? new Date() : null, securityVersion: 1, mustChangePassword: input.mustChangePassword, passwordExpiresAt: input.passwordExpiresAt ?? null,
    } as any);
    await tx.em.flush();
    return user.id;
  },

  /**
   * Deletes the user row. Foreign keys cascade to their tokens, sign-in identities, MFA state, API
   * keys and remaining memberships, so every session and key of theirs stops working at once.
   */
  async delete(tx: Tx, userId: string): Promise<void> {
    await tx.em.nativeDelete(User, { id: userId });
    await tx.invalidatePrincipals();
  },

  async markEmailVerified(tx: Tx, userId: string): Promise<void> {
    const user = await tx.em.findOne(User, { id: userId });
    if (user) user.emailVerifiedAt ??= new Date();
  },
};
