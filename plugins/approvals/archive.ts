import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'approvals',
  version: 1,
  tables: [],
  notArchived: [
    { table: 'approvals', reason: 'requests held for a person\'s decision, made with credentials that stay behind: ask again in the restored company' },
  ],
};
