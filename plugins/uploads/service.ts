import { createHash } from 'node:crypto';
import { NotFound, ValidationFailed } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import type { FileStore } from '../../lib/file-store';

/** The largest upload: the largest file an operation takes (a bank statement, 32 MiB). */
export const MAX_UPLOAD_BYTES = 32 * 1024 * 1024;

/** Types served back as themselves; anything else is served as bytes (application/octet-stream). */
const SERVED_TYPES = new Set([
  'application/pdf', 'image/jpeg', 'image/png', 'application/xml', 'text/xml', 'text/csv', 'text/plain',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel',
]);

export interface Upload { id: string; fileKey: string; filename: string; contentType: string; sizeBytes: number; sha256: string; createdAt: string }

const COLUMNS = `id::text as id, file_key, filename, content_type, size_bytes, sha256, created_at`;
const uploadOf = (row: any): Upload => ({
  id: row.id, fileKey: row.file_key, filename: row.filename, contentType: row.content_type, sizeBytes: Number(row.size_bytes), sha256: row.sha256,
  createdAt: new Date(row.created_at).toISOString(),
});

export const uploadToJson = (upload: Upload) => ({
  id: upload.id, url: `/api/v1/uploads/${upload.id}`, filename: upload.filename, content_type: upload.contentType,
  size: upload.sizeBytes, sha256: upload.sha256, created_at: upload.createdAt,
});

/** A file name safe in a Content-Disposition header: no path, no quotes or control characters. */
function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f"\u007f]/g, '').trim().slice(0, 200);
  return base || 'file';
}

export const Uploads = {
  async create(tx: Tx, files: FileStore, file: File): Promise<Upload> {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!bytes.byteLength) throw ValidationFailed.field(['body', 'file'], 'The file is empty', 'value_error.empty_file');
    const declared = (file.type || '').split(';')[0]!.trim().toLowerCase();
    const contentType = SERVED_TYPES.has(declared) ? declared : 'application/octet-stream';
    const fileKey = await files.put(tx.tenantId, bytes, contentType);
    const [row] = await tx.sql(`insert into uploads (id, tenant_id, file_key, filename, content_type, size_bytes, sha256)
      values (:id, :tenant, :fileKey, :filename, :contentType, :size, :sha256) returning ${COLUMNS}`, {
      id: crypto.randomUUID(), fileKey, filename: safeName(file.name || 'file'), contentType, size: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    return uploadOf(row);
  },

  async get(tx: Tx, id: string): Promise<Upload> {
    const [row] = await tx.sql(`select ${COLUMNS} from uploads where tenant_id = :tenant and id = :id`, { id });
    if (!row) throw new NotFound('Upload not found');
    return uploadOf(row);
  },

  async delete(tx: Tx, files: FileStore, id: string): Promise<void> {
    const upload = await Uploads.get(tx, id);
    await tx.sql(`delete from uploads where tenant_id = :tenant and id = :id`, { id });
    await files.delete(tx.tenantId, upload.fileKey);
  },
};

/** GDPR export: what was uploaded (the files themselves are in the file store's export of the company). */
export const exportUploads = (tx: Tx) =>
  tx.sql(`select id::text, filename, content_type, size_bytes, sha256, created_at from uploads where tenant_id = :tenant order by created_at, id`);

/** Erasing a company: its upload records (the account plugin removes the company's files). */
export async function eraseUploads(tx: Tx): Promise<void> {
  await tx.sql(`delete from uploads where tenant_id = :tenant`);
}
