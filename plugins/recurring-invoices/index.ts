import type { Kernel } from '../../kernel/kernel';
import { definePlugin } from '../../kernel/plugin';
import { sendOnce } from '../document-sending/api';
import { rolesFrom } from '../../kernel/roles';
import './api';
import './events';
import { migrations } from './migrations';
import { recurringInvoiceRoutes } from './routes';
import { Runs } from './runs';
import { RecurringInvoiceRunner } from './runner';
import { recurringInvoiceModels } from './schemas';
import { recurringInvoiceSettings } from './settings';
import { Templates } from './templates';

let installed: Kernel | undefined;
const kernelOf = (): Kernel => {
  if (!installed) throw new Error('recurring-invoices is not set up');
  return installed;
};

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
    events: {
      // After the invoice is committed: a failed mail is retried by the outbox, never rolls the invoice back.
      'recurring-invoice.created': async (payload, context) => {
        if (!payload.send || payload.invoice_status !== 'issued' || !context.tenantId) return;
        await kernelOf().unitOfWork(null).run((tx) => sendOnce(kernelOf(), tx, 'invoice', payload.invoice_id), { tenantId: context.tenantId });
      },
    },
  },
  routes: recurringInvoiceRoutes,
  setup(kernel) {
    installed = kernel;
    const runner = new RecurringInvoiceRunner(kernel);
    kernel.provide('recurring-invoices', runner);
    runner.start(kernel.settings(recurringInvoiceSettings).RECURRING_INVOICES_POLL_MS);
  },
  async teardown(kernel) {
    await kernel.service('recurring-invoices').stop();
  },
});
