import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'contacts',
  version: 1,
  tables: [
    { table: 'contacts' },
  ],
  notArchived: [
    { table: 'contact_counts', reason: 'kept by the contacts table\'s triggers: rebuilt as the contacts are restored' },
    { table: 'contact_search_terms', reason: 'kept by the contacts table\'s triggers: rebuilt as the contacts are restored' },
    { table: 'contact_search_term_companies', reason: 'kept by the contacts table\'s triggers: rebuilt as the contacts are restored' },
  ],
};
