import { ValidationFailed } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import { TenantService } from '../tenants/api';
import { columnByKey, DEFAULT_DATA_COLUMNS, DEFAULT_PDF_COLUMNS, type ExportColumn } from './columns';
import { streamTable, type ExportFormat, type TableColumn } from '../../lib/table-export/stream';
import { contactFilterSql, type ContactFilters } from './filters';
import { CONTACT_COLUMNS_SQL, type ContactRow } from './service';

/** Rows read per transaction: the most the export holds in memory at once (plus what the writer buffers). */
export const EXPORT_BATCH_SIZE = 1000;

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

const PDF_VALUE: Record<string, Record<string, string>> = {
  kind: { customer: 'Cliente', supplier: 'Proveedor' },
  customer_type: { business: 'Empresa', individual: 'Particular' },
};

/** The export's columns as table columns: the PDF shows kinds and customer types in Spanish. */
function tableColumns(columns: ExportColumn[]): TableColumn<ContactRow>[] {
  return columns.map((column) => {
    const names = PDF_VALUE[column.key];
    if (!names) return column;
    return {
      ...column,
      display: (row: ContactRow) => {
        const value = (row as unknown as Record<string, unknown>)[column.key];
        if (value === null || value === undefined) return '';
        if (column.key === 'kind' && row.customer_and_supplier) return 'Cliente y proveedor';
        return names[String(value)] ?? String(value);
      },
    };
  });
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

  const when = generatedAt.toISOString().slice(0, 16).replace('T', ' ');
  return streamTable<ContactRow>({
    format: request.format, columns: tableColumns(columns), logger, what: 'contacts export',
    heading: {
      title: `Contactos - ${first.tenantName}`, subtitle: `Exportado el ${when} UTC · ${first.total} contacto${first.total === 1 ? '' : 's'}`, sheet: 'Contactos', generatedAt,
    },
    filename: `contactos-${generatedAt.toISOString().slice(0, 10)}`,
    async produce(emit) {
      let batch = first.batch;
      while (batch.length) {
        await emit(batch);
        if (batch.length < EXPORT_BATCH_SIZE) break;
        const last = batch[batch.length - 1];
        batch = await uow.run((tx) => readBatch(tx, request.filters, { nameKey: last.name_key, id: last.id }));
      }
    },
  });
}
