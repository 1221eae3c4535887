import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { ApprovalListQuery, approvalModels } from './schemas';

const tags = ['approvals'];
const Id = t.Object({ id: t.String({ format: 'uuid' }) });

export const approvalRoutes = (kernel: Kernel) => {
  const approvals = () => kernel.service('approvals');
  return new Elysia({ name: 'cuadra:approvals', prefix: '/approvals' })
    .use(kernel.http)
    .model(approvalModels)
    .get('', ({ principal, query }) => approvals().list(principal, { status: query.status, limit: query.limit ?? 50, offset: query.offset ?? 0 }), {
      permission: 'approvals.read', query: ApprovalListQuery, response: { 200: 'PaginatedResponse_ApprovalResponse_' },
      detail: { summary: 'Requests waiting for (or given) a person\'s approval, newest first; a key with the drafts scope sees only its own', tags },
    })
    .get('/:id', ({ principal, params }) => approvals().get(principal, params.id), {
      permission: 'approvals.read', params: Id, response: { 200: 'ApprovalResponse' },
      detail: { summary: 'One approval: the request as sent, who decided, and once it ran, its answer', tags },
    })
    .post('/:id/approve', ({ principal, params }) => approvals().approve(principal, params.id), {
      permission: 'approvals.decide', params: Id, response: { 200: 'ApprovalResponse' },
      detail: {
        summary: 'Approve: the request runs now, once, as the key that asked (with its Idempotency-Key); the approval answers with its result',
        description: 'Only a person signed in decides, and only one whose role may do what the request does. A second approval of the same request answers 409.',
        tags,
      },
    })
    .post('/:id/reject', ({ principal, params, body }) => approvals().reject(principal, params.id, body?.note ?? null), {
      permission: 'approvals.decide', params: Id, body: 'ApprovalReject', response: { 200: 'ApprovalResponse' },
      detail: { summary: 'Reject: the request never runs', tags, 'x-body-optional': true },
    });
};
