import { Conflict } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import { LedgerService, type JournalDraft } from '../ledger/api';
import { dec, type SettlementInput } from '../tax-models/api';

/** Where purchases credit the IRPF withheld from professionals (and landlords: the 115's) as they are registered. */
export const WITHHOLDINGS_ACCOUNT = '4751';

/**
 * The sub-account of 4751 that holds what the 111 declared and is still to be paid: the bank
 * payment to the tax agency is matched against it, as the 303's is against 4750. Created on the
 * first settlement.
 */
export const DECLARED_111_ACCOUNT = { code: '4751111', name: 'HP acreedora por retenciones practicadas: modelo 111 declarado, pendiente de ingreso' };

/**
 * The 111's closing entry: the withholdings the return declares [28] leave 4751 (where each
 * purchase credited them) for the declared-and-payable sub-account, dated on the period's last
 * day. Refused (409) when the period's credits to 4751 (and its sub-accounts) do not cover [28] (a purchase whose
 * withholding is in the register but not in the books). Credits, not the balance: paying the
 * previous period's return straight from 4751 is common practice and debits it in this one.
 */
export async function settlement111({ tx, period, result }: SettlementInput): Promise<JournalDraft> {
  const declared = dec(result.boxes['28']).rescale(2);
  const draft: JournalDraft = {
    date: period.to, description: `Modelo 111 ${period.year} ${period.code}: retenciones e ingresos a cuenta declarados`, sourceType: 'tax_model', sourceId: null, lines: [],
  };
  if (declared.compare(Decimal.zero(2)) <= 0) return draft;
  const { accounts } = await LedgerService.trialBalance(tx, { from: period.from, to: period.to });
  // 4751 and the sub-accounts a company may keep under it (by kind of income), not the declared one
  const accrued = accounts.filter((a) => a.account.startsWith(WITHHOLDINGS_ACCOUNT) && a.account !== DECLARED_111_ACCOUNT.code)
    .reduce((total, a) => total.add(a.credit), Decimal.zero(2));
  if (accrued.compare(declared) < 0) {
    throw new Conflict(`The period's credits to 4751 are ${accrued.toString()} but box [28] is ${declared.toString()}: reconcile the books first`);
  }
  draft.lines.push({ account: WITHHOLDINGS_ACCOUNT, debit: declared }, { account: DECLARED_111_ACCOUNT.code, credit: declared, createAccount: { name: DECLARED_111_ACCOUNT.name } });
  return draft;
}
