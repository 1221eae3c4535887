import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { addContactStats } from '../contacts/api';
import { Purchase, PurchaseLine, PurchaseSeries } from './entities';
import './hooks';
import { migrations } from './migrations';
import { purchaseRoutes } from './routes';
import { purchaseModels } from './schemas';
import { wantsKind } from '../search/api';
import { purchaseSearchHits } from './search';
import { PurchaseService, purchaseToJson } from './service';

export default definePlugin({
  name: 'purchases',
  tags: { purchases: 'Purchase invoices and expenses: drafts, booking, rectifications and payments' },
  // invoices: the shared document arithmetic, numbering and tax-type checks (its api.ts)
  dependsOn: ['tenants', 'contacts', 'taxes', 'ledger', 'invoices'],
  entities: [Purchase, PurchaseLine, PurchaseSeries],
  migrations,
  models: purchaseModels,
  permissions: {
    'purchases.read': rolesFrom('viewer'),
    // Members create, register, rectify and pay documents (roles: docs/api.md); the entry is derived by
    // the posting rule, never typed by hand.
    'purchases.write': rolesFrom('member'),
  },
  hooks: {
    sync: {
      'contact.merging': async (tx, payload) => { payload.repointed += await PurchaseService.repointContacts(tx, payload.survivorId, payload.duplicateIds); },
      'contact.deleting': async (tx, payload) => { payload.references += await PurchaseService.countForContact(tx, payload.contactId); },
      'contact.stats': async (tx, payload) => {
        const s = await PurchaseService.statsForContact(tx, payload.contactId);
        addContactStats(payload.stats, { documents: s.documents, purchased: s.purchased, outstanding: s.outstanding, firstDate: s.firstDate, lastDate: s.lastDate });
      },
      'contact.activity': async (tx, payload) => { payload.rows.push(...await PurchaseService.activity(tx, payload.from, payload.to)); },
      // kernel lifecycle hooks, fired by the account plugin when it is installed
      'account.exporting': async (tx, payload) => { payload.sections.purchases = { purchases: (await PurchaseService.exportAll(tx)).map(purchaseToJson) }; },
      'tenant.erasing': async (tx) => { await PurchaseService.eraseTenant(tx); },
      // answered when the search plugin is installed (GET /search)
      'search.collecting': async (tx, payload) => {
        if (wantsKind(payload, 'purchases') && payload.allowed('purchases.read')) payload.groups.push(await purchaseSearchHits(tx, payload.needle, payload.limit));
      },
    },
  },
  routes: purchaseRoutes,
});
