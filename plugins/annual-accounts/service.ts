import { ValidationFailed } from '../../kernel/errors';
import type { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { fiscalYear, type FiscalYearPeriod } from '../fiscal-years/api';
import { LedgerService, YEAR_END_SOURCE_TYPES } from '../ledger/api';
import { TenantService } from '../tenants/api';
import { AccountMap, computeStatement, type Computed } from './compute';
import { MODELS, type ModelDef, type ModelKey } from './models';

export type StatementKind = 'balance_sheet' | 'profit_and_loss';

export interface AnnualAccountsLine {
  code: string;
  label: string;
  level: number;
  kind: 'line' | 'heading' | 'total';
  accounts: readonly string[] | null;
  amount: string;
  previous_amount: string;
}

export interface AnnualAccountsView {
  statement: StatementKind;
  model: ModelKey;
  title: string;
  company: { name: string; legal_name: string | null; tax_id: string | null };
  year: number;
  start_date: string;
  end_date: string;
  previous: { year: number; start_date: string; end_date: string };
  sides: { key: string; title: string; lines: AnnualAccountsLine[] }[];
  /** The year's result as this statement shows it (D) of the P&L; VII of the balance sheet's equity). */
  result: { amount: string; previous_amount: string };
  /** Balance sheet: TOTAL ACTIVO and TOTAL PATRIMONIO NETO Y PASIVO of each year (they are equal when every account is mapped). */
  totals: { assets: string; equity_and_liabilities: string; previous_assets: string; previous_equity_and_liabilities: string } | null;
  unmapped: { account: string; balance: string; year: number }[];
}

const mapCache = new Map<string, AccountMap>();
function accountMap(model: ModelDef, kind: StatementKind): AccountMap {
  const key = `${model.key}:${kind}`;
  let map = mapCache.get(key);
  if (!map) { map = new AccountMap(kind === 'balance_sheet' ? model.balanceSheet : model.profitAndLoss); mapCache.set(key, map); }
  return map;
}

export function modelOf(key: ModelKey): ModelDef {
  const model = MODELS[key];
  if (!model) throw ValidationFailed.field(['query', 'model'], `The ${key} model is not available`, 'value_error.model_not_available');
  return model;
}

const isResult = (account: string) => account.startsWith('6') || account.startsWith('7');

/**
 * The balances one statement of one year reads, from the ledger's maintained monthly balances:
 * - balance sheet: every account as of the year's last day, leaving out the closing entries and the
 *   opening entries (the closing of a year and the next year's opening are mirrors, so leaving both
 *   out is the books as if never closed: no double count, and a closed year reads as before its
 *   closing entry). Groups 6 and 7 still read: before the regularisation they are the result.
 * - profit and loss: groups 6 and 7 over the year, leaving out the regularisation (which brings
 *   them to zero into 129).
 * Reversals of those entries (a reopened year) carry the same source types and are left out too.
 * Both years in one statement.
 */
async function balancesOf(tx: Tx, kind: StatementKind, periods: FiscalYearPeriod[]): Promise<{ account: string; balance: Decimal }[][]> {
  const answers = await LedgerService.totalsByAccountForPeriods(tx, periods.map((period) => (kind === 'balance_sheet'
    ? { to: period.end, excludeSourceTypes: [YEAR_END_SOURCE_TYPES.closing, YEAR_END_SOURCE_TYPES.opening] }
    : { from: period.start, to: period.end, excludeSourceTypes: [YEAR_END_SOURCE_TYPES.regularisation] })));
  return answers.map((rows) => rows.map((r) => ({ account: r.account, balance: r.debit.sub(r.credit) })));
}

function amountOf(computed: Computed, code: string): Decimal | undefined {
  for (const side of computed.sides) for (const line of side.lines) if (line.code === code) return line.amount;
  return undefined;
}

export const AnnualAccounts = {
  /** One statement of the annual accounts of `year` (the fiscal year starting in it), with the previous year beside it. */
  async statement(tx: Tx, year: number, kind: StatementKind, modelKey: ModelKey = 'pymes'): Promise<AnnualAccountsView> {
    if (!Number.isInteger(year) || year < 1900 || year > 2998) throw ValidationFailed.field(['path', 'year'], 'A year from 1900 to 2998');
    const model = modelOf(modelKey);
    const tenant = await TenantService.current(tx);
    const month = tenant.fiscalYearStartMonth ?? 1;
    const current = fiscalYear(year, month), previous = fiscalYear(year - 1, month);
    const map = accountMap(model, kind);
    const include = kind === 'profit_and_loss' ? isResult : undefined;
    const [thisYear, lastYear] = await balancesOf(tx, kind, [current, previous]);
    const now = computeStatement(map, thisYear, include);
    const before = computeStatement(map, lastYear, include);
    const definition = kind === 'balance_sheet' ? model.balanceSheet : model.profitAndLoss;
    const resultCode = kind === 'balance_sheet' ? 'PN.A-1.VII' : (definition.result ?? 'D');
    return {
      statement: kind, model: model.key, title: definition.title,
      company: { name: tenant.name, legal_name: tenant.legalName ?? null, tax_id: tenant.taxId ?? null },
      year, start_date: current.start, end_date: current.end,
      previous: { year: year - 1, start_date: previous.start, end_date: previous.end },
      sides: now.sides.map((side, s) => ({
        key: side.key, title: side.title,
        lines: side.lines.map((line, i) => ({
          code: line.code, label: line.label, level: line.level, kind: line.kind, accounts: line.accounts,
          amount: line.amount.toString(), previous_amount: before.sides[s].lines[i].amount.toString(),
        })),
      })),
      result: { amount: amountOf(now, resultCode)!.toString(), previous_amount: amountOf(before, resultCode)!.toString() },
      totals: kind === 'balance_sheet' ? {
        assets: amountOf(now, 'TA')!.toString(), equity_and_liabilities: amountOf(now, 'TPN')!.toString(),
        previous_assets: amountOf(before, 'TA')!.toString(), previous_equity_and_liabilities: amountOf(before, 'TPN')!.toString(),
      } : null,
      unmapped: [
        ...now.unmapped.map((u) => ({ account: u.account, balance: u.balance.toString(), year })),
        ...before.unmapped.map((u) => ({ account: u.account, balance: u.balance.toString(), year: year - 1 })),
      ],
    };
  },
};
