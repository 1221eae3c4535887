import { definePlugin } from '../../kernel/plugin';
import { archiveModels, archiveRoutes } from './routes';

/**
 * The company, portable: GET /tenants/me/archive streams every plugin's rows and files for the
 * company as one versioned zip; POST /tenants/import restores one into a new company. Plugins
 * contribute their own tables to the `company-archive` extension point (declared by the tenants
 * plugin: ../tenants/archive-point.ts); this plugin reads no table of its own choosing. See
 * docs/company-archive.md.
 */
export default definePlugin({
  name: 'company-archive',
  tags: { 'company-archive': 'The whole company as one archive, and restoring one into a new company (portability, moving between deployments or shards)' },
  dependsOn: ['tenants', 'identity'],
  models: archiveModels,
  permissions: { 'company-archive.export': ['owner'] },
  contributes: {
    'company-archive': [{
      part: 'kernel',
      version: 1,
      tables: [],
      notArchived: [
        { table: 'idempotency_keys', reason: 'stored answers to retried requests: they belong to the clients of the deployment the archive came from' },
        { table: 'outbox_events', reason: 'events of the source deployment, delivered (or not) there' },
        { table: 'outbox_deliveries', reason: 'deliveries of the source deployment\'s events' },
        { table: 'outbox_tenant_subscriptions', reason: 'kept by the webhooks plugin\'s trigger from its endpoints, which are not archived' },
      ],
    }],
  },
  routes: archiveRoutes,
});
