import { ValidationFailed } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import { TenantService } from '../tenants/api';
import { columnByKey, DEFAULT_DATA_COLUMNS, DEFAULT_PDF_COLUMNS, type ExportColumn } from './columns';
import { ExportCancelled, ExportChannel } from './export-stream';
import { csvWriter, jsonWriter, pdfWriter, xlsxWriter, type ExportFormat, type ExportHeading, type ExportWriter } from './export-writers';
import { contactFilterSql, type ContactFilters } from './filters';
import { CONTACT_COLUMNS_SQL, type ContactRow } from './service';

/** Rows read per transaction: the most the export holds in memory at once (plus what the writer buffers). */
export const EXPORT_BATCH_SIZE = 1000;

const EXTENSION: Record<ExportFormat, string> = { xlsx: 'xlsx', csv: 'csv', json: 'json', pdf: 'pdf' };

/** `columns=name,vat,...` → columns in that order; an unknown key is 422. */
export function exportColumns(raw: string | undefined, format: ExportFormat): ExportColumn[] {
  if (raw === undefined) return (format === 'pdf' ? DEFAULT_PDF_COLUMNS : DEFAULT_DATA_COLUMNS).map((key) => columnByKey(key)!);
  const keys = raw.split(',').map((k) => k.trim()).filter(Boolean);
  if (!keys.length) throw ValidationFailed.field(['query', 'columns'], 'Name at least one column', 'value_error.columns');
  const unknown = keys.filter((k) => !columnByKey(k));
  if (unknown.length) throw ValidationFailed.field(['query', 'columns'], `Unknown column(s): ${unknown.join(', ')}`, 'value_error.columns');
  return [...new Set(keys)].map((key) => columnByKey(key)!);
}

interface Cursor { nameKey: string; id: string }

async function readBatch(tx: Tx, filters: ContactFilters, after: Cursor | null): Promise<(ContactRow & { name_key: string })[]> {
  const { where, params } = contactFilterSql(filters);
  const keyset = after ? ' and (c.name_key, c.id) > (:after_name_key, cast(:after_id as uuid))' : '';
  return tx.sql(
    `select ${CONTACT_COLUMNS_SQL}, c.name_key from contacts c where ${where}${keyset} order by c.name_key, c.id limit :batch_size`,
    { ...params, batch_size: EXPORT_BATCH_SIZE, ...(after ? { after_name_key: after.nameKey, after_id: after.id } : {}) },
  );
}

function writerFor(format: ExportFormat, channel: ExportChannel, columns: ExportColumn[], heading: ExportHeading): ExportWriter | Promise<ExportWriter> {
  switch (format) {
    case 'csv': return csvWriter(channel, columns);
    case 'json': return jsonWriter(channel, columns);
    case 'pdf': return pdfWriter(channel, columns, heading);
    case 'xlsx': return xlsxWriter(channel, columns, heading);
  }
}

/**
 * Streams the filtered contacts as a file. The first batch (with the company name and the count)
 * is read before answering, so bad filters are still a 422; then batches of EXPORT_BATCH_SIZE are
 * read with keyset pagination on (name_key, id), each in its own short transaction, and written
 * as soon as the client has taken the previous ones.
 */
export async function exportContacts(
  uow: UnitOfWork,
  logger: Logger,
  request: { filters: ContactFilters; format: ExportFormat; columns?: string },
): Promise<Response> {
  const columns = exportColumns(request.columns, request.format);
  const generatedAt = new Date();
  const first = await uow.run(async (tx) => {
    const tenant = await TenantService.current(tx);
    const { where, params } = contactFilterSql(request.filters);
    const [{ total }] = await tx.sql<{ total: number }>(`select count(*)::int as total from contacts c where ${where}`, params);
    return { tenantName: tenant.name, total, batch: await readBatch(tx, request.filters, null) };
  });

  const channel = new ExportChannel();
  const writer = await writerFor(request.format, channel, columns, { tenantName: first.tenantName, generatedAt, total: first.total });
  const produce = async () => {
    writer.begin();
    let batch = first.batch;
    while (batch.length) {
      writer.rows(batch);
      await writer.settled();
      await channel.ready();
      if (batch.length < EXPORT_BATCH_SIZE) break;
      const last = batch[batch.length - 1];
      batch = await uow.run((tx) => readBatch(tx, request.filters, { nameKey: last.name_key, id: last.id }));
    }
    await writer.end();
    channel.close();
  };
  produce().catch((error) => {
    if (error instanceof ExportCancelled) return;
    logger.error('contacts export failed after the response started', { error });
    channel.fail(error);
  });

  const filename = `contactos-${generatedAt.toISOString().slice(0, 10)}.${EXTENSION[request.format]}`;
  return new Response(channel.stream, {
    headers: {
      'content-type': writer.contentType,
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
