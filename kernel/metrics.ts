import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './database';

/**
 * The service's Prometheus metrics, one registry per app (a test process runs several apps). The
 * kernel counts requests by route template (never by raw path: ids would make a series each) and
 * reads the pool and the outbox backlog when scraped; plugins add their own through `counter` and
 * `gauge` at setup (names start with `cuadra_`).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;

  constructor(db: Database) {
    this.requests = new Counter({ name: 'cuadra_http_requests_total', help: 'HTTP requests answered, by method, route template and status', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
    this.durations = new Histogram({
      name: 'cuadra_http_request_duration_seconds', help: 'Time to answer an HTTP request, by method, route template and status',
      labelNames: ['method', 'route', 'status'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [this.registry],
    });
    const pool = (field: 'open' | 'idle' | 'waiting', help: string) => this.gauge(`cuadra_db_pool_${field === 'open' ? 'connections' : field}`, help, async () => db.poolStats()?.[field] ?? 0);
    pool('open', 'Connections the application pool holds open (PostgreSQL; 0 on PGlite)');
    pool('idle', 'Open connections of the application pool not in use');
    pool('waiting', 'Units of work waiting for a connection of the application pool');
    const replica = db.replica;
    if (replica) {
      // the state the last check left (at most a second old while reports are asked for), plus a check now
      this.gauge('cuadra_db_replica_usable', 'Whether reports read the read replica now (1) or the primary (0: unreachable, refused or lagging)', async () => (await replica.usable()) ? 1 : 0);
      this.gauge('cuadra_db_replica_lag_seconds', 'Replay lag of the read replica at its last check, -1 when it did not answer', async () => replica.lastLagSeconds() ?? -1);
    }
    // One query per scrape, shared by the three outbox gauges.
    let backlog: Promise<OutboxBacklog> | undefined;
    const readBacklog = () => (backlog ??= db.system<OutboxBacklog>('select * from cuadra_outbox_backlog()', [], { ownTransaction: true })
      .then(([row]) => row!).finally(() => setTimeout(() => { backlog = undefined; }, 0)));
    this.gauge('cuadra_outbox_pending', 'Event deliveries to plugins not done yet (including events not fanned out)', async () => Number((await readBacklog()).pending));
    this.gauge('cuadra_outbox_oldest_pending_seconds', 'Age of the oldest pending event delivery, 0 when none', async () => Number((await readBacklog()).oldest_pending_seconds ?? 0));
    this.gauge('cuadra_outbox_dead', 'Event deliveries that failed every attempt and wait for a replay', async () => Number((await readBacklog()).dead));
  }

  /** Records one answered request (`route` is the matched template, or `unmatched`). */
  observe(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  /** A counter a plugin increments (e.g. failed deliveries); asking twice for a name gives the same counter. */
  counter<L extends string = never>(name: string, help: string, labelNames: L[] = []): Counter<L> {
    return (this.registry.getSingleMetric(name) as Counter<L> | undefined) ?? new Counter<L>({ name, help, labelNames, registers: [this.registry] });
  }

  /** A gauge read when scraped. */
  gauge(name: string, help: string, read: () => Promise<number>): Gauge {
    return new Gauge({ name, help, registers: [this.registry], async collect() { this.set(await read()); } });
  }

  /** The Prometheus text exposition. */
  async text(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}

interface OutboxBacklog { pending: string | number; dead: string | number; oldest_pending_seconds: string | number | null }
