import { Conflict, ValidationFailed } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import type { CollectionAccount } from './api';

/**
 * The treasury marked as the company's collection account: the IBAN its customers pay into,
 * printed on its invoices. At most one per company (a partial unique index), with an IBAN and
 * not archived (a check); marking one unmarks the others.
 */
export const CollectionAccounts = {
  async current(tx: Tx): Promise<CollectionAccount | null> {
    const [row] = await tx.sql<CollectionAccount>(
      `select id::text as treasury_id, name, iban from treasuries where tenant_id = :tenant and collection_account`,
    );
    return row ?? null;
  },

  /** May the treasury, with `iban` and `archived` as they will be stored, be the collection account (422, 409)? */
  check(treasury: { iban: string | null; archived: boolean }, marked: boolean): void {
    if (marked && !treasury.iban) {
      throw ValidationFailed.field(['body', 'collection_account'], 'A collection account needs an IBAN (customers are asked to pay into it)', 'value_error.collection_account');
    }
    if (marked && treasury.archived) throw new Conflict('The treasury is archived: it cannot be the collection account');
  },

  /** Marks or unmarks a stored treasury (checked with `check` first); marking unmarks the others. */
  async set(tx: Tx, id: string, marked: boolean): Promise<void> {
    if (marked) await tx.sql(`update treasuries set collection_account = false where tenant_id = :tenant and collection_account and id <> :id::uuid`, { id });
    await tx.sql(`update treasuries set collection_account = :marked where tenant_id = :tenant and id = :id::uuid`, { id, marked });
  },
};
