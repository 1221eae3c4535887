import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { documentKindHooks } from '../documents/api';
import './hooks';
import { PURCHASE } from './kind';
import { migrations } from './migrations';
import { purchaseRoutes } from './routes';
import { purchaseModels } from './schemas';
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
      ...documentKindHooks(PURCHASE, {
        statsKey: 'purchased', activitySide: 'purchase', exportAll: PurchaseService.exportAll, toJson: purchaseToJson, eraseTenant: PurchaseService.eraseTenant,
        searchHits: purchaseSearchHits,
      }),
    },
  },
  routes: purchaseRoutes,
});
