import { pgArray } from '../../kernel/sql-params';
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

const lastOfMonth = (date: IsoDate) => dayBefore(firstOfNextMonth(date));
const daysBetween = (from: IsoDate, to: IsoDate) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
const LINE_MONTH = `entry_date - (extract(day from entry_date)::int - 1)`;

/**
 * A row source of `(account_code, month, debit, credit)` for a period whose sums per account (and
 * month) equal the same sums over the period's lines: the maintained monthly balances for the whole
 * months it covers, and for a month it covers in part either the lines of the days inside or, when
 * those are more than half the month, the month's balance less the lines of the days outside
 * (negative rows). So a partial month never reads more than half a month of lines. A group whose
 * Σdebit and Σcredit are both zero had no line in the period (every line has one positive side):
 * aggregates that list groups drop those (`having sum(debit) <> 0 or sum(credit) <> 0`).
 * `month` is the first day of the month. Adds its parameters to `params`, named from `prefix` (several
 * periods in one statement each take a prefix of their own).
 */
export function periodRowsSql(period: Period, params: Record<string, unknown>, prefix = 'ledgerPeriod'): string {
  let count = 0;
  const date = (value: IsoDate) => { const name = `${prefix}${count++}`; params[name] = value; return `:${name}::date`; };
  const lines = (from: IsoDate, to: IsoDate, sign = '') => `select account_code, ${LINE_MONTH} as month, ${sign}debit as debit, ${sign}credit as credit
        from journal_lines where tenant_id = :tenant and entry_date >= ${date(from)} and entry_date <= ${date(to)}`;
  const balances = (from?: IsoDate, until?: IsoDate) => `select account_code, month, debit, credit from ledger_month_balances where tenant_id = :tenant`
    + (from === undefined ? '' : ` and month >= ${date(from)}`) + (until === undefined ? '' : ` and month < ${date(until)}`);
  const parts: string[] = [];
  const partialMonth = (from: IsoDate, to: IsoDate) => {
    const first = firstOfMonth(from), last = lastOfMonth(from);
    if (2 * (daysBetween(from, to) + 1) <= daysBetween(first, last) + 1) { parts.push(lines(from, to)); return; }
    parts.push(balances(first, firstOfNextMonth(from)));
    if (from > first) parts.push(lines(first, dayBefore(from), '-'));
    if (to < last) parts.push(lines(addDays(to, 1), last, '-'));
  };
  // [wholeFrom, wholeUntil): the whole months; either bound absent when the period is open there
  let wholeFrom = period.from, wholeUntil = period.to === undefined ? undefined : firstOfNextMonth(period.to);
  if (period.from !== undefined && firstOfMonth(period.from) !== period.from) {
    const end = lastOfMonth(period.from);
    partialMonth(period.from, period.to !== undefined && period.to < end ? period.to : end);
    wholeFrom = firstOfNextMonth(period.from);
  }
  if (period.to !== undefined && lastOfMonth(period.to) !== period.to && (wholeFrom === undefined || wholeFrom <= period.to)) {
    partialMonth(firstOfMonth(period.to), period.to);
    wholeUntil = firstOfMonth(period.to);
  }
  if (wholeFrom === undefined || wholeUntil === undefined || wholeFrom < wholeUntil) parts.push(balances(wholeFrom, wholeUntil));
  // entries left out: their own lines, subtracted (found through the entries' source index)
  if (period.excludeSourceTypes?.length) {
    const excluded = prefix === 'ledgerPeriod' ? 'ledgerExcludedSources' : `${prefix}Excluded`;
    params[excluded] = pgArray(period.excludeSourceTypes);
    parts.push(`select l.account_code, l.entry_date - (extract(day from l.entry_date)::int - 1) as month, -l.debit as debit, -l.credit as credit
        from journal_entries e join journal_lines l on l.tenant_id = e.tenant_id and l.entry_id = e.id
        where e.tenant_id = :tenant and e.source_type = any(:${excluded}::text[])`
      + (period.from === undefined ? '' : ` and e.date >= ${date(period.from)}`) + (period.to === undefined ? '' : ` and e.date <= ${date(period.to)}`));
  }
  return parts.join('\n      union all\n      ');
}
