import { ProcessSlots } from '../../lib/budgeted-process';
import type { Kernel } from '../../kernel/kernel';
import { definePlugin } from '../../kernel/plugin';
import { IngestionJobs } from './jobs';
import { migrations } from './migrations';
import { OcrPool } from './ocr-pool';
import { ingestionRoutes } from './routes';
import { ingestionSettings } from './settings';
import { archivePart } from './archive';

/** The OCR workers and background jobs of each running app (tests run several in one process). */
const running = new WeakMap<Kernel, { pool: OcrPool; decoders: ProcessSlots; jobs: IngestionJobs }>();

/** The OCR pool of a running app (tests observe it saturated through `onPageStart`). */
export function ocrPoolOf(kernel: Kernel): OcrPool | undefined {
  return running.get(kernel)?.pool;
}

/** The decoding processes' slots of a running app (tests take them to see uploads meet a full queue). */
export function decodersOf(kernel: Kernel): ProcessSlots | undefined {
  return running.get(kernel)?.decoders;
}

export default definePlugin({
  name: 'purchase-ingestion',
  // books through the purchases plugin's service; suppliers through the contacts plugin's
  dependsOn: ['tenants', 'contacts', 'taxes', 'documents', 'purchases'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  settings: ingestionSettings,
  hooks: {
    sync: {
      // answered when the account plugin is installed: the company's data is erased
      'tenant.erasing': async (tx) => {
        await tx.sql('delete from purchase_ingestion_jobs where tenant_id = :tenant');
        await tx.sql('delete from purchase_ingestions where tenant_id = :tenant');
      },
    },
  },
  setup(kernel) {
    const settings = kernel.settings(ingestionSettings);
    running.set(kernel, {
      pool: new OcrPool({ workers: settings.INGEST_OCR_WORKERS, queue: settings.INGEST_OCR_QUEUE, retryAfterSeconds: Math.ceil(settings.INGEST_PAGE_SECONDS) }),
      decoders: new ProcessSlots({
        running: settings.INGEST_DECODERS, queue: settings.INGEST_DECODE_QUEUE,
        retryAfterSeconds: Math.ceil(settings.INGEST_DECODE_CPU_SECONDS),
        busyMessage: 'Every file reader is busy; retry the upload shortly',
      }),
      jobs: new IngestionJobs(kernel.logger, settings.INGEST_JOB_LEASE_SECONDS * 1000),
    });
    const jobs = running.get(kernel)!.jobs;
    kernel.metrics.gauge('cuadra_ingest_jobs_running', 'Purchase ingestion jobs (async=true) this instance is running', async () => jobs.queue().depth);
    kernel.metrics.gauge('cuadra_ingest_jobs_oldest_seconds', 'How long the oldest ingestion job of this instance has run, 0 when none', async () => jobs.queue().oldestSeconds);
  },
  async teardown(kernel) {
    const state = running.get(kernel);
    running.delete(kernel);
    await state?.jobs.drain();
    await state?.pool.close();
  },
  routes: (kernel) => {
    const state = running.get(kernel)!;
    return ingestionRoutes(kernel, state.pool, state.decoders, state.jobs);
  },
});
