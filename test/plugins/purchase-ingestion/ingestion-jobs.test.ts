/**
 * Asynchronous ingestions (async=true) outlive the instance that took them: the job is a row any
 * instance answers from. A poll on another instance sees the job running (its lease renewed) and
 * then done; a job whose instance was killed mid-read is reported failed with the reason, for good.
 * The kill is real: the service runs as a child process, `kill -9`, and starts again on the same data.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApp, type CuadraApp } from '../../../kernel/app';
import { loadConfig } from '../../../kernel/config';
import { ocrPoolOf } from '../../../plugins/purchase-ingestion';
import { INTERRUPTED } from '../../../plugins/purchase-ingestion/jobs';
import { backend } from '../../support/database';
import type { DocumentsTestApp } from '../../support/documents';
import { VALID_CIFS, type TestCompany } from '../../support/factories';
import { serviceOnFreshData } from '../../support/service-process';
import { startWithBuyerAndOther } from './app';
import { ingestForm, scannedPdf, textPdf, uploader } from './fixtures';

const INVOICE = [
  'Imprenta Gráfica Norte S.A.', 'CIF A28017895', 'Factura N° GN-2026-0815', 'Fecha: 28/02/2026',
  'Base imponible 540,00', 'IVA 10% 540,00 54,00', 'TOTAL 594,00 EUR',
];

describe.skipIf(backend === 'pglite')('a job polled on another instance (PostgreSQL only: PGlite is one process)', () => {
  let first: DocumentsTestApp;
  let second: CuadraApp;
  let company: TestCompany;
  let other: TestCompany;
  const env = { INGEST_OCR_WORKERS: '1', INGEST_OCR_QUEUE: '0', INGEST_PAGE_MEGAPIXELS: '2', INGEST_JOB_LEASE_SECONDS: '1' };

  beforeAll(async () => {
    ({ app: first, company, other } = await startWithBuyerAndOther(env));
    second = await createApp({ config: loadConfig({ ...process.env, ...env, DATABASE_URL: first.config.databaseUrl, DATABASE_OWNER_URL: first.config.databaseOwnerUrl, DATA_DIR: first.config.dataDir, LOG_LEVEL: 'error', TRUST_PROXY: '1' }) });
  }, 60_000);
  afterAll(async () => {
    await second?.stop();
    await first?.close();
  });

  const pollOnSecond = async (jobId: string, token: string, wait = 0) => {
    const response = await second.handle(new Request(`http://localhost/api/v1/ai/ingest-purchase/jobs/${jobId}?wait=${wait}`, { headers: { authorization: `Bearer ${token}` } }));
    return { status: response.status, body: await response.json() as any };
  };

  test('running on the first (lease renewed past its length), another company 404, then done with the result: all seen from the second', async () => {
    // the job's page holds the first instance's only OCR worker until the second has seen it running
    const taken = Promise.withResolvers<void>();
    const seen = Promise.withResolvers<void>();
    const stopListening = ocrPoolOf(first.kernel)!.onPageStart(async () => { taken.resolve(); await seen.promise; });
    try {
      const started = await uploader(first)(await scannedPdf(INVOICE), company.token, { async: 'true' });
      expect(started.status).toBe(202);
      await taken.promise;
      // a long poll of 3 s, three leases of 1 s: the first instance renews it, so the job is not taken for dead
      const running = await pollOnSecond(started.body.id, company.token, 3);
      expect(running).toMatchObject({ status: 200, body: { id: started.body.id, status: 'running', result: null, error: null } });
      expect((await pollOnSecond(started.body.id, other.token)).status).toBe(404);
      // the instance that runs it counts it in /metrics; the other does not
      const metrics = (await first.kernel.metrics.text()).body;
      expect(metrics).toMatch(/^cuadra_ingest_jobs_running 1$/m);
      expect(Number(/^cuadra_ingest_jobs_oldest_seconds (\S+)$/m.exec(metrics)?.[1])).toBeGreaterThan(0);
      expect((await second.kernel.metrics.text()).body).toMatch(/^cuadra_ingest_jobs_running 0$/m);
      stopListening();
      seen.resolve();
      const done = await pollOnSecond(started.body.id, company.token, 30);
      expect(done.body).toMatchObject({ status: 'done', result_status: 201, error: null, finished_at: expect.any(String) });
      expect(done.body.result.purchase).toMatchObject({ status: 'issued', supplier_invoice_number: 'GN-2026-0815', total: '594.00' });
      expect((await pollOnSecond(started.body.id, other.token, 1)).status).toBe(404);
    } finally {
      stopListening();
      seen.resolve();
    }
  }, 120_000);
});

describe(`a job whose instance was killed (kill -9, restart on the same data; ${backend})`, () => {
  let service: Awaited<ReturnType<typeof serviceOnFreshData>> | undefined;
  afterAll(() => service?.dispose());

  test('is reported failed with the reason once its lease has run out, stays so, and is 404 to another company; new jobs run', async () => {
    service = await serviceOnFreshData({ INGEST_JOB_LEASE_SECONDS: '2', INGEST_PAGE_MEGAPIXELS: '2' });
    await service.start();
    const buyer = await service.registerCompany('Compradora Test SL', VALID_CIFS[0]);
    const stranger = await service.registerCompany('Otra Empresa SL', VALID_CIFS[1]);

    // eight scanned pages: OCR takes seconds a page, so the job is still reading when it is seen running
    const started = await service.call('POST', '/api/v1/ai/ingest-purchase', ingestForm(await scannedPdf(INVOICE, 8), { async: 'true' }), buyer.token);
    expect(started.status).toBe(202);
    const path = `/api/v1/ai/ingest-purchase/jobs/${started.body.id}`;
    let job = await service.call('GET', path, undefined, buyer.token);
    while (job.body.status === 'queued') job = await service.call('GET', `${path}?wait=1`, undefined, buyer.token);
    expect(job.body.status).toBe('running');
    await service.kill();

    await service.start();
    const failed = await service.call('GET', `${path}?wait=30`, undefined, buyer.token);
    expect(failed).toMatchObject({ status: 200, body: { id: started.body.id, status: 'failed', result_status: INTERRUPTED.status, result: null, error: INTERRUPTED, finished_at: expect.any(String) } });
    expect((await service.call('GET', path, undefined, stranger.token)).status).toBe(404);
    // written to the row: the same answer on a later poll, and after another restart
    await service.kill();
    await service.start();
    expect((await service.call('GET', path, undefined, buyer.token)).body).toEqual(failed.body);

    const next = await service.call('POST', '/api/v1/ai/ingest-purchase', ingestForm(await textPdf(['Suministros Levante S.L.', 'CIF: A58818501', 'Factura nº R-1', 'Fecha: 15/03/2026', 'Base imponible 100,00', 'IVA 21% 21,00', 'TOTAL 121,00']), { async: 'true' }), buyer.token);
    expect(next.status).toBe(202);
    const done = await service.call('GET', `/api/v1/ai/ingest-purchase/jobs/${next.body.id}?wait=30`, undefined, buyer.token);
    expect(done.body).toMatchObject({ status: 'done', result_status: 201 });
  }, 400_000);
});
