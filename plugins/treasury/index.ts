import { definePlugin } from '../../kernel/plugin';
import type { Tx } from '../../kernel/uow';
import { rolesFrom } from '../../kernel/roles';
import './api';
import { camt053Importer, camt054Importer } from './importers/camt053';
import { csvImporter } from './importers/csv';
import { htmlTableImporter } from './importers/html-table';
import { norma43Importer } from './importers/norma43';
import { spreadsheetImporter } from './importers/spreadsheet';
import { CollectionAccounts } from './collection-account';
import { eraseTreasury, exportTreasury } from './lifecycle';
import { migrations } from './migrations';
import { treasuryRoutes } from './routes';
import { treasuryModels } from './schemas';
import { treasuryService } from './service';
import { unreconciledMovementsCheck } from './year-end-check';
import { archivePart } from './archive';

/**
 * Treasuries (bank accounts, payment processors, wallets) with their balance from the books, their
 * bank movements and statement imports. Every movement is posted when it is stored (572x against
 * the treasury's suspense account 555x); reconciliation moves it from 555x to where it belongs.
 * Other plugins use `kernel.service('treasury')` (./api.ts) and may add statement formats through
 * the `statement-importers` extension point.
 */
export default definePlugin({
  name: 'treasury',
  tags: { treasury: 'Treasuries (bank accounts, payment processors, wallets), bank movements and statement imports (Norma 43, CAMT.053, XLSX, CSV)' },
  dependsOn: ['tenants', 'taxes', 'ledger', 'exchange-rates'],
  migrations,
  models: treasuryModels,
  extensionPoints: {
    'statement-importers': { description: 'a bank statement format the treasury plugin can import', key: (importer) => importer.name },
  },
  // The plugin's own formats: CSV last, as it accepts almost any text.
  contributes: { 'statement-importers': [norma43Importer, camt053Importer, camt054Importer, spreadsheetImporter, htmlTableImporter, csvImporter] },
  // the IBAN printed on the company's documents, when the documents plugin is installed
  // and the movements still to reconcile hold back a fiscal year's close, when the fiscal-years plugin is installed
  contributesIfInstalled: { 'company-archive': [archivePart],
    'collection-accounts': [{ name: 'treasury', load: (tx: Tx) => CollectionAccounts.current(tx) }],
    'year-end-checks': [unreconciledMovementsCheck],
  },
  permissions: {
    'treasury.read': rolesFrom('viewer'),
    'treasury.write': rolesFrom('accountant'),
  },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => { payload.sections.treasury = await exportTreasury(tx); },
      'tenant.erasing': async (tx) => { await eraseTreasury(tx); },
    },
  },
  routes: treasuryRoutes,
  setup(kernel) {
    kernel.provide('treasury', treasuryService);
  },
});
