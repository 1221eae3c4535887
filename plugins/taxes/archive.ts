import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'taxes',
  version: 1,
  tables: [
    { table: 'tax_types' },
    { table: 'tax_settings' },
  ],
};
