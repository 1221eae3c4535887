import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'tax-models',
  version: 1,
  tables: [
    { table: 'company_tax_profiles' },
    { table: 'tax_model_options' },
    { table: 'tax_model_settlements' },
  ],
};
