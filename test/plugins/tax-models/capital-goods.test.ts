/**
 * The capital goods regularisation's rule (arts. 107–109 LIVA), pure: the period, the 10-point
 * threshold, a year without prorrata at 100 %, and the rounding of art. 109's division, each
 * worked out by hand.
 */
import { describe, expect, test } from 'bun:test';
import { Decimal } from '../../../kernel/money';
import type { TaxRegisterEntry } from '../../../plugins/documents/api';
import { capitalGoodsYear, isLandOrBuildingAccount, regulariseGood, type CapitalGood } from '../../../plugins/tax-models/api';

const good = (date: string, quota: string, building = false): CapitalGood => ({
  entry: { number: 'R-1', groupNo: 1, accountingDate: date, quota, base: '0.00', documentType: 'purchase', documentId: 'x', supplierNumber: null } as TaxRegisterEntry,
  building,
});

describe('regulariseGood', () => {
  test('(quota × year % − deducted) / 5: 2,100.00 bought at 80 % (1,680.00), a year at 60 % regularises −84.00', () => {
    const item = regulariseGood(good('2024-03-10', '2100.00'), 2025, 80, 60)!;
    expect([item.deducted.toString(), item.yearDeduction.toString(), item.amount.toString(), item.yearOfPeriod, item.yearsLeft, item.regularises]).toEqual(['1680.00', '1260.00', '-84.00', 2, 3, true]);
  });

  test('a year without prorrata counts as 100 %: (2,100.00 − 1,680.00) / 5 = +84.00; a building / 10 = +420.00 on 21,000.00', () => {
    expect(regulariseGood(good('2024-03-10', '2100.00'), 2027, 80, 100)!.amount.toString()).toBe('84.00');
    expect(regulariseGood(good('2024-05-10', '21000.00', true), 2027, 80, 100)!.amount.toString()).toBe('420.00');
  });

  test('exactly 10 points is not more than 10: nothing; 11 points regularises', () => {
    expect(regulariseGood(good('2024-03-10', '2100.00'), 2025, 80, 70)).toMatchObject({ regularises: false });
    expect(regulariseGood(good('2024-03-10', '2100.00'), 2025, 80, 70)!.amount.toString()).toBe('0.00');
    expect(regulariseGood(good('2024-03-10', '2100.00'), 2025, 80, 91)!.amount.toString()).toBe('46.20'); // (1,911.00 − 1,680.00) / 5
    expect(regulariseGood(good('2024-03-10', '2100.00'), 2025, 80, 69)!.amount.toString()).toBe('-46.20'); // (1,449.00 − 1,680.00) / 5
  });

  test('rounded once, half away from zero: 333.33 at 80 % deducted 266.66; at 60 % 199.998 − 266.66 = −66.662, / 5 = −13.3324 → −13.33', () => {
    expect(regulariseGood(good('2024-03-10', '333.33'), 2025, 80, 60)!.amount.toString()).toBe('-13.33');
    // 0.25 at 100 % deducted 0.25; at 0 %: −0.25 / 10 = −0.025 → −0.03
    expect(regulariseGood(good('2024-03-10', '0.25', true), 2030, 100, 0)!.amount.toString()).toBe('-0.03');
  });

  test('the period: the 4 years after the purchase (9 for land and buildings); not the purchase year itself', () => {
    expect(regulariseGood(good('2024-03-10', '2100.00'), 2024, 80, 60)).toBeNull();
    expect(regulariseGood(good('2024-03-10', '2100.00'), 2028, 80, 60)!.yearsLeft).toBe(0);
    expect(regulariseGood(good('2024-03-10', '2100.00'), 2029, 80, 60)).toBeNull();
    expect(regulariseGood(good('2024-03-10', '2100.00', true), 2033, 80, 60)!.amount.toString()).toBe('-42.00');
    expect(regulariseGood(good('2024-03-10', '2100.00', true), 2034, 80, 60)).toBeNull();
  });
});

describe('a sale within the period (art. 110)', () => {
  const sold = (percent: 0 | 100, building = false): CapitalGood => ({ ...good('2024-03-10', '2100.00', building), sale: { date: '2025-06-30', percent } });

  test('taxed, in year 2: (2,100.00 × 100 % − 1,680.00) × 4 / 5 = 336.00, whatever the year\'s percentage; nothing left after', () => {
    expect(regulariseGood(sold(100), 2025, 80, 82)).toMatchObject({ regularises: true, yearPercent: 100, yearsLeft: 0 });
    expect(regulariseGood(sold(100), 2025, 80, 82)!.amount.toString()).toBe('336.00');
    expect(regulariseGood(sold(100), 2026, 80, 60)).toBeNull();
  });

  test('exempt: (0 − 1,680.00) × 4 / 5 = −1,344.00; a building: × 9 / 10 = −1,512.00', () => {
    expect(regulariseGood(sold(0), 2025, 80, 80)!.amount.toString()).toBe('-1344.00');
    expect(regulariseGood(sold(0, true), 2025, 80, 80)!.amount.toString()).toBe('-1512.00');
  });

  test('a taxed sale deducts no more than the VAT it accrued (art. 110.Uno.1ª): 336.00 capped at 300.00; an exempt one has no cap', () => {
    const capped = { ...good('2024-03-10', '2100.00'), sale: { date: '2025-06-30', percent: 100 as const, vat: Decimal.parse('300.00') } };
    expect(regulariseGood(capped, 2025, 80, 60)!.amount.toString()).toBe('300.00');
    const under = { ...capped, sale: { ...capped.sale, vat: Decimal.parse('400.00') } };
    expect(regulariseGood(under, 2025, 80, 60)!.amount.toString()).toBe('336.00');
  });

  test('the years before the sale regularise as usual', () => {
    const later = { ...good('2024-03-10', '2100.00'), sale: { date: '2027-02-01', percent: 100 as const } };
    expect(regulariseGood(later, 2025, 80, 60)!.amount.toString()).toBe('-84.00');
    expect(regulariseGood(later, 2027, 80, 60)!.amount.toString()).toBe('168.00'); // 420.00 × 2 / 5
  });
});

test('a good written off: regularised in the year of the write-off, not after', () => {
  const gone = { ...good('2024-03-10', '2100.00'), writtenOff: '2025-05-01' };
  expect(regulariseGood(gone, 2025, 80, 60)!.amount.toString()).toBe('-84.00');
  expect(regulariseGood(gone, 2026, 80, 60)).toBeNull();
});

describe('capitalGoodsYear', () => {
  test('each good against its own purchase year: the sum is box 43', () => {
    const percents: Record<number, number> = { 2023: 50, 2024: 80, 2025: 60 };
    const year = capitalGoodsYear(2025, [good('2024-03-10', '2100.00'), good('2023-06-01', '1000.00'), good('2019-01-01', '500.00')], (y) => percents[y] ?? 100);
    // 2024: −84.00; 2023 at 50 % (500.00), now 60 %: 10 points, nothing; 2019: outside its 5 years
    expect(year.goods.map((g) => g.amount.toString())).toEqual(['-84.00', '0.00']);
    expect(year.total.toString()).toBe('-84.00');
  });
});

test('land and buildings are the PGC accounts 210, 211, 220, 221, 230 and 231 (and their sub-accounts), wherever the company books them', () => {
  expect(['210', '2110001', '211', '213', '217', '21', '2200001', '221', '2210003', '230', '231', '232', '22'].map(isLandOrBuildingAccount))
    .toEqual([true, true, true, false, false, false, true, true, true, true, true, false, false]);
});
