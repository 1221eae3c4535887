import type { IsoDate } from './draft';
import type { Period } from './service';

const pad = (n: number) => String(n).padStart(2, '0');
const firstOfMonth = (date: IsoDate) => `${date.slice(0, 7)}-01`;
const firstOfNextMonth = (date: IsoDate) => {
  const year = Number(date.slice(0, 4)), month = Number(date.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
};

const addDays = (date: IsoDate, days: number): IsoDate => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};
export const dayBefore = (date: IsoDate) => addDays(date, -1);
const isLastDay = (date: IsoDate) => firstOfMonth(addDays(date, 1)) !== firstOfMonth(date);

/**
 * The whole calendar months inside a period, as [first month, first month after], each bound absent
 * when the period is open on that side; undefined when the period holds no whole month.
 */
export function wholeMonths(period: Period): { from?: IsoDate; until?: IsoDate } | undefined {
  const from = period.from === undefined ? undefined : period.from.endsWith('-01') ? period.from : firstOfNextMonth(period.from);
  const until = period.to === undefined ? undefined : isLastDay(period.to) ? firstOfNextMonth(period.to) : firstOfMonth(period.to);
  if (from !== undefined && until !== undefined && from >= until) return undefined;
  return { from, until };
}


/**
 * A row source of `(account_code, month, debit, credit)` for a period, read from the maintained
 * monthly balances for the whole months it covers and from the lines for the days at its edges
 * (a period inside one month reads lines only). `month` is the first day of the line's month.
 * Sums over it equal the same sums over the period's lines. Adds its parameters to `params`.
 */
export function periodRowsSql(period: Period, params: Record<string, unknown>): string {
  const lineMonth = `entry_date - (extract(day from entry_date)::int - 1)`;
  const lines = (conditions: string) =>
    `select account_code, ${lineMonth} as month, debit, credit from journal_lines where tenant_id = :tenant${conditions}`;
  const months = wholeMonths(period);
  if (period.from !== undefined) params.periodFrom = period.from;
  if (period.to !== undefined) params.periodTo = period.to;
  if (!months) return lines(' and entry_date >= :periodFrom::date and entry_date <= :periodTo::date');
  const parts: string[] = [];
  let balances = `select account_code, month, debit, credit from ledger_month_balances where tenant_id = :tenant`;
  if (months.from !== undefined) { balances += ` and month >= :monthsFrom::date`; params.monthsFrom = months.from; }
  if (months.until !== undefined) { balances += ` and month < :monthsUntil::date`; params.monthsUntil = months.until; }
  parts.push(balances);
  if (period.from !== undefined && period.from < months.from!) parts.push(lines(' and entry_date >= :periodFrom::date and entry_date < :monthsFrom::date'));
  if (period.to !== undefined && months.until! <= period.to) parts.push(lines(' and entry_date >= :monthsUntil::date and entry_date <= :periodTo::date'));
  return parts.join('\n      union all\n      ');
}
