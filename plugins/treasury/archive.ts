import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'treasury',
  version: 1,
  tables: [
    { table: 'treasuries' },
    { table: 'bank_imports' },
    { table: 'bank_movements' },
  ],
};
