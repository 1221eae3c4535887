import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import '../contacts/hooks';
import '../tenants/hooks';
import './api';
import { CompanyMemory } from './memory';
import { migrations } from './migrations';
import { reconciliationRoutes } from './routes';
import { reconciliationModels } from './schemas';
import { eraseReconciliation, exportReconciliation, reconciliationService, type ReconciliationService } from './service';
import type { Kernel } from '../../kernel/kernel';
import { archivePart } from './archive';

/** One service per kernel (tests run several apps in one process). */
const services = new WeakMap<Kernel, ReconciliationService>();
const serviceOf = (kernel: Kernel): ReconciliationService => {
  let service = services.get(kernel);
  if (!service) services.set(kernel, (service = reconciliationService(kernel)));
  return service;
};

/**
 * Matching bank movements with the documents they pay (or the account they belong to): the
 * board of ranked suggestions, manual matches, categorisation, auto-matching, undo. Reads
 * movements through the treasury service and open items through the documents service; writes
 * the books only through them and the ledger.
 */
export default definePlugin({
  name: 'reconciliation',
  tags: { reconciliation: 'Matching bank movements with sales and purchase documents, categorising the rest; the board of scored suggestions' },
  dependsOn: ['tenants', 'contacts', 'ledger', 'documents', 'treasury'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: reconciliationModels,
  permissions: {
    'reconciliation.read': rolesFrom('viewer'),
    'reconciliation.write': rolesFrom('accountant'),
  },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => { payload.sections.reconciliation = await exportReconciliation(tx); },
      'tenant.erasing': async (tx) => { await eraseReconciliation(tx); },
      'contact.merging': async (tx, payload) => { await CompanyMemory.repointContacts(tx, payload.survivorId, payload.duplicateIds); },
      'contact.deleting': async (tx, payload) => { await CompanyMemory.forgetContact(tx, payload.contactId); },
    },
  },
  routes: (kernel) => reconciliationRoutes(kernel, serviceOf(kernel)),
  setup(kernel) {
    // New movements: auto-match them when the company turned it on (a no-op otherwise).
    const autoMatch = async (tenantId: string | null) => {
      if (!tenantId) return;
      await kernel.unitOfWork(null).run((tx) => serviceOf(kernel).autoMatch(tx), { tenantId });
    };
    kernel.hooks.onEvent('bank_movement.imported', 'reconciliation', (_payload, ctx) => autoMatch(ctx.tenantId));
    kernel.hooks.onEvent('bank_movement.created', 'reconciliation', (_payload, ctx) => autoMatch(ctx.tenantId));
  },
});
