import { Decimal } from '../../kernel/money';

/**
 * Linear depreciation by month, to the cent (pure). The depreciable base (cost − residual value)
 * accrues at a constant monthly rate from the day the asset comes into use: the first month in
 * proportion to the days it was in use, then whole months. Each month's charge is the difference
 * between the rounded accumulated amounts at its end and at the previous month's end, so rounding
 * never piles up and the last month takes exactly what is left: the accumulated depreciation ends
 * at the base and never passes it (the book value never falls below the residual value).
 */
export type DepreciationRate = { coefficientPct: Decimal } | { usefulLifeMonths: number };

export interface DepreciationPlan {
  cost: Decimal;
  residual: Decimal;
  /** The day the asset comes into use (YYYY-MM-DD). */
  startDate: string;
  rate: DepreciationRate;
}

export interface SchedulePeriod {
  /** YYYY-MM */
  period: string;
  /** The month's last day, or the day the base is fully depreciated. */
  date: string;
  amount: Decimal;
  accumulated: Decimal;
  netBookValue: Decimal;
}

/** Longest schedule: 100 years (the table's longest period) and a month for the first partial one. */
export const MAX_MONTHS = 1201;

const cents = (value: Decimal) => value.rescale(2).units;
const fromCents = (units: bigint) => Decimal.of(units, 2);
const roundHalfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];
const pad = (n: number) => String(n).padStart(2, '0');
export const monthEnd = (year: number, month: number) => `${year}-${pad(month)}-${pad(daysInMonth(year, month))}`;

/** Fraction of the base per month as p / q. */
function monthlyFraction(rate: DepreciationRate): [bigint, bigint] {
  if ('usefulLifeMonths' in rate) return [1n, BigInt(rate.usefulLifeMonths)];
  const pct = rate.coefficientPct;
  return [pct.units, 10n ** BigInt(pct.scale) * 1200n];
}

function accumulated(plan: DepreciationPlan, monthsNum: bigint, monthsDen: bigint): bigint {
  const base = cents(plan.cost) - cents(plan.residual);
  if (base <= 0n || monthsNum <= 0n) return 0n;
  const [p, q] = monthlyFraction(plan.rate);
  const value = roundHalfUp(base * monthsNum * p, monthsDen * q);
  return value < base ? value : base;
}

/** The whole schedule, month by month, until the base is depreciated. */
export function depreciationSchedule(plan: DepreciationPlan): SchedulePeriod[] {
  const base = cents(plan.cost) - cents(plan.residual);
  const [year0, month0, day0] = parts(plan.startDate);
  const first = BigInt(daysInMonth(year0, month0));
  const inUse = first - BigInt(day0) + 1n;
  const periods: SchedulePeriod[] = [];
  let previous = 0n;
  for (let k = 0; k < MAX_MONTHS && previous < base; k++) {
    const total = month0 - 1 + k;
    const year = year0 + Math.floor(total / 12), month = (total % 12) + 1;
    const now = accumulated(plan, inUse + BigInt(k) * first, first);
    periods.push({
      period: `${year}-${pad(month)}`, date: monthEnd(year, month), amount: fromCents(now - previous), accumulated: fromCents(now),
      netBookValue: fromCents(cents(plan.cost) - now),
    });
    previous = now;
  }
  return periods;
}

/** The accumulated depreciation at the end of a day (a disposal's day): the month in proportion to its days. */
export function accumulatedOn(plan: DepreciationPlan, date: string): Decimal {
  const [year0, month0, day0] = parts(plan.startDate);
  const [year, month, day] = parts(date);
  const k = (year - year0) * 12 + (month - month0);
  if (k < 0 || (k === 0 && day < day0)) return Decimal.zero(2);
  const first = BigInt(daysInMonth(year0, month0));
  if (k === 0) return fromCents(accumulated(plan, BigInt(day - day0 + 1), first));
  const days = BigInt(daysInMonth(year, month));
  const inUse = first - BigInt(day0) + 1n;
  // (in use / first) + (k − 1) + day / days, over first × days
  return fromCents(accumulated(plan, inUse * days + BigInt(k - 1) * first * days + BigInt(day) * first, first * days));
}
