import type { Admission } from '../../lib/budgeted-process';
import { DomainError, Unprocessable, UnsupportedMediaType } from '../../kernel/errors';
import { runBudgetedScript } from './budgeted-script';
import { decodeDecodedFile, type DecodedFile, type DecodedKind, type DecodedPage, type EmbeddedXml } from './decoded-file';
import type { DecodeLimits } from './decoder';
import type { PageText } from './extract';
import { OcrTimeout, type OcrPool } from './ocr-pool';
import { withoutCellMarks } from './text-lines';

export type FileKind = DecodedKind;

export interface ReadLimits extends DecodeLimits {
  /** Peak memory of the process decoding one file. */
  decodeMemoryBytes: number;
  /** CPU time of the process decoding one file (every page); its wall-clock budget is three times it. */
  decodeCpuSeconds: number;
  /** CPU time of the process reading the fields from the pages' text; its wall-clock budget is three times it. */
  extractCpuSeconds: number;
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

/** Text of a page as the decoding process may send it (20,000 characters, JSON-escaped), beside its image. */
const PAGE_TEXT_BYTES = 256 * 1024;

/**
 * Decodes the file in its own process (decode-process.ts) under the budgets of `limits`, once
 * `admission` lets it start: the service's thread never parses, draws or decompresses the file,
 * and a file over a budget ends in a 422 that names it, its process killed.
 */
async function decodeInChildProcess(kind: FileKind, bytes: Uint8Array, limits: ReadLimits, admission?: Admission): Promise<DecodedFile> {
  const { decodeMemoryBytes, decodeCpuSeconds, extractCpuSeconds, ...decodeLimits } = limits;
  await admission?.ready;
  try {
    return decodeDecodedFile(await runBudgetedScript({
      script: 'decode-process.ts', args: [kind, JSON.stringify(decodeLimits)],
      memoryBytes: decodeMemoryBytes, cpuSeconds: decodeCpuSeconds, cpuSetting: 'INGEST_DECODE_CPU_SECONDS',
      outputBytes: limits.maxPages * Math.ceil(limits.pagePixels * 1.1 + PAGE_TEXT_BYTES) + 64 * 1024,
      work: 'Reading the file', outputTooLarge: 'more page images than its page and pixel budgets allow',
      crashed: 'The file cannot be read (it is damaged or not what it says it is)',
    }, bytes));
  } finally {
    admission?.release();
  }
}

const unread = (page: number, note: string): { report: PageReport } => ({ report: { page, source: 'unread', characters: 0, confidence: 0, note } });

/** One decoded page as text: its text layer, or its image recognised by the OCR pool within what its time budget left. */
async function readPage(decoded: DecodedPage, ocr: OcrPool): Promise<{ text?: PageText; report: PageReport }> {
  const page = decoded.page;
  if (decoded.source === 'unread') return unread(page, decoded.note);
  if (decoded.source === 'text_layer') {
    return { text: { page, source: 'text_layer', text: decoded.text, confidence: 1 }, report: { page, source: 'text_layer', characters: withoutCellMarks(decoded.text).length, confidence: 1, ...(decoded.note ? { note: decoded.note } : {}) } };
  }
  ocr.assertAccepting();
  try {
    const read = await ocr.recognize(Buffer.from(decoded.png), Date.now() + decoded.msLeft);
    return { text: { page, source: 'ocr', text: read.text, confidence: read.confidence }, report: { page, source: 'ocr', characters: read.text.length, confidence: read.confidence } };
  } catch (error) {
    if (error instanceof OcrTimeout) return unread(page, 'time budget exceeded');
    if (error instanceof DomainError) throw error;
    return unread(page, 'the page image could not be read');
  }
}

/** The file decoded in its own process: its pages (text or images for OCR) and the XML files a PDF embeds. */
export interface DecodedDocument { kind: FileKind; pages: DecodedPage[]; attachments: EmbeddedXml[] }

/**
 * Decodes the file in its own process (no OCR yet): a PDF's pages and embedded XML files, or a
 * photo. `admission`: the decoding process's turn (ProcessSlots), released as soon as that process
 * ended (the caller releases it too, on every path: releasing twice is harmless).
 */
export async function decodeDocument(bytes: Uint8Array, limits: ReadLimits, ocr: OcrPool, admission?: Admission): Promise<DecodedDocument> {
  const kind = sniff(bytes);
  if (!kind) throw new UnsupportedMediaType('Upload a PDF, a JPEG or PNG photo of the document, or an e-invoice XML file (UBL, Facturae, CII)');
  // a photo is always recognised: refused at once when no OCR worker could take it
  if (kind !== 'pdf') ocr.assertAccepting();
  const decoded = await decodeInChildProcess(kind, bytes, limits, admission);
  if ('refused' in decoded) throw decoded.refused.status === 415 ? new UnsupportedMediaType(decoded.refused.detail) : new Unprocessable(decoded.refused.detail);
  return { kind: decoded.kind, pages: decoded.pages, attachments: decoded.attachments ?? [] };
}

/** The text of every decoded page: its text layer, or OCR of its image. */
export async function readPages(decoded: DecodedDocument, ocr: OcrPool): Promise<ReadResult> {
  const pages: PageText[] = [];
  const report: PageReport[] = [];
  for (const page of decoded.pages) {
    const read = await readPage(page, ocr);
    if (read.text) pages.push(read.text);
    report.push(read.report);
  }
  return { kind: decoded.kind, pages, report };
}

/**
 * The text of every page: the PDF's text layer where it has one, OCR elsewhere and for photos.
 * `admission`: as for `decodeDocument`.
 */
export async function readDocument(bytes: Uint8Array, limits: ReadLimits, ocr: OcrPool, admission?: Admission): Promise<ReadResult> {
  return readPages(await decodeDocument(bytes, limits, ocr, admission), ocr);
}
