import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import './api';
import './events';
import { migrations } from './migrations';
import { recurringInvoiceRoutes } from './routes';
import { Runs } from './runs';
import { RecurringInvoiceRunner, sendMadeInvoice } from './runner';
import { recurringInvoiceModels } from './schemas';
import { recurringInvoiceSettings } from './settings';
import { Templates } from './templates';
import { archivePart } from './archive';

/**
 * Recurring invoices: templates (customer, lines, every N months or yearly) from which a
 * background job makes each period's invoice once, through the invoices plugin's service.
 */
export default definePlugin({
  name: 'recurring-invoices',
  tags: { 'recurring-invoices': 'Templates of invoices made every N months or every year by a background job, issued or left as drafts, with the log of what each period made' },
  // document-sending: a template may ask for each issued invoice to be emailed to its customer
  dependsOn: ['tenants', 'contacts', 'taxes', 'ledger', 'documents', 'invoices', 'document-sending'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: recurringInvoiceModels,
  settings: recurringInvoiceSettings,
  permissions: {
    'recurring-invoices.read': rolesFrom('viewer'),
    // The job issues what a template says: making one is as much as issuing invoices (invoices.issue: member).
    'recurring-invoices.write': rolesFrom('member'),
  },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => {
        if (payload.allows('recurring-invoices.read')) payload.sections['recurring-invoices'] = { templates: await Templates.exportAll(tx), runs: await Runs.exportAll(tx) };
      },
      'tenant.erasing': (tx) => Templates.eraseTenant(tx),
      'contact.merging': (tx, payload) => Templates.repointContact(tx, payload.survivorId, payload.duplicateIds),
      'contact.deleting': async (tx, payload) => { payload.references += await Templates.countForContact(tx, payload.contactId); },
    },
  },
  routes: recurringInvoiceRoutes,
  setup(kernel) {
    // After the invoice is committed: a failed mail is retried by the outbox, never rolls the invoice back.
    kernel.hooks.onEvent('recurring-invoice.created', 'recurring-invoices', (payload, context) => sendMadeInvoice(kernel, payload, context.tenantId));
    const runner = new RecurringInvoiceRunner(kernel);
    kernel.provide('recurring-invoices', runner);
    runner.start(kernel.settings(recurringInvoiceSettings).RECURRING_INVOICES_POLL_MS);
  },
  async teardown(kernel) {
    await kernel.service('recurring-invoices').stop();
  },
});
