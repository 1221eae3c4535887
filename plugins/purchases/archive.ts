import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'purchases',
  version: 1,
  tables: [
    { table: 'purchase_series' },
    { table: 'purchases', orderBy: 'created_at, id', files: ['file_key'], restoreAfter: { status: "'draft'", number: 'null', seq: 'null', year: 'null' } },
    { table: 'purchase_lines' },
  ],
};
