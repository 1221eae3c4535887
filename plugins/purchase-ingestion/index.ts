import { definePlugin } from '../../kernel/plugin';
import { migrations } from './migrations';
import { OcrPool } from './ocr-pool';
import { ingestionRoutes } from './routes';
import { ingestionSettings } from './settings';

let pool: OcrPool | null = null;

export default definePlugin({
  name: 'purchase-ingestion',
  // books through the purchases plugin's service; suppliers through the contacts plugin's
  dependsOn: ['tenants', 'contacts', 'taxes', 'documents', 'purchases'],
  migrations,
  settings: ingestionSettings,
  setup(kernel) {
    const settings = kernel.settings(ingestionSettings);
    pool = new OcrPool({ workers: settings.INGEST_OCR_WORKERS, queue: settings.INGEST_OCR_QUEUE, retryAfterSeconds: Math.ceil(settings.INGEST_PAGE_SECONDS) });
  },
  async teardown() {
    await pool?.close();
    pool = null;
  },
  routes: (kernel) => ingestionRoutes(kernel, pool!),
});
