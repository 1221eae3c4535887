import type { Principal } from './principal';

/**
 * Remembers resolved principals for a short time so that an authenticated request costs no
 * database round trip for its credential. Anything that changes who may do what (a deleted API
 * key, a password change, a role change, a removed member) calls `tx.invalidatePrincipals()`:
 * this instance forgets everything after the commit, and every other instance on the same
 * PostgreSQL hears it through NOTIFY. A generation counter keeps a lookup that raced with an
 * invalidation from being cached.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { principal: Principal; expiresAt: number }>();
  private generation = 0;

  constructor(private readonly ttlMs = 30_000, private readonly maxEntries = 50_000) {}

  async resolve(key: string, load: () => Promise<Principal>): Promise<Principal> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.principal;
    const generation = this.generation;
    const principal = await load();
    if (generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      const expiresAt = Math.min(now + this.ttlMs, principal.validUntil ?? Number.POSITIVE_INFINITY);
      this.entries.set(key, { principal, expiresAt });
    }
    return principal;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

export const PRINCIPALS_CHANNEL = 'cuadra_principals';
