import { Type } from '@sinclair/typebox';
import { defineSettings } from '../../kernel/settings';

export const ingestionSettings = defineSettings({
  INGEST_OCR_WORKERS: Type.Integer({ minimum: 1, maximum: 16, default: 1, description: 'tesseract.js workers recognising pages at once (each holds ~100 MB)' }),
  INGEST_OCR_QUEUE: Type.Integer({ minimum: 0, maximum: 100, default: 4, description: 'pages that may wait for a worker; past that an upload is answered 503 with Retry-After' }),
  INGEST_PAGE_SECONDS: Type.Number({ minimum: 0.05, maximum: 300, default: 30, description: 'time budget of one page (rendering and OCR); a page over it is left unread' }),
  INGEST_MAX_PAGES: Type.Integer({ minimum: 1, maximum: 20, default: 20, description: 'pages of a PDF that are read; a longer PDF is refused (422)' }),
  INGEST_PAGE_MEGAPIXELS: Type.Number({ minimum: 0.5, maximum: 40, default: 8, description: 'pixel budget of a page image handed to OCR (a page or photo is scaled down to it)' }),
  INGEST_JOB_LEASE_SECONDS: Type.Number({ minimum: 1, maximum: 600, default: 30, description: 'an asynchronous ingestion whose instance has not renewed it for this long (it was killed or restarted) is reported failed' }),
});
