import { Type } from '@sinclair/typebox';
import { defineSettings } from '../../kernel/settings';

export const recurringInvoiceSettings = defineSettings({
  RECURRING_INVOICES_POLL_MS: Type.Integer({ default: 600_000, minimum: 1_000, description: 'How often due recurring invoices are looked for (also once at start-up)' }),
});
