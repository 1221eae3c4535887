import type { Kernel } from '../../kernel/kernel';
import { NotFound } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { roleAtLeast } from '../../kernel/roles';
import { rowBoolean, rowJson } from '../../kernel/rows';
import { pgArray } from '../../kernel/sql-params';
import type { ClientRecord } from './clients';
import { ACCESS_TOKEN_PREFIX, CODE_PREFIX, newOpaque, REFRESH_TOKEN_PREFIX, sha256Hex } from './secrets';

export const CODE_SECONDS = 300;
export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;

/** PGlite may hand a text[] back as its literal (`{a,b}`); scopes and URIs here hold no commas or quotes. */
export const textArray = (value: string[] | string | null): string[] =>
  value === null ? [] : Array.isArray(value) ? value : value.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map((item) => item.replace(/^"|"$/g, ''));

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export interface IssuedTokens { access_token: string; token_type: 'Bearer'; expires_in: number; refresh_token: string; scope: string }

/** What a code or a refresh token stands for, once the database let it through. */
export interface Redeemed { grantId: string; tenantId: string; clientId: string; familyId: string; resource: string; scopes: string[] }

export interface GrantRow {
  id: string; user_id: string; client_id: string; client_name: string; scopes: string[] | string; resource: string;
  created_at: Date | string; last_used_at: Date | string | null;
}

/** Clients, grants, codes and tokens: the tables of this plugin, and nobody else's. */
export class OAuthService {
  constructor(private readonly kernel: Kernel) {}

  async saveClient(client: ClientRecord): Promise<void> {
    await this.kernel.unitOfWork(null).run(async (tx) => {
      await tx.em.getConnection().execute(
        `insert into oauth_clients (client_id, origin, client_name, client_uri, redirect_uris) values (?, ?, ?, ?, ?::text[])
         on conflict (client_id) do update set client_name = excluded.client_name, client_uri = excluded.client_uri,
           redirect_uris = excluded.redirect_uris, updated_at = now()`,
        [client.clientId, client.origin, client.clientName, client.clientUri, pgArray(client.redirectUris)], 'run', tx.em.getTransactionContext());
    }, { tenantId: null });
  }

  async client(clientId: string): Promise<ClientRecord | null> {
    const [row] = await this.kernel.unitOfWork(null).run((tx) => tx.em.getConnection().execute(
      // as JSON: a redirect URI may hold commas and quotes, which a text[] literal would need unquoting for
      'select client_id, origin, client_name, client_uri, array_to_json(redirect_uris) as redirect_uris from oauth_clients where client_id = ?', [clientId], 'all', tx.em.getTransactionContext()), { tenantId: null }) as any[];
    return row ? { clientId: row.client_id, origin: row.origin, clientName: row.client_name, clientUri: row.client_uri, redirectUris: rowJson<string[]>(row.redirect_uris) } : null;
  }

  /**
   * Records a person's consent on one company (the session's principal switched to it) and answers
   * the authorization code for the client to redeem.
   */
  async grant(person: Principal, input: { client: ClientRecord; scopes: string[]; resource: string; redirectUri: string; codeChallenge: string }): Promise<string> {
    const code = newOpaque(CODE_PREFIX);
    await this.kernel.unitOfWork(person).run(async (tx) => {
      const grantId = crypto.randomUUID();
      await tx.sql(
        `insert into oauth_grants (id, tenant_id, user_id, client_id, client_name, scopes, resource)
         values (:id, :tenant, :user, :client, :name, :scopes::text[], :resource)`,
        { id: grantId, user: person.userId, client: input.client.clientId, name: input.client.clientName, scopes: pgArray(input.scopes), resource: input.resource });
      await tx.sql(
        `insert into oauth_codes (code_hash, tenant_id, grant_id, redirect_uri, code_challenge, family_id, expires_at)
         values (:hash, :tenant, :grant, :redirect, :challenge, :family, now() + make_interval(secs => :ttl))`,
        { hash: code.hash, grant: grantId, redirect: input.redirectUri, challenge: input.codeChallenge, family: crypto.randomUUID(), ttl: CODE_SECONDS });
    });
    return code.value;
  }

  /** A code for its grant, once; null when unknown, expired, revoked or (outcome 'reused') seen before. */
  async redeemCode(code: string): Promise<(Redeemed & { redirectUri: string; codeChallenge: string }) | 'reused' | null> {
    const [row] = await this.kernel.db.system<any>('select * from cuadra_oauth_redeem_code(?)', [sha256Hex(code)]);
    if (!row) return null;
    if (row.outcome === 'reused') {
      this.kernel.principals.clear();
      return 'reused';
    }
    return { ...redeemed(row), redirectUri: row.redirect_uri, codeChallenge: row.code_challenge };
  }

  /** A refresh token for its family, once; presented again it revokes the family ('reused'). */
  async rotateRefresh(refreshToken: string): Promise<Redeemed | 'reused' | null> {
    const [row] = await this.kernel.db.system<any>('select * from cuadra_oauth_rotate_refresh(?)', [sha256Hex(refreshToken)]);
    if (!row) return null;
    if (row.outcome === 'reused') {
      this.kernel.principals.clear();
      return 'reused';
    }
    return redeemed(row);
  }

  /** New tokens of the family; null when it (or its grant) was revoked since the code or refresh token was accepted. */
  async issue(redeemed: Redeemed): Promise<IssuedTokens | null> {
    const access = newOpaque(ACCESS_TOKEN_PREFIX);
    const refresh = newOpaque(REFRESH_TOKEN_PREFIX);
    const now = Date.now();
    const [row] = await this.kernel.db.system<{ stored: boolean }>('select cuadra_oauth_store_tokens(?, ?, ?, ?, ?, ?) as stored', [
      redeemed.grantId, redeemed.familyId, access.hash, new Date(now + ACCESS_TOKEN_SECONDS * 1000), refresh.hash, new Date(now + REFRESH_TOKEN_SECONDS * 1000)]);
    if (!rowBoolean(row?.stored)) return null;
    return { access_token: access.value, token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS, refresh_token: refresh.value, scope: redeemed.scopes.join(' ') };
  }

  /** RFC 7009: ends the token's family (its refresh token and the access tokens issued with it). */
  async revokeToken(token: string, clientId: string): Promise<void> {
    const [row] = await this.kernel.db.system<{ revoked: boolean }>('select cuadra_oauth_revoke_token(?, ?) as revoked', [sha256Hex(token), clientId]);
    if (rowBoolean(row?.revoked)) this.kernel.principals.clear();
  }

  /** The company's grants still in force: every one for an admin, else the person's own (as API keys). */
  async listGrants(principal: Principal) {
    const everyone = roleAtLeast(principal.role!, 'admin');
    const rows = await this.kernel.unitOfWork(principal).run((tx) => tx.sql<GrantRow>(
      `select id, user_id, client_id, client_name, scopes, resource, created_at, last_used_at from oauth_grants
       where tenant_id = :tenant and revoked_at is null and (:everyone or user_id = :user) order by created_at, id`,
      { everyone, user: principal.userId }));
    return rows.map((row) => ({
      grant_id: row.id, user_id: row.user_id, client_id: row.client_id, client_name: row.client_name, scopes: textArray(row.scopes),
      resource: row.resource, created_at: iso(row.created_at)!, last_used_at: iso(row.last_used_at),
    }));
  }

  /** Revokes a grant and every token of it, at once on every instance. */
  async revokeGrant(principal: Principal, grantId: string): Promise<void> {
    const everyone = roleAtLeast(principal.role!, 'admin');
    await this.kernel.unitOfWork(principal).run(async (tx) => {
      const [grant] = await tx.sql<{ id: string }>(
        `update oauth_grants set revoked_at = now() where tenant_id = :tenant and id = :id and revoked_at is null and (:everyone or user_id = :user) returning id`,
        { id: grantId, everyone, user: principal.userId });
      if (!grant) throw new NotFound('Grant not found');
      await tx.sql('update oauth_tokens set revoked_at = now() where tenant_id = :tenant and grant_id = :id and revoked_at is null', { id: grantId });
      await tx.invalidatePrincipals();
    });
  }
}

const redeemed = (row: any): Redeemed => ({
  grantId: row.grant_id, tenantId: row.tenant_id, clientId: row.client_id, familyId: row.family_id, resource: row.resource, scopes: textArray(row.scopes),
});
