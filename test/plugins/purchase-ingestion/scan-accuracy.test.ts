/**
 * Field-level accuracy on scans of the labelled corpus (test/fixtures/purchases/), read by real OCR
 * (tesseract.js with the Spanish and English data from npm, through the plugin's reader and pool):
 * fails below 85 %.
 *
 * The sample: all 40 invoices (8 layout families × 5: every supplier, amounts with and without a
 * thousands separator, each date form) as their scanned images (`<id>.jpg`: greyish paper, noise,
 * turned 0.8° to 1.5°), plus one invoice per family as a scanned PDF (its image as an A4 page's only
 * content, so the page is rendered by pdfjs-dist before OCR). Together they go through both OCR
 * paths of the reader on every family, at about 40 s of CPU on a 2-core machine; more scanned PDFs
 * would add ~2 s each for the same families and the same code.
 *
 * No database is involved, so the test runs in one database pass of the suite only (PGlite, the
 * default backend) and is skipped in the PostgreSQL pass: the figure cannot differ between them.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { OcrPool } from '../../../plugins/purchase-ingestion/ocr-pool';
import { readDocument } from '../../../plugins/purchase-ingestion/reader';
import { defaultReadLimits } from '../../../plugins/purchase-ingestion/settings';
import { backend } from '../../support/database';
import { describeAccuracy, FAMILIES, measureAccuracy } from './corpus';
import { loadCorpus } from './corpus-files';
import { imagePdf } from './fixtures';

const pool = new OcrPool({ workers: 1, queue: 0, retryAfterSeconds: 1 });
afterAll(() => pool.close());
// the service's defaults (8 megapixels a page), with room for a loaded machine
const LIMITS = { ...defaultReadLimits(), pageTimeoutMs: 120_000 };

const CORPUS = loadCorpus();

describe.skipIf(backend === 'postgres')('the labelled corpus as scans, read by OCR (one database pass only: no database involved)', () => {
  test(`${CORPUS.length} scanned images and ${FAMILIES.length} scanned PDFs (one per layout family): field-level accuracy at least 85%`, async () => {
    const photos = await measureAccuracy(CORPUS, async (entry) => readDocument(entry.jpeg(), LIMITS, pool));
    const onePerFamily = FAMILIES.map((family, i) => CORPUS.filter((s) => s.family === family)[i % 5]);
    const pdfs = await measureAccuracy(onePerFamily, async (entry) => readDocument(await imagePdf(entry.jpeg()), LIMITS, pool));
    const right = photos.right + pdfs.right;
    const all = photos.all + pdfs.all;
    console.log(describeAccuracy('scanned images', photos));
    console.log(describeAccuracy('scanned PDFs', pdfs));
    console.log(`scans overall: ${right}/${all} fields right (${((right / all) * 100).toFixed(1)}%; threshold 85%)`);
    expect([...photos.sources, ...pdfs.sources]).toEqual([...CORPUS, ...onePerFamily].map(() => 'ocr'));
    expect(right / all).toBeGreaterThanOrEqual(0.85);
  }, 600_000);
});
