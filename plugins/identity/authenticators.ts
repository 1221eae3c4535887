import type { Database } from '../../kernel/database';
import { Forbidden, Unauthorized } from '../../kernel/errors';
import type { Authenticator, Principal } from '../../kernel/principal';
import { isRole, type Role } from '../../kernel/roles';
import type { ReachedCompany } from './extensions';
import { MAX_SESSION_SECONDS, sha256, type SessionTokens } from './tokens';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const API_KEY_PREFIX = 'agl_';
export const TEMPORARY_PASSWORD_EXPIRED = 'This temporary password has expired: ask an administrator of your company for a new one, or reset it (POST /api/v1/auth/forgot-password)';

/** PGlite may hand a text[] back as its literal (`{a,b}`); scopes never hold commas or quotes. */
const parseTextArray = (value: string[] | string): string[] =>
  Array.isArray(value) ? value : value.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map((item) => item.replace(/^"|"$/g, ''));

const rawQuery = <T>(db: Database, sql: string, params: unknown[]) => db.system<T>(sql, params);

/** Access to `tenantId` for someone who is not its member, through what they hold (see TenantAccess). */
export type ReachCompany = (tenantId: string, through: readonly { tenantId: string; role: Role }[]) => Promise<ReachedCompany | null>;

type KeyRow = { key_id: string; tenant_id: string; user_id: string; role: string; expires_at: Date | string | null; scopes: string[] | string | null };

/** The lasting credential of a key (`Principal.credential`): its id, and the client company when it acts for one. */
const KEY_CREDENTIAL = /^api_key:([0-9a-f-]{36})(?::([0-9a-f-]{36}))?$/i;

/** `agl_…` keys: bound to the tenant that minted them, never above their creator's current role. */
export class ApiKeyAuthenticator implements Authenticator {
  constructor(private readonly db: Database, private readonly reach: ReachCompany) {}
  accepts(credential: string) { return credential.startsWith(API_KEY_PREFIX); }
  async authenticate(credential: string, requestedTenantId: string | null): Promise<Principal> {
    const [row] = await rawQuery<KeyRow>(this.db, 'select * from cuadra_api_key_principal(?)', [sha256(credential)]);
    const principal = row && await this.standing(row, requestedTenantId);
    if (!principal) throw new Unauthorized('Invalid, expired or revoked API key');
    return principal;
  }

  /** A key as it stands now (work held for approval runs as the key, with its role and scopes of that moment). */
  async principalOf(credential: string): Promise<Principal | null> {
    const [, keyId, tenantId] = KEY_CREDENTIAL.exec(credential) ?? [];
    if (!keyId) return null;
    const [row] = await rawQuery<KeyRow>(this.db, 'select * from cuadra_api_key_principal_of(?::uuid)', [keyId]);
    if (!row) return null;
    try {
      return await this.standing(row, tenantId ?? null);
    } catch (error) {
      if (error instanceof Forbidden) return null;
      throw error;
    }
  }

  private async standing(row: KeyRow, requestedTenantId: string | null): Promise<Principal | null> {
    if (!isRole(row.role)) return null;
    const validUntil = row.expires_at ? new Date(row.expires_at).getTime() : undefined;
    const principal: Principal = {
      kind: 'api_key', userId: row.user_id, tenantId: row.tenant_id, role: row.role, apiKeyId: row.key_id, validUntil, credential: `api_key:${row.key_id}`,
    };
    if (requestedTenantId && requestedTenantId.toLowerCase() !== row.tenant_id) {
      // a key acts for another company only when its own company was given access there (a firm's client)
      const reached = UUID.test(requestedTenantId) ? await this.reach(requestedTenantId.toLowerCase(), [{ tenantId: row.tenant_id, role: row.role }]) : null;
      if (!reached) throw new Forbidden('This API key belongs to another company');
      Object.assign(principal, { tenantId: reached.tenantId, role: reached.role, viaTenantId: reached.viaTenantId, credential: `api_key:${row.key_id}:${reached.tenantId}` });
    }
    if (row.scopes) principal.scopes = parseTextArray(row.scopes);
    return principal;
  }
}

/**
 * Session JWTs: signature, age (see SessionTokens.verify), the user's security version, whether
 * the session was logged out, and membership of the active tenant.
 */
export class SessionAuthenticator implements Authenticator {
  constructor(private readonly db: Database, private readonly tokens: SessionTokens, private readonly reach: ReachCompany) {}
  accepts(credential: string) { return credential.split('.').length === 3; }
  async authenticate(credential: string, requestedTenantId: string | null): Promise<Principal> {
    const claims = await this.tokens.verify(credential);
    if (requestedTenantId && !UUID.test(requestedTenantId)) throw new Forbidden('You are not a member of that company');
    const tenantId = requestedTenantId?.toLowerCase() ?? claims.tid ?? null;
    const [row] = await rawQuery<{ security_version: number; role: string | null; must_change_password: boolean; password_expires_at: Date | string | null }>(
      this.db, 'select * from cuadra_session_principal(?, ?, ?)', [claims.sub, tenantId, claims.sid]);
    if (!row || row.security_version !== claims.sv) throw new Unauthorized('Session revoked');
    const passwordExpiresAt = row.must_change_password && row.password_expires_at ? new Date(row.password_expires_at).getTime() : Number.POSITIVE_INFINITY;
    if (passwordExpiresAt <= Date.now()) throw new Unauthorized(TEMPORARY_PASSWORD_EXPIRED);
    const reached = !row.role && tenantId ? await this.reach(tenantId, await memberships(this.db, claims.sub)) : null;
    if (requestedTenantId && !row.role && !reached) throw new Forbidden('You are not a member of that company');
    const role = reached ? reached.role : row.role && isRole(row.role) ? row.role : null;
    const sessionStartedAt = claims.auth_time * 1000;
    const validUntil = Math.min(claims.exp * 1000, sessionStartedAt + MAX_SESSION_SECONDS * 1000, passwordExpiresAt);
    const principal: Principal = { kind: 'session', userId: claims.sub, tenantId: role ? tenantId : null, role, sessionId: claims.sid, sessionStartedAt, validUntil };
    if (reached) principal.viaTenantId = reached.viaTenantId;
    if (row.must_change_password) principal.passwordChangeRequired = true;
    return principal;
  }
}

/** A person's own memberships: what their access to other companies comes through. */
export async function memberships(db: Database, userId: string): Promise<{ tenantId: string; role: Role }[]> {
  const rows = await rawQuery<{ tenant_id: string; role: string }>(db, 'select tenant_id, role from cuadra_user_memberships(?)', [userId]);
  return rows.filter((row) => isRole(row.role)).map((row) => ({ tenantId: row.tenant_id, role: row.role as Role }));
}
