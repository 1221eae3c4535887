import type { Decimal } from '../../kernel/money';
import type { JournalDraft, JournalDraftLine } from '../ledger/api';

export interface TreasuryAccounts { id: string; name: string; ledger_account: string; suspense_account: string }

/**
 * Movements in the books: money in is Dr 572x / Cr 555x, money out Dr 555x / Cr 572x. One entry
 * may carry a whole day of an import (moneyIn and moneyOut are then that day's sums, kept on
 * separate lines rather than netted so the journal shows what came in and what went out).
 */
export function movementEntry(treasury: TreasuryAccounts, day: {
  date: string; description: string; sourceId: string; sourceType?: string; moneyIn?: Decimal; moneyOut?: Decimal;
}): JournalDraft {
  const lines: JournalDraftLine[] = [];
  if (day.moneyIn && !day.moneyIn.isZero()) {
    lines.push({ account: treasury.ledger_account, debit: day.moneyIn }, { account: treasury.suspense_account, credit: day.moneyIn });
  }
  if (day.moneyOut && !day.moneyOut.isZero()) {
    lines.push({ account: treasury.suspense_account, debit: day.moneyOut }, { account: treasury.ledger_account, credit: day.moneyOut });
  }
  return { date: day.date, description: day.description, sourceType: day.sourceType ?? 'bank_movement', sourceId: day.sourceId, lines };
}

/** The opening balance: the treasury's account against 120 Remanente (reclassify by hand if needed). */
export const OPENING_COUNTERPART = '120';

export function openingEntry(treasury: TreasuryAccounts, balance: Decimal, date: string): JournalDraft {
  const positive = !balance.isNegative();
  const amount = positive ? balance : balance.negate();
  return {
    date, description: `Saldo de apertura: ${treasury.name}`.slice(0, 500), sourceType: 'treasury.opening', sourceId: treasury.id,
    lines: positive
      ? [{ account: treasury.ledger_account, debit: amount }, { account: OPENING_COUNTERPART, credit: amount }]
      : [{ account: OPENING_COUNTERPART, debit: amount }, { account: treasury.ledger_account, credit: amount }],
  };
}

