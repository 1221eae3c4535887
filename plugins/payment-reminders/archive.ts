import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'payment-reminders',
  version: 1,
  tables: [
    { table: 'payment_reminder_settings' },
    { table: 'payment_reminders' },
  ],
};
