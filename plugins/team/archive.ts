import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'team',
  version: 1,
  tables: [],
  notArchived: [
    { table: 'invitations', reason: 'pending invitation links are credentials for people: invite them again' },
  ],
};
