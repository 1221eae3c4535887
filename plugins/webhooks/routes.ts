import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { noContent } from '../../kernel/openapi';
import { EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from './catalogue';
import { PageQuery, webhookModels } from './schemas';

const tags = ['webhooks'];
const Id = t.Object({ id: t.String({ format: 'uuid' }) });
const page = (query: { limit?: number; offset?: number }) => ({ limit: query.limit ?? 50, offset: query.offset ?? 0 });

export const webhookRoutes = (kernel: Kernel) => {
  const webhooks = () => kernel.service('webhooks');
  return new Elysia({ name: 'cuadra:webhooks', prefix: '/webhooks' })
    .use(kernel.http)
    .model(webhookModels)
    .get('/event-types', () => WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: EVENT_DESCRIPTIONS[type] })), {
      permission: 'webhooks.read', response: { 200: t.Array(webhookModels.WebhookEventType) },
      detail: { summary: 'The event types an endpoint may subscribe to', tags },
    })
    .post('', async ({ principal, body, set }) => {
      set.status = 201;
      return webhooks().create(principal, body);
    }, {
      permission: 'webhooks.manage', body: 'WebhookCreate', response: { 201: 'WebhookCreated' }, effect: 'send',
      detail: { summary: 'Register an HTTPS endpoint for events; the signing secret is shown only in this answer', tags },
    })
    .get('', async ({ principal, query }) => webhooks().list(principal, page(query)), {
      permission: 'webhooks.read', query: PageQuery, response: { 200: 'PaginatedResponse_WebhookResponse_' },
      detail: { summary: 'The company\'s webhook endpoints', tags },
    })
    .get('/:id', async ({ principal, params }) => webhooks().get(principal, params.id), {
      permission: 'webhooks.read', params: Id, response: { 200: 'WebhookResponse' },
      detail: { summary: 'One webhook endpoint', tags },
    })
    .patch('/:id', async ({ principal, params, body }) => webhooks().update(principal, params.id, body), {
      permission: 'webhooks.manage', params: Id, body: 'WebhookUpdate', response: { 200: 'WebhookResponse' }, effect: 'send',
      detail: { summary: 'Change an endpoint\'s URL, events or description; disable it, or enable it again (pending deliveries then go out)', tags },
    })
    .delete('/:id', async ({ principal, params, set }) => {
      await webhooks().remove(principal, params.id);
      set.status = 204;
    }, {
      permission: 'webhooks.manage', params: Id,
      detail: { summary: 'Delete an endpoint: nothing more is sent to it, and its delivery log goes with it', tags, responses: noContent },
    })
    .post('/:id/rotate-secret', async ({ principal, params, body }) => webhooks().rotateSecret(principal, params.id, body?.previous_valid_hours ?? 24), {
      permission: 'webhooks.manage', params: Id, body: 'WebhookSecretRotate', response: { 200: 'WebhookSecretRotated' },
      detail: { summary: 'A new signing secret (shown only here); deliveries carry a signature with each secret until the previous one expires', tags, 'x-body-optional': true },
    })
    .post('/:id/ping', async ({ principal, params }) => webhooks().ping(principal, params.id), {
      permission: 'webhooks.manage', params: Id, response: { 200: 'WebhookDeliveryResponse' }, effect: 'send',
      detail: {
        summary: 'Send a signed test event (`webhook.ping`) to the endpoint now and answer how it went; it shows in the delivery log',
        description: 'Signed with the endpoint\'s secret as every delivery is: a receiver that verifies signatures can be checked end to end before real events flow. Sent even to a disabled endpoint; never retried.',
        tags,
      },
    })
    .get('/:id/deliveries', async ({ principal, params, query }) => webhooks().deliveries(principal, params.id, page(query)), {
      permission: 'webhooks.read', params: Id, query: PageQuery, response: { 200: 'PaginatedResponse_WebhookDeliveryResponse_' },
      detail: { summary: 'The endpoint\'s deliveries, newest first: status, attempts, response code and an excerpt of the answer', tags },
    })
    .post('/:id/deliveries/:delivery_id/redeliver', async ({ principal, params }) => webhooks().redeliver(principal, params.id, params.delivery_id), {
      permission: 'webhooks.manage', params: t.Object({ id: t.String({ format: 'uuid' }), delivery_id: t.String({ format: 'uuid' }) }),
      response: { 200: 'WebhookDeliveryResponse' }, effect: 'send',
      detail: { summary: 'Send a delivery again now (same body and event id) and answer how it went', tags },
    });
};
