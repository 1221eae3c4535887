import { Elysia, t } from 'elysia';
import { NotFound } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { queryBounds } from '../../kernel/query-bounds';
import { checkDates } from '../documents/api';
import { InvoiceService } from '../invoices/api';
import { strToU8, zipSync } from 'fflate';
import { softwareProducer } from '../../lib/software-producer';
import { exportBatches, ProducerNotConfigured } from './export';
import { qrEnvironment, recordToJson } from './json';
import { qrPng, qrSvg } from './qr';
import { EventsQuery, ExportQuery, QrQuery, RecordsQuery, verifactuModels } from './schemas';
import { recordQrUrl, VerifactuService } from './service';
import type { InvoiceType } from './hash';

const tags = ['verifactu'];
const IdParams = t.Object({ id: t.String({ format: 'uuid' }) });

export const verifactuRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:verifactu' })
    .use(kernel.http)
    .model(verifactuModels)
    .get('/invoices/:id/qr', async ({ uow, params, query }) => {
      const url = await uow.run(async (tx) => {
        await InvoiceService.get(tx, params.id); // 404 for an invoice that is not the tenant's
        const record = await VerifactuService.latestOf(tx, params.id);
        if (!record) throw new NotFound('This invoice has no VERI*FACTU record yet: a draft has no QR code');
        return recordQrUrl(qrEnvironment(kernel), record);
      });
      const headers = { 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' };
      if (query.format === 'svg') return new Response(await qrSvg(url), { headers: { ...headers, 'content-type': 'image/svg+xml' } });
      return new Response(new Uint8Array(await qrPng(url)), { headers: { ...headers, 'content-type': 'image/png' } });
    }, {
      permission: 'verifactu.read', params: IdParams, query: QrQuery,
      detail: {
        summary: 'The invoice\'s VERI*FACTU QR code (PNG, or SVG with format=svg), error correction M, encoding the AEAT validation URL',
        tags,
        responses: { 200: { description: 'The QR code: PNG, or SVG with format=svg', content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/svg+xml': { schema: { type: 'string' } } } } } as any,
      },
    })
    .get('/verifactu/records', async ({ uow, query }) => {
      const limit = query.limit ?? 50;
      const offset = query.offset ?? 0;
      checkDates([{ loc: ['query', 'from'], value: query.from }, { loc: ['query', 'to'], value: query.to }]);
      const page = await uow.run((tx) => VerifactuService.list(tx, { from: query.from, to: query.to, invoiceId: query.invoice_id, limit, offset }));
      return { items: page.items.map((r) => recordToJson(kernel, r)) as any[], total: page.total, limit, offset };
    }, {
      permission: 'verifactu.read', query: RecordsQuery, transform: queryBounds(RecordsQuery), response: { 200: 'PaginatedResponse_VerifactuRecordResponse_' },
      detail: { summary: 'VERI*FACTU records in chain order, with the exact values that entered each hash; filters by invoice issue date (from/to) and invoice', tags },
    })
    .post('/verifactu/cancellations', async ({ uow, body, set }) => {
      const input = body as { invoice_id: string; reason: string };
      const row = await uow.run((tx) => VerifactuService.cancel(tx, input.invoice_id, input));
      set.status = 201;
      return recordToJson(kernel, row);
    }, {
      permission: 'verifactu.write', body: 'VerifactuCancellationRequest', response: { 201: 'VerifactuRecordResponse' }, effect: 'send',
      detail: { summary: 'Add a cancellation record (registro de anulación) for an invoice\'s registration, chained like every record', tags },
    })
    .post('/verifactu/corrections', async ({ uow, body, set }) => {
      const input = body as { invoice_id: string; invoice_type?: InvoiceType; reason: string };
      const row = await uow.run((tx) => VerifactuService.correct(tx, input.invoice_id, input));
      set.status = 201;
      return recordToJson(kernel, row);
    }, {
      permission: 'verifactu.write', body: 'VerifactuCorrectionRequest', response: { 201: 'VerifactuRecordResponse' }, effect: 'send',
      detail: { summary: 'Add a correction record (subsanación): the invoice\'s registration again with corrected data (the invoice type)', tags },
    })
    .get('/verifactu/verify', async ({ uow }) => uow.run((tx) => VerifactuService.verify(tx)), {
      permission: 'verifactu.read', response: { 200: 'VerifactuVerifyResponse' },
      detail: { summary: 'Recompute every chain and report intact, or the first broken link; the verification is logged', tags },
    })
    .get('/verifactu/export', async ({ uow, query }) => {
      checkDates([{ loc: ['query', 'from'], value: query.from }, { loc: ['query', 'to'], value: query.to }]);
      const producer = softwareProducer(kernel.config);
      if (!producer.configured && qrEnvironment(kernel) === 'production') {
        throw new ProducerNotConfigured('The producer of this deployment\'s invoicing software is not configured: the export names it in SistemaInformatico, '
          + 'so the deployment must set SOFTWARE_PRODUCER_NAME and SOFTWARE_PRODUCER_TAX_ID (or run with VERIFACTU_QR_ENVIRONMENT=test, where a marked placeholder is written)');
      }
      const exported = await uow.run((tx) => exportBatches(tx, { from: query.from, to: query.to, issuerTaxId: query.issuer_tax_id, batch: query.batch }, producer));
      const base = `verifactu-${query.from}-${query.to}`;
      const width = String(exported.batches).length;
      const numbered = (n: number) => `${base}-${String(n).padStart(width, '0')}-of-${exported.batches}.xml`;
      const headers: Record<string, string> = {
        'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store',
        'x-verifactu-records': String(exported.records), 'x-verifactu-batches': String(exported.batches),
      };
      if (exported.files.length === 1) {
        const [file] = exported.files;
        return new Response(file.xml, {
          headers: {
            ...headers, 'content-type': 'application/xml; charset=utf-8', 'x-verifactu-batch': String(file.number),
            'content-disposition': `attachment; filename="${exported.batches === 1 ? `${base}.xml` : numbered(file.number)}"`,
          },
        });
      }
      const zip = zipSync(Object.fromEntries(exported.files.map((file) => [numbered(file.number), strToU8(file.xml)])), { level: 6 });
      return new Response(zip, { headers: { ...headers, 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${base}.zip"` } });
    }, {
      permission: 'verifactu.read', query: ExportQuery, transform: queryBounds(ExportQuery),
      detail: {
        summary: 'The records of invoices issued from–to in the AEAT\'s SuministroLR shape, for the company or its accountant to submit (Cuadra sends nothing to the AEAT); the export is logged',
        description: 'A `RegFactuSistemaFacturacion` message takes at most 1,000 records, so the records of the period, in chain order, are split into batches of 1,000 '
          + '(the last one shorter), each a complete message to submit in order. Up to 1,000 records the answer is one XML file, as it always was. '
          + 'With more and no `batch`, the answer is a ZIP (`application/zip`) of the numbered messages `verifactu-{from}-{to}-{n}-of-{batches}.xml`; '
          + 'with `batch=n`, only that message, as XML. Every answer tells `X-Verifactu-Records` (records of the period), `X-Verifactu-Batches` '
          + '(messages they make) and, for XML, `X-Verifactu-Batch` (which one it is). `SistemaInformatico` names the producer of the software configured '
          + 'for the deployment (SOFTWARE_PRODUCER_*): in production (VERIFACTU_QR_ENVIRONMENT=production) without it the export answers 503.',
        tags,
        responses: {
          200: {
            description: 'One RegFactuSistemaFacturacion message (XML), or a ZIP of the numbered messages when the period has more than 1,000 records and no batch was asked for',
            headers: {
              'X-Verifactu-Records': { description: 'Records of the period', schema: { type: 'integer' } },
              'X-Verifactu-Batches': { description: 'Messages of at most 1,000 records they make', schema: { type: 'integer' } },
              'X-Verifactu-Batch': { description: 'Which message this XML is (1-based); absent on a ZIP', schema: { type: 'integer' } },
            },
            content: { 'application/xml': { schema: { type: 'string', format: 'binary' } }, 'application/zip': { schema: { type: 'string', format: 'binary' } } },
          },
          503: { description: 'Production deployment without a configured software producer (SOFTWARE_PRODUCER_NAME, SOFTWARE_PRODUCER_TAX_ID)' },
        } as any,
      },
    })
    .get('/verifactu/events', async ({ uow, query }) => {
      const limit = query.limit ?? 50;
      const offset = query.offset ?? 0;
      const page = await uow.run((tx) => VerifactuService.events(tx, { limit, offset }));
      return { ...page, limit, offset };
    }, {
      permission: 'verifactu.read', query: EventsQuery, transform: queryBounds(EventsQuery), response: { 200: 'PaginatedResponse_VerifactuEventResponse_' },
      detail: { summary: 'The VERI*FACTU event log, newest first: records created, exports, verifications', tags },
    });
