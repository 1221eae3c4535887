import type { Kernel } from '../../kernel/kernel';
import { money } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { returnDebit } from './returns';
import { unmatchedMovements } from './statement-match';

/**
 * Returned direct debits read from the bank's statement: the treasury's importers mark a movement
 * that the bank gives as a return (camt.053/camt.054 `RtrInf/Rsn/Cd`, Norma 43 common concept 14
 * "devoluciones e impagados") with its reason (`return_reason`, an ISO 20022 code). After an
 * import (`bank_movement.imported`) each such debit, still unmatched, is recorded as the return of
 * one collected debit of a settled remittance of that treasury, exactly as `POST …/returns` with
 * `movement_id` records it (./returns.ts): the invoice owed again, the bank's fee (what the debit
 * takes beyond the collected amount) on 626, the movement matched, the mandate as the reason says.
 *
 * Which debit: the one whose end-to-end id (ours, sent in the pain.008 and sent back in the
 * return) or mandate reference the movement's text carries, when exactly one does; otherwise the
 * only one of exactly the movement's amount collected on or before its date, when exactly one is.
 * Anything less certain is left for the user (`POST …/returns`).
 */
interface CollectedDebit {
  remittance_id: string; document_id: string; amount: string; end_to_end_id: string; mandate_reference: string; collected_on: string;
}

export async function returnsFromStatement(tx: Tx, kernel: Kernel, treasuryId: string): Promise<number> {
  const debits = await tx.sql<CollectedDebit>(`select i.remittance_id::text as remittance_id, i.document_id::text as document_id, i.amount::text as amount,
      i.end_to_end_id, i.mandate_reference, r.collection_date::text as collected_on
    from sepa_remittance_items i join sepa_remittances r on r.tenant_id = i.tenant_id and r.id = i.remittance_id
    where i.tenant_id = :tenant and r.treasury_id = :treasury::uuid and r.settled_on is not null and i.returned_on is null
    order by r.collection_date, r.message_id, i.position`, { treasury: treasuryId });
  if (!debits.length) return 0;
  const returns = (await unmatchedMovements(tx, kernel, treasuryId)).filter((m) => m.return_reason && money(m.amount).isNegative());
  const taken = new Set<string>();
  let recorded = 0;
  for (const movement of returns.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1))) {
    const open = debits.filter((d) => !taken.has(`${d.remittance_id}|${d.document_id}`));
    const text = `${movement.description} ${movement.reference ?? ''}`.toUpperCase();
    const named = open.filter((d) => text.includes(d.end_to_end_id.toUpperCase()) || (d.mandate_reference.length >= 6 && text.includes(d.mandate_reference.toUpperCase())));
    const taken_ = money(movement.amount).negate();
    const sameAmount = open.filter((d) => money(d.amount).eq(taken_) && d.collected_on <= movement.date);
    const debit = named.length === 1 ? named[0] : named.length === 0 && sameAmount.length === 1 ? sameAmount[0] : null;
    if (!debit) continue;
    const fee = taken_.sub(money(debit.amount));
    if (fee.isNegative()) continue;
    taken.add(`${debit.remittance_id}|${debit.document_id}`);
    await returnDebit(tx, kernel, debit.remittance_id, { document_id: debit.document_id, date: movement.date, reason: movement.return_reason!, fee: fee.toString(), movement_id: movement.id });
    recorded++;
  }
  return recorded;
}
