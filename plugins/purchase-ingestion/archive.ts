import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'purchase-ingestion',
  // 2: purchase_ingestions.batch_position (an older importer would restore a batch's rows all at
  // position 0, where they collide)
  version: 2,
  tables: [
    { table: 'purchase_ingestions' },
  ],
  notArchived: [
    { table: 'purchase_ingestion_jobs', reason: 'work in flight on the source deployment: a file not read yet is sent again' },
  ],
};
