import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { migrations } from './migrations';
import { uploadModels, uploadRoutes } from './routes';
import { eraseUploads, exportUploads } from './service';
import { archivePart } from './archive';

/**
 * Files uploaded once and named by URL (`/api/v1/uploads/{id}`) where an operation takes a file:
 * an agent's tool call carries the URL instead of megabytes of base64. Depends on no document plugin.
 */
export default definePlugin({
  name: 'uploads',
  tags: { uploads: 'Files uploaded once and named by URL where an operation takes a file (the MCP tools for statement import and purchase ingestion)' },
  dependsOn: ['tenants'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: uploadModels,
  permissions: {
    // whoever may record a purchase may hand over its file
    'uploads.write': rolesFrom('member'),
  },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => { if (payload.allows('uploads.write')) payload.sections.uploads = await exportUploads(tx); },
      'tenant.erasing': async (tx) => { await eraseUploads(tx); },
    },
  },
  routes: uploadRoutes,
});
