import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'einvoice-status',
  version: 1,
  tables: [
    { table: 'einvoice_status_events', people: ['recorded_by'] },
  ],
};
