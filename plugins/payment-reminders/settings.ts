import { Type } from '@sinclair/typebox';
import { defineSettings } from '../../kernel/settings';

export const reminderSettings = defineSettings({
  PAYMENT_REMINDERS_POLL_MS: Type.Integer({ default: 3_600_000, minimum: 1_000, description: 'How often overdue invoices are looked at for reminders due' }),
});
