/**
 * Fiscal years as dates (pure). A company's year starts on the first day of its first month
 * (`fiscal_year_start_month` of the company, January by default) and lasts twelve months. Cuadra
 * names a year by the calendar year in which it starts: with July as first month, year 2026 runs
 * from 2026-07-01 to 2027-06-30.
 */
export interface FiscalYearPeriod {
  year: number;
  /** First day, YYYY-MM-DD. */
  start: string;
  /** Last day, YYYY-MM-DD. */
  end: string;
  /** The next year's first day (the opening entry's date). */
  nextStart: string;
  /** The previous year's last day. */
  previousEnd: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const iso = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
const dayBefore = (year: number, month: number) => {
  const date = new Date(Date.UTC(year, month - 1, 1) - 86_400_000);
  return date.toISOString().slice(0, 10);
};

export function fiscalYear(year: number, startMonth = 1): FiscalYearPeriod {
  if (!Number.isInteger(startMonth) || startMonth < 1 || startMonth > 12) throw new RangeError('A first month is 1 to 12');
  const start = iso(year, startMonth, 1);
  const nextStart = iso(year + 1, startMonth, 1);
  return { year, start, end: dayBefore(year + 1, startMonth), nextStart, previousEnd: dayBefore(year, startMonth) };
}

/** The fiscal year a date (YYYY-MM-DD) falls in. */
export function fiscalYearOf(date: string, startMonth = 1): FiscalYearPeriod {
  const year = Number(date.slice(0, 4)), month = Number(date.slice(5, 7));
  return fiscalYear(month >= startMonth ? year : year - 1, startMonth);
}
