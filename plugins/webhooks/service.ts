import { randomBytes } from 'node:crypto';
import { NotFound, ValidationFailed } from '../../kernel/errors';
import type { EventContext } from '../../kernel/hooks';
import type { Kernel } from '../../kernel/kernel';
import type { Principal } from '../../kernel/principal';
import type { SettingsValues } from '../../kernel/settings';
import type { Tx } from '../../kernel/uow';
import { IdentityApi } from '../identity/api';
import { SIGNATURE_HEADER, signatureHeader } from './signature';
import type { webhookSettings } from './settings';
import { checkTarget, postPinned, refusedTarget, resolveAll, type Resolver } from './target';
import { BackgroundLoop } from '../../lib/background-loop';

type Settings = SettingsValues<typeof webhookSettings>;
type Row = Record<string, any>;

const EXCERPT_CHARS = 1000;
const MAX_RETRY_SECONDS = 2 * 3600;
/** The type of the test event of `ping`: never published, so no endpoint subscribes to it. */
export const PING_EVENT = 'webhook.ping';

const iso = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return new Date(String(value).replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString();
};
const eventsOf = (value: unknown): string[] => (typeof value === 'string' ? JSON.parse(value) : (value as string[]));
const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

export function endpointToJson(row: Row) {
  return {
    id: row.id, url: row.url, description: row.description ?? null, events: eventsOf(row.events), enabled: row.enabled,
    disabled_reason: row.disabled_reason ?? null, failing_since: iso(row.failing_since), last_success_at: iso(row.last_success_at),
    previous_secret_expires_at: iso(row.previous_secret_expires_at), created_at: iso(row.created_at)!, updated_at: iso(row.updated_at)!,
  };
}

export function deliveryToJson(row: Row) {
  return {
    id: row.id, event_id: row.event_id, event_type: row.event_type, status: row.status, attempts: Number(row.attempts),
    response_status: row.response_status === null ? null : Number(row.response_status), response_excerpt: row.response_excerpt ?? null,
    error: row.error ?? null, created_at: iso(row.created_at)!, last_attempt_at: iso(row.last_attempt_at),
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null, delivered_at: iso(row.delivered_at),
  };
}

interface AttemptOutcome { ok: boolean; status: number | null; excerpt: string | null; error: string | null }

/**
 * Webhook endpoints and their deliveries. An after-commit event becomes one delivery per enabled
 * endpoint of its tenant subscribed to its type, attempted at once in the background; failures are retried with
 * exponential backoff (WEBHOOKS_FIRST_RETRY_SECONDS, doubling, at most 2 h) for
 * WEBHOOKS_RETRY_HOURS; an endpoint failing every delivery for WEBHOOKS_DISABLE_AFTER_HOURS is
 * disabled and its creator emailed. Time comes from `clock`, and `deliverDue(at)` takes the
 * moment to act at, so tests move time instead of waiting.
 */
export class WebhookService {
  private readonly loop = new BackgroundLoop(() => this.deliverDue().then(() => {}, (error) => this.kernel.logger.error('webhook deliveries failed', { error })));

  /** Failed attempts, for /metrics. */
  private readonly failures;

  constructor(private readonly kernel: Kernel, readonly settings: Settings, private readonly clock: () => Date = () => new Date(), private readonly resolve: Resolver = resolveAll) {
    this.failures = kernel.metrics.counter('cuadra_webhook_delivery_failures_total', 'Webhook delivery attempts that failed (no answer or not 2xx), by what follows: retry or failed', ['then']);
  }

  start(): void { this.loop.start(this.settings.WEBHOOKS_POLL_MS); }

  /** Attempts what is due now in the background (one run at a time), so a slow receiver never holds up the outbox. */
  kick(): void { this.loop.wake(); }

  /** Resolves once the background run (if any) is over: tests await it after the outbox's `idle()`. */
  idle(): Promise<void> { return this.loop.idle(); }

  stop(): Promise<void> { return this.loop.stop(); }

  private uow(principal: Principal) { return this.kernel.unitOfWork(principal); }

  private async assertTarget(url: string): Promise<void> {
    const refused = await refusedTarget(url, this.settings.WEBHOOKS_ALLOW_PRIVATE, this.resolve);
    if (refused) throw ValidationFailed.field(['body', 'url'], refused, 'value_error.url');
  }

  private static async endpoint(tx: Tx, id: string): Promise<Row> {
    const [row] = await tx.sql<Row>('select * from webhook_endpoints where tenant_id = :tenant and id = :id', { id });
    if (!row) throw new NotFound('Webhook not found');
    return row;
  }

  async create(principal: Principal, input: { url: string; events: string[]; description?: string | null }) {
    await this.assertTarget(input.url);
    const secret = newSecret();
    const row = await this.uow(principal).run(async (tx) => {
      const [created] = await tx.sql(`insert into webhook_endpoints (id, tenant_id, url, description, events, secret, created_by)
        values (:id, :tenant, :url, :description, :events::jsonb, :secret, :user) returning *`, {
        id: crypto.randomUUID(), url: input.url, description: input.description ?? null, events: JSON.stringify(input.events), secret, user: principal.userId,
      });
      return created;
    });
    return { ...endpointToJson(row), secret };
  }

  async list(principal: Principal, page: { limit: number; offset: number }) {
    return this.uow(principal).run(async (tx) => {
      const rows = await tx.sql('select * from webhook_endpoints where tenant_id = :tenant order by created_at, id limit :limit offset :offset', page);
      const [{ total }] = await tx.sql<{ total: number }>('select count(*)::int as total from webhook_endpoints where tenant_id = :tenant');
      return { items: rows.map(endpointToJson), total: Number(total), ...page };
    });
  }

  async get(principal: Principal, id: string) {
    return endpointToJson(await this.uow(principal).run((tx) => WebhookService.endpoint(tx, id)));
  }

  async update(principal: Principal, id: string, input: { url?: string; events?: string[]; description?: string | null; enabled?: boolean }) {
    if (input.url !== undefined) await this.assertTarget(input.url);
    const row = await this.uow(principal).run(async (tx) => {
      const current = await WebhookService.endpoint(tx, id);
      const enabling = input.enabled === true && !current.enabled;
      const [row] = await tx.sql(`update webhook_endpoints set url = :url, events = :events::jsonb, description = :description, enabled = :enabled,
          failing_since = case when :enabling then null else failing_since end,
          disabled_reason = case when :enabled then null else disabled_reason end, updated_at = now()
        where tenant_id = :tenant and id = :id returning *`, {
        id, url: input.url ?? current.url, events: JSON.stringify(input.events ?? eventsOf(current.events)),
        description: input.description !== undefined ? input.description : current.description, enabled: input.enabled ?? current.enabled, enabling,
      });
      // deliveries left pending while disabled go out from now on
      if (enabling) await tx.sql(`update webhook_deliveries set next_attempt_at = :at::timestamptz where tenant_id = :tenant and endpoint_id = :id and status = 'pending'`, { id, at: this.clock().toISOString() });
      return row;
    });
    if (input.enabled) this.kick();
    return endpointToJson(row);
  }

  async remove(principal: Principal, id: string): Promise<void> {
    await this.uow(principal).run(async (tx) => {
      const deleted = await tx.sql('delete from webhook_endpoints where tenant_id = :tenant and id = :id returning id', { id });
      if (!deleted.length) throw new NotFound('Webhook not found');
    });
  }

  async rotateSecret(principal: Principal, id: string, previousValidHours = 24) {
    const secret = newSecret();
    const expires = previousValidHours > 0 ? new Date(this.clock().getTime() + previousValidHours * 3600_000).toISOString() : null;
    const row = await this.uow(principal).run(async (tx) => {
      await WebhookService.endpoint(tx, id);
      const [updated] = await tx.sql(`update webhook_endpoints set previous_secret = case when :expires::timestamptz is null then null else secret end,
          previous_secret_expires_at = :expires::timestamptz, secret = :secret, updated_at = now()
        where tenant_id = :tenant and id = :id returning *`, { id, secret, expires });
      return updated;
    });
    return { secret, previous_secret_expires_at: iso(row.previous_secret_expires_at) };
  }

  async deliveries(principal: Principal, endpointId: string, page: { limit: number; offset: number }) {
    return this.uow(principal).run(async (tx) => {
      await WebhookService.endpoint(tx, endpointId);
      const rows = await tx.sql(`select * from webhook_deliveries where tenant_id = :tenant and endpoint_id = :endpoint
        order by created_at desc, id limit :limit offset :offset`, { endpoint: endpointId, ...page });
      const [{ total }] = await tx.sql<{ total: number }>('select count(*)::int as total from webhook_deliveries where tenant_id = :tenant and endpoint_id = :endpoint', { endpoint: endpointId });
      return { items: rows.map(deliveryToJson), total: Number(total), ...page };
    });
  }

  /** Sends a delivery again now, whatever its state (the body and its `id` are the same), and answers how it went. */
  async redeliver(principal: Principal, endpointId: string, deliveryId: string) {
    const tenantId = principal.tenantId!;
    await this.uow(principal).run(async (tx) => {
      await WebhookService.endpoint(tx, endpointId);
      const found = await tx.sql(`update webhook_deliveries set status = 'pending', next_attempt_at = null
        where tenant_id = :tenant and endpoint_id = :endpoint and id = :id returning id`, { endpoint: endpointId, id: deliveryId });
      if (!found.length) throw new NotFound('Delivery not found');
    });
    await this.attempt(tenantId, deliveryId, this.clock(), { manual: true });
    return this.uow(principal).run(async (tx) => deliveryToJson((await tx.sql('select * from webhook_deliveries where tenant_id = :tenant and id = :id', { id: deliveryId }))[0]));
  }

  /**
   * A signed test event (`webhook.ping`) sent to the endpoint now, even when it is disabled or
   * subscribes to no such type; recorded in its delivery log like any other, and answered with how it went.
   */
  async ping(principal: Principal, endpointId: string) {
    const eventId = crypto.randomUUID();
    const deliveryId = crypto.randomUUID();
    const now = this.clock();
    await this.uow(principal).run(async (tx) => {
      await WebhookService.endpoint(tx, endpointId);
      const body = JSON.stringify({
        id: eventId, type: PING_EVENT, created_at: now.toISOString(), tenant_id: tx.tenantId,
        data: { webhook_id: endpointId, message: 'A test event from Cuadra: answer 2xx to confirm your endpoint receives and verifies deliveries' },
      });
      await tx.sql(`insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, body, status, next_attempt_at)
        values (:id, :tenant, :endpoint, :event, :type, :body, 'pending', null)`, { id: deliveryId, endpoint: endpointId, event: eventId, type: PING_EVENT, body });
    });
    await this.attempt(principal.tenantId!, deliveryId, now, { manual: true });
    return this.uow(principal).run(async (tx) => deliveryToJson((await tx.sql('select * from webhook_deliveries where tenant_id = :tenant and id = :id', { id: deliveryId }))[0]));
  }

  /** The after-commit subscriber: one delivery per subscribed endpoint, due at once (attempted in the background). */
  async enqueue(type: string, data: unknown, ctx: EventContext): Promise<void> {
    if (!ctx.tenantId) return;
    const now = this.clock();
    const created = await this.kernel.unitOfWork(null).run(async (tx) => {
      const endpoints = await tx.sql<{ id: string }>(`select id from webhook_endpoints
        where tenant_id = :tenant and enabled and events @> jsonb_build_array(:type::text)`, { type });
      const ids: string[] = [];
      for (const endpoint of endpoints) {
        const body = JSON.stringify({ id: ctx.eventId, type, created_at: now.toISOString(), tenant_id: ctx.tenantId, data });
        const inserted = await tx.sql<{ id: string }>(`insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, body, status, next_attempt_at)
          values (:id, :tenant, :endpoint, :event, :type, :body, 'pending', :at::timestamptz) on conflict (tenant_id, endpoint_id, event_id) do nothing returning id`, {
          id: crypto.randomUUID(), endpoint: endpoint.id, event: ctx.eventId, type, body, at: now.toISOString(),
        });
        ids.push(...inserted.map((r) => r.id));
      }
      return ids;
    }, { tenantId: ctx.tenantId });
    if (created.length) this.kick();
  }

  /**
   * How long a claimed delivery is this instance's: another instance takes it over once it runs out
   * (this one was killed). Renewed just before each attempt, so it need only cover one attempt:
   * at least twice the attempt's timeout.
   */
  private get leaseMs(): number {
    return Math.max(this.settings.WEBHOOKS_CLAIM_LEASE_SECONDS * 1000, 2 * this.settings.WEBHOOKS_TIMEOUT_MS);
  }

  /** Attempts every delivery due at `given` (default: now, read again on each pass), of every tenant. Returns how many. */
  async deliverDue(given?: Date): Promise<number> {
    let count = 0;
    for (;;) {
      // a pass after a slow batch claims what is due by then, with a lease from then
      const at = given ?? this.clock();
      const leaseMs = this.leaseMs;
      const claimed = await this.kernel.db.system<{ id: string; tenant_id: string }>(
        'select * from cuadra_webhook_claim_due(?::timestamptz, ?, ?::interval)', [at.toISOString(), 20, `${leaseMs} milliseconds`], { ownTransaction: true });
      if (!claimed.length) return count;
      // the claim stamps each delivery's next_attempt_at with the lease's end: the mark that it is still ours
      const heldUntil = new Date(at.getTime() + leaseMs);
      for (const delivery of claimed) await this.attempt(delivery.tenant_id, delivery.id, at, { heldUntil });
      count += claimed.length;
    }
  }

  private retryDelaySeconds(attempts: number): number {
    return Math.min(MAX_RETRY_SECONDS, this.settings.WEBHOOKS_FIRST_RETRY_SECONDS * 2 ** (attempts - 1));
  }

  /**
   * One attempt. A delivery claimed by `deliverDue` (`heldUntil`: the end of its claim's lease) is
   * attempted only if it still carries that claim, whose lease is then renewed for this attempt: the
   * deliveries of a batch are attempted one after the other, and a slow receiver could otherwise
   * outlast the lease of the last ones, which another instance would then claim and send as well.
   */
  private async attempt(tenantId: string, deliveryId: string, at: Date, options: { manual?: boolean; heldUntil?: Date } = {}): Promise<void> {
    const uow = this.kernel.unitOfWork(null);
    // the claim renewed for this attempt (claimed deliveries): the final update requires it still
    const renewed = options.heldUntil && new Date(Math.max(at.getTime(), this.clock().getTime()) + this.leaseMs).toISOString();
    const loaded = await uow.run(async (tx) => {
      const held = options.heldUntil
        ? `update webhook_deliveries set next_attempt_at = :renewed::timestamptz
             where tenant_id = :tenant and id = :id and status = 'pending' and next_attempt_at = :heldUntil::timestamptz returning *`
        : `select * from webhook_deliveries where tenant_id = :tenant and id = :id and status = 'pending'`;
      const [row] = await tx.sql<Row>(`with d as (${held})
        select d.id, d.body, d.event_id, d.event_type, d.attempts, d.created_at, e.id as endpoint_id, e.url, e.enabled,
          e.secret, e.previous_secret, e.previous_secret_expires_at
        from d join webhook_endpoints e on e.tenant_id = d.tenant_id and e.id = d.endpoint_id`, {
        id: deliveryId,
        ...(options.heldUntil && {
          heldUntil: options.heldUntil.toISOString(),
          renewed,
        }),
      });
      return row;
    }, { tenantId });
    if (!loaded || (!loaded.enabled && !options.manual)) return;
    const secrets: string[] = [String(loaded.secret)];
    if (loaded.previous_secret && loaded.previous_secret_expires_at && new Date(iso(loaded.previous_secret_expires_at)!) > at) secrets.push(String(loaded.previous_secret));
    const outcome = await this.send(loaded, secrets, at);
    const attempts = Number(loaded.attempts) + 1;
    const retryUntil = new Date(iso(loaded.created_at)!).getTime() + this.settings.WEBHOOKS_RETRY_HOURS * 3600_000;
    const next = new Date(at.getTime() + this.retryDelaySeconds(attempts) * 1000);
    const status = outcome.ok ? 'delivered' : options.manual || next.getTime() > retryUntil ? 'failed' : 'pending';
    if (!outcome.ok) this.failures.inc({ then: status === 'pending' ? 'retry' : 'failed' });
    const disabled = await uow.run(async (tx) => {
      // only while still this attempt's: pending, not attempted since, and (claimed) still carrying
      // the renewed claim. A lease that ran out while the receiver was slow left the delivery to the
      // instance that claimed it since; this late result does not overwrite that one's.
      const settled = await tx.sql(`update webhook_deliveries set status = :status, attempts = :attempts, last_attempt_at = :at::timestamptz,
          next_attempt_at = :next::timestamptz, response_status = :code, response_excerpt = :excerpt, error = :error,
          delivered_at = case when :ok then :at::timestamptz else delivered_at end
        where tenant_id = :tenant and id = :id and status = 'pending' and attempts = :previous${renewed ? ' and next_attempt_at = :renewed::timestamptz' : ''}
        returning id`, {
        id: deliveryId, status, attempts, previous: Number(loaded.attempts), at: at.toISOString(), next: status === 'pending' ? next.toISOString() : null,
        code: outcome.status, excerpt: outcome.excerpt, error: outcome.error, ok: outcome.ok, ...(renewed && { renewed }),
      });
      if (!settled.length) {
        this.kernel.logger.warn('webhook delivery was claimed again before its attempt settled (its lease ran out): its result is left to the new claim', { deliveryId });
        return null;
      }
      if (outcome.ok) {
        await tx.sql(`update webhook_endpoints set failing_since = null, last_success_at = :at::timestamptz where tenant_id = :tenant and id = :id`, { id: loaded.endpoint_id, at: at.toISOString() });
        return null;
      }
      const [endpoint] = await tx.sql<Row>(`update webhook_endpoints set failing_since = coalesce(failing_since, :at::timestamptz)
        where tenant_id = :tenant and id = :id returning failing_since, enabled, created_by, url`, { id: loaded.endpoint_id, at: at.toISOString() });
      const failingFor = at.getTime() - new Date(iso(endpoint.failing_since)!).getTime();
      if (!endpoint.enabled || failingFor < this.settings.WEBHOOKS_DISABLE_AFTER_HOURS * 3600_000) return null;
      const reason = `Every delivery failed since ${iso(endpoint.failing_since)} (last: ${outcome.error ?? `HTTP ${outcome.status}`})`;
      await tx.sql(`update webhook_endpoints set enabled = false, disabled_reason = :reason, updated_at = now() where tenant_id = :tenant and id = :id`, { id: loaded.endpoint_id, reason });
      const owner = endpoint.created_by ? await IdentityApi.user(tx, endpoint.created_by) : null;
      return owner ? { to: owner.email, url: endpoint.url as string, reason, endpointId: loaded.endpoint_id as string } : null;
    }, { tenantId });
    if (disabled) await this.emailDisabled(disabled);
  }

  private async emailDisabled(notice: { to: string; url: string; reason: string; endpointId: string }): Promise<void> {
    try {
      await this.kernel.mail.send({
        to: notice.to,
        subject: 'Cuadra disabled a webhook endpoint that kept failing',
        text: `Your webhook endpoint ${notice.url} (${notice.endpointId}) was disabled.\n\n${notice.reason}.\n\n`
          + 'Fix the receiver, then enable it again with PATCH /api/v1/webhooks/{id} {"enabled": true}: deliveries still pending go out then, '
          + 'and GET /api/v1/webhooks/{id}/deliveries lists every attempt.',
      });
    } catch (error) {
      this.kernel.logger.warn('could not email a webhook owner', { error, endpointId: notice.endpointId });
    }
  }

  /** One POST: the target resolved and checked again (DNS may have changed) and connected to as checked, no redirects, a timeout, an excerpt of the answer. */
  private async send(delivery: Row, secrets: string[], at: Date): Promise<AttemptOutcome> {
    const check = await checkTarget(delivery.url, this.settings.WEBHOOKS_ALLOW_PRIVATE, this.resolve);
    if ('refused' in check) return { ok: false, status: null, excerpt: null, error: check.refused };
    try {
      const answer = await postPinned(check.target, {
        signal: AbortSignal.timeout(this.settings.WEBHOOKS_TIMEOUT_MS),
        maxBytes: EXCERPT_CHARS * 4,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Cuadra-Webhooks/1',
          [SIGNATURE_HEADER]: signatureHeader(delivery.body, secrets, Math.floor(at.getTime() / 1000)),
          'cuadra-event-id': delivery.event_id,
          'cuadra-event-type': delivery.event_type,
          'cuadra-delivery-id': delivery.id,
        },
        body: delivery.body,
      });
      const text = new TextDecoder().decode(answer.excerpt).replace(/\u0000/g, '');
      const excerpt = text ? text.slice(0, EXCERPT_CHARS) : null;
      const ok = answer.status >= 200 && answer.status < 300;
      const error = ok ? null : answer.status >= 300 && answer.status < 400 ? `Redirect to ${answer.headers.location ?? '?'} not followed` : `HTTP ${answer.status}`;
      return { ok, status: answer.status, excerpt, error };
    } catch (error) {
      const name = (error as Error).name;
      return { ok: false, status: null, excerpt: null, error: name === 'TimeoutError' || name === 'AbortError' ? `No answer within ${this.settings.WEBHOOKS_TIMEOUT_MS} ms` : (error as Error).message.slice(0, 300) };
    }
  }
}
