/**
 * What other plugins may use from the identity plugin: user facts and password checks inside their
 * own unit of work, and (through `kernel.service('identity')`) sessions and sign-in.
 */
import { User } from './entities';
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

  /** Argon2id hash with the identity plugin's parameters and concurrency bound (for other secrets too). */
  hashSecret: hashPassword,
  verifySecret: verifyPassword,
};
