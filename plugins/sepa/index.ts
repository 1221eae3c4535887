import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { eraseSepa, exportSepa } from './lifecycle';
import { migrations } from './migrations';
import { sepaRoutes } from './routes';
import { settleFromStatement } from './statement-match';
import { returnsFromStatement } from './statement-returns';
import { sepaModels } from './schemas';
import { archivePart } from './archive';

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
  contributesIfInstalled: { 'company-archive': [archivePart] },
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
    // an imported statement may also bring returned debits (R-transactions) with their reasons: recorded as POST …/returns does
    const settleAndReturn = async (treasuryId: string, tenantId: string | null) => {
      if (!tenantId) return;
      await kernel.unitOfWork(null).run(async (tx) => {
        await settleFromStatement(tx, kernel, treasuryId);
        await returnsFromStatement(tx, kernel, treasuryId);
      }, { tenantId });
    };
    kernel.hooks.onEvent('bank_movement.imported', 'sepa', (payload, ctx) => settleAndReturn(payload.treasury_id, ctx.tenantId));
    kernel.hooks.onEvent('bank_movement.created', 'sepa', (payload, ctx) => settle(payload.treasury_id, ctx.tenantId));
  },
});
