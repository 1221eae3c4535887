import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'webhooks',
  version: 1,
  tables: [],
  notArchived: [
    { table: 'webhook_endpoints', reason: 'integrations of the source deployment, with their signing secrets: register the endpoints again' },
    { table: 'webhook_deliveries', reason: 'the source deployment\'s delivery log' },
  ],
};
