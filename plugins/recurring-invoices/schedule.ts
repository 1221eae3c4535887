/**
 * When a recurring invoice falls due: pure date arithmetic on `YYYY-MM-DD` strings, no clock.
 *
 * A schedule's periods are its start month, then every `stepMonths` months, each on `dayOfMonth`
 * (a shorter month takes its last day: day 31 is 28 or 29 February). A period before the start date
 * or after the end date does not exist; one inside a skipped range (a pause) is never made.
 */
export interface Schedule {
  startDate: string;
  endDate: string | null;
  stepMonths: number;
  dayOfMonth: number;
  /** Half-open ranges `[from, to)` of dates whose periods are skipped (the template was paused). */
  skipped: readonly { from: string; to: string }[];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The date `months` months after the month of `date`, on `day` or that month's last day. */
function monthDate(date: string, months: number, day: number): string {
  const [year, month] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12), m = (index % 12) + 1;
  return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(day, daysInMonth(y, m)))}`;
}

export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

const skippedOn = (schedule: Schedule, date: string) => schedule.skipped.some((range) => range.from <= date && date < range.to);

/** The periods after `after` (exclusive; null: from the start), in order, up to `until` (inclusive). */
export function* periodsAfter(schedule: Schedule, after: string | null, until = '9999-12-31'): Generator<string> {
  for (let n = 0; ; n++) {
    const date = monthDate(schedule.startDate, n * schedule.stepMonths, schedule.dayOfMonth);
    if (date > until || (schedule.endDate !== null && date > schedule.endDate)) return;
    if (date < schedule.startDate || (after !== null && date <= after) || skippedOn(schedule, date)) continue;
    yield date;
  }
}

/** The first period after `after`, or null when the schedule has ended. */
export const nextPeriod = (schedule: Schedule, after: string | null): string | null => periodsAfter(schedule, after).next().value ?? null;
