import { Elysia } from 'elysia';
import { BadRequest } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { queryBounds } from '../../kernel/query-bounds';
import { workspaceCompanies } from './companies';
import { WorkspaceQuery, workspaceModels } from './schemas';

export const workspaceRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:workspace' })
    .use(kernel.http)
    .model(workspaceModels)
    .get('/workspace/companies', async ({ principal, query }) => {
      if (principal.viaTenantId) throw new BadRequest('The workspace lists every company this credential reaches: call it without X-Tenant-Id');
      return workspaceCompanies(kernel, principal, { needs: query.needs, sort: query.sort, limit: query.limit ?? 50, offset: query.offset ?? 0 });
    }, {
      signedIn: 'any', query: WorkspaceQuery, transform: queryBounds(WorkspaceQuery), response: { 200: 'WorkspacePage' },
      detail: {
        summary: 'Every company the caller belongs to or reaches through an accounting firm, with its role and what needs doing there',
        description: 'An API key lists its own company and the clients its firm reaches. Each figure is null where the caller\'s role there may not read it.',
        tags: ['workspace'],
      },
    });
