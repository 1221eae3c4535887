import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'dashboards',
  version: 1,
  tables: [
    { table: 'dashboard_boards' },
    { table: 'dashboard_default_boards' },
  ],
};
