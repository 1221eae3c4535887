import type { Kernel } from '../../kernel/kernel';
import { money } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import type { BankMovement } from '../treasury/api';
import { settleBatch } from './batch';
import { PAYMENT_ORDER_TABLES } from './payment-orders';
import { REMITTANCE_TABLES } from './remittances';

/**
 * When the statement brings a batch's debit (or credit), the batch is settled from it: every
 * document at once against the treasury's 555x, the movement matched (see settleBatch). A movement
 * belongs to a pending batch of its treasury when its amount is exactly the batch's total (negative
 * for a payment order) and either its text carries the batch's message id, or it is the only such
 * movement on or after the batch's date and the batch the only one with that total. Anything less
 * certain is left for the user (`POST …/settle` with `movement_id`).
 */
const PAGE = 500;
const MAX_MOVEMENTS = 20_000;

interface PendingBatch { kind: 'order' | 'remittance'; id: string; message_id: string; total: string; due: string }

export async function unmatchedMovements(tx: Tx, kernel: Kernel, treasuryId: string): Promise<BankMovement[]> {
  const movements: BankMovement[] = [];
  for (let offset = 0; offset < MAX_MOVEMENTS; offset += PAGE) {
    const page = await kernel.service('treasury').listMovements(tx, { status: 'unmatched', treasuryId, limit: PAGE, offset });
    movements.push(...page.items);
    if (offset + PAGE >= page.total) break;
  }
  return movements;
}

export async function settleFromStatement(tx: Tx, kernel: Kernel, treasuryId: string): Promise<number> {
  const pending = await tx.sql<PendingBatch>(`select 'order' as kind, id::text as id, message_id, total::text as total, execution_date::text as due from sepa_payment_orders
      where tenant_id = :tenant and treasury_id = :treasury::uuid and settled_on is null
    union all select 'remittance', id::text, message_id, total::text, collection_date::text from sepa_remittances
      where tenant_id = :tenant and treasury_id = :treasury::uuid and settled_on is null
    order by due, message_id`, { treasury: treasuryId });
  if (!pending.length) return 0;
  const movements = await unmatchedMovements(tx, kernel, treasuryId);
  const signed = (batch: PendingBatch) => (batch.kind === 'order' ? money(batch.total).negate() : money(batch.total));
  const used = new Set<string>();
  let settled = 0;
  for (const batch of pending) {
    const amount = signed(batch);
    const candidates = movements.filter((m) => !used.has(m.id) && money(m.amount).eq(amount));
    const text = (m: BankMovement) => `${m.description} ${m.reference ?? ''}`.toUpperCase();
    const named = candidates.filter((m) => text(m).includes(batch.message_id));
    const alone = pending.filter((other) => signed(other).eq(amount)).length === 1 ? candidates.filter((m) => m.date >= batch.due) : [];
    const movement = named.length === 1 ? named[0] : named.length === 0 && alone.length === 1 ? alone[0] : null;
    if (!movement) continue;
    used.add(movement.id);
    await settleBatch(tx, kernel, batch.kind === 'order' ? PAYMENT_ORDER_TABLES : REMITTANCE_TABLES, batch.id, { date: movement.date, movementId: movement.id });
    settled++;
  }
  return settled;
}
