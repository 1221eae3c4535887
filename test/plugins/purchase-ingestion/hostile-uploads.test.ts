/**
 * Hostile uploads, made in the test (hostile-files.ts): a Flate bomb, images declaring 100 megapixels
 * and more (in a PDF, as a JPEG, as a PNG), twenty pages of 36-megapixel images, too many pages.
 * Each is decoded in its own process under budgets and gets a clear 422 (or, with async=true, a job
 * that ends failed with that status and detail); none is a 5xx; the page-heavy file's process is
 * killed over its memory budget; uploads past the decoding slots get 503 with Retry-After. Another
 * company's reads go on meanwhile: their latency against a baseline, and the service's memory, are
 * printed (figures, not assertions: they depend on the machine).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { decodersOf } from '../../../plugins/purchase-ingestion';
import type { DocumentsTestApp } from '../../support/documents';
import type { TestCompany } from '../../support/factories';
import { startWithBuyerAndOther } from './app';
import { textPdf, uploader } from './fixtures';
import { flateBombPdf, giantLinePdf, heavyPagesPdf, hugeImagePdf, jpegDeclaring, pngDeclaring } from './hostile-files';

const MEGABYTE = 1024 * 1024;
const DECODE_MEGABYTES = 384;

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
let files: { bomb: Buffer; pdfImage: Buffer; jpeg: Buffer; png: Buffer; heavyPages: Buffer; tooManyPages: Buffer };
/** Every status the service answered in this file: none may be a 5xx but the deliberate 503s. */
const statuses: number[] = [];

beforeAll(async () => {
  // one decoding process at a time and one file waiting: a third upload meets a full queue
  ({ app, company, other } = await startWithBuyerAndOther({ INGEST_DECODERS: '1', INGEST_DECODE_QUEUE: '1', INGEST_DECODE_MEGABYTES: String(DECODE_MEGABYTES), INGEST_PAGE_MEGAPIXELS: '2' }));
  files = {
    bomb: await flateBombPdf(1024), // 1 GB of zeros in about 1 MB
    pdfImage: await hugeImagePdf(10_000, 10_000),
    jpeg: await jpegDeclaring(10_000, 10_000),
    png: await pngDeclaring(100_000, 100_000),
    heavyPages: await heavyPagesPdf(20, 6000),
    tooManyPages: await textPdf(['Página'], { pages: 21, standardFont: true }),
  };
}, 120_000);
afterAll(() => app?.close());

const upload = async (file: Buffer, fields: Record<string, string> = {}, type = 'application/pdf') => {
  const res = await uploader(app)(file, company.token, fields, type, type === 'application/pdf' ? 'factura.pdf' : 'foto');
  statuses.push(res.status);
  return res;
};

const job = async (id: string) => {
  const res = await app.get(`/api/v1/ai/ingest-purchase/jobs/${id}?wait=30`, company.token);
  statuses.push(res.status);
  return res;
};

/** Another company's contact list, timed, again and again until `until` settles. */
async function readsDuring(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => { done = true; });
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const res = await app.get('/api/v1/contacts', other.token);
    latencies.push(performance.now() - started);
    statuses.push(res.status);
    await Bun.sleep(20);
  }
  return latencies;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('hostile uploads', () => {
  test('each gets 422 naming the budget it is over, decoded in a process of its own; other reads go on (latency and memory printed)', async () => {
    const baseline: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      statuses.push((await app.get('/api/v1/contacts', other.token)).status);
      baseline.push(performance.now() - started);
    }
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    // the event loop's longest stall: how late a 20 ms timer fires
    let lastTick = performance.now();
    let longestStall = 0;
    const sampler = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - lastTick - 20);
      lastTick = now;
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const answers = (async () => ({
      bomb: await upload(files.bomb),
      pdfImage: await upload(files.pdfImage),
      jpeg: await upload(files.jpeg, {}, 'image/jpeg'),
      png: await upload(files.png, {}, 'image/png'),
      heavyPages: await upload(files.heavyPages),
      tooManyPages: await upload(files.tooManyPages),
    }))();
    const during = await readsDuring(answers);
    clearInterval(sampler);
    const { bomb, pdfImage, jpeg, png, heavyPages, tooManyPages } = await answers;
    console.log(`hostile uploads: ${Object.values(files).map((f) => `${Math.round(f.length / 1024)} KB`).join(', ')}; `
      + `service RSS ${Math.round(rssBefore / MEGABYTE)} MB before, peak +${Math.round((rssPeak - rssBefore) / MEGABYTE)} MB; longest event-loop stall ${longestStall.toFixed(0)} ms; `
      + `another company's GET /contacts: median ${median(baseline).toFixed(1)} ms alone, ${median(during).toFixed(1)} ms meanwhile `
      + `(×${(median(during) / median(baseline)).toFixed(2)}, ${during.length} reads, slowest ${Math.max(...during).toFixed(1)} ms)`);

    expect([bomb.status, bomb.body.detail]).toEqual([422, expect.stringMatching(/expands to more than 256 MB/)]);
    expect([pdfImage.status, pdfImage.body.detail]).toEqual([422, expect.stringMatching(/image of 10000 × 10000 pixels/)]);
    expect([jpeg.status, jpeg.body.detail]).toEqual([422, expect.stringMatching(/JPEG image is damaged or larger than 40 megapixels/)]);
    expect([png.status, png.body.detail]).toEqual([422, expect.stringMatching(/PNG image is damaged or larger than 40 megapixels/)]);
    // its process grew past its memory budget and was killed: the service's memory was never at stake
    expect([heavyPages.status, heavyPages.body.detail]).toEqual([422, `Reading the file needed more than ${DECODE_MEGABYTES} MB of memory (INGEST_DECODE_MEGABYTES): it is refused`]);
    expect([tooManyPages.status, tooManyPages.body.detail]).toEqual([422, 'The PDF has 21 pages; at most 20 are read']);
    expect((await app.get('/api/v1/purchases', company.token)).body.total).toBe(0);
  });

  test('with async=true: 202 at once, then a job that ends failed with the same status and detail', async () => {
    const started = await upload(files.bomb, { async: 'true' });
    expect(started.status).toBe(202);
    const ended = await job(started.body.id);
    expect(ended.body).toMatchObject({ status: 'failed', result_status: 422, result: null, error: { status: 422, detail: expect.stringMatching(/expands to more than 256 MB/) } });
  });

  test('past the decoding slots (one running, one waiting): 503 with Retry-After at once, also with async=true, taking no place', async () => {
    const decoders = decodersOf(app.kernel)!;
    // the test takes the only running slot, as a long upload would
    const held = decoders.admit();
    try {
      const waiting = await upload(files.png, { async: 'true' });
      expect(waiting.status).toBe(202);
      expect(decoders.state).toEqual({ running: 1, waiting: 1 });
      for (const fields of [{}, { async: 'true' }] as Record<string, string>[]) {
        const refused = await upload(files.jpeg, fields, 'image/jpeg');
        expect([refused.status, refused.body.detail]).toEqual([503, 'Every file reader is busy; retry the upload shortly']);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(decoders.state).toEqual({ running: 1, waiting: 1 });
      held.release();
      const ended = await job(waiting.body.id);
      expect(ended.body).toMatchObject({ status: 'failed', error: { status: 422, detail: expect.stringMatching(/PNG image is damaged or larger/) } });
      expect(decoders.state).toEqual({ running: 0, waiting: 0 });
    } finally {
      held.release();
    }
  });

  test('a text layer of one million-character line is read up to 20,000 characters, the cut reported on the page (the service parses no more)', async () => {
    const res = await upload(giantLinePdf(1_000_000));
    expect([200, 201]).toContain(res.status);
    expect(res.body.extraction.pages).toEqual([{ page: 1, source: 'text_layer', characters: 20_000, confidence: 1, note: 'text layer cut at 20000 characters' }]);
  });

  test('no answer of this file was a 5xx other than the deliberate 503s', () => {
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 503)).toHaveLength(2);
  });
});
