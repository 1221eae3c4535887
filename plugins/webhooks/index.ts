import type { CuadraPlugin } from '../../kernel/plugin';
import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { WEBHOOK_EVENT_TYPES } from './catalogue';
import { migrations } from './migrations';
import { webhookRoutes } from './routes';
import { webhookModels } from './schemas';
import { WebhookService } from './service';
import { webhookSettings } from './settings';

declare module '../../kernel/kernel' {
  interface Services { webhooks: WebhookService }
}

let service: WebhookService | undefined;
const webhooks = () => {
  if (!service) throw new Error('The webhooks plugin is not set up');
  return service;
};

/** Every catalogued event type, delivered to the endpoints subscribed to it (an event nobody publishes never comes). */
const events = Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, (payload: unknown, ctx: Parameters<WebhookService['enqueue']>[2]) => webhooks().enqueue(type, payload, ctx)]));

export default definePlugin({
  name: 'webhooks',
  tags: { webhooks: 'Signed HTTPS deliveries of the company\'s events (invoice issued, purchase registered, document paid, …), with retries and a delivery log' },
  dependsOn: ['tenants', 'identity'],
  migrations,
  models: webhookModels,
  settings: webhookSettings,
  permissions: {
    // Endpoints receive the company's business events: the company's administrators decide where they go.
    'webhooks.read': rolesFrom('admin'),
    'webhooks.manage': rolesFrom('admin'),
  },
  hooks: { events: events as NonNullable<CuadraPlugin['hooks']>['events'] },
  setup(kernel) {
    service = new WebhookService(kernel, kernel.settings(webhookSettings));
    kernel.provide('webhooks', service);
    service.start();
  },
  async teardown() {
    await service?.stop();
  },
  routes: webhookRoutes,
});
