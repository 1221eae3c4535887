import { Conflict } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import { LedgerService, type JournalDraft, type JournalDraftLine } from '../ledger/api';
import { dec, type SettlementInput } from '../tax-models/api';

/** 4779 holds VAT due to other Member States (one-stop shop): not part of the 303. */
const settledAccount = (code: string) => code.startsWith('472') || (code.startsWith('477') && !code.startsWith('4779'));

const lineOf = (account: string, debitMinusCredit: Decimal): JournalDraftLine =>
  debitMinusCredit.isNegative() ? { account, credit: debitMinusCredit.negate() } : { account, debit: debitMinusCredit };

/**
 * Where the definitive prorrata's regularisation [44] goes (PGC): a deduction gained is an income
 * (639 Ajustes positivos en la imposición indirecta), one lost an expense (634 Ajustes negativos),
 * on current goods (6391, 6341) or capital goods (6392, 6342).
 */
const PRORRATA_ACCOUNTS = { current: { gain: '6391', loss: '6341' }, capital: { gain: '6392', loss: '6342' } };

const prorrataLines = (total: Decimal, capitalGoods: Decimal): JournalDraftLine[] =>
  ([[total.sub(capitalGoods), PRORRATA_ACCOUNTS.current], [capitalGoods, PRORRATA_ACCOUNTS.capital]] as const)
    .filter(([amount]) => !amount.isZero())
    .map(([amount, accounts]) => (amount.isNegative() ? { account: accounts.loss, debit: amount.negate().rescale(2) } : { account: accounts.gain, credit: amount.rescale(2) }));

/**
 * The quarter's VAT regularisation: every 472 and 477 account is cleared with its balance of the
 * period; the compensation applied [78] comes out of 4700; the result [71] goes to 4750 (to pay)
 * or 4700 (to compensate or refund); the prorrata's regularisation [44] of the last period is
 * credited to 639 (more deducted) or debited to 634 (less), by `PRORRATA_ACCOUNTS`, and so is the
 * capital goods regularisation [43] (always on 6392 / 6342). Refused when
 * the books' balances do not give the model's result (a document posted without its register row,
 * a manual entry on 472/477).
 */
export async function settlement303({ tx, period, result }: SettlementInput): Promise<JournalDraft> {
  const balances = (await LedgerService.trialBalance(tx, { from: period.from, to: period.to })).accounts.filter((a) => settledAccount(a.account) && !a.balance.isZero());
  const books = balances.reduce((net, a) => net.sub(a.balance), Decimal.zero(2));
  const prorrata = dec(result.boxes['44'] ?? '0').rescale(2);
  const capitalGoods = dec(result.boxes['43'] ?? '0').rescale(2);
  // [46] already takes [44] and [43] off: the books' balances hold none of them
  const declared = dec(result.boxes['46']).add(prorrata).add(capitalGoods).rescale(2);
  if (!books.eq(declared)) {
    throw new Conflict(`The period's 477 and 472 balances give ${books.toString()} but box [46] is ${dec(result.boxes['46']).toString()}`
      + `${prorrata.isZero() ? '' : ` with [44] ${prorrata.toString()}`}${capitalGoods.isZero() ? '' : ` with [43] ${capitalGoods.toString()}`}: reconcile the books first`);
  }
  const lines = balances.map((a) => lineOf(a.account, a.balance.negate()));
  const onCapitalGoods = (result.details?.prorrata as { regularisation_capital_goods?: string } | undefined)?.regularisation_capital_goods;
  lines.push(...prorrataLines(prorrata, dec(onCapitalGoods ?? '0').rescale(2)));
  // [43] is all on capital goods (6392 / 6342), a line of its own
  lines.push(...prorrataLines(capitalGoods, capitalGoods));
  const applied = dec(result.boxes['78']);
  if (!applied.isZero()) lines.push({ account: '4700', credit: applied.rescale(2) });
  const outcome = dec(result.result).rescale(2);
  if (!outcome.isZero()) lines.push(outcome.isNegative() ? { account: '4700', debit: outcome.negate() } : { account: '4750', credit: outcome });
  return { date: period.to, description: `Modelo 303 ${period.year} ${period.code}: regularización del IVA (${result.declarationType})`, sourceType: 'tax_model', sourceId: null, lines: balances.length || !outcome.isZero() || !prorrata.isZero() || !capitalGoods.isZero() ? lines : [] };
}
