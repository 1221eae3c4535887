import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { PaymentReminderJob } from './job';
import { migrations } from './migrations';
import { reminderRoutes } from './routes';
import { reminderModels } from './schemas';
import { eraseReminders, exportReminders } from './service';
import { reminderSettings } from './settings';
import { archivePart } from './archive';

declare module '../../kernel/kernel' {
  interface Services { 'payment-reminders': PaymentReminderJob }
}

/** Payment reminders by email for overdue sales documents, on a per-company schedule (off by default). */
export default definePlugin({
  name: 'payment-reminders',
  tags: { 'payment-reminders': 'Emails reminding customers of overdue invoices, on a schedule each company sets (off by default), each sent once' },
  dependsOn: ['tenants', 'contacts', 'documents'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: reminderModels,
  settings: reminderSettings,
  permissions: {
    'payment-reminders.read': rolesFrom('viewer'),
    // Reminders write to the company's customers in its name: its administrators decide.
    'payment-reminders.manage': rolesFrom('admin'),
  },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => { payload.sections['payment-reminders'] = await exportReminders(tx); },
      'tenant.erasing': async (tx) => { await eraseReminders(tx); },
    },
  },
  setup(kernel) {
    const job = new PaymentReminderJob(kernel);
    kernel.provide('payment-reminders', job);
    job.start(kernel.settings(reminderSettings).PAYMENT_REMINDERS_POLL_MS);
  },
  async teardown(kernel) {
    await kernel.service('payment-reminders').stop();
  },
  routes: reminderRoutes,
});
