import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'document-sending',
  version: 1,
  tables: [
    { table: 'document_sendings', people: ['sent_by'] },
  ],
};
