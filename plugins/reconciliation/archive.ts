import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'reconciliation',
  version: 1,
  tables: [
    { table: 'reconciliation_settings' },
    { table: 'reconciliation_memory' },
    { table: 'reconciliation_matches' },
  ],
};
