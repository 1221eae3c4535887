/** The tax calendar the dashboards' `upcoming-taxes` widget reads from the registry: due dates and neighbouring periods. */
import { describe, expect, test } from 'bun:test';
import { MODEL_303 } from '../../../plugins/aeat-303/index';
import { MODEL_347 } from '../../../plugins/aeat-347/model';
import { dueDateOf, periodContaining, periodOf, previousPeriod, standardDueDate } from '../../../plugins/tax-models/api';

describe('due dates', () => {
  test('quarters and months are due on the 20th of the next month; the last one in January', () => {
    expect(standardDueDate(periodOf(2026, 'quarterly', 1))).toBe('2026-04-20');
    expect(standardDueDate(periodOf(2026, 'quarterly', 3))).toBe('2026-10-20');
    expect(standardDueDate(periodOf(2026, 'quarterly', 4))).toBe('2027-01-20');
    expect(standardDueDate(periodOf(2026, 'monthly', 2))).toBe('2026-03-20');
    expect(standardDueDate(periodOf(2026, 'monthly', 12))).toBe('2027-01-20');
    expect(standardDueDate(periodOf(2026, 'annual', 0))).toBe('2027-01-30');
  });

  test('a model may have its own: the 303\'s last period on 30 January, the 347 at the end of February', () => {
    expect(dueDateOf(MODEL_303, periodOf(2026, 'quarterly', 4))).toBe('2027-01-30');
    expect(dueDateOf(MODEL_303, periodOf(2026, 'monthly', 12))).toBe('2027-01-30');
    expect(dueDateOf(MODEL_303, periodOf(2026, 'quarterly', 2))).toBe('2026-07-20');
    expect(dueDateOf(MODEL_347, periodOf(2026, 'annual', 0))).toBe('2027-02-28');
    expect(dueDateOf(MODEL_347, periodOf(2027, 'annual', 0))).toBe('2028-02-29');
  });

  test('the period containing a date, and the one before it across the new year', () => {
    expect(periodContaining('2026-11-24', 'quarterly').code).toBe('4T');
    expect(periodContaining('2026-01-01', 'monthly').code).toBe('01');
    expect(previousPeriod(periodContaining('2026-01-15', 'quarterly'))).toMatchObject({ year: 2025, code: '4T' });
    expect(previousPeriod(periodContaining('2026-01-15', 'monthly'))).toMatchObject({ year: 2025, code: '12' });
    expect(previousPeriod(periodContaining('2026-05-15', 'annual'))).toMatchObject({ year: 2025, code: '0A' });
  });
});
