import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { Tenant } from './entities';
import './hooks';
import { migrations } from './migrations';
import { logoRoutes, tenantRoutes } from './routes';
import { tenantModels } from './schemas';
import { TenantService } from './service';
import { archivePart } from './archive';

export default definePlugin({
  name: 'tenants',
  tags: { tenants: 'The active company: its details and logo' },
  // The tenants table is guarded by row-level security on its own id, not by a tenant_id column.
  globalEntities: [Tenant],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
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
