import { definePlugin } from '../../kernel/plugin';
import { workspaceRoutes } from './routes';
import { workspaceModels } from './schemas';

/**
 * The workspace of someone who keeps many companies' books (an accounting firm's members): every
 * company they reach with what needs doing there. It owns no table: each figure comes from the
 * plugin that owns it, through that plugin's contract, for every company in one statement.
 */
export default definePlugin({
  name: 'workspace',
  tags: { workspace: 'Many companies at a glance' },
  dependsOn: ['identity', 'tenants', 'audit', 'treasury', 'invoices', 'purchases', 'ledger', 'fiscal-years', 'tax-models'],
  models: workspaceModels,
  routes: workspaceRoutes,
});
