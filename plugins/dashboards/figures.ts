import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { LedgerService } from '../ledger/api';
import type { DateRange } from './periods';

export const METRICS = ['sales', 'income', 'purchases', 'expenses', 'profit', 'vat_due', 'cash', 'receivables', 'payables'] as const;
export type Metric = (typeof METRICS)[number];

/** Metrics that are balances at the end of the period rather than flows over it. */
const STOCKS: ReadonlySet<Metric> = new Set(['cash', 'receivables', 'payables']);

/** Flow figures of a period from the ledger's totals per account, by account prefix: debit − credit. */
export async function flowsOf(tx: Tx, range: DateRange): Promise<(prefix: string) => Decimal> {
  const accounts = await LedgerService.totalsByAccount(tx, { from: range.from, to: range.to });
  return (prefix) => accounts.filter((a) => a.account.startsWith(prefix)).reduce((sum, a) => sum.add(a.debit).sub(a.credit), Decimal.zero(2));
}

/** Flow figures of each month of a period (YYYY-MM → prefix → debit − credit), from one aggregate. */
export async function monthlyFlowsOf(tx: Tx, range: DateRange): Promise<(month: string) => (prefix: string) => Decimal> {
  const rows = await LedgerService.monthlyTotals(tx, { from: range.from, to: range.to, level: 4 });
  return (month) => (prefix) => rows.filter((r) => r.month === month && r.account.startsWith(prefix))
    .reduce((sum, r) => sum.add(r.debit).sub(r.credit), Decimal.zero(2));
}

/**
 * One metric over a period, as the books show it: sales = credit − debit of 70, income of 7,
 * purchases = debit − credit of 60, expenses of 6, profit = income − expenses, vat_due = output
 * VAT (477) − input VAT (472); cash (57), receivables (43) and payables (40, 41) are balances at
 * the end of the period.
 */
export async function metricValue(tx: Tx, metric: Metric, range: DateRange): Promise<Decimal> {
  if (STOCKS.has(metric)) {
    const codes = metric === 'cash' ? ['57'] : metric === 'receivables' ? ['43'] : ['40', '41'];
    const balances = await LedgerService.accountBalances(tx, codes, range.to);
    const total = codes.reduce((sum, code) => sum.add(balances.get(code)!), Decimal.zero(2));
    return metric === 'payables' ? total.negate() : total;
  }
  const flow = await flowsOf(tx, range);
  return metricFromFlows(metric, flow);
}

export function metricFromFlows(metric: Metric, flow: (prefix: string) => Decimal): Decimal {
  switch (metric) {
    case 'sales': return flow('70').negate();
    case 'income': return flow('7').negate();
    case 'purchases': return flow('60');
    case 'expenses': return flow('6');
    case 'profit': return flow('7').negate().sub(flow('6'));
    case 'vat_due': return flow('477').negate().sub(flow('472'));
    default: throw new RangeError(`${metric} is not a flow`);
  }
}

export const isStock = (metric: Metric) => STOCKS.has(metric);

/** a / b rounded half away from zero to `scale` decimals, as a string; null when b is zero. */
export function ratio(a: Decimal, b: Decimal, scale = 2): string | null {
  if (b.isZero()) return null;
  const common = Math.max(a.scale, b.scale);
  const x = a.rescale(common).units * 10n ** BigInt(scale), y = b.rescale(common).units;
  const negative = (x < 0n) !== (y < 0n);
  const ax = x < 0n ? -x : x, ay = y < 0n ? -y : y;
  const q = (ax * 2n + ay) / (ay * 2n);
  return Decimal.of(negative ? -q : q, scale).toString();
}
