import type { ArchivePart } from '../tenants/api';
import { Membership } from './entities';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'identity',
  version: 1,
  tables: [],
  notArchived: [
    { table: 'memberships', reason: 'people sign in where the company lands: the importing user becomes its owner and invites the others again' },
    { table: 'api_keys', reason: 'credentials stay with the deployment that minted them: mint new keys for the restored company' },
  ],
  // the person restoring the company owns it, as one who creates a company does
  restored: async (tx, { userId }) => {
    tx.em.create(Membership, { tenantId: tx.tenantId, userId, role: 'owner' } as any);
    await tx.em.flush();
    await tx.invalidatePrincipals();
  },
};
