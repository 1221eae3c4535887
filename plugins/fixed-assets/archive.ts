import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'fixed-assets',
  version: 1,
  tables: [
    { table: 'fixed_assets' },
    { table: 'fixed_asset_depreciations' },
  ],
};
