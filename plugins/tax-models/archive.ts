import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'tax-models',
  // 2: the VAT prorratas (an older importer would leave them out)
  version: 2,
  tables: [
    { table: 'company_tax_profiles' },
    { table: 'company_vat_prorratas' },
    { table: 'tax_model_options' },
    { table: 'tax_model_settlements' },
  ],
};
