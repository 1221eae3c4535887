/**
 * What the decoding process (decode-process.ts) answers, and its bytes on the pipe: a 4-byte
 * big-endian header length, the header as JSON, then each page image's PNG bytes in page order.
 * Imports nothing heavy: the service reads this without loading a PDF or image library.
 */
export type DecodedKind = 'pdf' | 'jpeg' | 'png';

export type DecodedPage =
  | { page: number; source: 'text_layer'; text: string; note?: string }
  /** A page image prepared for OCR; `msLeft` is what its time budget left for recognition. */
  | { page: number; source: 'image'; png: Uint8Array; msLeft: number }
  | { page: number; source: 'unread'; note: string };

/** An XML file embedded in a PDF (a Factur-X / ZUGFeRD invoice's `factur-x.xml`), its bytes as base64. */
export interface EmbeddedXml { name: string; base64: string }

export type DecodedFile =
  | { kind: DecodedKind; pages: DecodedPage[]; attachments?: EmbeddedXml[] }
  /** The file was refused as it was read (encrypted, damaged, over a budget): the status and detail of the answer. */
  | { refused: { status: 415 | 422; detail: string } };

type HeaderPage = Exclude<DecodedPage, { source: 'image' }> | { page: number; source: 'image'; bytes: number; msLeft: number };
type Header = { kind: DecodedKind; pages: HeaderPage[]; attachments?: EmbeddedXml[] } | { refused: { status: 415 | 422; detail: string } };

export function encodeDecodedFile(file: DecodedFile): Uint8Array {
  const images: Uint8Array[] = [];
  const header: Header = 'refused' in file ? file : {
    kind: file.kind,
    ...(file.attachments?.length ? { attachments: file.attachments } : {}),
    pages: file.pages.map((page) => {
      if (page.source !== 'image') return page;
      images.push(page.png);
      return { page: page.page, source: 'image', bytes: page.png.length, msLeft: page.msLeft };
    }),
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, ...images]);
}

export function decodeDecodedFile(bytes: Uint8Array): DecodedFile {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerEnd = 4 + buffer.readUInt32BE(0);
  const header = JSON.parse(buffer.subarray(4, headerEnd).toString('utf8')) as Header;
  if ('refused' in header) return header;
  let offset = headerEnd;
  const pages = header.pages.map((page): DecodedPage => {
    if (page.source !== 'image') return page;
    const png = buffer.subarray(offset, offset + page.bytes);
    offset += page.bytes;
    return { page: page.page, source: 'image', png, msLeft: page.msLeft };
  });
  return { kind: header.kind, pages, ...(header.attachments?.length ? { attachments: header.attachments } : {}) };
}
