import { Elysia } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { PaymentReminderQuery, reminderModels } from './schemas';
import { listReminders, readSchedule, writeSchedule } from './service';

const tags = ['payment-reminders'];

export const reminderRoutes = (kernel: Kernel) => new Elysia({ name: 'cuadra:payment-reminders', prefix: '/payment-reminders' })
  .use(kernel.http)
  .model(reminderModels)
  .get('/settings', ({ uow }) => uow.run((tx) => readSchedule(tx)), {
    permission: 'payment-reminders.manage', response: { 200: 'PaymentReminderSettings' },
    detail: { summary: 'The company\'s reminder schedule (off until turned on)', tags },
  })
  .put('/settings', ({ uow, body }) => uow.run((tx) => writeSchedule(tx, body)), {
    permission: 'payment-reminders.manage', body: 'PaymentReminderSettingsUpdate', response: { 200: 'PaymentReminderSettings' }, effect: { effect: 'send', unless: { enabled: false } },
    detail: { summary: 'Turn reminders on or off, and set the days after the due date of each reminder and an extra paragraph', tags },
  })
  .get('', ({ uow, query }) => uow.run((tx) => listReminders(tx, { documentId: query.document_id, limit: query.limit ?? 50, offset: query.offset ?? 0 })), {
    permission: 'payment-reminders.read', query: PaymentReminderQuery, response: { 200: 'PaginatedResponse_PaymentReminderResponse_' },
    detail: { summary: 'Reminders sent (or skipped: the customer has no email), newest first; filter by document', tags },
  });
