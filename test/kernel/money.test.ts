import { describe, expect, test } from 'bun:test';
import { Decimal, allocate, divideHalfAwayFromZero, money, sumMoney } from '../../kernel/money';

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
  test('reads every shape the decimal grammar allows, and refuses the rest, with or without the hand-read path', () => {
    const read = (text: string) => { try { const d = Decimal.parse(text, 2); return `${d.units}/${d.scale}`; } catch (error) { return (error as Error).message; } };
    expect(['0', '-0', '+5', '-12.5', '007.10', ' 3.25 ', '\t-1.00\n', '99999999999999999999.99'].map(read))
      .toEqual(['0/0', '0/0', '5/0', '-125/1', '710/2', '325/2', '-100/2', '9999999999999999999999/2']);
    for (const bad of ['', '-', '+', '.5', '5.', '1.2.3', '1e5', '--1', '+-1', '1,5', '١٢', '0x10', ' ']) expect(read(bad)).toBe(`Not a decimal number: ${JSON.stringify(bad)}`);
    expect(read('1.234')).toBe('More than 2 decimals: 1.234');
    expect(read(' 1.234')).toBe('More than 2 decimals:  1.234');
  });
  test('sums, compares and rescales alike whatever the scales', () => {
    expect(Decimal.parse('1.5').add(Decimal.parse('2.25')).toString()).toBe('3.75');
    expect(Decimal.parse('1.50').add(Decimal.parse('2.25')).toString()).toBe('3.75');
    expect(Decimal.parse('1.50').compare(Decimal.parse('1.5'))).toBe(0);
    expect(Decimal.parse('-1.51').compare(Decimal.parse('-1.50'))).toBe(-1);
    expect(Decimal.parse('2.00').rescale(2).toString()).toBe('2.00');
    expect(Decimal.parse('2.005', 3).rescale(2).toString()).toBe('2.01');
    expect(Decimal.parse('1', 0).rescale(40).rescale(0).toString()).toBe('1');
  });
  test('allocate splits exactly', () => {
    const parts = allocate(money('10.00'), [Decimal.parse('1'), Decimal.parse('1'), Decimal.parse('1')]);
    expect(parts.map(String)).toEqual(['3.34', '3.33', '3.33']);
    expect(sumMoney(parts).toString()).toBe('10.00');
    const negative = allocate(money('-0.05'), [Decimal.parse('3'), Decimal.parse('1')]);
    expect(sumMoney(negative).toString()).toBe('-0.05');
  });
});

describe('divideHalfAwayFromZero', () => {
  test('integer division rounded half away from zero, whatever the signs', () => {
    const cases: [bigint, bigint, bigint][] = [[5n, 2n, 3n], [-5n, 2n, -3n], [5n, -2n, -3n], [-5n, -2n, 3n], [7n, 3n, 2n], [-7n, 3n, -2n], [8n, 3n, 3n], [4n, -3n, -1n], [6n, 3n, 2n]];
    for (const [n, d, q] of cases) expect(divideHalfAwayFromZero(n, d)).toBe(q);
  });
});
