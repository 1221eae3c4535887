/**
 * Page images prepared for OCR (page-image.ts, through the decoder): a scan fed sideways or upside
 * down is turned upright, a page a few degrees askew is levelled, a photo with a shadow across it or
 * a faint, low-contrast scan becomes black ink on white paper; and, by real OCR, such pages are read
 * where the fixed threshold and no orientation read nothing. The images are made in the test from
 * lines written here (not the labelled corpus).
 * The measurements need no database; the OCR test runs in the PGlite pass only (like scan-accuracy).
 */
import { afterAll, describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import { extractPurchase } from '../../../plugins/purchase-ingestion/extract';
import { OcrPool } from '../../../plugins/purchase-ingestion/ocr-pool';
import { binarise, orientationOf, type GreyImage } from '../../../plugins/purchase-ingestion/page-image';
import { readDocument } from '../../../plugins/purchase-ingestion/reader';
import { defaultReadLimits } from '../../../plugins/purchase-ingestion/settings';
import { backend } from '../../support/database';
import { photoJpeg } from './fixtures';

const LINES = [
  'Cerrajería Albufera S.L.', 'C.I.F.: B86561412', 'Avda. del Puerto 112, 46023 Valencia', 'Cliente: Compradora Test SL', 'NIF: B12345674',
  'Factura nº CA-2026/0419', 'Fecha de expedición: 21/09/2026', 'Copia de llaves y bombín de seguridad', 'Base imponible 186,40 €', 'IVA 21% 39,14 €', 'Total factura 225,54 €',
];
const level = () => photoJpeg(LINES, { seed: 7, degrees: 0, quality: 85 });
const grey = async (image: Buffer): Promise<GreyImage> => {
  const { data, info } = await sharp(image).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
};
/** Turned a number of quarter turns clockwise, then by `degrees`, on white. */
const turned = async (quarterTurns: number, degrees = 0) => {
  const quarter = await sharp(await level()).rotate(quarterTurns * 90).png().toBuffer();
  return sharp(quarter).rotate(degrees, { background: '#ffffff' }).png().toBuffer();
};
/** Darkened from its left edge (75 % black there, nothing at the right): a phone's shadow. */
const shadowed = async (image: Buffer) => {
  const { width, height } = await sharp(image).metadata();
  const shade = Buffer.from(`<svg width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#000" stop-opacity="0.75"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`);
  return sharp(image).composite([{ input: shade }]).greyscale().jpeg({ quality: 80 }).toBuffer();
};
/** Ink squeezed into a narrow band of light greys (30 % of its contrast, lifted towards white). */
const faint = async (image: Buffer) => sharp(image).linear(0.3, 150).jpeg({ quality: 70 }).toBuffer();

describe('orientation and skew, measured from the ink', () => {
  test('a page turned by quarter turns is turned back; its skew is measured to half a degree', async () => {
    for (const quarterTurns of [0, 1, 2, 3]) {
      for (const degrees of [0, 4, -6]) {
        const found = orientationOf(binarise(await grey(await turned(quarterTurns, degrees))));
        expect({ quarterTurns, degrees, turnBack: found.quarterTurns as number }).toEqual({ quarterTurns, degrees, turnBack: (4 - quarterTurns) % 4 });
        // measured once the quarter turns are undone; here the lines of a level page give the angle itself
        if (quarterTurns === 0) expect(Math.abs(found.skewDegrees - degrees)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  test('a table whose rows repeat the same words, its columns lined up, stays upright', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `Línea ${i} Descripción del artículo ${i * 7} 1.234,56 21% 259,26`);
    // stretched to an A4 page at 300 dpi: wide letters, columns even more lined up
    const page = await sharp(await photoJpeg(rows, { seed: 3, degrees: 2 })).resize(2480, 3508, { fit: 'fill' }).png().toBuffer();
    expect(orientationOf(binarise(await grey(page))).quarterTurns).toBe(0);
  });

  test('a blank page is left as it is', () => {
    expect(orientationOf({ width: 200, height: 300, data: new Uint8Array(200 * 300).fill(255) })).toEqual({ quarterTurns: 0, skewDegrees: 0 });
  });
});

describe('lighting', () => {
  const inkShare = (image: GreyImage, fromX: number, toX: number) => {
    let ink = 0, all = 0;
    for (let y = 0; y < image.height; y++) for (let x = Math.floor(fromX * image.width); x < Math.floor(toX * image.width); x++) {
      all++;
      if (image.data[y * image.width + x] === 0) ink++;
    }
    return ink / all;
  };

  test('a shadow across the page leaves paper white under it: the shaded third holds about as much ink as when unshaded', async () => {
    const plain = binarise(await grey(await level()));
    const shade = binarise(await grey(await shadowed(await level())));
    expect(inkShare(shade, 0, 1 / 3)).toBeLessThan(inkShare(plain, 0, 1 / 3) * 1.5 + 0.005);
    expect(inkShare(shade, 0, 1 / 3)).toBeGreaterThan(inkShare(plain, 0, 1 / 3) * 0.5);
  });

  test('a faint scan keeps its ink: about as much as the same page printed dark', async () => {
    const plain = binarise(await grey(await level()));
    const light = binarise(await grey(await faint(await level())));
    expect(inkShare(light, 0, 1)).toBeGreaterThan(inkShare(plain, 0, 1) * 0.6);
    expect(inkShare(light, 0, 1)).toBeLessThan(inkShare(plain, 0, 1) * 1.6);
  });
});

const pool = new OcrPool({ workers: 1, queue: 0, retryAfterSeconds: 1 });
afterAll(() => pool.close());
const LIMITS = { ...defaultReadLimits(), pageTimeoutMs: 120_000 };

describe.skipIf(backend === 'postgres')('read by OCR (one database pass only: no database involved)', () => {
  test('a photo with a shadow, one faint, one 5° askew: every field read', async () => {
    const cases = [
      ['shadowed', await shadowed(await level())],
      ['faint', await faint(await level())],
      ['askew by 5°', await sharp(await turned(0, -5)).jpeg().toBuffer()],
    ] as const;
    for (const [name, jpeg] of cases) {
      const read = await readDocument(jpeg, LIMITS, pool);
      const e = extractPurchase(read.pages, ['B12345674']);
      expect({ name, fields: [e.supplier_tax_id.value, e.invoice_number.value, e.issue_date.value, e.subtotal.value, e.total.value, e.vat.map((l) => [l.rate, l.base, l.amount])] })
        .toEqual({ name, fields: ['B86561412', 'CA-2026/0419', '2026-09-21', '186.40', '225.54', [['21.00', '186.40', '39.14']]] });
    }
  }, 300_000);
});
