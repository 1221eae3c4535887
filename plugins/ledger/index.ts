import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import '../contacts/hooks';
import '../tenants/hooks';
import { migrations } from './migrations';
import { ledgerRoutes } from './routes';
import { ledgerModels } from './schemas';
import { ledgerIssueStep } from './issue-step';
import { LedgerService } from './service';
import { PeriodLock } from './lock';
import { archivePart } from './archive';

export default definePlugin({
  name: 'ledger',
  tags: { ledger: 'The books under the Spanish general chart of accounts: journal entries, accounts, trial balance and exports' },
  // Lines name the tenant's contacts and tax types (foreign keys), so those tables come first.
  dependsOn: ['tenants', 'contacts', 'taxes'],
  migrations,
  models: ledgerModels,
  // documents posts its kinds' entries through this step (the ledger builds its part of the issue statement)
  contributesIfInstalled: { 'company-archive': [archivePart], 'document-issue-steps': [ledgerIssueStep] },
  permissions: {
    // Everyone in the company may read the books; only accountants and above write them by hand.
    'ledger.read': rolesFrom('viewer'),
    'ledger.write': rolesFrom('accountant'),
    // locking a period: accountants and above; moving the lock back: owners only (checked by PeriodLock.set)
    'ledger.lock': rolesFrom('accountant'),
  },
  hooks: {
    sync: {
      // The onboarding transaction: the new company gets its chart before it can post anything.
      'tenant.created': async (tx) => { await LedgerService.seedChart(tx); },
      // GDPR export: the company's own sub-accounts, its whole journal and the period lock with its history.
      'account.exporting': async (tx, payload) => { payload.sections.ledger = { ...await LedgerService.exportForAccount(tx), period_lock: await PeriodLock.state(tx) }; },
      // Erasing a company (its sole owner deleted their account): the only path that deletes books.
      'tenant.erasing': async (tx) => { await LedgerService.eraseTenantBooks(tx); },
      // A merge moves the duplicates' lines to the survivor; a contact with lines is not deleted.
      'contact.merging': async (tx, payload) => { await LedgerService.repointContacts(tx, payload.survivorId, payload.duplicateIds); },
      'contact.deleting': async (tx, payload) => { payload.references += await LedgerService.countEntriesForContact(tx, payload.contactId); },
    },
  },
  routes: ledgerRoutes,
});
