import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { contactHooks } from '../documents/api';
import './hooks';
import { PURCHASE } from './kind';
import { migrations } from './migrations';
import { purchaseRoutes } from './routes';
import { purchaseModels } from './schemas';
import { wantsKind } from '../../kernel/search';
import { purchaseSearchHits } from './search';
import { PURCHASE_SETTLEMENT, PurchaseService, purchaseToJson } from './service';

export default definePlugin({
  name: 'purchases',
  tags: { purchases: 'Purchase invoices and expenses: drafts, booking, rectifications and payments' },
  // documents: the shared lines, numbering, lifecycle, tax register and settlements (its api.ts)
  dependsOn: ['tenants', 'contacts', 'taxes', 'ledger', 'documents'],
  migrations,
  contributes: { 'document-kinds': [{ ...PURCHASE, settlement: PURCHASE_SETTLEMENT }] },
  models: purchaseModels,
  permissions: {
    'purchases.read': rolesFrom('viewer'),
    // Members create, register, rectify and pay documents (roles: docs/api.md); the entry is derived by
    // the posting rule, never typed by hand.
    'purchases.write': rolesFrom('member'),
  },
  hooks: {
    sync: {
      ...contactHooks(PURCHASE, 'purchased', 'purchase'),
      // answered when the account plugin is installed (it declares and fires these hooks)
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
