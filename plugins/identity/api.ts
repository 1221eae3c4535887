/**
 * What other plugins may use from the identity plugin: user facts and password checks inside their
 * own unit of work, and (through `kernel.service('identity')`) sessions and sign-in.
 */
import { ApiKey, Membership, User } from './entities';
import type { Principal } from '../../kernel/principal';
import { isRole, roleAtLeast } from '../../kernel/roles';
import { hashPassword, verifyPassword } from './passwords';
import type { IdentityService } from './service';
import type { Tx } from '../../kernel/uow';

declare module '../../kernel/kernel' {
  interface Services { identity: IdentityService }
}

export type { IdentityService } from './service';
export { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';
export { Memberships, Users, type MemberFacts } from './members';

export interface UserFacts { id: string; email: string; fullName: string | null; emailVerified: boolean; createdAt: Date }

const facts = (user: User): UserFacts => ({ id: user.id, email: user.email, fullName: user.fullName ?? null, emailVerified: !!user.emailVerifiedAt, createdAt: user.createdAt });

export const IdentityApi = {
  async user(tx: Tx, userId: string): Promise<UserFacts | null> {
    const user = await tx.em.findOne(User, { id: userId });
    return user ? facts(user) : null;
  },

  /** Several users at once, by id (those that exist). */
  async users(tx: Tx, userIds: readonly string[]): Promise<UserFacts[]> {
    if (!userIds.length) return [];
    return (await tx.em.find(User, { id: { $in: [...new Set(userIds)] } })).map(facts);
  },

  /** True when `password` is the user's current password (false for an unknown user). */
  async checkPassword(tx: Tx, userId: string, password: string): Promise<boolean> {
    const user = await tx.em.findOne(User, { id: userId });
    if (!user || !user.passwordSet) return false;
    return verifyPassword(user.passwordHash, password);
  },

  /**
   * The principal an API key of the unit of work's tenant stands for now, as its authenticator
   * would give it (the lower of its role and its creator's current one, its scopes, its expiry),
   * or null when the key was revoked, has expired or its creator left the company.
   */
  async apiKeyPrincipal(tx: Tx, keyId: string): Promise<Principal | null> {
    const key = await tx.em.findOne(ApiKey, { id: keyId });
    if (!key || (key.expiresAt && key.expiresAt.getTime() <= Date.now())) return null;
    const creator = await tx.em.findOne(Membership, { tenantId: key.tenantId, userId: key.createdBy });
    if (!creator || !isRole(creator.role) || !isRole(key.role)) return null;
    const role = roleAtLeast(key.role, creator.role) ? creator.role : key.role;
    const principal: Principal = { kind: 'api_key', userId: key.createdBy, tenantId: key.tenantId, role, apiKeyId: key.id };
    if (key.expiresAt) principal.validUntil = key.expiresAt.getTime();
    if (key.scopes) principal.scopes = key.scopes;
    return principal;
  },

  /** Argon2id hash with the identity plugin's parameters and concurrency bound (for other secrets too). */
  hashSecret: hashPassword,
  verifySecret: verifyPassword,
};
