import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import './api';
import { eraseRates, exportRates } from './lifecycle';
import { migrations } from './migrations';
import { exchangeRateRoutes } from './routes';
import { exchangeRateModels } from './schemas';
import { exchangeRateService } from './service';
import { archivePart } from './archive';

/**
 * Each company's exchange-rate table (units of a currency per euro, by day): entered by hand or
 * imported from the ECB's reference rates file, and the conversion other plugins use for
 * documents and treasuries in another currency: `kernel.service('exchange-rates')` (./api.ts).
 */
export default definePlugin({
  name: 'exchange-rates',
  tags: { 'exchange-rates': 'Exchange rates (units of a currency per euro, by day): manual entry, ECB reference rates import, the rate of a day' },
  dependsOn: ['tenants', 'ledger'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: exchangeRateModels,
  permissions: {
    'exchange-rates.read': rolesFrom('viewer'),
    'exchange-rates.write': rolesFrom('accountant'),
  },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => { if (payload.allows('exchange-rates.read')) payload.sections['exchange-rates'] = await exportRates(tx); },
      'tenant.erasing': async (tx) => { await eraseRates(tx); },
    },
  },
  routes: exchangeRateRoutes,
  setup(kernel) {
    kernel.provide('exchange-rates', exchangeRateService);
  },
});
