import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'company-certificate',
  version: 1,
  tables: [],
  notArchived: [
    { table: 'company_certificates', reason: 'the certificate\'s private key is sealed with the source deployment\'s secret: upload the certificate again' },
  ],
};
