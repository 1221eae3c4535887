import { DomainError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import type { IngestOutcome } from './service';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** How often a polling instance re-reads a job another instance runs (`wait=N`). */
const POLL_MS = 200;

export const INTERRUPTED = {
  status: 503,
  detail: 'The job was interrupted: the server reading the file stopped (a restart or a crash) before it finished. '
    + 'Send the file again; if it was booked meanwhile, the same file answers with that purchase (duplicate_of)',
};

/**
 * Ingestions run in the background (`async=true`). The job is a row of `purchase_ingestion_jobs`
 * (tenant-scoped, under RLS), so any instance answers a poll: the instance that took the request
 * runs the work, holds the bytes in memory only, renews the row's lease (`heartbeat_at`) while it
 * runs and writes the outcome to the row. A job whose lease ran out (its instance was killed or
 * restarted) can never finish: the first poll that sees it marks it failed, with the reason, in the row.
 */
export class IngestionJobs {
  private readonly running = new Map<string, Promise<void>>();
  private readonly startedAt = new Map<string, number>();
  /** This process, as the runner named on the jobs it runs. */
  readonly instanceId = crypto.randomUUID();

  constructor(private readonly logger: Logger, private readonly leaseMs: number) {}

  async create(tx: Tx): Promise<string> {
    const id = crypto.randomUUID();
    await tx.sql(`
      insert into purchase_ingestion_jobs (id, tenant_id, status, runner, heartbeat_at) values (:id::uuid, :tenant, 'queued', :runner::uuid, now())`,
    { id, runner: this.instanceId });
    return id;
  }

  /** Runs `work` in the background; the promise settles once the job has ended. */
  start(id: string, uow: UnitOfWork, work: () => Promise<IngestOutcome>): Promise<void> {
    // renewed three times per lease, so a late timer or a slow statement does not let it run out
    const heartbeat = setInterval(() => {
      uow.run((tx) => renew(tx, id)).catch((error) => this.logger.warn('purchase ingestion job: lease not renewed', { job_id: id, error: String(error) }));
    }, Math.max(50, Math.floor(this.leaseMs / 3)));
    heartbeat.unref?.();
    const run = (async () => {
      await uow.run((tx) => setStatus(tx, id, 'running'));
      try {
        const outcome = await work();
        await uow.run((tx) => finish(tx, id, 'done', outcome.created ? 201 : 200, outcome.body, null));
      } catch (error) {
        const known = error instanceof DomainError;
        if (!known) this.logger.error('purchase ingestion job failed', { job_id: id, error: String(error) });
        const status = known ? error.status : 500;
        const detail = known ? error.message : 'The file could not be processed';
        await uow.run((tx) => finish(tx, id, 'failed', status, null, { status, detail })).catch(() => undefined);
      }
    })().finally(() => {
      clearInterval(heartbeat);
      this.running.delete(id);
      this.startedAt.delete(id);
    });
    this.running.set(id, run);
    this.startedAt.set(id, Date.now());
    return run;
  }

  /** Jobs this instance runs now, and how long the oldest has run (seconds; 0 when none): for /metrics. */
  queue(): { depth: number; oldestSeconds: number } {
    const oldest = Math.min(...this.startedAt.values());
    return { depth: this.running.size, oldestSeconds: this.startedAt.size ? (Date.now() - oldest) / 1000 : 0 };
  }

  /**
   * The job as the API shows it; waits up to `waitMs` for an unfinished one to end: on the promise
   * when this instance runs it, else re-reading the row (another instance runs it).
   */
  async get(uow: UnitOfWork, id: string, waitMs: number) {
    const deadline = Date.now() + waitMs;
    const pending = this.running.get(id);
    if (pending && waitMs > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([pending, new Promise<void>((resolve) => { timer = setTimeout(resolve, waitMs); })]);
      clearTimeout(timer);
    }
    for (;;) {
      const row = await uow.run((tx) => this.read(tx, id));
      if (!row || row.status === 'done' || row.status === 'failed' || Date.now() >= deadline) return row && jobJson(row);
      await Bun.sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
    }
  }

  /** The row; an unfinished job past its lease that this instance does not run is marked failed first. */
  private async read(tx: Tx, id: string): Promise<JobRow | null> {
    if (!this.running.has(id)) {
      const [expired] = await tx.sql<JobRow>(`
        update purchase_ingestion_jobs set status = 'failed', result_status = :status, error = :error::jsonb, finished_at = now()
        where tenant_id = :tenant and id = :id::uuid and status in ('queued', 'running')
          and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => :leaseSeconds::double precision))
        returning ${COLUMNS}`,
      { id, status: INTERRUPTED.status, error: JSON.stringify(INTERRUPTED), leaseSeconds: this.leaseMs / 1000 });
      if (expired) return expired;
    }
    const [row] = await tx.sql<JobRow>(`select ${COLUMNS} from purchase_ingestion_jobs where tenant_id = :tenant and id = :id::uuid`, { id });
    return row ?? null;
  }

  /** Waits for every running job (stopping the server). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }
}

const COLUMNS = 'id, status, result_status, result, error, created_at, finished_at';
interface JobRow { id: string; status: JobStatus; result_status: number | null; result: unknown; error: unknown; created_at: string | Date; finished_at: string | Date | null }

const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value ?? null);

const jobJson = (row: JobRow) => ({
  id: row.id,
  status: row.status,
  result_status: row.result_status ?? null,
  result: parse(row.result),
  error: parse(row.error),
  created_at: new Date(row.created_at).toISOString(),
  finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
});

const renew = (tx: Tx, id: string) =>
  tx.sql(`update purchase_ingestion_jobs set heartbeat_at = now() where tenant_id = :tenant and id = :id::uuid and status in ('queued', 'running')`, { id });

const setStatus = (tx: Tx, id: string, status: JobStatus) =>
  tx.sql(`update purchase_ingestion_jobs set status = :status, heartbeat_at = now() where tenant_id = :tenant and id = :id::uuid and status in ('queued', 'running')`, { id, status });

// only an unfinished job: one a poll already declared interrupted (its lease ran out) stays failed
const finish = (tx: Tx, id: string, status: JobStatus, resultStatus: number, result: unknown, error: unknown) => tx.sql(`
  update purchase_ingestion_jobs set status = :status, result_status = :resultStatus, result = :result::jsonb, error = :error::jsonb, finished_at = now()
  where tenant_id = :tenant and id = :id::uuid and status in ('queued', 'running')`,
{ id, status, resultStatus, result: result ? JSON.stringify(result) : null, error: error ? JSON.stringify(error) : null });
