import type { PeriodName } from './schemas';

export interface DateRange { from: string; to: string }

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const monthStart = (year: number, month: number) => `${year}-${pad(month)}-01`;
const monthEnd = (year: number, month: number) => `${year}-${pad(month)}-${pad(lastDay(year, month))}`;
/** The month `offset` months from (year, month), 1-based. */
export function shiftMonth(year: number, month: number, offset: number): [number, number] {
  const index = year * 12 + (month - 1) + offset;
  return [Math.floor(index / 12), (index % 12) + 1];
}

/** The dates of a named period relative to `today` (YYYY-MM-DD). */
export function periodRange(period: PeriodName, today: string): DateRange {
  const year = Number(today.slice(0, 4)), month = Number(today.slice(5, 7));
  const quarterStart = month - ((month - 1) % 3);
  switch (period) {
    case 'this_month': return { from: monthStart(year, month), to: monthEnd(year, month) };
    case 'last_month': { const [y, m] = shiftMonth(year, month, -1); return { from: monthStart(y, m), to: monthEnd(y, m) }; }
    case 'this_quarter': return { from: monthStart(year, quarterStart), to: monthEnd(year, quarterStart + 2) };
    case 'last_quarter': { const [y, m] = shiftMonth(year, quarterStart, -3); return { from: monthStart(y, m), to: monthEnd(y, m + 2) }; }
    case 'this_year': return { from: `${year}-01-01`, to: `${year}-12-31` };
    case 'last_year': return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    case 'last_12m': { const [y, m] = shiftMonth(year, month, -11); return { from: monthStart(y, m), to: monthEnd(year, month) }; }
    case 'ytd': return { from: `${year}-01-01`, to: today };
  }
}

/** The period of the same length just before (for `compare`). */
export function previousRange(period: PeriodName, today: string): DateRange {
  const range = periodRange(period, today);
  const year = Number(range.from.slice(0, 4)), month = Number(range.from.slice(5, 7));
  const months = period.endsWith('month') ? 1 : period.endsWith('quarter') ? 3 : 12;
  const [y, m] = shiftMonth(year, month, -months);
  if (period === 'ytd') return { from: `${year - 1}-01-01`, to: `${year - 1}${today.slice(4) === '-02-29' ? '-02-28' : today.slice(4)}` };
  const [ey, em] = shiftMonth(y, m, months - 1);
  return { from: monthStart(y, m), to: monthEnd(ey, em) };
}

/** The months (from, to, label YYYY-MM) covering a range. */
export function monthsOf(range: DateRange): (DateRange & { month: string })[] {
  const out: (DateRange & { month: string })[] = [];
  let [y, m] = [Number(range.from.slice(0, 4)), Number(range.from.slice(5, 7))];
  const end = range.to.slice(0, 7);
  while (`${y}-${pad(m)}` <= end) {
    out.push({ month: `${y}-${pad(m)}`, from: monthStart(y, m), to: monthEnd(y, m) < range.to ? monthEnd(y, m) : range.to });
    [y, m] = shiftMonth(y, m, 1);
  }
  return out;
}
