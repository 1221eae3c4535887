import type { Database } from './database';
import type { EventName, HookBus } from './hooks';
import type { Logger } from './logger';
import { sqlLiteral } from './sql-params';

/**
 * A common table expression body for a statement run by `uow.write`, where `tx.publish` is not
 * available: queues the after-commit event `name` with the JSON `payloadSql` once per row of
 * `fromSql`. Pass `{ publishes: true }` to `uow.write` so that the dispatcher wakes at once.
 */
export const outboxEventSql = (name: EventName, payloadSql: string, fromSql: string): string =>
  `insert into outbox_events (id, tenant_id, name, payload) select gen_random_uuid(), :tenant, ${sqlLiteral(name)}, (${payloadSql})::jsonb from ${fromSql}`;

interface ClaimedEvent { id: string; tenant_id: string | null; name: string; payload: unknown; attempts: number }

/**
 * Delivers after-commit events from the outbox table: claims a batch (SKIP LOCKED, so several
 * instances can share one database), runs every subscriber, settles each event. A failing
 * subscriber is retried with exponential backoff, ten attempts at most; it never touches the
 * response of the request that published the event.
 */
export class OutboxDispatcher {
  private timer?: ReturnType<typeof setInterval>;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(private readonly db: Database, private readonly hooks: HookBus, private readonly logger: Logger, private readonly pollMs = 1000) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref?.();
    this.wake();
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) { this.again = true; return; }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) { this.again = false; this.wake(); }
    });
  }

  /** Resolves when everything due now has been attempted (tests use it to await delivery). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const connection = this.db.orm.em.fork().getConnection();
        const batch = await connection.execute<ClaimedEvent[]>(`select * from cuadra_outbox_claim(?, interval '60 seconds')`, [20]);
        if (!batch.length) return;
        for (const event of batch) await this.deliver(event);
      }
    } catch (error) {
      this.logger.error('outbox drain failed', { error });
    }
  }

  private async deliver(event: ClaimedEvent): Promise<void> {
    let failure: string | null = null;
    for (const { plugin, handler } of this.hooks.eventHandlers(event.name)) {
      try {
        await handler(event.payload, { eventId: event.id, tenantId: event.tenant_id, attempt: event.attempts, logger: this.logger.child({ plugin, event: event.name }) });
      } catch (error) {
        failure = `${plugin}: ${(error as Error).message}`;
        this.logger.warn('event subscriber failed', { event: event.name, eventId: event.id, plugin, attempt: event.attempts, error });
      }
    }
    const retryIn = failure ? `${Math.min(3600, 2 ** event.attempts)} seconds` : null;
    await this.db.orm.em.fork().getConnection().execute(`select cuadra_outbox_settle(?, ?, ?::interval)`, [event.id, failure, retryIn]);
  }
}
