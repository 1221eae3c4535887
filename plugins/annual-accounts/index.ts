import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { annualAccountsRoutes } from './routes';
import { annualAccountsModels } from './schemas';

/**
 * The annual accounts (cuentas anuales) in the official PGC models: balance sheet and profit and
 * loss account of a fiscal year beside the previous one, as JSON, XLSX and PDF. Reads the ledger
 * only through its api (the maintained monthly balances); the account → line mapping of each model
 * is data in ./models.
 */
export default definePlugin({
  name: 'annual-accounts',
  tags: { 'annual-accounts': 'Annual accounts (cuentas anuales) in the official PGC models: balance sheet and profit and loss account' },
  dependsOn: ['tenants', 'ledger', 'fiscal-years'],
  models: annualAccountsModels,
  permissions: { 'annual-accounts.read': rolesFrom('viewer') },
  routes: annualAccountsRoutes,
});
