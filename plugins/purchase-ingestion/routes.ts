import { Elysia, t } from 'elysia';
import { NotFound } from '../../kernel/errors';
import type { UnitOfWork } from '../../kernel/uow';
import type { IngestionJobs } from './jobs';
import type { Admission, ProcessSlots } from '../../lib/budgeted-process';
import type { Kernel } from '../../kernel/kernel';
import { OcrPool } from './ocr-pool';
import { extractInOwnProcess } from './extract-in-process';
import { decodeDocument, readPages, sniff } from './reader';
import { ingestEInvoiceFile, purchaseEInvoice } from './einvoice-booking';
import { declaredXml, looksLikeXml, readEInvoiceXml, readEmbeddedEInvoice } from './einvoice-file';
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
const PurchaseIdParams = t.Object({ id: t.String({ format: 'uuid' }) });

const CONTENT_TYPES = { pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png' } as const;

export const ingestionRoutes = (kernel: Kernel, pool: OcrPool, decoders: ProcessSlots, jobs: IngestionJobs) => {
  const limits = readLimitsOf(kernel.settings(ingestionSettings));

  /**
   * Reads and books the file once `admission` (a decoding process's turn) lets it; releases it on
   * every path. An XML file is an e-invoice of an installed syntax (or 422); a PDF embedding one
   * (Factur-X / ZUGFeRD) is booked from it with no OCR; anything else is read from its pages.
   */
  const ingest = async (uow: UnitOfWork, bytes: Uint8Array, options: IngestOptions, admission: Admission | null): Promise<IngestOutcome> => {
    try {
      const sha256 = sha256Of(bytes);
      // the same bytes again: answered before any reading
      const { known, own } = await uow.run(async (tx) => ({ known: await knownFile(tx, sha256), own: await ownTaxIds(tx) }));
      if (known) return known;
      if (!admission) {
        const read = await readEInvoiceXml(kernel, bytes);
        const keepFile = (tenantId: string) => kernel.files.put(tenantId, bytes, 'application/xml');
        return await uow.run((tx) => ingestEInvoiceFile(tx, sha256, read, 'xml', own, { ...options, keepFile }));
      }
      const decoded = await decodeDocument(bytes, limits, pool, admission);
      const keepFile = (tenantId: string) => kernel.files.put(tenantId, bytes, CONTENT_TYPES[decoded.kind]);
      const embedded = decoded.attachments.length ? await readEmbeddedEInvoice(kernel, decoded.attachments) : null;
      if (embedded) return await uow.run((tx) => ingestEInvoiceFile(tx, sha256, embedded, 'pdf', own, { ...options, keepFile }));
      const read = await readPages(decoded, pool);
      const extraction = await extractInOwnProcess(read.pages, own, limits);
      return await uow.run((tx) => ingestRead(tx, sha256, read, extraction, { ...options, keepFile }));
    } finally {
      admission?.release();
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
      // an e-invoice XML needs no decoding process; anything else takes a place among them, or 503 at
      // once: an accepted job holds its place
      // (a file declared as XML that is neither XML nor a PDF or photo is the e-invoice path's 422, not a 415)
      const xml = looksLikeXml(bytes) || (!sniff(bytes) && declaredXml(body.file));
      const admission = xml ? null : decoders.admit();
      if (body.async) {
        let id: string;
        try {
          id = await uow.run((tx) => jobs.create(tx));
        } catch (error) {
          admission?.release();
          throw error;
        }
        const background = kernel.unitOfWork(uow.principal);
        // released by the work itself, and here too should the job end before its work began (a lost connection)
        const release = () => admission?.release();
        void jobs.start(id, background, () => ingest(background, bytes, options, admission)).then(release, release);
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
        summary: 'Ingest a purchase PDF, photo or e-invoice (UBL, Facturae, CII, Factur-X): read, supplier matched, booked (or a draft for review), deduplicated',
        description: 'Reads the text layer of each PDF page and OCRs the pages without one (and photos). '
          + 'An XML e-invoice of an installed syntax (UBL 2.1; Facturae and CII with their plugins), recognised by its content and root element, '
          + 'or a PDF embedding one (Factur-X / ZUGFeRD: factur-x.xml, zugferd-invoice.xml…), is booked from its structured data with no OCR: '
          + 'every line with its tax types, totals equal to the file\'s, confidence 1, and `einvoice` in the answer (syntax, totals, signature check, document allowances and charges). '
          + 'A paid amount the file states (EN 16931 BT-113: an advance) is applied to the registered purchase through 407 Anticipos a proveedores, so `amount_due` is the file\'s amount due (BT-115). '
          + 'An e-invoice that fails its syntax\'s schema or the EN 16931 rules is 422 with the first errors (`detail[].msg`, each naming its rule), nothing booked. '
          + 'A Facturae batch (several invoices in one file, at most 100: 422 beyond; a series and number repeated in it: 422) books each invoice as a purchase of its own: '
          + 'the answer\'s purchase and reading are the first invoice\'s, `needs_review` and `review_reasons` (each naming its invoice) speak for all of them, `duplicate_of` is set only when every invoice was already registered, and `batch` lists every invoice\'s answer; '
          + 'all or nothing (one invoice that cannot be read or booked: 422, or 409 for books locked at its date, naming it; none booked). '
          + 'Answers 201 with the purchase created, '
          + '200 with `duplicate_of` when the same file or the same supplier invoice is already registered (nothing is created) or when too little was read. '
          + 'With `async=true`: 202 with a job at once, polled at GET /ai/ingest-purchase/jobs/{job_id}. '
          + 'Too large: 413 before the body is read; not a PDF/JPEG/PNG/XML: 415; encrypted, damaged or over 20 pages: 422; '
          + 'declared as XML (type or .xml name) but not XML, XML of no installed e-invoice syntax, or an invalid e-invoice: 422. '
          + 'Every file is decoded in its own process under budgets (decompressed bytes, pixels of an image, pages, memory, CPU time): '
          + 'a file over one is 422 naming it (with async=true, a job that ends failed with that status and detail). '
          + 'Every decoding process busy and its queue full, or every OCR worker busy: 503 with Retry-After (also with async=true).',
        tags,
        responses: { 503: { description: 'Every decoding process or OCR worker is busy: retry after Retry-After seconds', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } } } as any,
      },
    })
    .get('/purchases/:id/einvoice', async ({ uow, params }) => {
      const found = await uow.run((tx) => purchaseEInvoice(tx, params.id));
      if (!found) throw new NotFound('This purchase was not booked from an e-invoice (or it does not exist)');
      return found;
    }, {
      permission: 'purchases.read', params: PurchaseIdParams, response: { 200: 'PurchaseEInvoice' },
      detail: {
        summary: 'The e-invoice a purchase was booked from: syntax, container, its own totals and the signature check', tags,
        description: 'For purchases booked by POST /ai/ingest-purchase from a structured e-invoice (XML, or a Factur-X / ZUGFeRD PDF). '
          + 'signature.status: valid or invalid as the einvoice-signing verifier found it, unsigned, or unchecked when no einvoice-signing plugin is installed. '
          + '404 for a purchase booked otherwise, or another company\'s.',
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
