import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { persistentSecret } from '../../kernel/secrets';
import { IdentityAccountData } from './account-data';
import { ApiKeyAuthenticator, SessionAuthenticator, type ReachCompany } from './authenticators';
import './extensions';
import { ApiKey, Membership, User, UserIdentity, UserToken } from './entities';
import { googleSettings } from './google';
import './hooks';
import { migrations } from './migrations';
import { landingRoutes } from './landing';
import { identityRoutes } from './routes';
import { identityModels } from './schemas';
import { IdentityService } from './service';
import { SessionTokens } from './tokens';
import { archivePart } from './archive';

let identity: IdentityService;

export default definePlugin({
  name: 'identity',
  tags: { auth: 'Accounts, sessions, email verification, password reset, companies of a user, API keys, invitation links and multi-factor authentication' },
  dependsOn: ['tenants'],
  entities: [Membership, ApiKey],
  globalEntities: [User, UserToken, UserIdentity],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: identityModels,
  settings: googleSettings,
  permissions: { 'api_keys.manage': rolesFrom('member') },
  extensionPoints: { 'tenant-access': { description: 'a way to act in a company without being its member (an accounting firm for its clients)', key: (access) => access.name } },
  rateLimits: [
    { name: 'login', method: 'POST', path: '/api/v1/auth/login', limit: 30, windowSeconds: 60, by: 'ip' },
    { name: 'register', method: 'POST', path: '/api/v1/auth/register', limit: 10, windowSeconds: 60, by: 'ip' },
    { name: 'password-reset', method: 'POST', path: '/api/v1/auth/forgot-password', limit: 5, windowSeconds: 60, by: 'ip' },
    { name: 'password-reset', method: 'POST', path: '/api/v1/auth/reset-password', limit: 10, windowSeconds: 60, by: 'ip' },
    { name: 'google-login', method: 'POST', path: '/api/v1/auth/google', limit: 30, windowSeconds: 60, by: 'ip' },
    { name: 'email-verification', method: 'POST', path: '/api/v1/auth/verify-email/resend', limit: 5, windowSeconds: 60, by: 'ip' },
  ],
  setup(kernel) {
    const tokens = new SessionTokens(persistentSecret(kernel.config.dataDir, 'jwt', kernel.config.jwtSecret));
    identity = new IdentityService(kernel, tokens);
    kernel.provide('identity', identity);
    const reach: ReachCompany = (tenantId, through) => identity.reach(tenantId, through);
    kernel.authenticators.push(new ApiKeyAuthenticator(kernel.db, reach), new SessionAuthenticator(kernel.db, tokens, reach));
  },
  hooks: {
    sync: {
      // kernel lifecycle hooks, fired by the account plugin when it is installed
      'account.exporting-user': (tx, payload) => IdentityAccountData.exportUser(tx, payload),
      'account.exporting': (tx, payload) => IdentityAccountData.exportTenant(tx, payload),
      'tenant.erasing': (tx) => IdentityAccountData.eraseTenant(tx),
    },
    events: {
      'identity.password-reset-requested': (payload) => identity.sendPasswordReset(payload.email),
    },
  },
  routes: (kernel) => identityRoutes(kernel, identity),
  rootRoutes: landingRoutes,
});
