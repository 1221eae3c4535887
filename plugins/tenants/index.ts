import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { Tenant } from './entities';
import './hooks';
import { migrations } from './migrations';
import { logoRoutes, tenantRoutes } from './routes';
import { tenantModels } from './schemas';
import { TenantService } from './service';
import { archivePart } from './archive';
import './archive-point';

export default definePlugin({
  name: 'tenants',
  tags: { tenants: 'The active company: its details and logo' },
  // The tenants table is guarded by row-level security on its own id, not by a tenant_id column.
  globalEntities: [Tenant],
  migrations,
  // the company's archive (the company-archive plugin reads what every plugin contributes here)
  extensionPoints: {
    'company-archive': { description: "a plugin's own tables in the company's archive (what is copied, how it comes back)", key: (part) => part.part },
  },
  contributes: { 'company-archive': [archivePart] },
  models: tenantModels,
  permissions: {
    'tenants.read': rolesFrom('viewer'),
    'tenants.manage': rolesFrom('admin'),
  },
  hooks: {
    sync: {
      // the GDPR export (account plugin) includes the company's profile
      'account.exporting': async (tx, payload) => { payload.sections.tenants = await TenantService.exportProfile(tx); },
    },
  },
  routes: tenantRoutes,
  rootRoutes: logoRoutes,
});
