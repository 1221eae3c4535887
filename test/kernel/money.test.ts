import { describe, expect, test } from 'bun:test';
import { Decimal, allocate, money, sumMoney } from '../../kernel/money';

describe('Decimal', () => {
  test('parses and prints without floating point', () => {
    expect(money('0.1').add(money('0.2')).toString()).toBe('0.30');
    expect(Decimal.parse('123456789012345.67').add(money('0.01')).toString()).toBe('123456789012345.68');
    expect(money('-5').toString()).toBe('-5.00');
  });
  test('rounds half away from zero', () => {
    expect(Decimal.parse('2.345', 6).round(2).toString()).toBe('2.35');
    expect(Decimal.parse('-2.345', 6).round(2).toString()).toBe('-2.35');
    expect(Decimal.parse('2.344', 6).round(2).toString()).toBe('2.34');
  });
  test('percent of an amount', () => {
    expect(money('100.00').percent(Decimal.parse('21')).toString()).toBe('21.00');
    expect(money('0.05').percent(Decimal.parse('21')).toString()).toBe('0.01');
    expect(money('10.01').percent(Decimal.parse('5.2')).toString()).toBe('0.52');
  });
  test('refuses what is not a decimal', () => {
    expect(() => money('1e3')).toThrow();
    expect(() => money('12.345')).toThrow();
    expect(() => money('')).toThrow();
  });
  test('allocate splits exactly', () => {
    const parts = allocate(money('10.00'), [Decimal.parse('1'), Decimal.parse('1'), Decimal.parse('1')]);
    expect(parts.map(String)).toEqual(['3.34', '3.33', '3.33']);
    expect(sumMoney(parts).toString()).toBe('10.00');
    const negative = allocate(money('-0.05'), [Decimal.parse('3'), Decimal.parse('1')]);
    expect(sumMoney(negative).toString()).toBe('-0.05');
  });
});
