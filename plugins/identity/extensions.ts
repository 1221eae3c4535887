import type { Database } from '../../kernel/database';
import type { Role } from '../../kernel/roles';

/** A company a principal may act in, the role it holds there and the company that access comes through. */
export interface ReachedCompany { tenantId: string; role: Role; viaTenantId: string }

/**
 * A way to act in a company without being its member: an accounting firm's members and API keys
 * acting for the firm's clients. `through` is what the caller holds on its own: a person's
 * memberships, or an API key's company with the key's role. Both run as the system role (`db`),
 * once per credential and company (principals are cached until something calls
 * `tx.invalidatePrincipals()`), and never give a role above the one held in `through`.
 */
export interface TenantAccess {
  name: string;
  /** The access to `tenantId`, or null. */
  reach(db: Database, tenantId: string, through: readonly { tenantId: string; role: Role }[]): Promise<ReachedCompany | null>;
  /** Every company reached this way. */
  reachable(db: Database, through: readonly { tenantId: string; role: Role }[]): Promise<ReachedCompany[]>;
}

declare module '../../kernel/extensions' {
  interface ExtensionPoints { 'tenant-access': TenantAccess }
}
