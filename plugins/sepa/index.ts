import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { eraseSepa, exportSepa } from './lifecycle';
import { migrations } from './migrations';
import { sepaRoutes } from './routes';
import { settleFromStatement } from './statement-match';
import { sepaModels } from './schemas';

/**
 * SEPA remittances: supplier invoices paid by credit transfer (pain.001.001.09) and customer
 * invoices collected by direct debit under mandates (pain.008.001.08, CORE and B2B). Open items
 * and settlements go through the documents service; treasuries and contacts through theirs.
 */
export default definePlugin({
  name: 'sepa',
  tags: { sepa: 'SEPA payment orders (pain.001), direct-debit mandates and remittances (pain.008)' },
  dependsOn: ['tenants', 'contacts', 'treasury', 'documents'],
  migrations,
  models: sepaModels,
  permissions: {
    'sepa.read': rolesFrom('viewer'),
    'sepa.write': rolesFrom('accountant'),
  },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => { payload.sections.sepa = await exportSepa(tx); },
      'tenant.erasing': async (tx) => { await eraseSepa(tx); },
    },
  },
  routes: sepaRoutes,
  setup(kernel) {
    // a statement or a movement entered by hand may bring a pending batch's debit or credit
    const settle = async (treasuryId: string, tenantId: string | null) => {
      if (!tenantId) return;
      await kernel.unitOfWork(null).run((tx) => settleFromStatement(tx, kernel, treasuryId), { tenantId });
    };
    kernel.hooks.onEvent('bank_movement.imported', 'sepa', (payload, ctx) => settle(payload.treasury_id, ctx.tenantId));
    kernel.hooks.onEvent('bank_movement.created', 'sepa', (payload, ctx) => settle(payload.treasury_id, ctx.tenantId));
  },
});
