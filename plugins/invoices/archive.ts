import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'invoices',
  version: 1,
  tables: [
    { table: 'invoice_series' },
    { table: 'invoices', orderBy: 'created_at, id', restoreAfter: { status: "'draft'", number: 'null', seq: 'null', year: 'null' } },
    { table: 'invoice_lines' },
  ],
};
