import { createHash } from 'node:crypto';
import type { Database } from './database';
import type { Principal } from './principal';
import { isConnectionLost } from './errors';
import { RequestTransaction } from './request-transaction';

const TTL_HOURS = 24;
const MAX_KEY_LENGTH = 255;
const RELEASE_ATTEMPTS = 3;
const json = (status: number, detail: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ detail }), { status, headers: { 'content-type': 'application/json', ...headers } });
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

interface StoredResponse { fingerprint: string; status: number | null; headers: Record<string, string> | string | null; body: Uint8Array | null; lease_left: number | string | null }

export interface IdempotencyOptions {
  /** The request's principal (null: none), or undefined when its credential is refused. */
  principalOf(request: Request): Promise<Principal | null | undefined>;
  /** How long a claim holds without completing before a retry may take it over. */
  leaseSeconds: number;
  /** Whether the request reached its route's handler; a 4xx answered before that is not kept. */
  startedExecuting(request: Request): boolean;
  /** Who an in-process request acts for (`Kernel.dispatchAs`): its keys are theirs, whatever credential carries it. */
  delegatedCaller(request: Request): string | null;
}

/**
 * Idempotency-Key on POST: the first response is stored per (principal, key) for 24 hours with a
 * fingerprint of the request. A replay returns it with `Idempotent-Replayed: true`; the same key
 * with another request is 422; a duplicate arriving while the first is still running is 409.
 *
 * Completion is atomic with the effect: the request runs inside one RequestTransaction, so every
 * unit of work it runs (including one-statement writes) commits together with the stored response,
 * or not at all. A process that dies mid-request leaves neither the effect nor the response, only
 * the claim: the claim carries a lease (renewed while the request runs) after which a retry with
 * the same request takes the key over and runs it again. A claim that was taken over cannot
 * commit any more (its completion checks it still holds the claim), so a key never makes two
 * effects. Server errors (5xx) roll back and release the key: the client may retry them. As with
 * Stripe, a 4xx answered before the request started executing (bad credential, validation, a body
 * that does not parse) is not kept either: the corrected request may be sent with the same key.
 *
 * Rows belong to the tenant the principal acts in (none for requests without a company) and
 * row-level security keeps them there; the scope (a hash of the credential, or the client address
 * when there is none) separates callers within it.
 */
export class IdempotencyGuard {
  constructor(private readonly db: Database, private readonly options: IdempotencyOptions) {}

  async handle(request: Request, clientIp: string, next: (request: Request) => Promise<Response>): Promise<Response> {
    const key = request.headers.get('idempotency-key');
    if (request.method !== 'POST' || key === null) return next(request);
    if (!key.trim() || key.length > MAX_KEY_LENGTH) {
      return json(422, [{ loc: ['header', 'idempotency-key'], msg: `Idempotency-Key must have 1 to ${MAX_KEY_LENGTH} characters`, type: 'value_error' }]);
    }
    const body = new Uint8Array(await request.arrayBuffer());
    const replayable = new Request(request.url, { method: request.method, headers: request.headers, body });
    const url = new URL(request.url);
    const fingerprint = sha256(`${request.method} ${url.pathname}${url.search}\n${request.headers.get('content-type') ?? ''}\n`) + sha256(body);
    const credential = request.headers.get('authorization');
    const principal = await this.options.principalOf(request);
    // a refused credential is answered 401/403 by the route: there is nothing worth keeping
    if (principal === undefined) return next(replayable);
    const tenantId = principal?.tenantId ?? null;
    const delegated = this.options.delegatedCaller(request);
    const scope = `${tenantId ?? '-'}:${delegated ? `acting:${delegated}` : credential ? `cred:${sha256(credential)}` : `ip:${clientIp}`}`;
    const lease = this.options.leaseSeconds;
    const claim = crypto.randomUUID();

    const claimed = await this.scoped(tenantId,
      `insert into idempotency_keys (tenant_id, scope, key, fingerprint, claim, lease_until, expires_at)
       values (?, ?, ?, ?, ?, now() + make_interval(secs => ?), now() + interval '${TTL_HOURS} hours')
       on conflict (scope, key) do update set fingerprint = excluded.fingerprint, claim = excluded.claim, lease_until = excluded.lease_until,
         status = null, headers = null, body = null, created_at = now(), expires_at = excluded.expires_at
       where idempotency_keys.expires_at < now()
          -- the same request, whose claim was not completed within its lease (its instance died)
          or (idempotency_keys.status is null and idempotency_keys.lease_until < now() and idempotency_keys.fingerprint = excluded.fingerprint)
       returning key`, [tenantId, scope, key, fingerprint, claim, lease]);
    if (claimed.length === 0) return this.answerStored(tenantId, scope, key, fingerprint);

    const transaction = new RequestTransaction(this.db.orm);
    const renew = () => this.scoped(tenantId,
      `update idempotency_keys set lease_until = now() + make_interval(secs => ?) where scope = ? and key = ? and claim = ? and status is null`,
      [lease, scope, key, claim]).catch(() => undefined);
    const heartbeat = setInterval(renew, Math.max(1000, (lease * 1000) / 3));
    heartbeat.unref?.();
    // After the database dropped the service's connections, the pool may still hand out one whose
    // socket is closed: the first statement on it fails and the pool discards it, so try again.
    const release = async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          await this.scoped(tenantId, 'delete from idempotency_keys where scope = ? and key = ? and claim = ? and status is null', [scope, key, claim]);
          return;
        } catch (error) {
          if (attempt >= RELEASE_ATTEMPTS || !isConnectionLost(error)) throw error;
        }
      }
    };
    try {
      const response = await transaction.run(() => next(replayable));
      const neverExecuted = response.status >= 400 && !this.options.startedExecuting(replayable);
      if (response.status >= 500 || neverExecuted) {
        await transaction.rollback();
        await release();
        return response;
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => { if (!/^(ratelimit|ratelimit-policy|retry-after|x-request-id|set-cookie)$/i.test(name)) headers[name] = value; });
      const stored = await transaction.commit(async (root) => {
        const ctx = root.getTransactionContext();
        await root.getConnection().execute(`select set_config('app.tenant_id', ?, true)`, [tenantId ?? ''], 'run', ctx);
        const rows = await root.getConnection().execute<unknown[]>(
          `update idempotency_keys set status = ?, headers = ?, body = ?, claim = null, lease_until = null
           where scope = ? and key = ? and claim = ? and status is null returning key`,
          [response.status, JSON.stringify(headers), Buffer.from(bytes), scope, key, claim], 'all', ctx);
        return rows.length === 1;
      });
      if (!stored) {
        return json(409, 'This request outlived its Idempotency-Key lease and a retry took the key over: nothing of it was kept; retry to get the outcome', { 'retry-after': '1' });
      }
      return new Response(bytes.length ? bytes : null, { status: response.status, headers: response.headers });
    } catch (error) {
      await transaction.rollback().catch(() => undefined);
      await release().catch(() => undefined);
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async answerStored(tenantId: string | null, scope: string, key: string, fingerprint: string): Promise<Response> {
    const [stored] = await this.scoped<StoredResponse>(tenantId,
      `select fingerprint, status, headers, body, ceil(extract(epoch from lease_until - now()))::int as lease_left
       from idempotency_keys where scope = ? and key = ?`, [scope, key]);
    const busy = (seconds: number) => json(409, 'A request with this Idempotency-Key is being processed; retry shortly', { 'retry-after': String(Math.max(1, seconds)) });
    if (!stored) return busy(1);
    if (stored.fingerprint !== fingerprint) {
      return json(422, [{ loc: ['header', 'idempotency-key'], msg: 'This Idempotency-Key was used with a different request', type: 'value_error.idempotency_key_reused' }]);
    }
    if (stored.status === null) return busy(Number(stored.lease_left ?? 1));
    const headers = typeof stored.headers === 'string' ? JSON.parse(stored.headers) : stored.headers;
    return new Response(stored.body && stored.body.length ? stored.body : null, { status: stored.status, headers: { ...headers, 'idempotent-replayed': 'true' } });
  }

  /** One statement in a transaction of its own, as the application role acting for `tenantId`. */
  private scoped<T = Record<string, unknown>>(tenantId: string | null, sql: string, params: unknown[]): Promise<T[]> {
    return this.db.orm.em.fork().transactional(async (em) => {
      const ctx = em.getTransactionContext();
      await em.getConnection().execute(`select set_config('app.tenant_id', ?, true)`, [tenantId ?? ''], 'run', ctx);
      return em.getConnection().execute<T[]>(sql, params, 'all', ctx);
    });
  }

  /** Removes expired keys of every tenant; called periodically. */
  async purgeExpired(): Promise<void> {
    await this.db.system('select cuadra_idempotency_purge()');
  }
}
