import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'recurring-invoices',
  version: 1,
  tables: [
    { table: 'recurring_invoice_templates' },
    { table: 'recurring_invoice_runs' },
  ],
};
