import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { addContactStats } from '../contacts/api';
import { registerDocumentKind } from '../documents/api';
import { Purchase, PurchaseLine, PurchaseSeries } from './entities';
import './hooks';
import { migrations } from './migrations';
import { purchaseRoutes } from './routes';
import { purchaseModels } from './schemas';
import { PURCHASE_SETTLEMENT, PurchaseService, purchaseToJson } from './service';

registerDocumentKind({ name: 'purchase', plugin: 'purchases', table: 'purchases', side: 'received', settlement: PURCHASE_SETTLEMENT });

export default definePlugin({
  name: 'purchases',
  // documents: the shared lines, numbering, lifecycle, tax register and settlements (its api.ts)
  dependsOn: ['tenants', 'contacts', 'taxes', 'ledger', 'documents'],
  entities: [Purchase, PurchaseLine, PurchaseSeries],
  migrations,
  models: purchaseModels,
  permissions: {
    'purchases.read': rolesFrom('viewer'),
    // Members create, register, rectify and pay documents (API.md roles); the entry is derived by
    // the posting rule, never typed by hand.
    'purchases.write': rolesFrom('member'),
  },
  hooks: {
    sync: {
      'contact.merging': async (tx, payload) => { payload.repointed += await PurchaseService.repointContacts(tx, payload.survivorId, payload.duplicateIds); },
      'contact.deleting': async (tx, payload) => { payload.references += await PurchaseService.countForContact(tx, payload.contactId); },
      'contact.stats': async (tx, payload) => {
        const s = await PurchaseService.statsForContact(tx, payload.contactId);
        addContactStats(payload.stats, { documents: s.documents, purchased: s.amount, outstanding: s.outstanding, firstDate: s.firstDate, lastDate: s.lastDate });
      },
      'contact.activity': async (tx, payload) => { payload.rows.push(...await PurchaseService.activity(tx, payload.from, payload.to)); },
      // answered when the account plugin is installed (it declares and fires these hooks)
      'account.exporting': async (tx, payload) => { payload.sections.purchases = { purchases: (await PurchaseService.exportAll(tx)).map(purchaseToJson) }; },
      'tenant.erasing': async (tx) => { await PurchaseService.eraseTenant(tx); },
    },
  },
  routes: purchaseRoutes,
});
