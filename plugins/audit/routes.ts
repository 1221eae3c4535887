import { Elysia } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { queryBounds } from '../../kernel/query-bounds';
import { AuditEntries } from './entries';
import { AuditQuery, auditModels } from './schemas';

export const auditRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:audit' })
    .use(kernel.http)
    .model(auditModels)
    .get('/audit', async ({ uow, query }) => {
      const limit = query.limit ?? 50, offset = query.offset ?? 0;
      const page = await uow.run((tx) => AuditEntries.page(tx, {
        from: query.from, to: query.to, userId: query.user_id, apiKeyId: query.api_key_id, firmId: query.firm_id,
        method: query.method, route: query.route, objectId: query.object_id,
      }, limit, offset));
      return { ...page, limit, offset };
    }, {
      permission: 'audit.read', query: AuditQuery, transform: queryBounds(AuditQuery),
      response: { 200: 'AuditPage' },
      detail: {
        summary: 'The company\'s audit log: every write answered 2xx (who, through which firm, what, when, from where), newest first',
        tags: ['audit'],
      },
    });
