import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'quotes',
  version: 1,
  tables: [
    { table: 'quote_series' },
    { table: 'quotes', orderBy: 'created_at, id' },
    { table: 'quote_lines' },
  ],
};
