import { describe, expect, test } from 'bun:test';
import { endOfDayInMadrid, formatDate } from '../../../plugins/web-app/app/format';

describe('dates in Madrid (what the pages show and send)', () => {
  test('a day is shown as it is; an instant as the day it is in Madrid', () => {
    expect(formatDate('2026-11-27')).toBe('27/11/2026');
    expect(formatDate('2026-11-27T22:59:59Z')).toBe('27/11/2026');
    expect(formatDate('2026-11-27T23:30:00Z')).toBe('28/11/2026'); // 00:30 in Madrid (winter, UTC+1)
    expect(formatDate('2026-07-31T22:30:00.000Z')).toBe('01/08/2026'); // 00:30 in Madrid (summer, UTC+2)
    expect(formatDate('2026-07-31T21:30:00+00:00')).toBe('31/07/2026');
    expect(formatDate('mañana')).toBe('mañana');
  });

  test('the end of a day in Madrid as a UTC instant, on both sides of a change of clocks', () => {
    expect(endOfDayInMadrid('2026-12-31')).toBe('2026-12-31T22:59:59Z');
    expect(endOfDayInMadrid('2026-07-31')).toBe('2026-07-31T21:59:59Z');
    // 2026's clocks go forward on Sunday 29 March and back on Sunday 25 October
    expect(endOfDayInMadrid('2026-03-28')).toBe('2026-03-28T22:59:59Z');
    expect(endOfDayInMadrid('2026-03-29')).toBe('2026-03-29T21:59:59Z');
    expect(endOfDayInMadrid('2026-10-24')).toBe('2026-10-24T21:59:59Z');
    expect(endOfDayInMadrid('2026-10-25')).toBe('2026-10-25T22:59:59Z');
    expect(formatDate(endOfDayInMadrid('2026-10-25'))).toBe('25/10/2026');
  });
});
