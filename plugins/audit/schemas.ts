import { t } from 'elysia';
import { Nullable } from '../../kernel/schemas';


export const AuditActor = t.Object({
  kind: t.Union([t.Literal('session'), t.Literal('api_key')], { description: 'A person signed in, or an API key' }),
  user_id: t.String({ format: 'uuid', description: 'The person, or the member who created the API key' }),
  email: Nullable(t.String({ description: 'The person\'s email (null once the account is deleted)' })),
  api_key_id: Nullable(t.String({ format: 'uuid' })),
  firm_id: Nullable(t.String({ format: 'uuid', description: 'The accounting firm (a company of kind `firm`) the actor acted through, when it is not a member of this company itself' })),
});

export const AuditEntry = t.Object({
  id: t.String({ format: 'uuid' }),
  occurred_at: t.String({ format: 'date-time' }),
  actor: AuditActor,
  operation: t.String({ description: 'Method and route template, e.g. `POST /api/v1/invoices/{id}/issue`' }),
  method: t.String(),
  route: t.String(),
  object_id: Nullable(t.String({ description: 'What was written: the created object\'s id, else the route\'s last path parameter' })),
  status: t.Integer({ description: 'The answer\'s HTTP status' }),
  client_ip: t.String({ description: 'Where the request came from (X-Forwarded-For\'s first hop behind a trusted proxy)' }),
  request_id: Nullable(t.String()),
});

export const AuditPage = t.Object({
  items: t.Array(AuditEntry),
  total: t.Integer({ minimum: 0 }),
  limit: t.Integer(),
  offset: t.Integer(),
});

export const AuditQuery = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 })),
  offset: t.Optional(t.Integer({ minimum: 0, maximum: 2147483647, default: 0 })),
  from: t.Optional(t.String({ format: 'date-time', description: 'At or after this instant' })),
  to: t.Optional(t.String({ format: 'date-time', description: 'Before this instant' })),
  user_id: t.Optional(t.String({ format: 'uuid' })),
  api_key_id: t.Optional(t.String({ format: 'uuid' })),
  firm_id: t.Optional(t.String({ format: 'uuid' })),
  method: t.Optional(t.Union([t.Literal('POST'), t.Literal('PUT'), t.Literal('PATCH'), t.Literal('DELETE')])),
  route: t.Optional(t.String({ maxLength: 500, description: 'The route template, e.g. `/api/v1/invoices/{id}`' })),
  object_id: t.Optional(t.String({ maxLength: 200 })),
});

export const auditModels = { AuditEntry, AuditPage };
