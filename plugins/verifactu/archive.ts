import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'verifactu',
  version: 1,
  tables: [
    { table: 'verifactu_chains' },
    { table: 'verifactu_records' },
    { table: 'verifactu_events' },
  ],
};
