import { DomainError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import type { IngestOutcome } from './service';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * Ingestions run in the background (`async=true`): the job row is created with the request, the
 * work runs in this process after the answer (202), and its outcome is written to the row. The
 * bytes are held in memory only, so a job this process no longer runs (a restart) is reported
 * failed and the file must be sent again. `finished` lets a poll wait for a running job.
 */
export class IngestionJobs {
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly logger: Logger) {}

  async create(tx: Tx): Promise<string> {
    const id = crypto.randomUUID();
    await tx.sql(`insert into purchase_ingestion_jobs (id, tenant_id, status) values (:id::uuid, :tenant, 'queued')`, { id });
    return id;
  }

  start(id: string, uow: UnitOfWork, work: () => Promise<IngestOutcome>): void {
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
    })().finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  /** The job as the API shows it; waits up to `waitMs` for a running one to finish. */
  async get(uow: UnitOfWork, id: string, waitMs: number) {
    const pending = this.running.get(id);
    if (pending && waitMs > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([pending, new Promise<void>((resolve) => { timer = setTimeout(resolve, waitMs); })]);
      clearTimeout(timer);
    }
    const [row] = await uow.run((tx) => tx.sql<any>(`
      select id, status, result_status, result, error, created_at, finished_at from purchase_ingestion_jobs where tenant_id = :tenant and id = :id::uuid`, { id }));
    if (!row) return null;
    const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value ?? null);
    const orphaned = (row.status === 'queued' || row.status === 'running') && !this.running.has(id);
    return {
      id: row.id,
      status: (orphaned ? 'failed' : row.status) as JobStatus,
      result_status: row.result_status ?? null,
      result: parse(row.result),
      error: orphaned ? { status: 503, detail: 'The job was interrupted (the server restarted): send the file again' } : parse(row.error),
      created_at: new Date(row.created_at).toISOString(),
      finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    };
  }

  /** Waits for every running job (stopping the server). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }
}

const setStatus = (tx: Tx, id: string, status: JobStatus) =>
  tx.sql(`update purchase_ingestion_jobs set status = :status where tenant_id = :tenant and id = :id::uuid`, { id, status });

const finish = (tx: Tx, id: string, status: JobStatus, resultStatus: number, result: unknown, error: unknown) => tx.sql(`
  update purchase_ingestion_jobs set status = :status, result_status = :resultStatus, result = :result::jsonb, error = :error::jsonb, finished_at = now()
  where tenant_id = :tenant and id = :id::uuid`,
{ id, status, resultStatus, result: result ? JSON.stringify(result) : null, error: error ? JSON.stringify(error) : null });
