import type { TreasuryService } from './api';
import { CollectionAccounts } from './collection-account';
import { Movements, toBankMovement } from './movements';
import { Treasuries } from './treasuries';

/** The service other plugins get through `kernel.service('treasury')` (contract in ./api.ts). */
export const treasuryService: TreasuryService = {
  async getMovement(tx, id) {
    const row = await Movements.find(tx, id);
    return row ? toBankMovement(row) : null;
  },
  async listMovements(tx, query) {
    const page = await Movements.list(tx, query);
    return { items: page.items.map(toBankMovement), total: page.total };
  },
  async setMovementStatus(tx, id, status, documentIds) {
    return toBankMovement(await Movements.setStatus(tx, id, status, documentIds));
  },
  async suspenseAccount(tx, treasuryId) {
    return (await Treasuries.get(tx, treasuryId)).suspense_account;
  },
  async ledgerAccount(tx, treasuryId) {
    return (await Treasuries.get(tx, treasuryId)).ledger_account;
  },
  collectionAccount: (tx) => CollectionAccounts.current(tx),
  async findTreasury(tx, id) {
    const row = await Treasuries.find(tx, id);
    return row && { id: row.id, name: row.name, iban: row.iban, currency: row.currency, ledger_account: row.ledger_account, archived: row.archived_at != null };
  },
};
