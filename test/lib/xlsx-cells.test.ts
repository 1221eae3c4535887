/**
 * The XLSX writer's typed cells (lib/table-export/writers.ts): a `decimal` cell's number is its
 * decimal string itself, so no float ever rounds an amount; a `date` cell is the day number of the
 * 1900 date system. Pure.
 */
import { describe, expect, test } from 'bun:test';
import { xlsxDateSerial, xlsxNumberText } from '../../lib/table-export/writers';

describe('XLSX typed cells', () => {
  test('a decimal\'s number is its text: large amounts, signs, leading zeros, a negative zero', () => {
    // 0.1 + 0.2 and 123456789.01 × 100 are where floats go wrong; the text never becomes one
    expect(['123456789.01', '-502.36', '0.30', '2027', '007.50', '-0.00', '-0', '99999999999999999.99'].map(xlsxNumberText))
      .toEqual(['123456789.01', '-502.36', '0.30', '2027', '7.50', '0.00', '0', '99999999999999999.99']);
  });

  test('anything but a plain decimal is refused (a programming error, not a cell)', () => {
    for (const bad of ['1e5', '1,50', ' 1.00', '1.', '.5', '', 'NaN', '+1.00']) expect(() => xlsxNumberText(bad)).toThrow();
  });

  test('dates: whole day numbers from 30 December 1899, leap years included', () => {
    // 1 January 1900 is day 2 in this count (day 1 is 31 December 1899; Excel's own count differs only before 1 March 1900)
    expect(['1899-12-30', '2023-03-23', '2024-02-29', '2027-01-15', '2027-11-30'].map(xlsxDateSerial)).toEqual(['0', '45008', '45351', '46402', '46721']);
    for (const bad of ['2027-1-15', '15/01/2027', '2027-01-15T00:00:00Z']) expect(() => xlsxDateSerial(bad)).toThrow();
  });
});
