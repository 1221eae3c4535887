import { Forbidden } from './errors';
import type { Principal } from './principal';
import { roleAtLeast, type Role } from './roles';
import { scopesBeyond } from './scopes';

/**
 * What a path that creates or raises a principal hands out: a person (quick-create, invitation,
 * role change) or a credential (API key, later OAuth grants).
 */
export interface Grant {
  role: Role;
  /** null: the role's full reach (a person, an unscoped key). */
  scopes: readonly string[] | null;
  /** null: it never expires (a person, a key without `expires_at`). */
  expiresAt: Date | null;
  /** A new person joins the company (quick-create, invitations): only a person signed in may add one. */
  addsPerson?: boolean;
}

/** Who grants: the acting principal, or (accepting an invitation) the member who sent it, as of now. */
export type Grantor = Pick<Principal, 'kind' | 'role' | 'scopes' | 'validUntil'>;

/**
 * Why `grantor` may not hand out `grant`, or null when it may. The result never exceeds the
 * grantor: a role at most its own, scopes at most its scopes, an expiry no later than its own.
 * A session stands for the person, whose reach does not expire with the token; an API key's
 * reach ends with the key. No API key adds people, scoped or not: a key is a tool of its
 * creator, and a person added by one would hold a full, unscoped, unexpiring role.
 */
export function grantRefusal(grantor: Grantor, grant: Grant): string | null {
  if (grant.addsPerson && grantor.kind !== 'session') return 'People are added to a company by a person signed in, not by an API key';
  if (!grantor.role) return 'No active company: complete onboarding or switch tenant first';
  if (!roleAtLeast(grantor.role, grant.role)) return `You cannot grant the role ${grant.role}: it is above yours (${grantor.role})`;
  const beyond = scopesBeyond(grantor.scopes, grant.scopes);
  if (beyond.length) return `This API key's scopes (${grantor.scopes!.join(', ')}) cannot grant ${beyond.join(', ')}`;
  if (grantor.kind !== 'session' && grantor.validUntil !== undefined && (grant.expiresAt === null || grant.expiresAt.getTime() > grantor.validUntil)) {
    return `What this API key grants cannot outlive it: it expires at ${new Date(grantor.validUntil).toISOString()}`;
  }
  return null;
}

/** 403 with the reason when `grant` exceeds `grantor` (see grantRefusal). Every path that creates or raises a principal calls it. */
export function assertGrantWithinReach(grantor: Grantor, grant: Grant): void {
  const refusal = grantRefusal(grantor, grant);
  if (refusal) throw new Forbidden(refusal);
}

/** The grant a person receives: a role, with no scopes and no expiry. */
export const personGrant = (role: Role, addsPerson: boolean): Grant => ({ role, scopes: null, expiresAt: null, addsPerson });
