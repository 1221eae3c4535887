/** The prorrata's fraction (art. 104.Dos LIVA) and the last period's regularisation, as pure functions. */
import { describe, expect, test } from 'bun:test';
import { money } from '../../../kernel/money';
import type { TaxRegisterSum } from '../../../plugins/documents/api';
import { prorrataYear, type VatProrrata } from '../../../plugins/tax-models/api';
import { definitivePercent, PRORRATA_REGIMES, prorrataOperations } from '../../../plugins/tax-models/prorrata';

const sum = (key: TaxRegisterSum['key'], base: string, quota = '0.00', deductibleQuota = '0.00'): TaxRegisterSum =>
  ({ key, base, quota, deductibleQuota, surcharge: '0.00', withholding: '0.00', withheldBase: '0.00', rows: 1 });
const GENERAL: VatProrrata = { method: 'general', provisionalPercent: 80, activity: '', cnae: '', definitivePercent: null };

describe('the definitive percentage', () => {
  test('rounded up to the next whole unit; a whole one stays; 0 and 100 at the ends; none without operations', () => {
    expect(definitivePercent(money('4500.00'), money('5800.00'))).toBe(78); // 77.586…
    expect(definitivePercent(money('75.00'), money('100.00'))).toBe(75);
    expect(definitivePercent(money('0.01'), money('100000.00'))).toBe(1);
    expect(definitivePercent(money('99999.99'), money('100000.00'))).toBe(100);
    expect(definitivePercent(money('0.00'), money('100.00'))).toBe(0);
    expect(definitivePercent(money('100.00'), money('100.00'))).toBe(100);
    expect(definitivePercent(money('0.00'), money('0.00'))).toBeNull();
  });

  test('sales by regime: exempt without the right, the others with it; purchases and unknown regimes not counted; rectifications subtract', () => {
    const ops = prorrataOperations([
      sum({ side: 'issued', regime: 'domestic' }, '1000.00'), sum({ side: 'issued', regime: 'domestic' }, '-100.00'),
      sum({ side: 'issued', regime: 'export' }, '500.00'), sum({ side: 'issued', regime: 'exempt' }, '600.00'),
      sum({ side: 'received', regime: 'domestic' }, '9999.00'), sum({ side: 'issued', regime: 'import' }, '777.00'),
    ]);
    expect([ops.withRight.toString(), ops.total.toString(), ops.percent]).toEqual(['1400.00', '2000.00', 70]);
    expect(Object.entries(PRORRATA_REGIMES).filter(([, place]) => place === 'without_right').map(([regime]) => regime)).toEqual(['exempt']);
  });
});

describe('the regularisation of the last period', () => {
  test('current goods and capital goods each rounded; the provisional percentage when the year has no operations; none without a general prorrata', () => {
    const received = [
      sum({ side: 'received', regime: 'domestic', deductible: true, capitalGood: false }, '1158.71', '243.33', '194.66'),
      sum({ side: 'received', regime: 'domestic', deductible: true, capitalGood: true }, '2000.00', '420.00', '336.00'),
      sum({ side: 'received', regime: 'domestic', deductible: false, capitalGood: false }, '100.00', '21.00', '0.00'),
    ];
    const year = prorrataYear(GENERAL, [...received, sum({ side: 'issued', regime: 'domestic' }, '4500.00'), sum({ side: 'issued', regime: 'exempt' }, '1300.00')])!;
    expect([year.definitivePercent, year.quotas.toString(), year.deducted.toString(), year.capitalGoodsRegularisation.toString(), year.regularisation.toString()])
      .toEqual([78, '663.33', '530.66', '-8.40', '-13.26']);
    const quiet = prorrataYear(GENERAL, received)!;
    expect([quiet.definitivePercent, quiet.regularisation.toString()]).toEqual([80, '0.00']);
    expect(prorrataYear({ ...GENERAL, method: 'none', provisionalPercent: 100 }, received)).toBeNull();
  });

  test('a definitive percentage set by hand replaces the computed one, also in a year without operations', () => {
    const received = [
      sum({ side: 'received', regime: 'domestic', deductible: true, capitalGood: false }, '1158.71', '243.33', '194.66'),
      sum({ side: 'received', regime: 'domestic', deductible: true, capitalGood: true }, '2000.00', '420.00', '336.00'),
    ];
    const sales = [sum({ side: 'issued', regime: 'domestic' }, '4500.00'), sum({ side: 'issued', regime: 'exempt' }, '1300.00')];
    // 90 %: current 243.33 × 90 % = 219.00 (218.997) − 194.66 = 24.34; capital 420 × 90 % = 378.00 − 336.00 = 42.00
    const set = prorrataYear({ ...GENERAL, definitivePercent: 90 }, [...received, ...sales])!;
    expect([set.definitivePercent, set.operations.percent, set.capitalGoodsRegularisation.toString(), set.regularisation.toString()]).toEqual([90, 78, '42.00', '66.34']);
    expect(prorrataYear({ ...GENERAL, definitivePercent: 90 }, received)!.definitivePercent).toBe(90);
  });
});
