import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'firms',
  version: 1,
  tables: [],
  notArchived: [
    { table: 'firm_access', reason: 'a link with another company (the accounting firm), which does not travel: the firm asks for access again' },
  ],
};
