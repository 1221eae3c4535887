import './navigator-guard';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Sharp } from 'sharp';
import { DomainError, Unprocessable, UnsupportedMediaType } from '../../kernel/errors';
import type { PageText } from './extract';
import { OcrTimeout, type OcrPool } from './ocr-pool';

export type FileKind = 'pdf' | 'jpeg' | 'png';

export interface ReadLimits {
  maxPages: number;
  /** Pixels of one page image handed to OCR (a rendered page or a photo is scaled down to it). */
  pagePixels: number;
  /** Wall-clock budget of one page: rendering plus recognition. */
  pageTimeoutMs: number;
}

export interface PageReport { page: number; source: 'text_layer' | 'ocr' | 'unread'; characters: number; confidence: number; note?: string }
export interface ReadResult { kind: FileKind; pages: PageText[]; report: PageReport[] }

/** The file's kind from its first bytes, never from its name or declared type. */
export function sniff(bytes: Uint8Array): FileKind | null {
  const head = Buffer.from(bytes.subarray(0, 1024));
  if (head.indexOf('%PDF-') !== -1 && head.indexOf('%PDF-') < 1024) return 'pdf';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  return null;
}

/** A page has a usable text layer when it carries at least this many letters and digits. */
const USABLE_TEXT = 25;
const RENDER_DPI = 200;
/** A photo larger than this many pixels is refused before it is decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 100_000_000;

const withTimeout = async <T>(work: Promise<T>, ms: number, onExpiry: () => void): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => { timer = setTimeout(() => { onExpiry(); reject(new OcrTimeout()); }, ms); })]);
  } finally {
    clearTimeout(timer);
  }
};

/** Greyscale, contrast stretched, binarised: what tesseract reads best, as PNG. */
async function prepareForOcr(image: Sharp, pagePixels: number, dpi?: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await image.metadata();
  const scale = Math.min(1, Math.sqrt(pagePixels / Math.max(1, width * height)));
  const resized = scale < 1 ? image.resize(Math.floor(width * scale), Math.floor(height * scale)) : image;
  // PNG at the lowest compression: encoding is most of this step's time, and it is read once
  const prepared = resized.greyscale().normalise().threshold(170);
  // the resolution tells Tesseract the text's size (a rendered page's is known)
  return (dpi ? prepared.withMetadata({ density: dpi * scale }) : prepared).png({ compressionLevel: 1 }).toBuffer();
}

/** Text of a page, one printed row a line: pieces on the same baseline joined left to right. */
async function pageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  const rows = new Map<number, { x: number; text: string }[]>();
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const y = Math.round(item.transform[5] / 3);
    const row = rows.get(y) ?? [];
    row.push({ x: item.transform[4], text: item.str });
    rows.set(y, row);
  }
  return [...rows.entries()].sort(([a], [b]) => b - a).map(([, row]) => row.sort((a, b) => a.x - b.x).map((p) => p.text).join(' ')).join('\n');
}

/** Milliseconds left before `deadline`; past it the page is given up. */
const remaining = (deadline: number) => {
  const ms = deadline - Date.now();
  if (ms <= 0) throw new OcrTimeout();
  return ms;
};

/**
 * Rendering runs on this thread, so its budget is checked around it (a cancel lands between drawing
 * operations); recognition runs in a worker thread and is cut off at the deadline.
 */
async function ocrPdfPage(page: PDFPageProxy, limits: ReadLimits, ocr: OcrPool, deadline: number): Promise<{ text: string; confidence: number }> {
  remaining(deadline);
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(RENDER_DPI / 72, Math.sqrt(limits.pagePixels / (base.width * base.height)));
  const viewport = page.getViewport({ scale });
  const [{ createCanvas }, { default: sharp }] = await Promise.all([import('@napi-rs/canvas'), import('sharp')]);
  const canvas = createCanvas(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
  const task = page.render({ canvasContext: canvas.getContext('2d') as any, viewport, canvas: canvas as any });
  await withTimeout(task.promise, remaining(deadline), () => task.cancel());
  remaining(deadline);
  const raw = sharp(canvas.data(), { raw: { width: canvas.width, height: canvas.height, channels: 4 } });
  const png = await prepareForOcr(raw, limits.pagePixels, scale * 72);
  return ocr.recognize(png, deadline);
}

async function openPdf(bytes: Uint8Array): Promise<{ doc: PDFDocumentProxy; task: PDFDocumentLoadingTask }> {
  // maxImageSize: an embedded image past the pixel limit is skipped, not decoded
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0, maxImageSize: MAX_INPUT_PIXELS });
  try {
    return { doc: await task.promise, task };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as Error)?.name;
    if (name === 'PasswordException') throw new Unprocessable('The PDF is encrypted with a password: upload an unprotected copy');
    throw new Unprocessable('The file is not a readable PDF (it is damaged or truncated)');
  }
}

async function readPdf(bytes: Uint8Array, limits: ReadLimits, ocr: OcrPool): Promise<ReadResult> {
  const { doc, task } = await openPdf(bytes);
  try {
    if (doc.numPages > limits.maxPages) throw new Unprocessable(`The PDF has ${doc.numPages} pages; at most ${limits.maxPages} are read`);
    const pages: PageText[] = [];
    const report: PageReport[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      const deadline = Date.now() + limits.pageTimeoutMs;
      let page: PDFPageProxy;
      let text: string;
      try {
        page = await doc.getPage(number);
        text = await withTimeout(pageText(page), limits.pageTimeoutMs, () => undefined);
      } catch (error) {
        if (error instanceof OcrTimeout) { report.push({ page: number, source: 'unread', characters: 0, confidence: 0, note: 'time budget exceeded' }); continue; }
        throw new Unprocessable(`Page ${number} of the PDF cannot be read (it is damaged)`);
      }
      if (text.replace(/[^\p{L}\p{N}]/gu, '').length >= USABLE_TEXT) {
        pages.push({ page: number, source: 'text_layer', text, confidence: 1 });
        report.push({ page: number, source: 'text_layer', characters: text.length, confidence: 1 });
        continue;
      }
      ocr.assertAccepting();
      try {
        const read = await ocrPdfPage(page, limits, ocr, deadline);
        pages.push({ page: number, source: 'ocr', text: read.text, confidence: read.confidence });
        report.push({ page: number, source: 'ocr', characters: read.text.length, confidence: read.confidence });
      } catch (error) {
        if (error instanceof OcrTimeout) report.push({ page: number, source: 'unread', characters: 0, confidence: 0, note: 'time budget exceeded' });
        else if (error instanceof DomainError) throw error;
        else report.push({ page: number, source: 'unread', characters: 0, confidence: 0, note: 'the page image could not be read' });
      }
    }
    return { kind: 'pdf', pages, report };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

async function readPhoto(kind: FileKind, bytes: Uint8Array, limits: ReadLimits, ocr: OcrPool): Promise<ReadResult> {
  ocr.assertAccepting();
  const { default: sharp } = await import('sharp');
  let png: Buffer;
  try {
    // rotate(): apply the camera's EXIF orientation
    png = await prepareForOcr(sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate(), limits.pagePixels);
  } catch {
    throw new Unprocessable(`The ${kind.toUpperCase()} image is damaged or larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
  }
  try {
    const read = await ocr.recognize(png, Date.now() + limits.pageTimeoutMs);
    return { kind, pages: [{ page: 1, source: 'ocr', text: read.text, confidence: read.confidence }], report: [{ page: 1, source: 'ocr', characters: read.text.length, confidence: read.confidence }] };
  } catch (error) {
    if (error instanceof OcrTimeout) return { kind, pages: [], report: [{ page: 1, source: 'unread', characters: 0, confidence: 0, note: 'time budget exceeded' }] };
    throw error;
  }
}

/** The text of every page: the PDF's text layer where it has one, OCR elsewhere and for photos. */
export async function readDocument(bytes: Uint8Array, limits: ReadLimits, ocr: OcrPool): Promise<ReadResult> {
  const kind = sniff(bytes);
  if (!kind) throw new UnsupportedMediaType('Upload a PDF, or a JPEG or PNG photo of the document');
  return kind === 'pdf' ? readPdf(bytes, limits, ocr) : readPhoto(kind, bytes, limits, ocr);
}
