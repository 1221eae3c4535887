import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import '../tenants/hooks';
import './api';
import { migrations } from './migrations';
import { fiscalYearRoutes } from './routes';
import { fiscalYearModels } from './schemas';
import { FiscalYears } from './service';
import { archivePart } from './archive';

/**
 * Fiscal years: their dates, result and status, the year-end close (regularisation, closing and
 * opening entries, posted set-based by the ledger) and its reopening. The period lock itself is
 * the ledger's (`PUT /ledger/lock`), where every posting passes. Plugins that own what must be
 * settled before a close contribute to `year-end-checks` (see ./api.ts).
 */
export default definePlugin({
  name: 'fiscal-years',
  tags: { 'fiscal-years': 'Fiscal years: dates, result, year-end close (regularisation, closing and opening entries) and reopening' },
  dependsOn: ['tenants', 'ledger'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: fiscalYearModels,
  extensionPoints: {
    'year-end-checks': { description: 'what must be settled before a fiscal year is closed (drafts, unreconciled movements)', key: (check) => check.name },
  },
  permissions: {
    'fiscal-years.read': rolesFrom('viewer'),
    'fiscal-years.close': rolesFrom('accountant'),
    'fiscal-years.reopen': ['owner'],
  },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => { payload.sections['fiscal-years'] = await FiscalYears.exportForAccount(tx); },
      'tenant.erasing': async (tx) => { await FiscalYears.erase(tx); },
    },
  },
  routes: fiscalYearRoutes,
});
