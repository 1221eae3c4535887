import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'sepa',
  version: 1,
  tables: [
    { table: 'sepa_mandates' },
    { table: 'sepa_payment_orders' },
    { table: 'sepa_payment_order_items' },
    { table: 'sepa_remittances' },
    { table: 'sepa_remittance_items' },
  ],
};
