import { Type } from '@sinclair/typebox';
import { defineSettings, readSettings, type SettingsValues } from '../../kernel/settings';
import type { ReadLimits } from './reader';

export const ingestionSettings = defineSettings({
  INGEST_OCR_WORKERS: Type.Integer({ minimum: 1, maximum: 16, default: 1, description: 'tesseract.js workers recognising pages at once (each holds ~100 MB)' }),
  INGEST_OCR_QUEUE: Type.Integer({ minimum: 0, maximum: 100, default: 4, description: 'pages that may wait for a worker; past that an upload is answered 503 with Retry-After' }),
  INGEST_PAGE_SECONDS: Type.Number({ minimum: 0.05, maximum: 300, default: 30, description: 'time budget of one page (rendering and OCR); a page over it is left unread' }),
  INGEST_MAX_PAGES: Type.Integer({ minimum: 1, maximum: 20, default: 20, description: 'pages of a PDF that are read; a longer PDF is refused (422)' }),
  INGEST_PAGE_MEGAPIXELS: Type.Number({ minimum: 0.5, maximum: 40, default: 8, description: 'pixel budget of a page image handed to OCR (a page or photo is scaled down to it)' }),
  INGEST_IMAGE_MEGAPIXELS: Type.Number({ minimum: 1, maximum: 200, default: 40, description: 'declared size of one image in a file: a larger photo is refused (422) before it is decoded, a larger image inside a PDF is not drawn' }),
  INGEST_DECOMPRESSED_MEGABYTES: Type.Number({ minimum: 1, maximum: 4096, default: 256, description: "what a PDF's compressed streams may expand to, together; a PDF over it (a Flate bomb) is refused (422) before it is parsed" }),
  INGEST_DECODE_MEGABYTES: Type.Number({ minimum: 128, maximum: 16384, default: 512, description: 'peak memory of the process decoding one file; over it the process is killed and the file refused (422)' }),
  INGEST_DECODE_CPU_SECONDS: Type.Number({ minimum: 0.5, maximum: 600, default: 60, description: 'CPU time of the process decoding one file (all its pages); over it, or over three times it of wall-clock time, the process is killed and the file refused (422)' }),
  INGEST_EXTRACT_CPU_SECONDS: Type.Number({ minimum: 0.1, maximum: 600, default: 10, description: "CPU time of the process reading a file's fields from its pages' text; over it, or over three times it of wall-clock time, the process is killed and the file refused (422)" }),
  INGEST_DECODERS: Type.Integer({ minimum: 1, maximum: 16, default: 1, description: 'files decoded at once, each in its own process' }),
  INGEST_DECODE_QUEUE: Type.Integer({ minimum: 0, maximum: 100, default: 4, description: 'files that may wait for a decoding process; past that an upload (also async=true) is answered 503 with Retry-After' }),
  INGEST_JOB_LEASE_SECONDS: Type.Number({ minimum: 1, maximum: 600, default: 30, description: 'an asynchronous ingestion whose instance has not renewed it for this long (it was killed or restarted) is reported failed' }),
});

const MEGABYTE = 1024 * 1024;

/** The reader's budgets from the settings. */
export const readLimitsOf = (settings: SettingsValues<typeof ingestionSettings>): ReadLimits => ({
  maxPages: settings.INGEST_MAX_PAGES,
  pagePixels: settings.INGEST_PAGE_MEGAPIXELS * 1_000_000,
  pageTimeoutMs: settings.INGEST_PAGE_SECONDS * 1000,
  imagePixels: settings.INGEST_IMAGE_MEGAPIXELS * 1_000_000,
  decompressedBytes: settings.INGEST_DECOMPRESSED_MEGABYTES * MEGABYTE,
  decodeMemoryBytes: settings.INGEST_DECODE_MEGABYTES * MEGABYTE,
  decodeCpuSeconds: settings.INGEST_DECODE_CPU_SECONDS,
  extractCpuSeconds: settings.INGEST_EXTRACT_CPU_SECONDS,
});

/** The reader's budgets with every setting at its default (the benchmark's and the reader tests'). */
export const defaultReadLimits = (): ReadLimits => readLimitsOf(readSettings('purchase-ingestion', ingestionSettings, {}));
