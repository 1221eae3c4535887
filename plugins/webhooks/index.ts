import type { EventHandler, EventName } from '../../kernel/hooks';
import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { WEBHOOK_EVENT_TYPES } from './catalogue';
import { migrations } from './migrations';
import { webhookRoutes } from './routes';
import { webhookModels } from './schemas';
import { WebhookService } from './service';
import { webhookSettings } from './settings';
import { archivePart } from './archive';

declare module '../../kernel/kernel' {
  interface Services { webhooks: WebhookService }
}

export default definePlugin({
  name: 'webhooks',
  tags: { webhooks: 'Signed HTTPS deliveries of the company\'s events (invoice issued, purchase registered, document paid, …), with retries and a delivery log' },
  dependsOn: ['tenants', 'identity'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: webhookModels,
  settings: webhookSettings,
  permissions: {
    // Endpoints receive the company's business events: the company's administrators decide where they go.
    'webhooks.read': rolesFrom('admin'),
    'webhooks.manage': rolesFrom('admin'),
  },
  setup(kernel) {
    const service = new WebhookService(kernel, kernel.settings(webhookSettings));
    kernel.provide('webhooks', service);
    // Every catalogued event type, subscribed here (not in `hooks.events`) so that each app's
    // subscriber reaches its own service; an event type nobody publishes simply never comes. Only
    // for companies with an enabled endpoint (kept by a trigger, ./migrations.ts): the others'
    // events cost no outbox delivery.
    for (const type of WEBHOOK_EVENT_TYPES) {
      const handler: EventHandler<any> = (payload, ctx) => service.enqueue(type, payload, ctx);
      kernel.hooks.onEvent(type as EventName, 'webhooks', handler, { tenants: 'subscribed' });
    }
    service.start();
  },
  async teardown(kernel) {
    await kernel.service('webhooks').stop();
  },
  routes: webhookRoutes,
});
