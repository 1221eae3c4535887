/**
 * Scans and phone photos from the corpus's PDFs: pages rendered by poppler's pdftoppm, then
 * - scans (sharp): greyscale at 150–200 dpi, turned 0.6–3.5°, contrast lowered, seeded noise, JPEG
 *   at quality 45–65 (one image, or for `asPdf` an image-only PDF of every page, as a scanner makes);
 * - photos (ImageMagick): the receipt on a dark table, perspective distortion, uneven light
 *   (a radial fall-off), slight blur and sensor noise, JPEG.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Invoice } from './model';

function run(cmd: string, argv: string[]) {
  const r = spawnSync(cmd, argv, { maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd}: ${r.stderr?.toString()}`);
}
/** A small deterministic generator (mulberry32): the same noise on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}
const seedOf = (id: string) => [...id].reduce((s, ch) => (s * 31 + ch.charCodeAt(0)) >>> 0, 7);

function renderPages(pdf: string, dpi: number, dir: string): string[] {
  run('pdftoppm', ['-r', String(dpi), '-gray', '-png', pdf, join(dir, 'page')]);
  return readdirSync(dir).filter((n) => n.startsWith('page') && n.endsWith('.png')).sort().map((n) => join(dir, n));
}

async function scanPage(png: string, spec: NonNullable<Invoice['scan']>, seed: number, maxBytes: number): Promise<Buffer> {
  const rotated = await sharp(png).greyscale().rotate(spec.degrees, { background: { r: 235, g: 233, b: 228 } }).raw().toBuffer({ resolveWithObject: true });
  const { data, info } = rotated;
  const next = random(seed);
  const floor = Math.round(255 * (1 - spec.contrast) * 0.55); // ink no darker than this: contrast lowered
  for (let i = 0; i < data.length; i += info.channels) {
    const v = floor + (data[i] * (255 - floor - 18)) / 255 + (next() + next() + next() - 1.5) * spec.noise;
    const clamped = Math.max(0, Math.min(255, Math.round(v)));
    for (let c = 0; c < info.channels; c++) data[i + c] = clamped;
  }
  // the noise costs bytes: the quality is lowered in steps until the page fits its budget (files stay small)
  for (let quality = spec.quality; ; quality -= 5) {
    const jpeg = await sharp(data, { raw: info }).toColourspace('b-w').jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= maxBytes || quality <= 25) return jpeg;
  }
}

function imagesPdf(jpegs: Buffer[], dpi: number): Promise<Buffer> {
  return new Promise(async (resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Producer: 'scanner', Creator: 'scanner', CreationDate: new Date('2026-01-01T00:00:00Z') } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c)); doc.on('end', () => resolve(Buffer.concat(chunks))); doc.on('error', reject);
    for (const jpeg of jpegs) {
      const { width = 0, height = 0 } = await sharp(jpeg).metadata();
      const w = (width * 72) / dpi, h = (height * 72) / dpi;
      doc.addPage({ size: [w, h] }).image(jpeg, 0, 0, { width: w, height: h });
    }
    doc.end();
  });
}

function photo(png: string, out: string, seed: number) {
  const next = random(seed);
  const j = (n: number) => Math.round((next() - 0.5) * n);
  const size = spawnSync('identify', ['-format', '%w %h', png]).stdout.toString().split(' ').map(Number);
  const [w, h] = size;
  const W = Math.round(w * 1.35), H = Math.round(h * 1.2), ox = Math.round(w * 0.17), oy = Math.round(h * 0.1);
  // corners of the receipt moved as a phone held at an angle moves them
  const dst = [[ox + j(60) + 40, oy + j(40)], [ox + w + j(60) - 30, oy + j(40) + 25], [ox + w + j(60) + 30, oy + h + j(40)], [ox + j(60) - 35, oy + h + j(40) - 20]];
  const src = [[0, 0], [w, 0], [w, h], [0, h]];
  run('convert', [
    '-seed', String(seed), '-size', `${W}x${H}`, 'plasma:#5a4636-#3a2c22', '-blur', '0x4', '-modulate', '100,25',
    '(', png, '-alpha', 'set', '-virtual-pixel', 'transparent', '-background', 'none', '+distort', 'Perspective', src.map((s, k) => `${s[0]},${s[1]} ${dst[k][0] - ox},${dst[k][1] - oy}`).join('  '), '-repage', `+${ox}+${oy}`, ')',
    '-compose', 'over', '-flatten',
    '(', '-size', `${W}x${H}`, `radial-gradient:white-gray45`, '-roll', `+${Math.round(W * 0.22)}-${Math.round(H * 0.18)}`, ')', '-compose', 'multiply', '-composite',
    '-blur', '0x0.7', '-attenuate', '0.35', '+noise', 'Gaussian', '-resize', '1500x>', '-quality', '60', out,
  ]);
}

export async function degradeAll(invoices: Invoice[], outDir: string) {
  for (const inv of invoices) {
    const pdf = join(outDir, `${inv.id}.pdf`);
    if (inv.scan) {
      const dir = mkdtempSync(join(tmpdir(), 'scan-'));
      try {
        const pages = renderPages(pdf, inv.scan.dpi, dir);
        const jpegs = await Promise.all(pages.map((p, k) => scanPage(p, inv.scan!, seedOf(inv.id) + k, (inv.scan!.asPdf ? 100 : 145) * 1024)));
        const name = inv.scan.asPdf ? `${inv.id}.scan.pdf` : `${inv.id}.scan.jpg`;
        const bytes = inv.scan.asPdf ? await imagesPdf(jpegs, inv.scan.dpi) : jpegs[0];
        writeFileSync(join(outDir, name), bytes);
        console.log(`${name} ${(bytes.length / 1024).toFixed(0)} KB`);
      } finally { rmSync(dir, { recursive: true, force: true }); }
    }
    if (inv.photo) {
      const dir = mkdtempSync(join(tmpdir(), 'photo-'));
      try {
        const [page] = renderPages(pdf, 200, dir);
        const name = `${inv.id}.photo.jpg`;
        photo(page, join(outDir, name), seedOf(inv.id));
        console.log(`${name} ${(readFileSync(join(outDir, name)).length / 1024).toFixed(0)} KB`);
      } finally { rmSync(dir, { recursive: true, force: true }); }
    }
  }
}
