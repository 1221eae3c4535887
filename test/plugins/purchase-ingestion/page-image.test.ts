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
import { binarise, eraseRules, eraseSpecks, evenLighting, letterNeighboursOf, lineHeightOf, orientationOf, sheetOf, SPECKLED, withoutPlaten, type GreyImage } from '../../../plugins/purchase-ingestion/page-image';
import { decodeFile } from '../../../plugins/purchase-ingestion/decoder';
import { readDocument } from '../../../plugins/purchase-ingestion/reader';
import { defaultReadLimits } from '../../../plugins/purchase-ingestion/settings';
import { backend } from '../../support/database';
import { imagePdf, photoJpeg } from './fixtures';

const LINES = [
  'Cerrajería Albufera S.L.', 'C.I.F.: B86561412', 'Avda. del Puerto 112, 46023 Valencia', 'Cliente: Compradora Test SL', 'NIF: B12345674',
  'Factura nº CA-2026/0419', 'Fecha de expedición: 21/09/2026', 'Copia de llaves y bombín de seguridad', 'Base imponible 186,40 €', 'IVA 21% 39,14 €', 'Total factura 225,54 €',
];
const level = () => photoJpeg(LINES, { seed: 7, degrees: 0, quality: 85 });
const grey = async (image: Buffer): Promise<GreyImage> => {
  const { data, info } = await sharp(image).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
};
/** The mean brightness of a frame 3 % of the width wide along the image's edges. */
const edgeBrightness = (image: GreyImage) => {
  const frame = Math.round(image.width * 0.03);
  let sum = 0, n = 0;
  for (let y = 0; y < image.height; y++) for (let x = 0; x < image.width; x++) {
    if (y < frame || y >= image.height - frame || x < frame || x >= image.width - frame) { sum += image.data[y * image.width + x]; n++; }
  }
  return sum / n;
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
    expect(orientationOf({ width: 200, height: 300, data: new Uint8Array(200 * 300).fill(255) })).toMatchObject({ quarterTurns: 0, skewDegrees: 0 });
  });

  test("the lines' direction from the letters' nearest neighbours: beside them on a level page, above or below on a page turned a quarter", async () => {
    for (const quarterTurns of [0, 1, 2, 3]) {
      const { across, down } = letterNeighboursOf(binarise(await grey(await turned(quarterTurns, quarterTurns === 1 ? 3 : 0))));
      const [along, crosswise] = quarterTurns % 2 ? [down, across] : [across, down];
      expect({ quarterTurns, clear: along > 50 && along > crosswise * 4 }).toEqual({ quarterTurns, clear: true });
    }
    // a narrow ticket, a few words a line, and a table whose columns line up: still lines across
    const ticket = await photoJpeg(['BAR CENTRAL', 'Caña 2,50', 'Tapa 3,00', 'Café 1,40', 'TOTAL 6,90', 'IVA 10%', 'Gracias'], { seed: 5, degrees: 0 });
    const narrow = await sharp(ticket).extract({ left: 0, top: 0, width: 320, height: 470 }).png().toBuffer();
    const rows = Array.from({ length: 40 }, (_, i) => `${i} ${i * 7} 1.234,56 21% 259,26`);
    for (const page of [narrow, await photoJpeg(rows, { seed: 3, degrees: 1 })]) {
      const { across, down } = letterNeighboursOf(binarise(await grey(page)));
      expect(across).toBeGreaterThan(down * 4);
    }
    expect(letterNeighboursOf({ width: 200, height: 300, data: new Uint8Array(200 * 300).fill(255) })).toEqual({ across: 0, down: 0 });
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

  test('a page lit from one side and askew is levelled without its shaded side turning to ink', async () => {
    // the page turned 4° on white, then shaded from its left: its paper there is grey, and the
    // levelling turn fills its corners with white, brighter than that paper
    const prepared = async (image: Buffer) => {
      const decoded = await decodeFile('jpeg', image, defaultReadLimits());
      if ('refused' in decoded) throw new Error(decoded.refused.detail);
      const [page] = decoded.pages;
      if (page.source !== 'image') throw new Error(`page read as ${page.source}`);
      return grey(Buffer.from(page.png));
    };
    const askew = await sharp(await turned(0, 4)).jpeg({ quality: 85 }).toBuffer();
    const plain = await prepared(askew);
    const shaded = await prepared(await shadowed(askew));
    // with the corners filled white before the light is evened: about 40 % of the shaded third black
    expect(inkShare(shaded, 0, 1 / 3)).toBeLessThan(inkShare(plain, 0, 1 / 3) * 1.5 + 0.01);
  });

  test('a faint scan keeps its ink: about as much as the same page printed dark', async () => {
    const plain = binarise(await grey(await level()));
    const light = binarise(await grey(await faint(await level())));
    expect(inkShare(light, 0, 1)).toBeGreaterThan(inkShare(plain, 0, 1) * 0.6);
    expect(inkShare(light, 0, 1)).toBeLessThan(inkShare(plain, 0, 1) * 1.6);
  });
});

const inkOf = (image: GreyImage, box = { x: 0, y: 0, width: image.width, height: image.height }) => {
  let ink = 0;
  for (let y = box.y; y < box.y + box.height; y++) for (let x = box.x; x < box.x + box.width; x++) if (image.data[y * image.width + x] === 0) ink++;
  return ink;
};

/**
 * The page as a scanner sees it on a grey platen: its paper dimmed to `paper` with a grain of ±8 and its ink grey, turned
 * 2°, laid on a flat platen of `platen` with 60 pixels of it showing around the sheet.
 */
const onPlaten = async (paper: number, platen: number): Promise<GreyImage> => {
  const page = await grey(await level());
  let seed = 5;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  // grey print, as from a worn toner: its ink 90
  const dimmed = Uint8Array.from(page.data, (v) => Math.max(0, Math.min(255, Math.round(90 + (v * (paper - 90)) / 255 + (random() - 0.5) * 16))));
  const sheet = await sharp(Buffer.from(dimmed), { raw: { width: page.width, height: page.height, channels: 1 } })
    .rotate(2, { background: { r: platen, g: platen, b: platen } })
    .extend({ top: 60, bottom: 60, left: 60, right: 60, background: { r: platen, g: platen, b: platen } }).png().toBuffer();
  return grey(sheet);
};

describe('a scan on a grey platen', () => {
  test('the platen around a sheet a little brighter than it turns to paper, not to bands of ink, and the letters stay', async () => {
    const scan = await onPlaten(200, 160);
    const even = evenLighting(scan);
    // no sheet is cut out of it: its paper is within a quarter of the platen's brightness
    expect(sheetOf(scan)).toBeNull();
    const frame = { x: 0, y: 0, width: scan.width, height: 40 };
    expect(inkOf(binarise(even), frame)).toBeGreaterThan(frame.width * frame.height * 0.1);
    const cleaned = binarise(withoutPlaten(scan, even));
    expect(inkOf(cleaned, frame)).toBe(0);
    expect(edgeBrightness(cleaned)).toBeGreaterThan(250);
    const letters = { x: 100, y: 100, width: scan.width - 200, height: scan.height - 200 };
    expect(inkOf(cleaned, letters)).toBeGreaterThan(inkOf(binarise(await grey(await level()))) * 0.6);
  });

  test('a platen the threshold already takes for paper is left, and the threshold with it', async () => {
    const scan = await onPlaten(235, 205);
    const even = evenLighting(scan);
    expect(inkOf(binarise(even), { x: 0, y: 0, width: scan.width, height: 40 })).toBe(0);
    expect(withoutPlaten(scan, even).data).toEqual(even.data);
  });

  test('a page whose border is paper is left as it is', async () => {
    const page = await grey(await level());
    const even = evenLighting(page);
    expect(withoutPlaten(page, even).data).toEqual(even.data);
  });
});

describe('a photo of a sheet on a table, tables ruled, small text', () => {
  test("the sheet is cut out of a darker table and squared; a page whose edges are paper is left as it is", async () => {
    const sheet = await level();
    const { width = 0, height = 0 } = await sharp(sheet).metadata();
    // the sheet on a dark table, its corners pulled as a phone held at an angle pulls them
    const W = width + 300, H = height + 240;
    const corners = [[170, 110], [150 + width, 130], [140 + width, 100 + height], [160, 120 + height]];
    const mask = Buffer.from(`<svg width="${W}" height="${H}"><polygon points="${corners.map((c) => c.join(',')).join(' ')}" fill="#fff"/></svg>`);
    const placed = await sharp({ create: { width: W, height: H, channels: 3, background: '#fff' } }).composite([{ input: sheet, left: 160, top: 110 }]).png().toBuffer();
    const cutOut = await sharp(placed).composite([{ input: mask, blend: 'dest-in' }]).flatten({ background: '#3a2c22' }).jpeg({ quality: 80 }).toBuffer();
    const photo = await grey(cutOut);
    const found = sheetOf(photo)!.image;
    expect(found).not.toBeNull();
    // about the sheet's own size, and nothing of the table left: its edges are paper
    expect(Math.abs(found.width - width)).toBeLessThan(width * 0.06);
    expect(Math.abs(found.height - height)).toBeLessThan(height * 0.06);
    expect(edgeBrightness(photo)).toBeLessThan(120);
    expect(edgeBrightness(found)).toBeGreaterThan(220);
    expect(sheetOf(await grey(sheet))).toBeNull();
  });

  test("a sheet on a grey table with a shadow over its left side is cut out whole, its shaded side too", async () => {
    const sheet = await level();
    const { width = 0, height = 0 } = await sharp(sheet).metadata();
    const W = width + 300, H = height + 240;
    const corners = [[165, 115], [150 + width, 125], [145 + width, 105 + height], [160, 120 + height]];
    const mask = Buffer.from(`<svg width="${W}" height="${H}"><polygon points="${corners.map((c) => c.join(',')).join(' ')}" fill="#fff"/></svg>`);
    const placed = await sharp({ create: { width: W, height: H, channels: 3, background: '#fff' } }).composite([{ input: sheet, left: 155, top: 112 }]).png().toBuffer();
    const onTable = await sharp(placed).composite([{ input: mask, blend: 'dest-in' }]).flatten({ background: '#8a8a8a' }).png().toBuffer();
    // a shadow over the left of the photo: 70 % dark at its edge, fading out by the sheet's middle;
    // the threshold between paper and table then leaves the sheet's shaded third with the table
    const shade = Buffer.from(`<svg width="${W}" height="${H}"><defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.7"/><stop offset="0.35" stop-color="#000" stop-opacity="0.6"/><stop offset="0.5" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#s)"/></svg>`);
    const photo = await grey(await sharp(onTable).composite([{ input: shade }]).jpeg({ quality: 80 }).toBuffer());
    const found = sheetOf(photo)!;
    expect(found).not.toBeNull();
    expect(Math.abs(found.image.width - width)).toBeLessThan(width * 0.06);
    expect(Math.abs(found.image.height - height)).toBeLessThan(height * 0.06);
  });

  test("a sheet lit by a flash, its middle far brighter than its edges, is cut out whole and not only its hot spot, and taken as flash-lit", async () => {
    const sheet = await level();
    const { width = 0, height = 0 } = await sharp(sheet).metadata();
    // the sheet a little turned on a near-black table, then the flash: full light in the middle of
    // the sheet, falling off to a fifth of it at the sheet's corners (a threshold between the
    // brightest paper and the table keeps only the lit middle)
    const W = width + 300, H = height + 240;
    const corners = [[160, 120], [150 + width, 110], [160 + width, 110 + height], [150, 120 + height]];
    const mask = Buffer.from(`<svg width="${W}" height="${H}"><polygon points="${corners.map((c) => c.join(',')).join(' ')}" fill="#fff"/></svg>`);
    const placed = await sharp({ create: { width: W, height: H, channels: 3, background: '#fff' } }).composite([{ input: sheet, left: 155, top: 115 }]).png().toBuffer();
    const onTable = await sharp(placed).composite([{ input: mask, blend: 'dest-in' }]).flatten({ background: '#1c1a18' }).png().toBuffer();
    const radius = Math.hypot(width, height) / 2;
    const flash = Buffer.from(`<svg width="${W}" height="${H}"><defs><radialGradient id="f" gradientUnits="userSpaceOnUse" cx="${W / 2}" cy="${H / 2}" r="${radius}"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.35" stop-color="#000" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0.8"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#f)"/></svg>`);
    const photo = await grey(await sharp(onTable).composite([{ input: flash }]).jpeg({ quality: 80 }).toBuffer());
    const found = sheetOf(photo)!;
    expect(found).not.toBeNull();
    expect(Math.abs(found.image.width - width)).toBeLessThan(width * 0.06);
    expect(Math.abs(found.image.height - height)).toBeLessThan(height * 0.06);
    expect(found.light).toBe('flash');
    // the same sheet on the same table in even light
    expect(sheetOf(await grey(await sharp(onTable).jpeg({ quality: 80 }).toBuffer()))?.light).toBe('even');
  });

  test("a sheet whose shaded corner the threshold leaves out is cut out whole though print by that side looks like its edge", () => {
    // a 600 × 800 sheet on a dark table, a soft shadow over its top right corner (the paper dims to a
    // third there: the bright region's corner is pulled far in), and a dark logo by its right side
    // in the shade: along one stretch of that side the steepest step outwards is the logo's, not the sheet's edge
    const W = 800, H = 1000, left = 100, top = 100, width = 600, height = 800;
    const data = new Uint8Array(W * H).fill(30);
    for (let y = top; y < top + height; y++) for (let x = left; x < left + width; x++) {
      const shade = Math.max(0, Math.min(1, ((x - left) / width + (top + height - y) / height - 0.9) / 0.8));
      data[y * W + x] = Math.round(235 * (1 - 0.65 * shade));
    }
    for (let y = 240; y < 280; y++) data.fill(40, y * W + 470, y * W + 690);
    const found = sheetOf({ width: W, height: H, data });
    expect(found).not.toBeNull();
    expect(Math.abs(found!.image.width - width)).toBeLessThan(width * 0.06);
    expect(Math.abs(found!.image.height - height)).toBeLessThan(height * 0.06);
  });

  test("a sheet lit by a flash on a mid-grey table, its edges dimmer than twice the table, is cut out to its edges", () => {
    // paper at 240 in the middle falling off to 96 at the corners, on a table at 90: the sheet grown
    // from the hot spot stops where its paper is no longer twice the table's, well inside the edges
    const W = 800, H = 1000, left = 100, top = 100, width = 600, height = 800;
    const data = new Uint8Array(W * H).fill(90);
    const radius = Math.hypot(width, height) / 2;
    for (let y = top; y < top + height; y++) for (let x = left; x < left + width; x++) {
      const r = Math.hypot(x - left - width / 2, y - top - height / 2) / radius;
      data[y * W + x] = Math.round(240 * (1 - 0.6 * r * r));
    }
    // rows of dashes for print
    for (let row = 0; row < 20; row++) for (let y = top + 60 + row * 30; y < top + 68 + row * 30; y++) {
      for (let x = left + 60; x < left + 400 + (row % 3) * 50; x++) if ((x >> 3) % 2) data[y * W + x] = 40;
    }
    const found = sheetOf({ width: W, height: H, data });
    expect(found?.light).toBe('flash');
    expect(Math.abs(found!.image.width - width)).toBeLessThan(width * 0.06);
    expect(Math.abs(found!.image.height - height)).toBeLessThan(height * 0.06);
  });

  test("a scan whose lamp fades across the glass is one page, never cut down to its brighter side", () => {
    // paper at 140 on the left rising to 190 on the right, a little dimmer towards the top and bottom
    // (its border mostly below the threshold between the two sides); its few lines of print are
    // too thin to count at the size the sheet is looked for, so the paper alone is drawn
    const width = 600, height = 840;
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
      const edge = Math.min(y, height - 1 - y) < 30 ? 30 : 0;
      data[y * width + x] = Math.round(140 + (50 * x) / width) - edge;
    }
    const page: GreyImage = { width, height, data };
    expect(sheetOf(page)).toBeNull();
    // the same page on a dark table is still cut out of it
    const W = width + 200, H = height + 200;
    const table = new Uint8Array(W * H).fill(30);
    for (let y = 0; y < height; y++) table.set(data.subarray(y * width, (y + 1) * width), (y + 100) * W + 100);
    const found = sheetOf({ width: W, height: H, data: table });
    expect(found).not.toBeNull();
    expect(Math.abs(found!.image.width - width)).toBeLessThan(width * 0.06);
  });

  test("a scanned page in an image-only PDF, turned on the glass with the scanner's dark lid in its corners, is prepared without the lid", async () => {
    // the sheet as a whole A4 page, turned 3° with the lid dark around it, as the only content of a PDF page
    const sheet = await level();
    const { width = 0, height = 0 } = await sharp(sheet).metadata();
    const page = await sharp(sheet).extend({ bottom: Math.round(width * 1.414) - height, background: '#ffffff' }).png().toBuffer();
    const scan = await sharp(page).rotate(3, { background: '#1e1e1e' }).greyscale().jpeg({ quality: 80 }).toBuffer();
    const decoded = await decodeFile('pdf', await imagePdf(scan), defaultReadLimits());
    if ('refused' in decoded) throw new Error(decoded.refused.detail);
    const [prepared] = decoded.pages;
    if (prepared.source !== 'image') throw new Error(`page read as ${prepared.source}`);
    // the lid, binarised, would be solid black wedges along the edges (Tesseract reads them as lines of noise)
    const ink = await grey(Buffer.from(prepared.png));
    expect(edgeBrightness(ink)).toBeGreaterThan(180); // about 110 with the lid left on, about 200 cut out (text runs near the edges)
  });

  test("a table's rules are erased, its text and a solid dark band kept", async () => {
    // the page with room under its text for a table
    const text = binarise(await grey(await sharp(await level()).extend({ bottom: 160, background: '#ffffff' }).png().toBuffer()));
    const { width, height } = text;
    const table = Buffer.from(`<svg width="${width}" height="${height}">
      <rect x="20" y="${height - 120}" width="${width - 40}" height="100" fill="none" stroke="#000" stroke-width="3"/>
      <line x1="${width / 2}" y1="${height - 120}" x2="${width / 2}" y2="${height - 20}" stroke="#000" stroke-width="2"/>
      <rect x="20" y="10" width="${width - 40}" height="40" fill="#000"/></svg>`);
    const ruled = await grey(await sharp(Buffer.from(text.data), { raw: { width, height, channels: 1 } }).composite([{ input: table }]).png().toBuffer());
    const erased = eraseRules(binarise(ruled), 60, 4);
    const band = { x: 20, y: 10, width: width - 40, height: 40 };
    const rules = { x: 0, y: height - 125, width, height: 110 };
    const lettersArea = { x: 0, y: 60, width, height: height - 60 - 160 };
    expect(inkOf(erased, rules)).toBeLessThan(inkOf(binarise(ruled), rules) * 0.1);
    expect(inkOf(erased, band)).toBeGreaterThan(band.width * band.height * 0.9);
    expect(inkOf(erased, lettersArea)).toBeGreaterThan(inkOf(text, lettersArea) * 0.95);
  });

  test("a page strewn with specks is told from a clean one, and cleaned of them: its letters, full stops and i's dots kept", async () => {
    // the page with a blank margin under its text, then dots of 3 × 3 pixels scattered over all of it
    const text = binarise(await grey(await sharp(await level()).extend({ bottom: 200, background: '#ffffff' }).png().toBuffer()));
    const { width, height } = text;
    const speckled = new Uint8Array(text.data);
    const dots: [number, number][] = [];
    let seed = 11;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let n = 0; n < (width * height) / 1000; n++) {
      const x = 1 + Math.floor(random() * (width - 4)), y = 1 + Math.floor(random() * (height - 4));
      dots.push([x, y]);
      for (let dy = 0; dy < 3; dy++) for (let dx = 0; dx < 3; dx++) speckled[(y + dy) * width + x + dx] = 0;
    }
    const lineHeight = lineHeightOf(text);
    const margin = { x: 0, y: height - 190, width, height: 180 };
    const cleaned = eraseSpecks({ width, height, data: speckled }, lineHeight);
    expect(eraseSpecks(text, lineHeight).density).toBeLessThan(SPECKLED / 5);
    expect(cleaned.density).toBeGreaterThan(SPECKLED);
    expect(inkOf({ width, height, data: speckled }, margin)).toBeGreaterThan(200);
    expect(inkOf(cleaned.image, margin)).toBe(0);
    // dust a third to half a line's height from the text (and from other dust) is no full stop,
    // accent or i's dot: it goes too
    const apart = ([x, y]: [number, number]) => dots.every(([ox, oy]) => (ox === x && oy === y) || Math.max(Math.abs(ox - x), Math.abs(oy - y)) - 3 > lineHeight / 2);
    const lone = dots.filter(apart).filter(([x, y]) => {
      let gap = Infinity;
      for (let yy = Math.max(0, y - lineHeight); yy < Math.min(height, y + 3 + lineHeight); yy++) for (let xx = Math.max(0, x - lineHeight); xx < Math.min(width, x + 3 + lineHeight); xx++) {
        if (text.data[yy * width + xx] === 0) gap = Math.min(gap, Math.max(xx < x ? x - xx : xx - x - 2, yy < y ? y - yy : yy - y - 2));
      }
      return gap > lineHeight / 3 && gap <= lineHeight / 2;
    });
    expect(lone.length).toBeGreaterThan(10);
    expect(lone.filter(([x, y]) => inkOf(cleaned.image, { x, y, width: 3, height: 3 }) > 0)).toEqual([]);
    // every pixel of the text is still ink: letters, and the dots of "S.L.", "C.I.F.:", "Avda." and "Cerrajería"
    let lost = 0;
    for (let i = 0; i < text.data.length; i++) if (text.data[i] === 0 && cleaned.image.data[i] !== 0) lost++;
    expect(lost).toBe(0);
  });

  test("the height of a page's lines of text is measured, a page of half the size giving half", async () => {
    const page = await level();
    const full = lineHeightOf(binarise(await grey(page)));
    const half = lineHeightOf(binarise(await grey(await sharp(page).resize({ width: 450 }).png().toBuffer())));
    expect(full).toBeGreaterThan(15);
    expect(Math.abs(half * 2 - full)).toBeLessThanOrEqual(4);
    expect(lineHeightOf({ width: 200, height: 300, data: new Uint8Array(200 * 300).fill(255) })).toBe(0);
  });

  test("a dark strip down the page's side (a scanner's lid), crossing every row, leaves its lines' height measured", async () => {
    const page = binarise(await grey(await level()));
    const { width, height } = page;
    const lid = new Uint8Array(page.data);
    for (let y = 0; y < height; y++) for (let x = width - 12; x < width; x++) lid[y * width + x] = 0;
    const clean = lineHeightOf(page);
    expect(clean).toBeGreaterThan(15);
    expect(Math.abs(lineHeightOf({ width, height, data: lid }) - clean)).toBeLessThanOrEqual(3);
  });
});

/** The page as a phone photo of small print shows it: shrunk to `share` of its size and blurred by the lens. */
const smallAndBlurred = async (share: number, sigma: number) => {
  const page = await level();
  const { width = 0 } = await sharp(page).metadata();
  return sharp(page).resize(Math.round(width * share)).blur(sigma).jpeg({ quality: 85 }).toBuffer();
};
/** The page image the decoder hands to OCR, and how many of its pixels are neither black nor white. */
const preparedGreys = async (image: Buffer) => {
  const decoded = await decodeFile('jpeg', image, defaultReadLimits());
  if ('refused' in decoded) throw new Error(decoded.refused.detail);
  const [page] = decoded.pages;
  if (page.source !== 'image') throw new Error(`page read as ${page.source}`);
  const prepared = await grey(Buffer.from(page.png));
  return { prepared, greys: prepared.data.filter((v) => v > 0 && v < 255).length / prepared.data.length };
};

describe('small, blurred print', () => {
  test("a page of small blurred print is handed to OCR grey, enlarged, its paper white; a page of print at a readable size binarised", async () => {
    const small = await preparedGreys(await smallAndBlurred(0.4, 1));
    // the enlarged page keeps the shades the blur left round each stroke
    expect(small.greys).toBeGreaterThan(0.02);
    expect(small.prepared.width).toBeGreaterThan(900 * 0.4 * 2);
    expect(edgeBrightness(small.prepared)).toBeGreaterThan(230);
    expect((await preparedGreys(await level())).greys).toBe(0);
  });
});

const pool = new OcrPool({ workers: 1, queue: 0, retryAfterSeconds: 1 });
afterAll(() => pool.close());
const LIMITS = { ...defaultReadLimits(), pageTimeoutMs: 120_000 };

describe.skipIf(backend === 'postgres')('read by OCR (one database pass only: no database involved)', () => {
  test('a photo with a shadow, one faint, one 5° askew, sideways either way, upside down, one of small blurred print: every field read', async () => {
    const cases = [
      ['shadowed', await shadowed(await level())],
      ['faint', await faint(await level())],
      ['askew by 5°', await sharp(await turned(0, -5)).jpeg().toBuffer()],
      // turned a quarter by the decoder, then half round by the OCR pool when the guess of which way was wrong
      ['sideways, clockwise', await sharp(await turned(1)).jpeg().toBuffer()],
      ['sideways, anticlockwise', await sharp(await turned(3)).jpeg().toBuffer()],
      // read poorly as it is, then turned half round by the OCR pool
      ['upside down', await sharp(await turned(2)).jpeg().toBuffer()],
      ['small and blurred', await smallAndBlurred(0.4, 1)],
    ] as const;
    for (const [name, jpeg] of cases) {
      const read = await readDocument(jpeg, LIMITS, pool);
      const e = extractPurchase(read.pages, ['B12345674']);
      expect({ name, fields: [e.supplier_tax_id.value, e.invoice_number.value, e.issue_date.value, e.subtotal.value, e.total.value, e.vat.map((l) => [l.rate, l.base, l.amount])] })
        .toEqual({ name, fields: ['B86561412', 'CA-2026/0419', '2026-09-21', '186.40', '225.54', [['21.00', '186.40', '39.14']]] });
    }
  }, 300_000);
});
