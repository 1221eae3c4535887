import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { money } from '../../kernel/money';
import { contactHooks } from '../documents/api';
import { Invoice, InvoiceLine, InvoiceSeries } from './entities';
import './hooks';
import { installInvoiceExtensions, invoiceExtensionPoints } from './extensions';
import { migrations } from './migrations';
import { invoiceRoutes } from './routes';
import { invoiceModels } from './schemas';
import { wantsKind } from '../../kernel/search';
import { invoiceSearchHits } from './search';
import { INVOICE_SETTLEMENT, InvoiceService, KIND, invoiceToJson } from './service';
import { recentInvoicesWidget } from './widgets';

export default definePlugin({
  name: 'invoices',
  tags: { invoices: 'Sales invoices: drafts, issuing (numbered, posted to the ledger), rectifying invoices, payments and PDFs' },
  dependsOn: ['tenants', 'contacts', 'taxes', 'ledger', 'documents'],
  entities: [Invoice, InvoiceLine, InvoiceSeries],
  migrations,
  // Other plugins add fields to an invoice's JSON, stamps to its PDF and parts to its issue statement (./extensions.ts).
  extensionPoints: invoiceExtensionPoints,
  setup: (kernel) => installInvoiceExtensions(kernel),
  contributes: { 'document-kinds': [{ name: 'invoice', plugin: 'invoices', table: 'invoices', side: 'issued', settlement: INVOICE_SETTLEMENT }] },
  // the dashboards plugin's widget catalogue, when it is installed
  contributesIfInstalled: { 'widget-types': [recentInvoicesWidget] },
  models: invoiceModels,
  permissions: {
    'invoices.read': rolesFrom('viewer'),
    // Members create and edit documents (roles: docs/api.md)…
    'invoices.write': rolesFrom('member'),
    // …and issue them: issuing is how a sales document comes to exist (POST /invoices issues by
    // default). The ledger entry it posts is derived by the posting rule, never typed by hand, so
    // it needs no accountant; writing the ledger by hand stays ledger.write (accountant+).
    // Rectifying invoices and recorded collections go with it.
    'invoices.issue': rolesFrom('member'),
  },
  hooks: {
    sync: {
      ...contactHooks(KIND, 'invoiced', 'sale'),
      'taxes.distance-sales': async (tx, payload) => {
        if (payload.tenantId !== tx.tenantId) return;
        const mine = await InvoiceService.distanceSales(tx, payload.year);
        payload.total = mine.add(money(payload.total)).toString();
      },
      // kernel lifecycle hooks, fired by the account plugin when it is installed
      'account.exporting': async (tx, payload) => { payload.sections.invoices = { invoices: (await InvoiceService.exportAll(tx)).map(invoiceToJson) }; },
      'tenant.erasing': async (tx) => { await InvoiceService.eraseTenant(tx); },
      // answered when the search plugin is installed (GET /search)
      'search.collecting': async (tx, payload) => {
        if (wantsKind(payload, 'invoices') && payload.allowed('invoices.read')) payload.groups.push(await invoiceSearchHits(tx, payload.needle, payload.limit));
      },
    },
  },
  routes: invoiceRoutes,
});
