import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { firmAccess } from './access';
import { migrations } from './migrations';
import { firmRoutes } from './routes';
import { firmModels } from './schemas';
import { FirmAccessService } from './service';
import { archivePart } from './archive';

/**
 * Accounting firms (gestorías): a company of kind `firm` whose members act for client companies
 * whose owners gave the firm access. The client grants (by the firm's tax id) and revokes; the firm
 * accepts. Access reaches authentication through the identity plugin's `tenant-access` point, so a
 * firm's members and API keys become principals of the client (`viaTenantId`: the firm) with the
 * grant's role, capped at their own in the firm.
 */
export default definePlugin({
  name: 'firms',
  tags: { firms: 'An accounting firm\'s side of its access to client companies' },
  dependsOn: ['tenants', 'identity'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: firmModels,
  contributes: { 'tenant-access': [firmAccess] },
  permissions: {
    'firm_access.read': rolesFrom('viewer'),
    'firm_access.manage': ['owner'],
    'firm.read': rolesFrom('viewer'),
    'firm.manage': rolesFrom('admin'),
  },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => {
        if (payload.allows('firm_access.read')) payload.sections.firms = { granted: await FirmAccessService.listGranted(tx) };
      },
    },
  },
  routes: firmRoutes,
});
