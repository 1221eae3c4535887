import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { PDF_FONT_FILES } from '../../../kernel/pdf-fonts';
import type { TestApp } from '../../support/app';

/**
 * Purchase documents made in the test: a PDF with a text layer (pdfkit, the service's own fonts),
 * a scanned one (the same lines drawn on a bitmap, embedded as the page's only content, so only
 * OCR can read it) and a photo-like JPEG (greyish paper, slight rotation, noise).
 */
export type Lines = readonly string[];

/** `standardFont`: Helvetica (WinAnsi) instead of the embedded Noto Sans: no font subsetting, faster to make. */
export function textPdf(lines: Lines, options: { pages?: number; userPassword?: string; standardFont?: boolean } = {}): Promise<Buffer> {
  return pdf((doc) => {
    if (options.standardFont) doc.font('Helvetica');
    for (let page = 0; page < (options.pages ?? 1); page++) {
      if (page) doc.addPage();
      for (const line of lines) doc.fontSize(12).text(line);
    }
  }, options.userPassword);
}

function pdf(draw: (doc: PDFKit.PDFDocument) => void, userPassword?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', ...(userPassword ? { userPassword, ownerPassword: `${userPassword}-owner` } : {}) });
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
  return pdf((doc) => {
    for (let page = 0; page < pages; page++) {
      if (page) doc.addPage();
      doc.image(png, 0, 0, { width: 595.28, height: 841.89 });
    }
  });
}

/** A bitmap as a scanner or a camera leaves it: greyish paper, noise, turned 1.5°, JPEG-compressed. */
async function degraded(png: Buffer, width: number, height: number): Promise<Buffer> {
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
  return sharp(png).composite([{ input: noise, blend: 'soft-light' }]).modulate({ brightness: 0.93 })
    .rotate(1.5, { background: '#e8e4dc' }).jpeg({ quality: 80 }).toBuffer();
}

export async function photoJpeg(lines: Lines): Promise<Buffer> {
  const width = 900;
  const height = 60 + lines.length * 52 + 60;
  return degraded(bitmap(lines, width, height), width, height);
}

/** A paper invoice put through a scanner: an A4 page whose only content is a degraded image of it. */
export async function noisyScannedPdf(lines: Lines): Promise<Buffer> {
  const jpeg = await degraded(bitmap(lines), 1240, 1754);
  return pdf((doc) => doc.image(jpeg, 0, 0, { width: 595.28, height: 841.89 }));
}

/** POST /api/v1/ai/ingest-purchase of one file (multipart), with the optional form fields. */
export const uploader = (app: TestApp) => (file: Buffer, token: string, fields: Record<string, string> = {}, type = 'application/pdf', name = 'factura.pdf') => {
  const form = new FormData();
  form.set('file', new File([file], name, { type }));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return app.request('POST', '/api/v1/ai/ingest-purchase', { form, token });
};
