import { t } from 'elysia';
import { literalUnion } from '../../kernel/schemas';

export const DEFAULT_DAYS = [7, 21, 45];

const Days = t.Array(t.Integer({ minimum: 1, maximum: 3650 }), {
  minItems: 1, maxItems: 10, description: 'Days after the due date for each reminder, increasing: reminder n goes once the invoice is that many days overdue',
});
const Message = t.Union([t.String({ maxLength: 2000 }), t.Null()], { description: 'A paragraph added to every reminder' });

const PaymentReminderSettings = t.Object({ enabled: t.Boolean(), days: Days, message: Message });

const PaymentReminderSettingsUpdate = t.Object({
  enabled: t.Boolean(),
  days: t.Optional(Days),
  message: t.Optional(Message),
}, { additionalProperties: false });

const PaymentReminderResponse = t.Object({
  id: t.String({ format: 'uuid' }),
  document_type: t.String(),
  document_id: t.String({ format: 'uuid' }),
  number: t.String(),
  reminder: t.Integer({ description: '1 for the first reminder of the document, 2 for the second…' }),
  status: literalUnion(['sent', 'skipped'] as const),
  reason: t.Union([t.String(), t.Null()], { description: 'Why a skipped reminder was not sent' }),
  recipient: t.Union([t.String(), t.Null()]),
  due_date: t.String({ format: 'date' }),
  days_overdue: t.Integer(),
  outstanding: t.String({ description: 'What was owed when the reminder went' }),
  created_at: t.String({ format: 'date-time' }),
});

export const PaymentReminderQuery = t.Object({
  document_id: t.Optional(t.String({ format: 'uuid' })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 })),
  offset: t.Optional(t.Integer({ minimum: 0, default: 0 })),
});

export const reminderModels = {
  PaymentReminderSettings,
  PaymentReminderSettingsUpdate,
  PaymentReminderResponse,
  PaginatedResponse_PaymentReminderResponse_: t.Object({ items: t.Array(PaymentReminderResponse), total: t.Integer(), limit: t.Integer(), offset: t.Integer() }),
};
