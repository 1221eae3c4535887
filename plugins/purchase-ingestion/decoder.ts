import './navigator-guard';
import { createInflate } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, type PDFDocumentLoadingTask, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp, { type Sharp } from 'sharp';
import type { DecodedFile, DecodedKind, DecodedPage, EmbeddedXml } from './decoded-file';
import { cellMark, withoutCellMarks } from './text-lines';
import { binarise, eraseRules, eraseSpecks, evenLighting, lineHeightOf, orientationOf, sheetOf, SPECKLED, withoutPlaten, type GreyImage } from './page-image';

/**
 * The file's decoding: pdfjs-dist, @napi-rs/canvas and sharp, run only inside the decoding process
 * (decode-process.ts), never in the service's own process.
 */
export interface DecodeLimits {
  maxPages: number;
  /** Pixels of one page image handed to OCR (a rendered page or a photo is scaled down to it). */
  pagePixels: number;
  /** Wall-clock budget of one page: rendering plus recognition. */
  pageTimeoutMs: number;
  /** Pixels of one image in the file: a photo over it is refused, a PDF's embedded image over it is not drawn. */
  imagePixels: number;
  /** What every Flate stream of a PDF may expand to, together: over it the PDF is refused before it is parsed. */
  decompressedBytes: number;
}

/** A page has a usable text layer when it carries at least this many letters and digits. */
const USABLE_TEXT = 25;
const RENDER_DPI = 200;
/** An invoice page holds a few thousand characters; a text layer is read up to this many. */
const MAX_PAGE_TEXT = 20_000;

class Refused extends Error {
  constructor(readonly status: 415 | 422, detail: string) { super(detail); }
}
class PageTimeout extends Error {}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Bytes one zlib stream expands to, counted without keeping them, up to `limit` (then `limit + 1`). */
function inflatedLength(data: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve) => {
    let length = 0;
    const inflate = createInflate();
    const done = () => { inflate.removeAllListeners('data'); resolve(length); };
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) { inflate.destroy(); done(); }
    });
    // a truncated or non-zlib stream counts what it gave before its error
    inflate.on('error', done);
    inflate.on('end', done);
    inflate.end(data);
  });
}

const STREAM_START = /(?<!end)stream(?:\r\n|\n|\r)/g;
const STREAM_END = Buffer.from('endstream');
const IMAGE = /\/Subtype\s*\/Image\b/;
/** A size written in the dictionary; one given by reference (`/Width 12 0 R`) is left to pdfjs-dist's own pixel limit. */
const declared = (dictionary: string, key: 'Width' | 'Height') => {
  const found = new RegExp(`/${key}\\s+(\\d+)(\\s+\\d+\\s+R)?`).exec(dictionary);
  return found && !found[2] ? Number(found[1]) : 0;
};

/**
 * Refuses, before pdfjs-dist parses anything, a PDF holding an image that declares more pixels than
 * `imagePixels`, or whose compressed streams expand past `decompressedBytes` together (a Flate bomb:
 * a small file of deflated zeros). Every stream of a PDF, object streams included, lies in the
 * file's top level between its dictionary and `stream` … `endstream`, so all of them are seen. A
 * stream that is not zlib data (a JPEG) expands to nothing here; its size is held by the pixel budget.
 */
async function assertWithinBudgets(bytes: Uint8Array, limits: DecodeLimits): Promise<void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  let expanded = 0;
  for (const start of text.matchAll(STREAM_START)) {
    const dictionary = text.slice(Math.max(0, text.lastIndexOf(' obj', start.index!)), start.index!);
    if (IMAGE.test(dictionary)) {
      const [width, height] = [declared(dictionary, 'Width'), declared(dictionary, 'Height')];
      if (width * height > limits.imagePixels) {
        throw new Refused(422, `The PDF holds an image of ${width} × ${height} pixels, more than ${limits.imagePixels / 1_000_000} megapixels (INGEST_IMAGE_MEGAPIXELS): it is refused unread`);
      }
    }
    const from = start.index! + start[0].length;
    const end = buffer.indexOf(STREAM_END, from);
    expanded += await inflatedLength(buffer.subarray(from, end === -1 ? buffer.length : end), limits.decompressedBytes - expanded);
    if (expanded > limits.decompressedBytes) {
      throw new Refused(422, `The PDF's compressed content expands to more than ${megabytes(limits.decompressedBytes)} (INGEST_DECOMPRESSED_MEGABYTES): it is refused unread`);
    }
  }
}

const withTimeout = async <T>(work: Promise<T>, ms: number, onExpiry: () => void): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => { timer = setTimeout(() => { onExpiry(); reject(new PageTimeout()); }, ms); })]);
  } finally {
    clearTimeout(timer);
  }
};

/** Milliseconds left before `deadline`; past it the page is given up. */
const remaining = (deadline: number) => {
  const ms = deadline - Date.now();
  if (ms <= 0) throw new PageTimeout();
  return ms;
};

/** Text lines are made about this tall (ink of a line, capitals to descenders) for Tesseract: body text at 300 dpi. */
const TARGET_LINE_HEIGHT = 36;
/** A page's width holds about this many lines of text's height (A4 body text at 10–11 pt); used before its lines are measured. */
const LINES_ACROSS = 50;
/** A page is enlarged at most this much (beyond it the strokes are guesses). */
const MAX_ENLARGEMENT = 2.5;
/**
 * A page enlarged this much or more is handed to Tesseract grey (its lighting evened), not
 * binarised: its text was 18 pixels a line or less, as on a phone photo of a sheet, where blur
 * spreads each stroke over several pixels (the scans' lines measure 16–30 pixels, enlarged at most 1.92×).
 */
const GREY_ENLARGEMENT = 2;

/**
 * What tesseract reads best, as PNG: greyscale; a photo's or a scan's sheet cut out of its background and
 * squared; the lighting evened out and binarised at the page's own threshold; levelled; small text
 * enlarged to about 300 dpi (within the page's pixel budget), and left grey when it was very small;
 * the ruling lines of tables and boxes erased (page-image.ts).
 */
async function prepareForOcr(image: Sharp, pagePixels: number, dpi?: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await image.metadata();
  const scale = Math.min(1, Math.sqrt(pagePixels / Math.max(1, width * height)));
  const resized = scale < 1 ? image.resize(Math.floor(width * scale), Math.floor(height * scale)) : image;
  const { data, info } = await resized.flatten({ background: '#ffffff' }).greyscale().extractChannel(0).median(3).raw().toBuffer({ resolveWithObject: true });
  let grey: GreyImage = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  // a photo may show the table under the sheet, and a scanned page in an image-only PDF the scanner's
  // dark lid in its corners (read as blocks of noise that drown the letterhead); a page whose border
  // is paper is left as it is
  const sheet = sheetOf(grey);
  grey = sheet?.image ?? grey;
  const light = sheet?.light ?? 'even';
  // turned and enlarged once its light is even: the white a turn fills the corners with is then the
  // paper's own colour (on a page lit from one side, white corners beside grey paper would make the
  // threshold read that paper, and the text on it, as ink)
  // (a scan whose sheet is hardly brighter than the platen it lies on: that platen made paper)
  grey = sheet ? evenLighting(grey, light) : withoutPlaten(grey, evenLighting(grey, light));
  let page = binarise(grey, light);
  // a page strewn with specks (a dirty platen, toner dust) is cleaned of them at every binarisation;
  // its lines are not measured yet, so a fiftieth of its width stands for their height
  const guessedLineHeight = page.width / LINES_ACROSS;
  const firstSpecks = eraseSpecks(page, guessedLineHeight);
  const speckled = firstSpecks.density > SPECKLED;
  const despeckle = (binarised: GreyImage, lineHeight: number) => (speckled ? eraseSpecks(binarised, lineHeight).image : binarised);
  if (speckled) page = firstSpecks.image;
  // a page whose lines run down it is turned a quarter (which way is the measure's guess: a page that
  // ends up upside down, like one fed so, is turned half round by the OCR pool, which reads it both
  // ways when it reads poorly); a half turn is never taken from the ink, whose measure of it misled
  let orientation = orientationOf(page);
  if (orientation.quarterTurns % 2 === 1) {
    grey = await rawOf(rawGrey(grey).rotate(orientation.quarterTurns * 90));
    page = despeckle(binarise(grey, light), guessedLineHeight);
    orientation = orientationOf(page);
  }
  // Tesseract copes with a degree or so; past that its lines break up
  // (the skew of lines across the page is measured right even where they are taken as upside down)
  if (orientation.quarterTurns % 2 === 0 && Math.abs(orientation.skewDegrees) >= 0.5) {
    grey = await rawOf(rawGrey(grey).rotate(-orientation.skewDegrees, { background: '#ffffff' }));
    page = binarise(grey, light);
  }
  // a ruled table's frame would count as one tall line of text: the rules go before the lines are measured
  page = despeckle(withoutRules(page), guessedLineHeight);
  const lineHeight = lineHeightOf(page);
  const room = Math.sqrt(pagePixels / (page.width * page.height));
  const enlargement = lineHeight ? Math.min(MAX_ENLARGEMENT, room, Math.max(1, TARGET_LINE_HEIGHT / lineHeight)) : 1;
  // text this small was a stroke or two of pixels wide, smeared by the lens: enlarged and cut at one
  // threshold its letters swell into blobs; Tesseract reads such a page better from its grey, evened
  // again at its enlarged size (each cell of the paper's measure then spans less of the text: the
  // seventh corpus's photos read 62/119 fields from the grey evened before enlarging, 71 from this)
  const readAsGrey = enlargement >= GREY_ENLARGEMENT;
  if (enlargement > 1.1) {
    grey = await rawOf(rawGrey(grey).resize(Math.round(grey.width * enlargement), Math.round(grey.height * enlargement), { kernel: 'cubic' }));
    page = readAsGrey ? evenLighting(grey, light) : despeckle(withoutRules(binarise(grey, light), lineHeight * enlargement), lineHeight * enlargement);
  }
  // the resolution tells Tesseract the text's size: a rendered page's is known, a photo's is
  // estimated from its lines' height (72, Tesseract's floor, when there are too few lines to tell);
  // PNG at the lowest compression: encoding is most of this step's time, and it is read once
  const density = dpi ? dpi * scale * Math.max(1, enlargement) : lineHeight ? Math.round((300 * lineHeight * Math.max(1, enlargement)) / TARGET_LINE_HEIGHT) : 72;
  return rawGrey(page).toColourspace('b-w').withMetadata({ density }).png({ compressionLevel: 1 }).toBuffer();
}

/**
 * The page's ruling lines erased: runs of ink longer than three lines of text are high (or, before
 * that is known, a thirtieth of the page's width, 60 pixels at least) and no thicker than a rule
 * (a four-hundredth of the page's width, 4 pixels at least: a hairline to a 1.5 pt rule at 200 dpi).
 */
const withoutRules = (page: GreyImage, lineHeight = 0) => {
  const length = Math.max(60, Math.round(page.width / 30), Math.min(Math.round(lineHeight * 3), Math.round(page.width / 10)));
  return eraseRules(page, length, Math.max(4, Math.round(page.width / 400)));
};

const rawOf = async (image: Sharp): Promise<GreyImage> => {
  const { data, info } = await image.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
};
const rawGrey = (image: GreyImage) => sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });

/**
 * Text of a page, one printed row a line: pieces on the same baseline joined left to right by a
 * space, or, where a wide gap parts them (blocks side by side, a table's columns), begun as a new
 * cell marked with where it starts and ends (text-lines.ts `cellMark`), so that the blocks can be read apart.
 */
async function pageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  const [left, , right] = page.view;
  const across = (x: number) => (x - left) / (right - left || 1);
  const rows = new Map<number, { x: number; end: number; size: number; text: string }[]>();
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const y = Math.round(item.transform[5] / 3);
    const row = rows.get(y) ?? [];
    const size = Math.hypot(item.transform[2], item.transform[3]) || item.height;
    row.push({ x: item.transform[4], end: item.transform[4] + item.width, size, text: item.str });
    rows.set(y, row);
  }
  return [...rows.entries()].sort(([a], [b]) => b - a).map(([, row]) => {
    row.sort((a, b) => a.x - b.x);
    const cells: { x: number; end: number; text: string }[] = [];
    for (const [i, piece] of row.entries()) {
      const apart = i === 0 || piece.x - row[i - 1].end >= COLUMN_GAP_EMS * Math.max(piece.size, row[i - 1].size);
      if (apart) cells.push({ x: piece.x, end: piece.end, text: piece.text });
      else Object.assign(cells[cells.length - 1], { end: Math.max(cells[cells.length - 1].end, piece.end), text: `${cells[cells.length - 1].text} ${piece.text}` });
    }
    return cells.map((cell) => cellMark(across(cell.x), across(cell.end)) + cell.text).join('');
  }).join('\n');
}

/** A gap of this many font sizes between two pieces of a row parts two cells, never two words. */
const COLUMN_GAP_EMS = 1.5;

/** The page drawn and prepared for OCR within its time budget (a cancel lands between drawing operations). */
async function renderPage(page: PDFPageProxy, limits: DecodeLimits, deadline: number): Promise<Buffer> {
  remaining(deadline);
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(RENDER_DPI / 72, Math.sqrt(limits.pagePixels / (base.width * base.height)));
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
  const task = page.render({ canvasContext: canvas.getContext('2d') as any, viewport, canvas: canvas as any });
  await withTimeout(task.promise, remaining(deadline), () => task.cancel());
  remaining(deadline);
  const raw = sharp(canvas.data(), { raw: { width: canvas.width, height: canvas.height, channels: 4 } });
  return prepareForOcr(raw, limits.pagePixels, scale * 72);
}

async function openPdf(bytes: Uint8Array, limits: DecodeLimits): Promise<{ doc: PDFDocumentProxy; task: PDFDocumentLoadingTask }> {
  // maxImageSize: an embedded image past the pixel budget is skipped, not decoded
  const task = getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0, maxImageSize: limits.imagePixels });
  try {
    return { doc: await task.promise, task };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    if ((error as Error)?.name === 'PasswordException') throw new Refused(422, 'The PDF is encrypted with a password: upload an unprotected copy');
    throw new Refused(422, 'The file is not a readable PDF (it is damaged or truncated)');
  }
}

async function decodePdfPage(doc: PDFDocumentProxy, number: number, limits: DecodeLimits): Promise<DecodedPage> {
  const deadline = Date.now() + limits.pageTimeoutMs;
  let page: PDFPageProxy;
  let text: string;
  try {
    page = await doc.getPage(number);
    text = await withTimeout(pageText(page), limits.pageTimeoutMs, () => undefined);
  } catch (error) {
    if (error instanceof PageTimeout) return { page: number, source: 'unread', note: 'time budget exceeded' };
    throw new Refused(422, `Page ${number} of the PDF cannot be read (it is damaged)`);
  }
  const printed = withoutCellMarks(text);
  if (printed.replace(/[^\p{L}\p{N}]/gu, '').length >= USABLE_TEXT) {
    // a page cut at the budget is read without its cells
    return printed.length > MAX_PAGE_TEXT
      ? { page: number, source: 'text_layer', text: printed.slice(0, MAX_PAGE_TEXT), note: `text layer cut at ${MAX_PAGE_TEXT} characters` }
      : { page: number, source: 'text_layer', text };
  }
  try {
    const png = await renderPage(page, limits, deadline);
    return { page: number, source: 'image', png, msLeft: deadline - Date.now() };
  } catch (error) {
    if (error instanceof PageTimeout) return { page: number, source: 'unread', note: 'time budget exceeded' };
    return { page: number, source: 'unread', note: 'the page image could not be read' };
  }
}

/** Embedded XML files a PDF carries this many of, each up to this size, are handed back (the rest are ignored). */
const MAX_EMBEDDED_XML = 4;
const MAX_EMBEDDED_XML_BYTES = 5 * 1024 * 1024;

/**
 * The XML files embedded in the PDF (its EmbeddedFiles name tree, where a Factur-X / ZUGFeRD PDF/A-3
 * keeps `factur-x.xml`, `zugferd-invoice.xml` or `xrechnung.xml`), read with pdfjs-dist's
 * `getAttachments()`: those named *.xml or whose bytes start like XML. The service decides which,
 * if any, is an e-invoice of an installed syntax. The PDF's streams were already counted against
 * the decompression budget, embedded files included.
 */
async function embeddedXml(doc: PDFDocumentProxy): Promise<EmbeddedXml[]> {
  const found: EmbeddedXml[] = [];
  try {
    const attachments = await doc.getAttachments();
    for (const [id, file] of attachments ?? []) {
      if (found.length >= MAX_EMBEDDED_XML) break;
      const name = file.filename || file.rawFilename || id;
      // the content is loaded on request for all but small files
      const content = file.content ?? await doc.getAttachmentContent(id);
      if (!content || content.length > MAX_EMBEDDED_XML_BYTES) continue;
      const head = Buffer.from(content.subarray(0, 64)).toString('utf8').replace(/^\uFEFF/, '').trimStart();
      if (!/\.xml$/i.test(name) && !head.startsWith('<')) continue;
      found.push({ name, base64: Buffer.from(content).toString('base64') });
    }
  } catch {
    // a damaged attachment tree leaves the pages to be read as they are
  }
  return found;
}

async function decodePdf(bytes: Uint8Array, limits: DecodeLimits): Promise<DecodedFile> {
  await assertWithinBudgets(bytes, limits);
  const { doc, task } = await openPdf(bytes, limits);
  try {
    if (doc.numPages > limits.maxPages) throw new Refused(422, `The PDF has ${doc.numPages} pages; at most ${limits.maxPages} are read`);
    const attachments = await embeddedXml(doc);
    const pages: DecodedPage[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      pages.push(await decodePdfPage(doc, number, limits));
      // a drawn page's work arrays (tens of megabytes each) are garbage once it is prepared: freed
      // before the next page is drawn, so that the process's peak is one page's, not several pages'
      Bun.gc(true);
    }
    return { kind: 'pdf', pages, ...(attachments.length ? { attachments } : {}) };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

async function decodePhoto(kind: 'jpeg' | 'png', bytes: Uint8Array, limits: DecodeLimits): Promise<DecodedFile> {
  try {
    // limitInputPixels: the declared size is checked before any pixel is decoded; rotate(): the camera's EXIF orientation
    const png = await prepareForOcr(sharp(bytes, { limitInputPixels: limits.imagePixels }).rotate(), limits.pagePixels);
    return { kind, pages: [{ page: 1, source: 'image', png, msLeft: limits.pageTimeoutMs }] };
  } catch {
    throw new Refused(422, `The ${kind.toUpperCase()} image is damaged or larger than ${limits.imagePixels / 1_000_000} megapixels (INGEST_IMAGE_MEGAPIXELS)`);
  }
}

/** Every page as text (a PDF's text layer) or as an image prepared for OCR; refusals as the answer to give. */
export async function decodeFile(kind: DecodedKind, bytes: Uint8Array, limits: DecodeLimits): Promise<DecodedFile> {
  sharp.concurrency(1);
  try {
    return kind === 'pdf' ? await decodePdf(bytes, limits) : await decodePhoto(kind, bytes, limits);
  } catch (error) {
    if (error instanceof Refused) return { refused: { status: error.status, detail: error.message } };
    throw error;
  }
}
