import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { eraseFixedAssets, exportFixedAssets } from './lifecycle';
import { migrations } from './migrations';
import { fixedAssetRoutes } from './routes';
import { fixedAssetModels } from './schemas';
import { archivePart } from './archive';
import { FIXED_ASSET_DISPOSALS } from './capital-good-disposals';

/**
 * Fixed assets: the register, linear depreciation by month (useful life, or a coefficient of the
 * official table of art. 12.1.a LIS), posting every month once, disposal by sale (invoiced through
 * the invoices plugin) or write-off, and the yearly register. Journal entries go through the
 * ledger's api; purchases are read through theirs.
 */
export default definePlugin({
  name: 'fixed-assets',
  tags: { 'fixed-assets': 'Fixed assets: register, depreciation schedule and posting, disposal, the official coefficients table' },
  dependsOn: ['tenants', 'ledger', 'purchases', 'invoices'],
  migrations,
  // the sales of the assets bought by purchase lines, for the VAT regularisation of capital goods (art. 110 LIVA)
  contributesIfInstalled: { 'company-archive': [archivePart], 'capital-good-disposals': [FIXED_ASSET_DISPOSALS] },
  models: fixedAssetModels,
  permissions: {
    'fixed-assets.read': rolesFrom('viewer'),
    'fixed-assets.write': rolesFrom('accountant'),
  },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => { payload.sections['fixed-assets'] = await exportFixedAssets(tx); },
      'tenant.erasing': async (tx) => { await eraseFixedAssets(tx); },
    },
  },
  routes: fixedAssetRoutes,
});
