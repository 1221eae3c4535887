import { definePlugin } from '../../kernel/plugin';
import { sendingExtensionPoints } from './extensions';
import { migrations } from './migrations';
import { invoiceLastSent } from './response-fields';
import { sendingRoutes } from './routes';
import { sendingModels } from './schemas';
import { eraseSendings, exportSendings } from './service';
import { archivePart } from './archive';

/**
 * Sending documents by email: each kind that declares itself `sendable-documents` gets
 * `POST /{segment}/{id}/send` and `GET /{segment}/{id}/sendings`; every sending is recorded.
 */
export default definePlugin({
  name: 'document-sending',
  dependsOn: ['tenants', 'identity'],
  migrations,
  models: sendingModels,
  extensionPoints: sendingExtensionPoints,
  contributesIfInstalled: { ...invoiceLastSent, 'company-archive': [archivePart] },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => { payload.sections['document-sending'] = await exportSendings(tx); },
      'tenant.erasing': async (tx) => { await eraseSendings(tx); },
    },
  },
  routes: sendingRoutes,
});
