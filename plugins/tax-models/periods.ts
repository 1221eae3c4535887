import { ValidationFailed } from '../../kernel/errors';
import type { DesignVersion, Periodicity, TaxModel, TaxPeriod } from './contract';

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The period of a year: a quarter (1–4), a month (1–12) or the year (index 0). */
export function periodOf(year: number, periodicity: Periodicity, index: number): TaxPeriod {
  if (periodicity === 'annual') return { year, periodicity, index: 0, code: '0A', from: `${year}-01-01`, to: `${year}-12-31`, last: true };
  const [first, last] = periodicity === 'quarterly' ? [index * 3 - 2, index * 3] : [index, index];
  return {
    year, periodicity, index, code: periodicity === 'quarterly' ? `${index}T` : pad(index),
    from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay(year, last))}`, last: periodicity === 'quarterly' ? index === 4 : index === 12,
  };
}

/** The tax calendar's usual deadline: the 20th of the month after a month or quarter (January for the last); the 30th of January for a year. */
export function standardDueDate(period: TaxPeriod): string {
  if (period.periodicity === 'annual') return `${period.year + 1}-01-30`;
  const month = Number(period.to.slice(5, 7));
  return month === 12 ? `${period.year + 1}-01-20` : `${period.year}-${pad(month + 1)}-20`;
}

/** The last day to file a model's period: the model's own rule, else the usual calendar. */
export const dueDateOf = (model: TaxModel, period: TaxPeriod): string => model.dueDate?.(period) ?? standardDueDate(period);

/** The period of `periodicity` that contains a date. */
export function periodContaining(date: string, periodicity: Periodicity): TaxPeriod {
  const year = Number(date.slice(0, 4)), month = Number(date.slice(5, 7));
  return periodOf(year, periodicity, periodicity === 'annual' ? 0 : periodicity === 'quarterly' ? Math.ceil(month / 3) : month);
}

/** The period just before (the last of the previous year after the first). */
export function previousPeriod(period: TaxPeriod): TaxPeriod {
  if (period.periodicity === 'annual') return periodOf(period.year - 1, 'annual', 0);
  if (period.index > 1) return periodOf(period.year, period.periodicity, period.index - 1);
  return periodOf(period.year - 1, period.periodicity, period.periodicity === 'quarterly' ? 4 : 12);
}

/** Every period of a year, in order. */
export function periodsOfYear(year: number, periodicity: Periodicity): TaxPeriod[] {
  const count = periodicity === 'annual' ? 1 : periodicity === 'quarterly' ? 4 : 12;
  return Array.from({ length: count }, (_, i) => periodOf(year, periodicity, periodicity === 'annual' ? 0 : i + 1));
}

/** The period a request names (`year` with `quarter` or `month`, or `year` alone for an annual model); 422 when it names none or two. */
export function requestedPeriod(model: TaxModel, query: { year: number; quarter?: number; month?: number }): TaxPeriod {
  if (query.quarter !== undefined && query.month !== undefined) {
    throw ValidationFailed.field(['query', 'month'], 'Give either a quarter or a month, not both', 'value_error.period');
  }
  if (query.quarter !== undefined) return periodOf(query.year, 'quarterly', query.quarter);
  if (query.month !== undefined) return periodOf(query.year, 'monthly', query.month);
  if (model.periodicities.includes('annual')) return periodOf(query.year, 'annual', 0);
  throw ValidationFailed.field(['query', model.periodicities.includes('quarterly') ? 'quarter' : 'month'],
    `Model ${model.code} is filed by ${model.periodicities.join(' or ')} period: give the ${model.periodicities.includes('quarterly') ? 'quarter' : 'month'}`, 'value_error.missing');
}

/** The record design in force for a period: the newest that starts on or before the period's last day, unless it ended before that day. */
export function designOf(model: TaxModel, period: TaxPeriod): DesignVersion | undefined {
  const design = [...model.designs].reverse().find((d) => d.from <= period.to);
  return design && (design.to === undefined || period.to <= design.to) ? design : undefined;
}

/** The designs a model knows, for a message: "v1 (2020-01-01 to 2026-12-31), v2 (from 2027-01-01)". */
export const designsKnown = (model: TaxModel): string =>
  model.designs.map((d) => `${d.version} (${d.to ? `${d.from} to ${d.to}` : `from ${d.from}`})`).join(', ') || 'none';
