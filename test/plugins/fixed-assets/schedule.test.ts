/**
 * The depreciation plan by hand: a computer at the table's 25 % from 16 March, a van at 16 % with a
 * residual value, a desk over 120 months; the first month by its days, the last taking the rounding,
 * the accumulated amount never past the base; and the posting rules balanced.
 */
import { describe, expect, test } from 'bun:test';
import { Decimal } from '../../../kernel/money';
import { assetAccounts, depreciationEntry, disposalEntry } from '../../../plugins/fixed-assets/posting';
import { accumulatedOn, depreciationSchedule } from '../../../plugins/fixed-assets/schedule';
import { LIS_DEPRECIATION_TABLE } from '../../../plugins/fixed-assets/tax-table';

const d = (text: string) => Decimal.parse(text);
const computer = { cost: d('1200.00'), residual: d('0.00'), startDate: '2026-03-16', rate: { coefficientPct: d('25') } };

describe('depreciation schedule', () => {
  test('25 % a year from 16 March: 16/31 of a month first, then 25.00 a month, the last month the rest', () => {
    const s = depreciationSchedule(computer);
    expect(s.length).toBe(49);
    expect(s.slice(0, 3).map((p) => [p.period, p.date, p.amount.toString()])).toEqual([['2026-03', '2026-03-31', '12.90'], ['2026-04', '2026-04-30', '25.00'], ['2026-05', '2026-05-31', '25.00']]);
    expect(s.at(-1)!.period).toBe('2030-03');
    expect(s.at(-1)!.amount.toString()).toBe('12.10');
    expect(s.at(-1)!.accumulated.toString()).toBe('1200.00');
    expect(s.reduce((sum, p) => sum.add(p.amount), Decimal.zero(2)).toString()).toBe('1200.00');
  });

  test('never below the residual value: a van of 30000.00 with 6000.00 residual at 16 % is 320.00 a month for 75 months', () => {
    const s = depreciationSchedule({ cost: d('30000.00'), residual: d('6000.00'), startDate: '2026-02-01', rate: { coefficientPct: d('16') } });
    expect(s.length).toBe(75);
    expect(new Set(s.map((p) => p.amount.toString()))).toEqual(new Set(['320.00']));
    expect(s.at(-1)!.netBookValue.toString()).toBe('6000.00');
  });

  // accumulated 142.857…, 285.714…, 428.571…: rounded 142.86, 285.71, 428.57, 571.43, 714.29, 857.14, 1000.00
  test('rounding never piles up: 1000.00 over 7 months', () => {
    const s = depreciationSchedule({ cost: d('1000.00'), residual: d('0'), startDate: '2026-01-01', rate: { usefulLifeMonths: 7 } });
    expect(s.map((p) => p.amount.toString())).toEqual(['142.86', '142.85', '142.86', '142.86', '142.86', '142.85', '142.86']);
    expect(s.at(-1)!.accumulated.toString()).toBe('1000.00');
  });

  test('accumulated on a day: the month in proportion to its days', () => {
    expect(accumulatedOn(computer, '2026-03-15').toString()).toBe('0.00');
    expect(accumulatedOn(computer, '2026-03-31').toString()).toBe('12.90');
    // 25 × (16/31 + 14 + 15/30) = 375.403…
    expect(accumulatedOn(computer, '2027-06-15').toString()).toBe('375.40');
    expect(accumulatedOn(computer, '2031-01-01').toString()).toBe('1200.00');
  });

  test('the official table: every row of art. 12.1.a LIS', () => {
    expect(LIS_DEPRECIATION_TABLE.length).toBe(33);
    const row = (code: string) => LIS_DEPRECIATION_TABLE.find((r) => r.code === code)!;
    expect([row('equipos-proceso-informacion').maxCoefficient, row('equipos-proceso-informacion').maxYears]).toEqual(['25', 8]);
    expect([row('autocamiones').maxCoefficient, row('autocamiones').maxYears]).toEqual(['20', 10]);
    expect([row('edificios-comerciales').maxCoefficient, row('edificios-comerciales').maxYears]).toEqual(['2', 100]);
    expect([row('otros-elementos').maxCoefficient, row('otros-elementos').maxYears]).toEqual(['10', 20]);
  });
});

describe('posting rules', () => {
  const balanced = (lines: { debit?: Decimal; credit?: Decimal }[]) => {
    const sum = (k: 'debit' | 'credit') => lines.reduce((s, l) => s.add(l[k] ?? Decimal.zero(2)), Decimal.zero(2)).toString();
    expect(sum('debit')).toBe(sum('credit'));
  };

  test('accounts by subgroup', () => {
    expect(assetAccounts('217')).toEqual({ expense: '681', accumulated: '2817', gain: '771', loss: '671' });
    expect(assetAccounts('206')).toEqual({ expense: '680', accumulated: '2806', gain: '770', loss: '670' });
    expect(assetAccounts('2180001').accumulated).toBe('28180001');
  });

  test('a month of several assets: one expense line per account, one accumulated line per asset account', () => {
    const entry = depreciationEntry('2026-04', '2026-04-30', [
      { assetId: 'a', name: 'PC', account: '217', amount: d('25.00') }, { assetId: 'b', name: 'Van', account: '218', amount: d('320.00') },
      { assetId: 'c', name: 'Web', account: '206', amount: d('10.00') },
    ]);
    expect(entry.lines.map((l) => [l.account, l.debit?.toString() ?? null, l.credit?.toString() ?? null])).toEqual([
      ['680', '10.00', null], ['681', '345.00', null], ['2806', null, '10.00'], ['2817', null, '25.00'], ['2818', null, '320.00'],
    ]);
    balanced(entry.lines);
  });

  test('a sale below book value: the price debited back from 771 and the rest a loss on 671', () => {
    const entry = disposalEntry({ assetId: 'a', name: 'PC', account: '217', date: '2027-06-15', cost: d('1200.00'), accumulated: d('375.40'), price: d('700.00') });
    expect(entry.lines.map((l) => [l.account, l.debit?.toString() ?? null, l.credit?.toString() ?? null])).toEqual([
      ['2817', '375.40', null], ['771', '700.00', null], ['671', '124.60', null], ['217', null, '1200.00'],
    ]);
    balanced(entry.lines);
  });

  test('a sale above book value leaves the gain on 771; a write-off is all loss', () => {
    const sale = disposalEntry({ assetId: 'b', name: 'Van', account: '218', date: '2028-01-31', cost: d('30000.00'), accumulated: d('7680.00'), price: d('25000.00') });
    expect(sale.lines.map((l) => [l.account, l.debit?.toString() ?? null, l.credit?.toString() ?? null])).toEqual([
      ['2818', '7680.00', null], ['771', '22320.00', null], ['218', null, '30000.00'],
    ]);
    const off = disposalEntry({ assetId: 'c', name: 'Desk', account: '216', date: '2026-06-30', cost: d('600.00'), accumulated: d('30.00'), price: null });
    expect(off.lines.map((l) => [l.account, l.debit?.toString() ?? null, l.credit?.toString() ?? null])).toEqual([
      ['2816', '30.00', null], ['671', '570.00', null], ['216', null, '600.00'],
    ]);
  });
});
