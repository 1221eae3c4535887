import { Conflict, Forbidden, NotFound } from '../../kernel/errors';
import type { HeldRequest } from '../../kernel/hooks';
import type { Kernel } from '../../kernel/kernel';
import type { Principal } from '../../kernel/principal';
import { RequestTransaction } from '../../kernel/request-transaction';
import { DRAFTS_SCOPE, holdsEffects } from '../../kernel/scopes';
import type { Tx } from '../../kernel/uow';

type Row = Record<string, any>;

/**
 * The lasting credential the held request came from, which its authenticator turns back into the
 * principal as it stands when the request runs. Rows held before keys named their credential carry
 * only the key's id: the key's credential for the approval's company.
 */
const requesterCredential = (row: Row): string | null =>
  row.credential ?? (row.api_key_id ? `api_key:${row.api_key_id}:${row.tenant_id}` : null);

/** How long an approval may stay `executing` (its instance died mid-run) before a person may approve it again. */
const STALE_EXECUTION = '10 minutes';

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());
const parsed = (text: string | null): unknown => {
  if (text === null || text === '') return null;
  try { return JSON.parse(text); } catch { return null; }
};

export function approvalToJson(row: Row) {
  return {
    id: row.id, status: row.status, effect: row.effect, method: row.method, path: row.path, body: parsed(row.body),
    idempotency_key: row.idempotency_key, requested_by: { user_id: row.requested_by, api_key_id: row.api_key_id ?? null },
    requested_at: iso(row.requested_at)!, decided_by: row.decided_by ?? null, decided_at: iso(row.decided_at), note: row.note ?? null,
    result: row.result_status === null || row.result_status === undefined ? null : { status: Number(row.result_status), body: parsed(row.result_body) },
    executed_at: iso(row.executed_at),
  };
}
export type ApprovalJson = ReturnType<typeof approvalToJson>;

/**
 * Requests held back from credentials that may only prepare (scope `drafts`): kept as sent when
 * the kernel hands them over (`request.held`), listed, and decided by a person. An approved
 * request runs once, through the whole API pipeline, as the API key that asked (as it stands
 * now, without the drafts scope) with the Idempotency-Key it was sent with; two approvers racing
 * meet at the row lock, and the second is told it is no longer pending.
 */
export class ApprovalService {
  constructor(private readonly kernel: Kernel) {}

  /** The `request.held` subscriber: keeps the request and answers 202 with the pending approval. */
  async hold(tx: Tx, held: HeldRequest): Promise<void> {
    const principal = tx.principal!;
    const id = crypto.randomUUID();
    const [row] = await tx.sql<Row>(`insert into approvals (id, tenant_id, status, effect, permission, method, path, content_type, body, idempotency_key, api_key_id, credential, requested_by)
      values (:id, :tenant, 'pending', :effect, :permission, :method, :path, :contentType, :body, :key, :apiKeyId, :credential, :user) returning *`, {
      id, effect: held.effect, permission: held.permission, method: held.method, path: held.path, contentType: held.contentType, body: held.body,
      key: held.idempotencyKey ?? `approval:${id}`, apiKeyId: principal.apiKeyId ?? null, credential: principal.credential ?? null, user: principal.userId,
    });
    const approval = approvalToJson(row);
    tx.publish('approval.requested', approval);
    held.answer = { status: 202, body: approval };
  }

  /** Every approval of the unit of work's tenant, oldest first (the account export). */
  static async exportAll(tx: Tx): Promise<ApprovalJson[]> {
    return (await tx.sql<Row>('select * from approvals where tenant_id = :tenant order by requested_at, id')).map(approvalToJson);
  }

  /** A key (or an OAuth grant) that only prepares sees the approvals it asked for; anyone else, the company's. */
  private static visibleTo(principal: Principal): { clause: string; params: { apiKeyId: string | null; credential: string | null } } {
    return holdsEffects(principal.scopes)
      ? { clause: 'and (api_key_id = :apiKeyId or credential = :credential)', params: { apiKeyId: principal.apiKeyId ?? null, credential: principal.credential ?? null } }
      : { clause: '', params: { apiKeyId: null, credential: null } };
  }

  async list(principal: Principal, filter: { status?: string; limit: number; offset: number }) {
    const visible = ApprovalService.visibleTo(principal);
    const where = `tenant_id = :tenant ${visible.clause} and (:status::text is null or status = :status::text)`;
    return this.kernel.unitOfWork(principal).run(async (tx) => {
      const params = { status: filter.status ?? null, ...visible.params, limit: filter.limit, offset: filter.offset };
      const rows = await tx.sql<Row>(`select * from approvals where ${where} order by requested_at desc, id limit :limit offset :offset`, params);
      const [{ total }] = await tx.sql<{ total: number }>(`select count(*)::int as total from approvals where ${where}`, params);
      return { items: rows.map(approvalToJson), total: Number(total), limit: filter.limit, offset: filter.offset };
    });
  }

  async get(principal: Principal, id: string) {
    const visible = ApprovalService.visibleTo(principal);
    const [row] = await this.kernel.unitOfWork(principal).run((tx) => tx.sql<Row>(`select * from approvals where tenant_id = :tenant and id = :id ${visible.clause}`, { id, ...visible.params }));
    if (!row) throw new NotFound('Approval not found');
    return approvalToJson(row);
  }

  /**
   * Runs the held request once, as the key that asked, and answers the approval with its result.
   * Outside the approver's own request transaction: the claim commits before the request runs (so
   * a second approver sees it taken) and the request commits on its own, as it would have.
   */
  approve(approver: Principal, id: string) {
    return RequestTransaction.outside(async () => {
      const uow = this.kernel.unitOfWork(approver);
      // A grant is rebuilt by its authenticator on a connection of its own: before the unit of work
      // (the embedded database has one session, which the unit of work holds until it ends).
      const [asked] = await uow.run((tx) => tx.sql<Row>('select tenant_id, api_key_id, credential from approvals where tenant_id = :tenant and id = :id', { id }));
      const askedBy = asked && requesterCredential(asked);
      const asCredential = askedBy ? await this.kernel.principalOfCredential(askedBy) : null;
      const { row, requester } = await uow.run(async (tx) => {
        const row = await this.lockedForDecision(tx, approver, id, true);
        const requester = askedBy && requesterCredential(row) === askedBy ? asCredential : null;
        if (!requester || requester.tenantId !== row.tenant_id) throw new Conflict('The API key or OAuth grant that asked for this was revoked or has expired, or its creator left the company: reject it');
        await tx.sql(`update approvals set status = 'executing', decided_by = :user, decided_at = now(), note = null where tenant_id = :tenant and id = :id`, { id, user: approver.userId });
        return { row, requester };
      });
      // the approval lifts the hold for this one request: the key runs it with its other scopes
      const scopes = requester.scopes?.filter((scope) => scope !== DRAFTS_SCOPE);
      const acting: Principal = { ...requester };
      if (scopes?.length) acting.scopes = scopes;
      else delete acting.scopes;
      const response = await this.kernel.dispatchAs(acting, {
        method: row.method, path: row.path, body: row.body, contentType: row.content_type, idempotencyKey: row.idempotency_key,
      });
      const text = await response.text();
      const isJson = /^application\/(.+\+)?json/i.test(response.headers.get('content-type') ?? '');
      // a server error undid everything and released the key: the approval waits to be decided again
      const ran = response.status < 500;
      return uow.run(async (tx) => {
        const [updated] = await tx.sql<Row>(`update approvals set status = :status, result_status = :code, result_body = :body,
            executed_at = case when :ran then now() else null end, decided_by = case when :ran then decided_by else null end,
            decided_at = case when :ran then decided_at else null end
          where tenant_id = :tenant and id = :id returning *`, { id, status: ran ? 'approved' : 'pending', code: response.status, body: isJson ? text : null, ran });
        const approval = approvalToJson(updated);
        if (ran) tx.publish('approval.decided', approval);
        return approval;
      });
    });
  }

  reject(approver: Principal, id: string, note: string | null) {
    return RequestTransaction.outside(() => this.kernel.unitOfWork(approver).run(async (tx) => {
      await this.lockedForDecision(tx, approver, id, false);
      const [updated] = await tx.sql<Row>(`update approvals set status = 'rejected', decided_by = :user, decided_at = now(), note = :note
        where tenant_id = :tenant and id = :id returning *`, { id, user: approver.userId, note });
      const approval = approvalToJson(updated);
      tx.publish('approval.decided', approval);
      return approval;
    }));
  }

  /** The approval, locked, when `approver` may decide it now; 403, 404 or 409 otherwise. */
  private async lockedForDecision(tx: Tx, approver: Principal, id: string, retakeStale: boolean): Promise<Row> {
    if (approver.kind !== 'session') throw new Forbidden('Approvals are decided by a person signed in, not by an API key');
    const [row] = await tx.sql<Row>(`select *, status = 'executing' and decided_at < now() - interval '${STALE_EXECUTION}' as stale
      from approvals where tenant_id = :tenant and id = :id for update`, { id });
    if (!row) throw new NotFound('Approval not found');
    if (row.status !== 'pending' && !(retakeStale && row.stale)) throw new Conflict(`This approval is ${row.status}, no longer pending`);
    const refusal = row.permission ? this.kernel.permissions.refusal(approver, row.permission) : null;
    if (refusal) throw new Forbidden(`Only a person who may do it can decide this request: ${refusal}`);
    return row;
  }
}
