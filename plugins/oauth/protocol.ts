import { randomBytes } from 'node:crypto';
import { Elysia } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { scopeCatalogue } from '../../kernel/scopes';
import { ClientMetadataRefused, readClientMetadata } from './clients';
import { resourceNamed, type protectedResources, type ProtectedResource } from './resources';
import { pkceMatches } from './secrets';
import type { OAuthService } from './service';

type Resources = ReturnType<typeof protectedResources>;

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** An OAuth error answer (RFC 6749 §5.2): `error`, a sentence a developer can act on, no-store. */
export const oauthError = (status: number, error: string, description: string) =>
  Response.json({ error, error_description: description }, { status, headers: NO_STORE });

export const MAX_PARAMETER_LENGTH = 4096;
/** A parameter the database can store and no legitimate client exceeds. */
export const acceptableText = (value: string) => value.length <= MAX_PARAMETER_LENGTH && !value.includes('\u0000');

/**
 * A form body (application/x-www-form-urlencoded) as single values: a parameter sent twice is
 * refused (RFC 6749 §3.2), as is any other content type.
 */
export async function formParameters(request: Request): Promise<Record<string, string> | Response> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    return oauthError(400, 'invalid_request', 'Send the parameters as application/x-www-form-urlencoded');
  }
  const params = new URLSearchParams(await request.text());
  const single: Record<string, string> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    if (values.length > 1) return oauthError(400, 'invalid_request', `The parameter ${name} is sent more than once`);
    if (!acceptableText(values[0])) return oauthError(400, 'invalid_request', `The parameter ${name} is longer than ${MAX_PARAMETER_LENGTH} characters or holds a NUL character`);
    single[name] = values[0];
  }
  return single;
}

export function authorizationServerMetadata(kernel: Kernel) {
  const base = kernel.config.publicUrl;
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    scopes_supported: scopeCatalogue(kernel.permissions.all().keys()),
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/docs`,
  };
}

export function protectedResourceMetadata(kernel: Kernel, resource: ProtectedResource) {
  return {
    resource: resource.id,
    resource_name: resource.name,
    authorization_servers: [kernel.config.publicUrl],
    scopes_supported: scopeCatalogue(kernel.permissions.all().keys()),
    bearer_methods_supported: ['header'],
    resource_documentation: `${kernel.config.publicUrl}/docs`,
  };
}

/** The token endpoint's answer to a grant that passed every check. */
async function tokenAnswer(service: OAuthService, redeemed: Parameters<OAuthService['issue']>[0]) {
  const tokens = await service.issue(redeemed);
  if (!tokens) return oauthError(400, 'invalid_grant', 'This authorization was revoked while the request ran; authorize again');
  return Response.json(tokens, { headers: NO_STORE });
}

/** `resource` on a token request may repeat the grant's resource, never name another (RFC 8707 §2.2). */
function targetRefusal(resources: Resources, requested: string | undefined, granted: string): Response | null {
  if (requested === undefined) return null;
  return resourceNamed(resources, requested)?.id === granted ? null : oauthError(400, 'invalid_target', `This grant is for ${granted}; it cannot be used for ${requested}`);
}

async function token(service: OAuthService, resources: Resources, params: Record<string, string>): Promise<Response> {
  const clientId = params.client_id;
  if (!clientId) return oauthError(401, 'invalid_client', 'client_id is required: clients here are public and identify themselves with it');
  if (params.grant_type === 'authorization_code') {
    for (const name of ['code', 'redirect_uri', 'code_verifier']) {
      if (!params[name]) return oauthError(400, 'invalid_request', `${name} is required`);
    }
    const redeemed = await service.redeemCode(params.code);
    if (redeemed === 'reused') return oauthError(400, 'invalid_grant', 'This authorization code was already used: the tokens issued for it are revoked');
    if (!redeemed) return oauthError(400, 'invalid_grant', 'The authorization code is unknown, expired or revoked');
    if (redeemed.clientId !== clientId) return oauthError(400, 'invalid_grant', 'The authorization code was issued to another client');
    if (redeemed.redirectUri !== params.redirect_uri) return oauthError(400, 'invalid_grant', 'redirect_uri differs from the one of the authorization request');
    if (!pkceMatches(params.code_verifier, redeemed.codeChallenge)) return oauthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge (PKCE, S256)');
    return targetRefusal(resources, params.resource, redeemed.resource) ?? tokenAnswer(service, redeemed);
  }
  if (params.grant_type === 'refresh_token') {
    if (!params.refresh_token) return oauthError(400, 'invalid_request', 'refresh_token is required');
    const redeemed = await service.rotateRefresh(params.refresh_token);
    if (redeemed === 'reused') return oauthError(400, 'invalid_grant', 'This refresh token was already used: every token of this authorization is now revoked; authorize again');
    if (!redeemed) return oauthError(400, 'invalid_grant', 'The refresh token is unknown, expired or revoked');
    if (redeemed.clientId !== clientId) return oauthError(400, 'invalid_grant', 'The refresh token was issued to another client');
    if (params.scope !== undefined && params.scope.split(' ').filter(Boolean).sort().join(' ') !== [...redeemed.scopes].sort().join(' ')) {
      return oauthError(400, 'invalid_scope', `A refresh keeps the grant's scopes (${redeemed.scopes.join(' ')}); for others, authorize again`);
    }
    return targetRefusal(resources, params.resource, redeemed.resource) ?? tokenAnswer(service, redeemed);
  }
  return oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}

/**
 * The metadata documents and the token, registration and revocation endpoints take no cookie and
 * no ambient credential, so any web origin may call them (browser-based agent clients do):
 * `Access-Control-Allow-Origin: *`, and their preflights answered.
 */
const ANY_ORIGIN = { 'access-control-allow-origin': '*' };
const withAnyOrigin = async (answer: Response | Promise<Response>): Promise<Response> => {
  const response = await answer;
  response.headers.set('access-control-allow-origin', '*');
  return response;
};
const preflight = () => new Response(null, { status: 204, headers: {
  ...ANY_ORIGIN, 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type, mcp-protocol-version', 'access-control-max-age': '600',
} });

/** Token, registration and revocation endpoints, and the metadata documents. */
export function protocolRoutes(kernel: Kernel, service: OAuthService, resources: Resources) {
  const json = (body: unknown) => Response.json(body, { headers: { 'cache-control': 'public, max-age=300', ...ANY_ORIGIN } });
  const app = new Elysia({ name: 'oauth:protocol' });
  for (const path of ['/.well-known/oauth-authorization-server', resources.api.metadataPath, resources.mcp.metadataPath, '/oauth/token', '/oauth/revoke', '/oauth/register']) {
    app.options(path, preflight, { detail: { hide: true } });
  }
  return app
    .get('/.well-known/oauth-authorization-server', () => json(authorizationServerMetadata(kernel)), { detail: { hide: true } })
    .get(resources.api.metadataPath, () => json(protectedResourceMetadata(kernel, resources.api)), { detail: { hide: true } })
    .get(resources.mcp.metadataPath, () => json(protectedResourceMetadata(kernel, resources.mcp)), { detail: { hide: true } })
    .post('/oauth/token', ({ request }) => withAnyOrigin((async () => {
      const params = await formParameters(request);
      return params instanceof Response ? params : token(service, resources, params);
    })()), { parse: 'none', detail: { hide: true } })
    .post('/oauth/revoke', ({ request }) => withAnyOrigin((async () => {
      const params = await formParameters(request);
      if (params instanceof Response) return params;
      if (!params.token) return oauthError(400, 'invalid_request', 'token is required');
      if (!params.client_id) return oauthError(401, 'invalid_client', 'client_id is required');
      await service.revokeToken(params.token, params.client_id);
      // RFC 7009 §2.2: the same answer whether or not the token was known
      return new Response(null, { status: 200, headers: NO_STORE });
    })()), { parse: 'none', detail: { hide: true } })
    .post('/oauth/register', ({ request }) => withAnyOrigin((async () => {
      let metadata: unknown;
      try { metadata = JSON.parse(await request.text()); } catch { return oauthError(400, 'invalid_client_metadata', 'The body must be a JSON object of client metadata (RFC 7591)'); }
      let client;
      try { client = readClientMetadata(metadata); } catch (error) {
        if (error instanceof ClientMetadataRefused) return oauthError(400, error.code, error.message);
        throw error;
      }
      const clientId = `cuadra-client-${randomBytes(16).toString('base64url')}`;
      await service.saveClient({ clientId, origin: 'registered', ...client });
      return Response.json({
        client_id: clientId, client_id_issued_at: Math.floor(Date.now() / 1000), client_name: client.clientName,
        ...(client.clientUri ? { client_uri: client.clientUri } : {}), redirect_uris: client.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none',
      }, { status: 201, headers: NO_STORE });
    })()), { parse: 'none', detail: { hide: true } });
}
