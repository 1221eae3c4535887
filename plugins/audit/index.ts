import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { AuditEntries, recordWrite } from './entries';
import { migrations } from './migrations';
import { auditRoutes } from './routes';
import { auditModels } from './schemas';
import { archivePart } from './archive';

/**
 * The audit log of each company: the kernel tells it of every completed write
 * (`kernel.observeWrites`), whatever plugin's route answered it, and it keeps one append-only row
 * per write. It reads no other plugin's table: people's emails come from the identity plugin's API.
 */
export default definePlugin({
  name: 'audit',
  tags: { audit: 'The audit log of a company: who wrote what, when and from where' },
  dependsOn: ['tenants', 'identity'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: auditModels,
  permissions: { 'audit.read': rolesFrom('accountant') },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => {
        if (payload.allows('audit.read')) payload.sections.audit = await AuditEntries.all(tx);
      },
    },
  },
  setup(kernel) {
    kernel.observeWrites('audit', (write) => recordWrite(kernel, write));
  },
  routes: auditRoutes,
});
