import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { documentKindHooks, documentKindPlugin } from '../documents/api';
import './hooks';
import { PURCHASE, PURCHASE_OPEN_ITEMS } from './kind';
import { migrations } from './migrations';
import { purchaseRoutes } from './routes';
import { purchaseModels } from './schemas';
import { purchaseSearchHits } from './search';
import { PURCHASE_SETTLEMENT, PurchaseService, purchaseToJson } from './service';
import { archivePart } from './archive';

const kindPlugin = documentKindPlugin(PURCHASE, PURCHASE_SETTLEMENT, { migrations, models: purchaseModels, routes: purchaseRoutes }, PURCHASE_OPEN_ITEMS);

export default definePlugin({
  ...kindPlugin,
  // the year's VAT prorrata (tax-models' `vatProrrataOf`) decides how much of a purchase's VAT is deducted
  dependsOn: [...kindPlugin.dependsOn, 'tax-models'],
  contributesIfInstalled: { 'company-archive': [archivePart] },
  tags: { purchases: 'Purchase invoices and expenses: drafts, booking, rectifications and payments' },
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
});
