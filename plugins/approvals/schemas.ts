import { t } from 'elysia';
import { EFFECTS } from '../../kernel/hooks';
import { literalUnion } from '../../kernel/schemas';

export const APPROVAL_STATUSES = ['pending', 'executing', 'approved', 'rejected'] as const;

const Timestamp = t.String({ format: 'date-time' });
const NullableTimestamp = t.Union([Timestamp, t.Null()]);
const NullableUuid = t.Union([t.String({ format: 'uuid' }), t.Null()]);

const ApprovalResponse = t.Object({
  id: t.String({ format: 'uuid' }),
  status: literalUnion(APPROVAL_STATUSES, {
    description: '`pending` until a person decides; `executing` while the approved request runs; `approved` once it ran (its answer in `result`); `rejected`',
  }),
  effect: literalUnion(EFFECTS, { description: 'What the request would do: issue, post, settle, close, delete or send' }),
  method: t.String(),
  path: t.String({ description: 'The request\'s path and query, as sent' }),
  body: t.Unknown({ description: 'The JSON body as sent (null when there was none)' }),
  idempotency_key: t.String({ description: 'The Idempotency-Key the request runs with once approved: the one it was sent with, or this approval\'s id' }),
  requested_by: t.Object({ user_id: t.String({ format: 'uuid' }), api_key_id: NullableUuid }, { description: 'The API key that asked, and the person who created it' }),
  requested_at: Timestamp,
  decided_by: NullableUuid,
  decided_at: NullableTimestamp,
  note: t.Union([t.String(), t.Null()], { description: 'Why it was rejected, when the person said' }),
  result: t.Union([t.Object({
    status: t.Integer({ description: 'The HTTP status the request answered when it ran' }),
    body: t.Unknown({ description: 'Its JSON answer (null when it had none or it was not JSON)' }),
  }), t.Null()], { description: 'How the approved request went; null until it ran' }),
  executed_at: NullableTimestamp,
});

export const approvalModels = {
  ApprovalResponse,
  PaginatedResponse_ApprovalResponse_: t.Object({ items: t.Array(ApprovalResponse), total: t.Integer(), limit: t.Integer(), offset: t.Integer() }),
  ApprovalReject: t.Object({ note: t.Optional(t.String({ maxLength: 1000, description: 'Why, for the agent and its author' })) }),
};

export const ApprovalListQuery = t.Object({
  status: t.Optional(literalUnion(APPROVAL_STATUSES)),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: t.Optional(t.Integer({ minimum: 0, default: 0 })),
});
