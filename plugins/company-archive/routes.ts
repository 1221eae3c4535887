import { Elysia, t } from 'elysia';
import { UnsupportedMediaType } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { TenantService } from '../tenants/api';
import { archiveStream } from './export';
import { importArchive } from './import';

const tags = ['company-archive'];
/** The largest archive an import reads (it is streamed: this bounds the time, not the memory). */
export const MAX_ARCHIVE_BYTES = 8 * 1024 * 1024 * 1024;

export const archiveModels = {
  CompanyImportResponse: t.Object({
    tenant_id: t.String({ format: 'uuid', description: 'The new company; switch to it with POST /auth/switch-tenant' }),
    name: t.String(),
    rows: t.Record(t.String(), t.Integer({ minimum: 0 }), { description: 'Rows restored, by table' }),
    files: t.Integer({ minimum: 0, description: 'Stored files restored (logo, purchase originals, uploads)' }),
  }, { $id: 'CompanyImportResponse' }),
};

export const archiveRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:company-archive' })
    .use(kernel.http)
    .model(archiveModels)
    .get('/tenants/me/archive', async ({ uow }) => {
      const company = await uow.run(async (tx) => {
        const tenant = await TenantService.current(tx);
        return { id: tenant.id, name: tenant.name, tax_id: tenant.taxId };
      });
      const day = new Date().toISOString().slice(0, 10);
      return new Response(archiveStream(kernel, company.id, company), {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="company-${company.tax_id.replace(/[^A-Za-z0-9]/g, '')}-${day}.zip"`,
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    }, {
      permission: 'company-archive.export',
      detail: {
        summary: 'The whole company as one archive (owner only): a zip of JSON lines per table, the stored files and a manifest, streamed',
        description: 'format.json (format and part versions) comes first, manifest.json (rows, bytes and SHA-256 of every entry) last; '
          + 'read in one consistent transaction. See docs/company-archive.md. This is also the GDPR portability copy of the company.',
        tags,
        responses: { 200: { description: 'The archive', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } } },
      },
    })
    .post('/tenants/import', async ({ principal, request, set }) => {
      const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/zip' && type !== 'application/octet-stream') throw new UnsupportedMediaType('Send the archive as the request body with Content-Type: application/zip');
      if (!request.body) throw new UnsupportedMediaType('Send the archive as the request body');
      const result = await importArchive(kernel, principal, request.body);
      set.status = 201;
      return { tenant_id: result.tenantId, name: result.name, rows: result.rows, files: result.files };
    }, {
      signedIn: 'session',
      parse: 'none',
      streamedBody: true,
      maxBodyBytes: MAX_ARCHIVE_BYTES,
      response: { 201: 'CompanyImportResponse' },
      detail: {
        summary: 'Restore a company archive into a NEW company owned by the caller (the body is the zip, read as it arrives)',
        description: 'Same numbers, same ledger, the VERI*FACTU chain and the files byte for byte. A newer format, an altered entry '
          + '(SHA-256 differing from the manifest), a missing manifest or a broken reference: 422 with the reason; a clash with '
          + 'what the deployment holds: 409. Nothing is kept from a refused archive.',
        tags,
        requestBody: { required: true, content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } },
      },
    });
