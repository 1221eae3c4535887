import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'uploads',
  version: 1,
  tables: [
    { table: 'uploads', files: ['file_key'] },
  ],
};
