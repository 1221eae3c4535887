import { describe, expect, test } from 'bun:test';
import { nextPeriod, periodsAfter, type Schedule } from '../../../plugins/recurring-invoices/schedule';

const monthly = (fields: Partial<Schedule> = {}): Schedule => ({ startDate: '2026-01-31', endDate: null, stepMonths: 1, dayOfMonth: 31, skipped: [], ...fields });
const until = (schedule: Schedule, after: string | null, last: string) => [...periodsAfter(schedule, after, last)];

describe('recurring invoice schedule', () => {
  test('day 31 takes each shorter month\'s last day, 29 February in a leap year', () => {
    expect(until(monthly(), null, '2026-06-30')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30']);
    expect(until(monthly({ startDate: '2028-01-31' }), null, '2028-03-31')).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
  });

  test('every N months and yearly, across the turn of the year', () => {
    expect(until(monthly({ startDate: '2026-11-15', dayOfMonth: 15, stepMonths: 3 }), null, '2027-12-31')).toEqual(['2026-11-15', '2027-02-15', '2027-05-15', '2027-08-15', '2027-11-15']);
    expect(until(monthly({ startDate: '2024-02-29', dayOfMonth: 29, stepMonths: 12 }), null, '2028-12-31')).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
  });

  test('a day before the start date starts the month after; the end date is the last possible day', () => {
    expect(until(monthly({ startDate: '2026-01-20', dayOfMonth: 5, endDate: '2026-04-05' }), null, '2026-12-31')).toEqual(['2026-02-05', '2026-03-05', '2026-04-05']);
    expect(nextPeriod(monthly({ endDate: '2026-03-31' }), '2026-03-31')).toBeNull();
  });

  test('periods after the last one made, and none inside a skipped range', () => {
    expect(nextPeriod(monthly(), null)).toBe('2026-01-31');
    expect(nextPeriod(monthly(), '2026-02-28')).toBe('2026-03-31');
    expect(until(monthly({ skipped: [{ from: '2026-02-15', to: '2026-04-30' }] }), '2026-01-31', '2026-06-30')).toEqual(['2026-04-30', '2026-05-31', '2026-06-30']);
  });
});
