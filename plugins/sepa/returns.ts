import { Conflict, ValidationFailed } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { money } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { LedgerService } from '../ledger/api';
import { REMITTANCE_TABLES } from './remittances';

/**
 * A direct debit returned by the debtor's bank (an R-transaction) after its remittance was
 * settled: the invoice is owed again, the bank's fee goes to 626, the statement's debit of the
 * return (when given) is matched to the invoice, and the mandate follows the reason.
 *
 * The documents service reverses a payment whole, so the remittance's payment is reversed on the
 * return's date and the invoices not returned are settled again on the remittance's own date and
 * account: the books end as if only the returned invoice had been reopened.
 */

/** Reasons after which the mandate cannot be used again: account wrong, closed or blocked, no mandate, debtor deceased. */
export const MANDATE_ENDING_REASONS = ['AC01', 'AC04', 'AC06', 'MD01', 'MD07'] as const;
const BANK_FEES_ACCOUNT = '626';

export interface DebitReturnInput { document_id: string; date: string; reason: string; fee?: string; movement_id?: string }

export async function returnDebit(tx: Tx, kernel: Kernel, remittanceId: string, input: DebitReturnInput): Promise<void> {
  const [header] = await tx.sql<{ treasury_id: string; settled_on: string | null; settlement_id: string | null; movement_id: string | null }>(`select treasury_id::text as treasury_id,
      settled_on::text as settled_on, settlement_id::text as settlement_id, movement_id::text as movement_id
    from sepa_remittances where tenant_id = :tenant and id = :id::uuid for update`, { id: remittanceId });
  if (!header.settled_on || !header.settlement_id) throw new Conflict('The remittance is not settled yet: a debit is returned after it was collected');
  const items = await tx.sql<{ document_id: string; mandate_id: string; amount: string; sequence_type: string; returned_on: string | null }>(`select document_id::text as document_id,
      mandate_id::text as mandate_id, amount::text as amount, sequence_type, returned_on::text as returned_on
    from sepa_remittance_items where tenant_id = :tenant and remittance_id = :id::uuid order by position`, { id: remittanceId });
  const item = items.find((i) => i.document_id === input.document_id);
  if (!item) throw ValidationFailed.field(['body', 'document_id'], 'The invoice is not in this remittance', 'value_error.document');
  if (item.returned_on) throw new Conflict(`Already returned on ${item.returned_on}`);

  const treasury = kernel.service('treasury');
  const fee = money(input.fee ?? '0');
  const suspense = await treasury.suspenseAccount(tx, header.treasury_id);
  const account = header.movement_id ? suspense : await treasury.ledgerAccount(tx, header.treasury_id);
  const debit = money(item.amount).add(fee);
  if (input.movement_id) {
    const movement = await treasury.getMovement(tx, input.movement_id);
    const refuse = (msg: string) => ValidationFailed.field(['body', 'movement_id'], msg, 'value_error.movement');
    if (!movement || movement.treasury_id !== header.treasury_id) throw refuse('No such bank movement on the remittance\'s treasury');
    if (movement.status !== 'unmatched') throw new Conflict('The movement is already matched or categorised');
    if (!money(movement.amount).eq(debit.negate())) throw refuse(`The movement is ${movement.amount}; the return is ${debit.negate().toString()} (the debit and the fee)`);
  }

  const documents = kernel.service('documents');
  await documents.reverseSettlement(tx, header.settlement_id, input.date);
  const kept = items.filter((i) => !i.returned_on && i.document_id !== item.document_id);
  const again = kept.length ? await documents.settle(tx, {
    date: header.settled_on, account, allocations: kept.map((i) => ({ document_id: i.document_id, amount: i.amount })), source: { type: REMITTANCE_TABLES.sourceType, id: remittanceId },
  }) : null;
  await tx.sql(`update sepa_remittances set settlement_id = :settlement::uuid, journal_entry_id = coalesce(:entry::uuid, journal_entry_id) where tenant_id = :tenant and id = :id::uuid`,
    { id: remittanceId, settlement: again?.settlementIds[0] ?? null, entry: again?.journalEntryId ?? null });

  const lines = [];
  if (!fee.isZero()) lines.push({ account: BANK_FEES_ACCOUNT, debit: fee }, { account, credit: fee });
  // the statement's debit sits on 555x: a remittance settled straight on 572x moves it there
  if (input.movement_id && account !== suspense) lines.push({ account, debit }, { account: suspense, credit: debit });
  if (lines.length) {
    await LedgerService.post(tx, { date: input.date, description: `Devolución de adeudo (${input.reason})`, sourceType: REMITTANCE_TABLES.sourceType, sourceId: remittanceId, lines });
  }
  if (input.movement_id) await treasury.setMovementStatus(tx, input.movement_id, 'matched', [item.document_id]);

  await tx.sql(`update sepa_remittance_items set returned_on = :date::date, return_reason = :reason
    where tenant_id = :tenant and remittance_id = :id::uuid and document_id = :document::uuid`, { id: remittanceId, document: item.document_id, date: input.date, reason: input.reason });
  if ((MANDATE_ENDING_REASONS as readonly string[]).includes(input.reason)) {
    await tx.sql(`update sepa_mandates set cancelled_at = coalesce(cancelled_at, now()), updated_at = now() where tenant_id = :tenant and id = :mandate::uuid`, { mandate: item.mandate_id });
  } else if (item.sequence_type === 'FRST') {
    // a returned first collection leaves the mandate's next one a first collection again, unless another was collected
    await tx.sql(`update sepa_mandates m set first_collection_date = null, updated_at = now() where m.tenant_id = :tenant and m.id = :mandate::uuid
      and not exists (select 1 from sepa_remittance_items i where i.tenant_id = m.tenant_id and i.mandate_id = m.id and i.returned_on is null
        and not (i.remittance_id = :id::uuid and i.document_id = :document::uuid))`, { mandate: item.mandate_id, id: remittanceId, document: item.document_id });
  }
}
