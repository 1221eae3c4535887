import type { Database } from '../../kernel/database';
import { Forbidden, Unauthorized } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import type { Authenticator, Principal } from '../../kernel/principal';
import { isRole } from '../../kernel/roles';
import { resourceOf, type protectedResources } from './resources';
import { ACCESS_TOKEN_PREFIX, sha256Hex } from './secrets';
import { textArray } from './service';

/**
 * OAuth access tokens act like a scoped API key of the person who granted them: bound to the
 * grant's company, narrowed to its scopes, never above the person's current role there, and only
 * on the resource they were issued for.
 */
export class AccessTokenAuthenticator implements Authenticator {
  constructor(private readonly kernel: Kernel, private readonly db: Database, private readonly resources: ReturnType<typeof protectedResources>) {}

  accepts(credential: string) { return credential.startsWith(ACCESS_TOKEN_PREFIX); }

  async authenticate(credential: string, requestedTenantId: string | null): Promise<Principal> {
    const [row] = await this.db.system<GrantRow & { expires_at: Date | string }>(
      'select * from cuadra_oauth_access_principal(?)', [sha256Hex(credential)]);
    if (!row || !isRole(row.role)) throw new Unauthorized('Invalid, expired or revoked access token', 'invalid_token');
    if (requestedTenantId && requestedTenantId.toLowerCase() !== row.tenant_id) throw new Forbidden('This access token belongs to another company');
    return { ...grantPrincipal(row), validUntil: new Date(row.expires_at).getTime() };
  }

  /** An OAuth grant as it stands now (work held for approval runs as the grant, not as a token that may have expired). */
  async principalOf(credential: string): Promise<Principal | null> {
    const grantId = credential.startsWith(GRANT_CREDENTIAL) ? credential.slice(GRANT_CREDENTIAL.length) : null;
    if (!grantId || !/^[0-9a-f-]{36}$/i.test(grantId)) return null;
    const [row] = await this.db.system<GrantRow>('select * from cuadra_oauth_grant_principal(?::uuid)', [grantId]);
    return row && isRole(row.role) ? grantPrincipal(row) : null;
  }

  refusal(principal: Principal, request: Request): string | null {
    const path = new URL(request.url).pathname;
    const addressed = resourceOf(this.resources, path);
    if (addressed?.id === principal.audience) return null;
    // the MCP server's tools call the API in process, on behalf of the /mcp request already admitted
    if (principal.audience === this.resources.mcp.id && this.resources.api.serves(path) && this.kernel.dispatchedInProcess(request)) return null;
    return `This access token was issued for ${principal.audience}, not for ${addressed?.id ?? path}`;
  }
}

const GRANT_CREDENTIAL = 'oauth-grant:';

interface GrantRow { grant_id: string; tenant_id: string; user_id: string; role: string; scopes: string[] | string; resource: string }

/** A grant acts like a scoped API key of the person who granted it, with their current role. */
function grantPrincipal(row: GrantRow): Principal {
  return {
    kind: 'api_key', userId: row.user_id, tenantId: row.tenant_id, role: row.role as Principal['role'], scopes: textArray(row.scopes),
    audience: row.resource, credential: `${GRANT_CREDENTIAL}${row.grant_id}`,
  };
}
