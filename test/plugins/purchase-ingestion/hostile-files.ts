import { createDeflate, crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Hostile uploads made in the test: small files that expand to far more than they weigh once
 * decoded (a Flate bomb, images declaring huge sizes, many heavy pages). The PDFs are written by
 * hand (a few objects and an xref table) so each declares exactly what the test wants.
 */

/** `megabytes` of zeros, deflated without ever holding them: about 1 KB a megabyte. */
export async function deflatedZeros(megabytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(chunks);
}

interface RawPage { content: Buffer; contentFilter?: 'FlateDecode'; font?: boolean; image?: { width: number; height: number; data: Buffer; filter: 'DCTDecode' | 'FlateDecode'; colours: 1 | 3 } }

/** A PDF of the given pages, each with its content stream and at most one image XObject (/Im0). */
export function rawPdf(pages: RawPage[]): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string) => { objects.push(Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1')); return objects.length; };
  const stream = (dict: string, data: Buffer) => Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
  const catalog = add('<< /Type /Catalog /Pages 2 0 R >>');
  const tree = add('');
  const kids: number[] = [];
  for (const page of pages) {
    const content = add(stream(page.contentFilter ? `/Filter /${page.contentFilter}` : '', page.content));
    const image = page.image && add(stream(
      `/Type /XObject /Subtype /Image /Width ${page.image.width} /Height ${page.image.height} /ColorSpace /${page.image.colours === 1 ? 'DeviceGray' : 'DeviceRGB'} /BitsPerComponent 8 /Filter /${page.image.filter}`,
      page.image.data));
    const resources = `/Resources << ${image ? `/XObject << /Im0 ${image} 0 R >>` : ''} ${page.font ? '/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >>' : ''} >>`;
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${content} 0 R ${resources} >>`));
  }
  objects[tree - 1] = Buffer.from(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`, 'latin1');
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const framed = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    offsets.push(offset);
    parts.push(framed);
    offset += framed.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** Draws /Im0 over the whole page. */
const DRAW_IMAGE = Buffer.from('q 595 0 0 842 0 0 cm /Im0 Do Q', 'latin1');

/** A page whose content stream is `megabytes` of deflated zeros: the file weighs about a thousandth of it. */
export async function flateBombPdf(megabytes: number): Promise<Buffer> {
  return rawPdf([{ content: await deflatedZeros(megabytes), contentFilter: 'FlateDecode' }]);
}

/** A JPEG whose frame header declares `width` × `height` while its data is that of a 16 × 16 image. */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } }).jpeg().toBuffer();
  // SOF0/SOF2 segment: FF C0|C2, length (2), precision (1), height (2), width (2)
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('no frame header in the JPEG');
}

/** A PNG whose header (IHDR, its checksum redone) declares `width` × `height` over a 16 × 16 image's data. */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } }).png().toBuffer();
  // signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), 5 bytes, CRC over type and data
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A page drawing one image declared `width` × `height` (JPEG data of a 16 × 16 image): a decoder would allocate it whole. */
export async function hugeImagePdf(width: number, height: number): Promise<Buffer> {
  return rawPdf([{ content: DRAW_IMAGE, image: { width, height, data: await jpegDeclaring(width, height), filter: 'DCTDecode', colours: 3 } }]);
}

/**
 * `pages` pages each drawing a real `side` × `side` JPEG (grey, so the file stays small): every page
 * decodes to side² × 3 bytes and is drawn at the page's size, so the decoding grows with the pages.
 */
export async function heavyPagesPdf(pages: number, side: number): Promise<Buffer> {
  const data = await sharp({ create: { width: side, height: side, channels: 3, background: '#7f7f7f' } }).jpeg({ quality: 10 }).toBuffer();
  return rawPdf(Array.from({ length: pages }, () => ({ content: DRAW_IMAGE, image: { width: side, height: side, data, filter: 'DCTDecode' as const, colours: 3 as const } })));
}

/** One page whose text layer is a single line of about `characters` characters: invoice-like words shown piece after piece on one baseline, in a font small enough to keep the line on the page. */
export function giantLinePdf(characters: number): Buffer {
  const words = 'Factura F-12345 Fecha 15/03/2026 CIF A58818501 IVA 21% 1.234,56 Base imponible 100,00 TOTAL 1.512,98 ';
  const pieces = `(${words}) Tj `.repeat(Math.ceil(characters / words.length));
  return rawPdf([{ content: Buffer.from(`BT /F1 0.001 Tf 20 800 Td ${pieces}ET`, 'latin1'), font: true }]);
}

/** `pages` pages, each a text layer of lines of invoice-like words up to about `characters` characters: what costs the most to read fields from. */
export function longTextPdf(pages: number, characters: number): Buffer {
  const words = 'Factura F-12345 Fecha 15/03/2026 CIF A58818501 IVA 21% 1.234,56 Base imponible 100,00 TOTAL 1.512,98';
  const lines = `(${words}) Tj 0 -1 Td `.repeat(Math.ceil(characters / (words.length + 1)));
  return rawPdf(Array.from({ length: pages }, () => ({ content: Buffer.from(`BT /F1 1 Tf 20 800 Td ${lines}ET`, 'latin1'), font: true })));
}
