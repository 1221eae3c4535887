import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { noContent } from '../../kernel/openapi';
import { MAX_UPLOAD_BYTES, Uploads, uploadToJson } from './service';

const tags = ['uploads'];
const UploadParams = t.Object({ upload_id: t.String({ format: 'uuid' }) });

export const uploadModels = {
  UploadResponse: t.Object({
    id: t.String({ format: 'uuid' }),
    url: t.String({ description: 'Where the file is read back, and what a file argument names (`{"url": "/api/v1/uploads/…"}`)' }),
    filename: t.String(),
    content_type: t.String({ description: 'As declared, when it is one of the formats the API reads; otherwise application/octet-stream' }),
    size: t.Integer({ minimum: 1, description: 'Bytes' }),
    sha256: t.String({ pattern: '^[0-9a-f]{64}$' }),
    created_at: t.String({ format: 'date-time' }),
  }, { $id: 'UploadResponse' }),
};

export const uploadRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:uploads' })
    .use(kernel.http)
    .model(uploadModels)
    .post('/uploads', async ({ uow, body, set }) => {
      const upload = await uow.run((tx) => Uploads.create(tx, kernel.files, body.file));
      set.status = 201;
      return uploadToJson(upload);
    }, {
      permission: 'uploads.write',
      maxBodyBytes: MAX_UPLOAD_BYTES + 64 * 1024,
      body: t.Object({ file: t.File({ description: 'Any file an operation takes (a statement, a purchase PDF, photo or e-invoice); at most 32 MiB' }) }, { $id: 'Body_upload_file_api_v1_uploads_post' }),
      response: { 201: 'UploadResponse' },
      detail: {
        summary: 'Upload a file once, to name it by URL where a file is taken (the MCP tools for statement import and purchase ingestion)',
        description: 'The file is kept for the company until deleted; GET /uploads/{upload_id} reads it back. Too large: 413 before the body is read.',
        tags,
      },
    })
    .get('/uploads/:upload_id', async ({ uow, params }) => {
      const { upload, stored } = await uow.run(async (tx) => {
        const found = await Uploads.get(tx, params.upload_id);
        return { upload: found, stored: await kernel.files.get(tx.tenantId, found.fileKey) };
      });
      return new Response(stored?.bytes ?? new Uint8Array(), {
        headers: {
          'content-type': upload.contentType, 'content-disposition': `attachment; filename="${upload.filename}"`,
          'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store',
        },
      });
    }, {
      permission: 'uploads.write', params: UploadParams,
      detail: {
        summary: 'Read an uploaded file back (404 for another company\'s)', tags,
        responses: { 200: { description: 'The file, as an attachment', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } } as any,
      },
    })
    .delete('/uploads/:upload_id', async ({ uow, params, set }) => {
      await uow.run((tx) => Uploads.delete(tx, kernel.files, params.upload_id));
      set.status = 204;
    }, {
      permission: 'uploads.write', params: UploadParams,
      detail: { summary: 'Delete an uploaded file', tags, responses: noContent },
    });
