import { Decimal } from '../../kernel/money';
import type { JournalDraft, JournalDraftLine } from '../ledger/api';

/**
 * The fixed assets' posting rules (pure). PGC accounts by the asset's subgroup: intangible 20x,
 * tangible 21x, real-estate investments 22x.
 * - Depreciation: 680/681/682 debit against the accumulated depreciation 28 + the asset's account
 *   without its leading 2 (217 → 2817, 2170001 → 28170001), credit.
 * - Disposal: the accumulated depreciation debited and the asset's cost credited; the book value
 *   left (cost − accumulated) is a loss on 670/671/672, except the part a sale's price covers:
 *   the sale invoice credited the price to 770/771/772 (an invoice line's revenue account), so that
 *   part is debited back there and the net of 77x is the gain.
 */
export interface AssetAccounts { expense: string; accumulated: string; gain: string; loss: string }

export function assetAccounts(account: string): AssetAccounts {
  const subgroup = account.slice(1, 2) as '0' | '1' | '2';
  return { expense: `68${subgroup}`, accumulated: `28${account.slice(1)}`, gain: `77${subgroup}`, loss: `67${subgroup}` };
}

export interface DepreciationItem { assetId: string; name: string; account: string; amount: Decimal }

const accumulatedLine = (account: string, amount: Decimal): JournalDraftLine => ({
  account: assetAccounts(account).accumulated, credit: amount, createAccount: { name: `Amortización acumulada de la cuenta ${account}` },
});

/** One month's depreciation of every asset charged in it: one expense line per account, one accumulated line per asset account. */
export function depreciationEntry(period: string, date: string, items: readonly DepreciationItem[]): JournalDraft {
  const debits = new Map<string, Decimal>(), credits = new Map<string, Decimal>();
  for (const item of items) {
    if (item.amount.isZero()) continue;
    const { expense } = assetAccounts(item.account);
    debits.set(expense, (debits.get(expense) ?? Decimal.zero(2)).add(item.amount));
    credits.set(item.account, (credits.get(item.account) ?? Decimal.zero(2)).add(item.amount));
  }
  return {
    date, description: `Amortización del inmovilizado ${period}`, sourceType: 'depreciation', sourceId: null,
    lines: [
      ...[...debits].sort(([a], [b]) => a.localeCompare(b)).map(([account, debit]) => ({ account, debit })),
      ...[...credits].sort(([a], [b]) => a.localeCompare(b)).map(([account, credit]) => accumulatedLine(account, credit)),
    ],
  };
}

export interface DisposalFacts {
  assetId: string; name: string; account: string; date: string; cost: Decimal; accumulated: Decimal;
  /** The sale's price (without VAT), credited to 77x by the sale invoice; null for a write-off. */
  price: Decimal | null;
}

export function disposalEntry(facts: DisposalFacts): JournalDraft {
  const accounts = assetAccounts(facts.account);
  const bookValue = facts.cost.sub(facts.accumulated);
  const price = facts.price ?? Decimal.zero(2);
  const covered = price.compare(bookValue) < 0 ? price : bookValue;
  const loss = bookValue.sub(covered);
  const lines: JournalDraftLine[] = [];
  if (!facts.accumulated.isZero()) lines.push({ account: accounts.accumulated, debit: facts.accumulated, createAccount: { name: `Amortización acumulada de la cuenta ${facts.account}` } });
  if (!covered.isZero()) lines.push({ account: accounts.gain, debit: covered });
  if (!loss.isZero()) lines.push({ account: accounts.loss, debit: loss });
  lines.push({ account: facts.account, credit: facts.cost });
  return {
    date: facts.date, description: `${facts.price ? 'Venta' : 'Baja'} del inmovilizado: ${facts.name}`.slice(0, 200), sourceType: 'fixed_asset', sourceId: facts.assetId, lines,
  };
}
