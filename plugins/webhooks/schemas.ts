import { t } from 'elysia';
import { literalUnion } from '../../kernel/schemas';
import { WEBHOOK_EVENT_TYPES } from './catalogue';

const Timestamp = t.String({ format: 'date-time' });
const NullableTimestamp = t.Union([Timestamp, t.Null()]);
const EventType = literalUnion(WEBHOOK_EVENT_TYPES);
const Url = t.String({ minLength: 8, maxLength: 2000, description: 'HTTPS; every address the name resolves to must be public: global unicast, never private, loopback, link-local, reserved or an IPv6 form carrying such an IPv4 address (docs/webhooks.md)' });
const Events = t.Array(EventType, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length, uniqueItems: true, description: 'The event types to receive (GET /webhooks/event-types)' });
const Description = t.Union([t.String({ maxLength: 500 }), t.Null()]);

const WebhookFields = {
  id: t.String({ format: 'uuid' }),
  url: t.String(),
  description: t.Union([t.String(), t.Null()]),
  events: t.Array(t.String()),
  enabled: t.Boolean(),
  disabled_reason: t.Union([t.String(), t.Null()], { description: 'Why Cuadra disabled the endpoint (it failed for days); null when enabled or disabled by hand' }),
  failing_since: t.Union([Timestamp, t.Null()], { description: 'Since when every delivery failed; null once one succeeds' }),
  last_success_at: NullableTimestamp,
  previous_secret_expires_at: t.Union([Timestamp, t.Null()], { description: 'During a secret rotation: until when the previous secret still signs deliveries' }),
  created_at: Timestamp,
  updated_at: Timestamp,
};
const WebhookResponse = t.Object(WebhookFields);
const WebhookDeliveryResponse = t.Object({
  id: t.String({ format: 'uuid' }),
  event_id: t.String({ format: 'uuid', description: 'The `id` of the body: the same on every attempt and redelivery' }),
  event_type: t.String(),
  status: literalUnion(['pending', 'delivered', 'failed'] as const),
  attempts: t.Integer(),
  response_status: t.Union([t.Integer(), t.Null()]),
  response_excerpt: t.Union([t.String(), t.Null()], { description: 'The first 1,000 characters of the last answer at most' }),
  error: t.Union([t.String(), t.Null()]),
  created_at: Timestamp,
  last_attempt_at: NullableTimestamp,
  next_attempt_at: t.Union([Timestamp, t.Null()], { description: 'When pending: the next retry' }),
  delivered_at: NullableTimestamp,
});
const Page = <T extends ReturnType<typeof t.Object>>(item: T) => t.Object({ items: t.Array(item), total: t.Integer(), limit: t.Integer(), offset: t.Integer() });

export const webhookModels = {
  WebhookCreate: t.Object({ url: Url, events: Events, description: t.Optional(Description) }),
  WebhookUpdate: t.Object({
    url: t.Optional(Url), events: t.Optional(Events), description: t.Optional(Description),
    enabled: t.Optional(t.Boolean({ description: 'false pauses deliveries; true resumes them (and clears the failing state)' })),
  }, { minProperties: 1 }),
  WebhookResponse,
  WebhookCreated: t.Object({ ...WebhookFields, secret: t.String({ description: 'The signing secret (whsec_…), shown only here and on rotation' }) }),
  WebhookSecretRotate: t.Object({
    previous_valid_hours: t.Optional(t.Integer({ minimum: 0, maximum: 168, default: 24, description: 'How long the previous secret keeps signing (0: stop at once)' })),
  }),
  WebhookSecretRotated: t.Object({ secret: t.String(), previous_secret_expires_at: NullableTimestamp }),
  WebhookDeliveryResponse,
  WebhookEventType: t.Object({ type: t.String(), description: t.String() }),
  PaginatedResponse_WebhookResponse_: Page(WebhookResponse),
  PaginatedResponse_WebhookDeliveryResponse_: Page(WebhookDeliveryResponse),
};

export const PageQuery = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 })),
  offset: t.Optional(t.Integer({ minimum: 0, default: 0 })),
});
