import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import '../tenants/hooks';
import { Account, JournalEntry, JournalLine } from './entities';
import { migrations } from './migrations';
import { ledgerRoutes } from './routes';
import { ledgerModels } from './schemas';
import { LedgerService } from './service';

export default definePlugin({
  name: 'ledger',
  dependsOn: ['tenants'],
  entities: [Account, JournalEntry, JournalLine],
  migrations,
  models: ledgerModels,
  permissions: {
    // Everyone in the company may read the books; only accountants and above write them by hand.
    'ledger.read': rolesFrom('viewer'),
    'ledger.write': rolesFrom('accountant'),
  },
  hooks: {
    sync: {
      // The onboarding transaction: the new company gets its chart before it can post anything.
      'tenant.created': async (tx) => { await LedgerService.seedChart(tx); },
    },
  },
  setup(kernel) {
    kernel.provide('ledger', LedgerService);
  },
  routes: ledgerRoutes,
});
