import { Elysia, t } from 'elysia';
import { NotFound } from '../../kernel/errors';
import type { UnitOfWork } from '../../kernel/uow';
import type { IngestionJobs } from './jobs';
import type { Admission, ProcessSlots } from '../../lib/budgeted-process';
import type { Kernel } from '../../kernel/kernel';
import { OcrPool } from './ocr-pool';
import { extractInOwnProcess } from './extract-in-process';
import { readDocument } from './reader';
import { IngestJobQuery, IngestPurchaseBody, ingestionModels, MAX_FILE_BYTES } from './schemas';
import { ingestionSettings, readLimitsOf } from './settings';
import { ingestRead, knownFile, ownTaxIds, sha256Of, treasuryMissing, type IngestOptions, type IngestOutcome, type TreasuryAccounts } from './service';

const tags = ['purchases'];

/** The treasury plugin's service when it is installed (this plugin does not depend on it). */
function treasuryAccounts(kernel: Kernel): TreasuryAccounts | null {
  try {
    return (kernel.service as (name: string) => unknown)('treasury') as TreasuryAccounts;
  } catch {
    return null;
  }
}

const IdParams = t.Object({ job_id: t.String({ format: 'uuid' }) });

const CONTENT_TYPES = { pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png' } as const;

export const ingestionRoutes = (kernel: Kernel, pool: OcrPool, decoders: ProcessSlots, jobs: IngestionJobs) => {
  const limits = readLimitsOf(kernel.settings(ingestionSettings));

  /** Reads and books the file once `admission` (a decoding process's turn) lets it; releases it on every path. */
  const ingest = async (uow: UnitOfWork, bytes: Uint8Array, options: IngestOptions, admission: Admission): Promise<IngestOutcome> => {
    try {
      const sha256 = sha256Of(bytes);
      // the same bytes again: answered before any reading
      const { known, own } = await uow.run(async (tx) => ({ known: await knownFile(tx, sha256), own: await ownTaxIds(tx) }));
      if (known) return known;
      const read = await readDocument(bytes, limits, pool, admission);
      const extraction = await extractInOwnProcess(read.pages, own, limits);
      const keepFile = (tenantId: string) => kernel.files.put(tenantId, bytes, CONTENT_TYPES[read.kind]);
      return await uow.run((tx) => ingestRead(tx, sha256, read, extraction, { ...options, keepFile }));
    } finally {
      admission.release();
    }
  };

  return new Elysia({ name: 'cuadra:purchase-ingestion' })
    .use(kernel.http)
    .model(ingestionModels)
    .post('/ai/ingest-purchase', async ({ uow, body, set }) => {
      const treasury = body.treasury_id ? treasuryAccounts(kernel) : null;
      if (body.treasury_id && !treasury) throw treasuryMissing();
      const bytes = new Uint8Array(await body.file.arrayBuffer());
      const options: IngestOptions = {
        contactId: body.contact_id ?? null, book: body.book ?? true,
        paidFrom: treasury ? (tx) => treasury.ledgerAccount(tx, body.treasury_id!) : null,
      };
      // a place among the decoding processes, or 503 at once: an accepted job holds its place
      const admission = decoders.admit();
      if (body.async) {
        let id: string;
        try {
          id = await uow.run((tx) => jobs.create(tx));
        } catch (error) {
          admission.release();
          throw error;
        }
        const background = kernel.unitOfWork(uow.principal);
        // released by the work itself, and here too should the job end before its work began (a lost connection)
        void jobs.start(id, background, () => ingest(background, bytes, options, admission)).then(admission.release, admission.release);
        set.status = 202;
        return (await jobs.get(background, id, 0))!;
      }
      const outcome = await ingest(uow, bytes, options, admission);
      set.status = outcome.created ? 201 : 200;
      return outcome.body;
    }, {
      permission: 'purchases.write',
      maxBodyBytes: MAX_FILE_BYTES + 64 * 1024,
      body: IngestPurchaseBody,
      response: { 200: 'IngestPurchaseResponse', 201: 'IngestPurchaseResponse', 202: 'IngestPurchaseJob' },
      detail: {
        summary: 'Ingest a purchase PDF or photo: text layer or OCR read, supplier matched, booked (or a draft for review), deduplicated',
        description: 'Reads the text layer of each PDF page and OCRs the pages without one (and photos). Answers 201 with the purchase created, '
          + '200 with `duplicate_of` when the same file or the same supplier invoice is already registered (nothing is created) or when too little was read. '
          + 'With `async=true`: 202 with a job at once, polled at GET /ai/ingest-purchase/jobs/{job_id}. '
          + 'Too large: 413 before the body is read; not a PDF/JPEG/PNG: 415; encrypted, damaged or over 20 pages: 422. '
          + 'Every file is decoded in its own process under budgets (decompressed bytes, pixels of an image, pages, memory, CPU time): '
          + 'a file over one is 422 naming it (with async=true, a job that ends failed with that status and detail). '
          + 'Every decoding process busy and its queue full, or every OCR worker busy: 503 with Retry-After (also with async=true).',
        tags,
        responses: { 503: { description: 'Every decoding process or OCR worker is busy: retry after Retry-After seconds', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } } } as any,
      },
    })
    .get('/ai/ingest-purchase/jobs/:job_id', async ({ uow, params, query }) => {
      const job = await jobs.get(uow, params.job_id, (query.wait ?? 0) * 1000);
      if (!job) throw new NotFound('Ingestion job not found');
      return job;
    }, {
      permission: 'purchases.read', params: IdParams, query: IngestJobQuery, response: { 200: 'IngestPurchaseJob' },
      detail: {
        summary: 'An ingestion started with async=true: queued, running, done (with the result) or failed (with the error); wait=N long-polls', tags,
        description: 'Any server of the deployment answers, also after a restart. A job whose server stopped before it finished (a restart, a crash) '
          + 'is failed with error.status 503: send the file again (if it was booked meanwhile, the same file answers with that purchase and duplicate_of).',
      },
    });
};
