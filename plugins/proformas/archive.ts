import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'proformas',
  version: 1,
  tables: [
    { table: 'proforma_series' },
    { table: 'proformas', orderBy: 'created_at, id' },
    { table: 'proforma_lines' },
  ],
};
