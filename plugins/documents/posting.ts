import type { Decimal } from '../../kernel/money';
import type { JournalDraftLine } from '../ledger/api';

export type Side = 'debit' | 'credit';

/**
 * A journal line on its natural side for a positive amount, on the other side for a negative one
 * (rectifications by differences, refunds); none for zero. Every kind's posting rule builds on it.
 */
export function sided(account: string, amount: Decimal, natural: Side, extra: Omit<JournalDraftLine, 'account' | 'debit' | 'credit'> = {}): JournalDraftLine | null {
  const value = amount.rescale(2);
  if (value.isZero()) return null;
  const positive = !value.isNegative();
  const side: Side = positive === (natural === 'debit') ? 'debit' : 'credit';
  return { account, [side]: positive ? value : value.negate(), ...extra };
}
