import type { ArchivePart } from './archive-point';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'tenants',
  version: 1,
  tables: [
    { table: 'tenants', tenantColumn: 'id', files: ['logo_key'] },
  ],
};
