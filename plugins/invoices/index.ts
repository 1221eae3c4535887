import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { money } from '../../kernel/money';
import { documentKindHooks, documentKindPlugin } from '../documents/api';
import './hooks';
import { installInvoiceExtensions, invoiceExtensionPoints } from './extensions';
import { INVOICE, INVOICE_OPEN_ITEMS } from './kind';
import { migrations } from './migrations';
import { invoiceRoutes } from './routes';
import { invoiceModels } from './schemas';
import { invoiceSearchHits } from './search';
import { sendableInvoice } from './sending';
import { INVOICE_SETTLEMENT, InvoiceService, invoiceToJson } from './service';
import { productSalesDimension, recentInvoicesWidget } from './widgets';
import { archivePart } from './archive';

export default definePlugin({
  ...documentKindPlugin(INVOICE, INVOICE_SETTLEMENT, { migrations, models: invoiceModels, routes: invoiceRoutes }, INVOICE_OPEN_ITEMS),
  tags: { invoices: 'Sales invoices: drafts, issuing (numbered, posted to the ledger), rectifying invoices, payments and PDFs' },
  // Other plugins add fields to an invoice's JSON, stamps to its PDF and parts to its issue statement (./extensions.ts).
  extensionPoints: invoiceExtensionPoints,
  setup: (kernel) => installInvoiceExtensions(kernel),
  // the dashboards plugin's widget catalogue and the document-sending plugin, when they are installed
  contributesIfInstalled: { 'company-archive': [archivePart], 'widget-types': [recentInvoicesWidget], 'top-dimensions': [productSalesDimension], 'sendable-documents': [sendableInvoice] },
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
      ...documentKindHooks(INVOICE, {
        statsKey: 'invoiced', activitySide: 'sale', exportAll: InvoiceService.exportAll, toJson: invoiceToJson, eraseTenant: InvoiceService.eraseTenant, searchHits: invoiceSearchHits,
      }),
      'taxes.distance-sales': async (tx, payload) => {
        if (payload.tenantId !== tx.tenantId) return;
        const mine = await InvoiceService.distanceSales(tx, payload.year);
        payload.total = mine.add(money(payload.total)).toString();
      },
    },
  },
});
