import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { PDF_FONT_FILES } from '../../../lib/pdf-fonts';
import type { TestApp } from '../../support/app';
import { mulberry32 } from '../../support/seeded-random';

/**
 * Purchase documents made in the test: a PDF with a text layer (pdfkit, the service's own fonts),
 * a scanned one (the same lines drawn on a bitmap, embedded as the page's only content, so only
 * OCR can read it) and a photo-like JPEG (greyish paper, slight rotation, noise). The same input
 * makes the same bytes (a fixed creation date, seeded noise), so the labelled corpus under
 * test/fixtures/purchases/ can be made again and compared.
 */
export type Lines = readonly string[];

/** `standardFont`: Helvetica (WinAnsi) instead of the embedded Noto Sans: no font subsetting, faster to make. */
export function textPdf(lines: Lines, options: { pages?: number; userPassword?: string; standardFont?: boolean } = {}): Promise<Buffer> {
  return drawnPdf((doc) => {
    if (options.standardFont) doc.font('Helvetica');
    for (let page = 0; page < (options.pages ?? 1); page++) {
      if (page) doc.addPage();
      for (const line of lines) doc.fontSize(12).text(line);
    }
  }, options.userPassword);
}

const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

/** An A4 PDF drawn by `draw` in the service's own font (Noto Sans), with a fixed creation date. */
export function drawnPdf(draw: (doc: PDFKit.PDFDocument) => void, userPassword?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', info: { CreationDate: FIXED_DATE }, ...(userPassword ? { userPassword, ownerPassword: `${userPassword}-owner` } : {}) });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('regular', PDF_FONT_FILES.regular);
    doc.font('regular');
    draw(doc);
    doc.end();
  });
}

let registered = false;
/** The lines drawn in black on white at about 150 dpi of an A4 page. */
function bitmap(lines: Lines, width = 1240, height = 1754): Buffer {
  if (!registered) { GlobalFonts.registerFromPath(PDF_FONT_FILES.regular, 'FixtureSans'); registered = true; }
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#111111';
  ctx.font = '30px FixtureSans';
  lines.forEach((line, i) => ctx.fillText(line, 110, 150 + i * 52));
  return canvas.toBuffer('image/png');
}

export function scannedPdf(lines: Lines, pages = 1): Promise<Buffer> {
  const png = bitmap(lines);
  return drawnPdf((doc) => {
    for (let page = 0; page < pages; page++) {
      if (page) doc.addPage();
      doc.image(png, 0, 0, { width: 595.28, height: 841.89 });
    }
  });
}

/** Gaussian noise around mid-grey (σ 40), one channel, from a seeded generator: the same seed, the same grain. */
function noise(width: number, height: number, seed: number): Buffer {
  const next = mulberry32(seed);
  const grain = Buffer.alloc(width * height);
  for (let i = 0; i < grain.length; i++) {
    // Box–Muller; 1 − u keeps the logarithm's argument above 0
    const gaussian = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    grain[i] = Math.max(0, Math.min(255, Math.round(128 + 40 * gaussian)));
  }
  return grain;
}

export interface Degradation { seed?: number; degrees?: number; quality?: number }

/** A bitmap as a scanner or a camera leaves it: greyish paper, noise, slightly turned, a greyscale JPEG. */
async function degraded(png: Buffer, width: number, height: number, { seed = 1, degrees = 1.5, quality = 80 }: Degradation = {}): Promise<Buffer> {
  const grain = await sharp(noise(width, height, seed), { raw: { width, height, channels: 1 } }).png().toBuffer();
  return sharp(png).composite([{ input: grain, blend: 'soft-light' }]).modulate({ brightness: 0.93 })
    .rotate(degrees, { background: '#e8e4dc' }).toColourspace('b-w').jpeg({ quality }).toBuffer();
}

export async function photoJpeg(lines: Lines, degradation?: Degradation): Promise<Buffer> {
  const width = 900;
  const height = 60 + lines.length * 52 + 60;
  return degraded(bitmap(lines, width, height), width, height, degradation);
}

/** A scan as a PDF: an A4 page whose only content is the image (so the page must be rendered and read by OCR). */
export function imagePdf(image: Buffer): Promise<Buffer> {
  return drawnPdf((doc) => doc.image(image, 0, 0, { fit: [595.28, 841.89] }));
}

/** The multipart body of POST /api/v1/ai/ingest-purchase: one file and the optional form fields. */
export function ingestForm(file: Buffer, fields: Record<string, string> = {}, type = 'application/pdf', name = 'factura.pdf'): FormData {
  const form = new FormData();
  form.set('file', new File([file], name, { type }));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

/** POST /api/v1/ai/ingest-purchase of one file (multipart), with the optional form fields. */
export const uploader = (app: TestApp) => (file: Buffer, token: string, fields: Record<string, string> = {}, type = 'application/pdf', name = 'factura.pdf') =>
  app.request('POST', '/api/v1/ai/ingest-purchase', { form: ingestForm(file, fields, type, name), token });
