import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'oauth',
  version: 1,
  tables: [],
  notArchived: [
    { table: 'oauth_codes', reason: 'credentials of agents connected to the source deployment' },
    { table: 'oauth_grants', reason: 'credentials of agents connected to the source deployment: connect them again' },
    { table: 'oauth_tokens', reason: 'credentials of agents connected to the source deployment' },
  ],
};
