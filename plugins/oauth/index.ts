import { definePlugin } from '../../kernel/plugin';
import '../identity/api';
import { AccessTokenAuthenticator } from './authenticator';
import { authorizeRoutes } from './authorize';
import { migrations } from './migrations';
import { protocolRoutes } from './protocol';
import { protectedResources, resourceOf } from './resources';
import { grantRoutes } from './routes';
import { oauthModels } from './schemas';
import { OAuthService } from './service';
import { oauthSettings } from './settings';
import { archivePart } from './archive';

let service: OAuthService;

/**
 * Cuadra as an OAuth 2.1 authorization server for agents (MCP clients and others) and as the
 * protected resource they call: metadata (RFC 8414, RFC 9728), authorization code with PKCE S256,
 * clients registered (RFC 7591) or described by a metadata document, tokens bound to one resource
 * (RFC 8707), refresh tokens that rotate. A person consents on a page served here, picking the
 * company and the API-key scopes; the grant is listed and revoked next to the API keys.
 */
export default definePlugin({
  name: 'oauth',
  dependsOn: ['identity'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: oauthModels,
  settings: oauthSettings,
  rateLimits: [
    { name: 'oauth-sign-in', method: 'POST', path: '/oauth/authorize/sign-in', limit: 30, windowSeconds: 60, by: 'ip' },
    { name: 'oauth-register', method: 'POST', path: '/oauth/register', limit: 10, windowSeconds: 60, by: 'ip' },
    { name: 'oauth-token', method: 'POST', path: '/oauth/token', limit: 60, windowSeconds: 60, by: 'ip' },
  ],
  hooks: {
    sync: {
      // a company erased with its owner takes its grants, and their codes and tokens, with it
      'tenant.erasing': async (tx) => { await tx.sql('delete from oauth_grants where tenant_id = :tenant'); },
    },
  },
  setup(kernel) {
    service = new OAuthService(kernel);
    const resources = protectedResources(kernel);
    kernel.authenticators.push(new AccessTokenAuthenticator(kernel, kernel.db, resources));
    // RFC 9728 §5.1: a 401 tells the client where to learn how to get a token
    kernel.authenticationChallenge = (request, error) => {
      const resource = resourceOf(resources, new URL(request.url).pathname) ?? resources.api;
      return `Bearer ${error ? `error="${error}", ` : ''}resource_metadata="${kernel.config.publicUrl}${resource.metadataPath}"`;
    };
  },
  routes: (kernel) => grantRoutes(kernel, service),
  rootRoutes: (kernel) => {
    const resources = protectedResources(kernel);
    return protocolRoutes(kernel, service, resources).use(authorizeRoutes(kernel, service, resources));
  },
});
