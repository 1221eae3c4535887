import type { Database } from './database';
import type { EventName, HookBus } from './hooks';
import type { Logger } from './logger';
import { sqlLiteral } from './sql-params';
import { BackgroundLoop } from '../lib/background-loop';

/**
 * A common table expression body for a statement run by `uow.write`, where `tx.publish` is not
 * available: queues the after-commit event `name` with the JSON `payloadSql` once per row of
 * `fromSql`. Pass `{ publishes: true }` to `uow.write` so that the dispatcher wakes at once (or,
 * when `fromSql` may yield no row, a function of the answered rows that tells whether it did: the
 * application role may not read the outbox back, so the statement answers the same condition).
 */
export const outboxEventSql = (name: EventName, payloadSql: string, fromSql: string): string =>
  `insert into outbox_events (id, tenant_id, name, payload) select gen_random_uuid(), :tenant, ${sqlLiteral(name)}, (${payloadSql})::jsonb from ${fromSql}`;

/**
 * An SQL condition: some subscriber takes event `name` of the statement's tenant (`:tenant`). Put
 * it in the `fromSql` of outboxEventSql so that no event row is written that nobody would take
 * (e.g. webhooks of a company without endpoints). `UnitOfWork.eventAudienceSql` answers it.
 */
export function eventAudienceSql(hooks: HookBus, name: EventName): string {
  const { everyTenant, scoped } = hooks.eventAudience(name);
  if (everyTenant) return 'true';
  if (!scoped.length) return 'false';
  return `exists (select from outbox_tenant_subscriptions where tenant_id = :tenant and subscriber in (${scoped.map(sqlLiteral).join(', ')}))`;
}

interface ClaimedDelivery { id: string; event_id: string; subscriber: string; tenant_id: string | null; name: string; payload: unknown; attempts: number }

export type DeliveryStatus = 'pending' | 'delivered' | 'dead';

/** One subscriber's delivery of one event, as the operator sees it. */
export interface OutboxDelivery {
  id: string;
  eventId: string;
  tenantId: string | null;
  event: string;
  payload: unknown;
  subscriber: string;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string;
  settledAt: string | null;
}

export interface OutboxOptions {
  /** Attempts of one delivery before it is dead (listed and replayable, never dropped). */
  maxAttempts?: number;
  /** Delay before retry n is retryBaseMs × 2^n, at most an hour: 2 s, 4 s, 8 s … with the default. */
  retryBaseMs?: number;
  pollMs?: number;
  /** How long a claimed delivery is this instance's before another may claim it again (renewed before each delivery). */
  leaseSeconds?: number;
}

export const OUTBOX_DEFAULTS = { maxAttempts: 10, retryBaseMs: 1000, pollMs: 1000, leaseSeconds: 60 } as const;
const MAX_RETRY_MS = 3600_000;

/** The wait after the `attempt`-th failed attempt (1-based): exponential, capped at an hour. */
export const retryDelayMs = (attempt: number, baseMs: number = OUTBOX_DEFAULTS.retryBaseMs): number => Math.min(MAX_RETRY_MS, baseMs * 2 ** attempt);

/**
 * Delivers after-commit events from the outbox: fans each new event out into one delivery per
 * subscribing plugin (a plugin subscribed with `tenants: 'subscribed'` only for the tenants it
 * subscribed: no row is written for the others), claims due deliveries (SKIP LOCKED and a lease, so several instances can share one
 * database; the lease is checked and renewed before each delivery of a batch) and runs that one subscriber. A failing delivery is retried alone with exponential
 * backoff; after `maxAttempts` it is dead: `deadLetters()` lists it and `replay()` makes it due
 * again (operator command: kernel/outbox-command.ts). A subscriber never touches the response of
 * the request that published the event.
 */
export class OutboxDispatcher {
  private readonly loop = new BackgroundLoop(() => this.drain());
  readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly pollMs: number;
  private readonly lease: string;

  constructor(private readonly db: Database, private readonly hooks: HookBus, private readonly logger: Logger, options: OutboxOptions = {}) {
    this.maxAttempts = options.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts;
    this.retryBaseMs = options.retryBaseMs ?? OUTBOX_DEFAULTS.retryBaseMs;
    this.pollMs = options.pollMs ?? OUTBOX_DEFAULTS.pollMs;
    this.lease = `${options.leaseSeconds ?? OUTBOX_DEFAULTS.leaseSeconds} seconds`;
  }

  start(): void {
    this.loop.start(this.pollMs);
    this.wake();
  }

  wake(): void { this.loop.wake(); }

  /** Resolves when everything due now has been attempted (tests use it to await delivery). */
  idle(): Promise<void> { return this.loop.idle(); }

  stop(): Promise<void> { return this.loop.stop(); }

  /** Deliveries in one state (all tenants, or one), oldest event first. */
  async deliveries(status: DeliveryStatus, options: { tenantId?: string | null; limit?: number } = {}): Promise<OutboxDelivery[]> {
    const rows = await this.execute<Record<string, any>>('select * from cuadra_outbox_deliveries(?, ?::uuid, ?)', [status, options.tenantId ?? null, options.limit ?? 100]);
    return rows.map((r) => ({
      id: r.id, eventId: r.event_id, tenantId: r.tenant_id, event: r.name, payload: r.payload, subscriber: r.subscriber, status: r.status,
      attempts: r.attempts, lastError: r.last_error, createdAt: r.created_at, lastAttemptAt: r.last_attempt_at, nextAttemptAt: r.next_attempt_at, settledAt: r.settled_at,
    }));
  }

  /** Dead deliveries: every attempt failed. Fix the cause, then `replay` them. */
  deadLetters(options: { tenantId?: string | null; limit?: number } = {}): Promise<OutboxDelivery[]> {
    return this.deliveries('dead', options);
  }

  /**
   * Makes dead deliveries due again with fresh attempts: the ones listed by id, or (ids omitted)
   * every dead one, optionally of one tenant. Returns how many.
   */
  async replay(options: { ids?: string[]; tenantId?: string | null } = {}): Promise<number> {
    const ids = options.ids ? `{${options.ids.map((id) => `"${id.replace(/[^0-9a-fA-F-]/g, '')}"`).join(',')}}` : null;
    const [row] = await this.execute<{ replayed: number }>('select cuadra_outbox_replay(?::uuid[], ?::uuid) as replayed', [ids, options.tenantId ?? null]);
    if (row.replayed) this.wake();
    return row.replayed;
  }

  private execute<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.db.system<T>(sql, params, { ownTransaction: true });
  }

  private async drain(): Promise<void> {
    try {
      const subscribers = JSON.stringify(this.hooks.eventSubscribers());
      const tenantScoped = JSON.stringify(this.hooks.tenantScopedSubscribers());
      for (;;) {
        const [fan] = await this.execute<{ events: number }>('select cuadra_outbox_fan_out(?, ?::jsonb, ?::jsonb) as events', [100, subscribers, tenantScoped]);
        const batch = await this.execute<ClaimedDelivery>(`select * from cuadra_outbox_claim_deliveries(?, ?::interval)`, [20, this.lease]);
        if (!batch.length && !fan.events) return;
        for (const delivery of batch) {
          // still ours (another instance claims what outlived its lease), and held for this attempt
          const [held] = await this.execute<{ held: boolean }>('select cuadra_outbox_hold_delivery(?, ?, ?::interval) as held', [delivery.id, delivery.attempts, this.lease]);
          if (held?.held) await this.deliver(delivery);
        }
      }
    } catch (error) {
      this.logger.error('outbox drain failed', { error });
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const { subscriber: plugin, name } = delivery;
    let failure: string | null = null;
    const handler = this.hooks.eventHandler(name, plugin);
    try {
      if (!handler) throw new Error(`plugin "${plugin}" no longer subscribes to ${name}`);
      await handler(delivery.payload, { eventId: delivery.event_id, tenantId: delivery.tenant_id, attempt: delivery.attempts, logger: this.logger.child({ plugin, event: name }) });
    } catch (error) {
      failure = (error as Error).message || String(error);
    }
    // settled only while still this attempt's claim: a lease that ran out meanwhile leaves the
    // delivery to the instance that claimed it since (its result is not overwritten)
    const [settled] = await this.execute<{ status: DeliveryStatus | null }>('select cuadra_outbox_settle_delivery(?, ?, ?, ?, ?) as status', [
      delivery.id, delivery.attempts, failure, failure ? retryDelayMs(delivery.attempts, this.retryBaseMs) : null, this.maxAttempts,
    ]);
    if (!settled?.status) {
      this.logger.warn('event delivery was claimed again before it settled (its lease ran out): its result is left to the new claim', { event: name, eventId: delivery.event_id, deliveryId: delivery.id, plugin, attempt: delivery.attempts, error: failure });
    } else if (settled.status === 'dead') {
      this.logger.error('event delivery is dead after its last attempt: list with the outbox command, replay once fixed', { event: name, eventId: delivery.event_id, deliveryId: delivery.id, plugin, attempts: delivery.attempts, error: failure });
    } else if (failure) {
      this.logger.warn('event subscriber failed', { event: name, eventId: delivery.event_id, plugin, attempt: delivery.attempts, error: failure });
    }
  }
}
