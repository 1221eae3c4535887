import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { noContent } from '../../kernel/openapi';
import { oauthModels } from './schemas';
import type { OAuthService } from './service';

const tags = ['auth'];

/** Grants sit next to API keys: the same permission, the same visibility (admins see all, others their own). */
export const grantRoutes = (kernel: Kernel, service: OAuthService) =>
  new Elysia({ name: 'cuadra:oauth-grants', prefix: '/auth/oauth-grants' })
    .use(kernel.http)
    .model(oauthModels)
    .get('', async ({ principal }) => service.listGrants(principal),
      { permission: 'api_keys.manage', response: { 200: t.Array(oauthModels.OAuthGrant) }, detail: { summary: 'OAuth grants of the company still in force: agents a person let act on it (yours, or all for admins)', tags } })
    .delete('/:grant_id', async ({ principal, params, set }) => {
      await service.revokeGrant(principal, params.grant_id);
      set.status = 204;
    }, { permission: 'api_keys.manage', params: t.Object({ grant_id: t.String({ format: 'uuid' }) }), detail: { summary: 'Revoke an OAuth grant; its access and refresh tokens stop working at once', tags, responses: noContent } });
