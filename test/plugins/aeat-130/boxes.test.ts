/** Modelo 130's arithmetic without a database: the boxes of a quarter from year-to-date figures, by hand. */
import { describe, expect, test } from 'bun:test';
import { Decimal } from '../../../kernel/money';
import { applies130, boxes130, BOXES_130 } from '../../../plugins/aeat-130/model';
import { DEFAULT_PROFILE } from '../../../plugins/tax-models/api';

const d = (text: string) => Decimal.parse(text);
const nonZero = (sheet: ReturnType<typeof boxes130>['boxes']) => Object.fromEntries(Object.entries(sheet.toRecord(BOXES_130)).filter(([, v]) => v !== '0.00'));

describe('boxes130', () => {
  test('a first quarter: 20 % of the net less the withholdings borne', () => {
    // 10,000 − 2,000 = 8,000; 20 % = 1,600; less 1,500 withheld = 100
    const { boxes, next } = boxes130({ income: d('10000.00'), expenses: d('2000.00'), withholdings: d('1500.00') }, null);
    expect(nonZero(boxes)).toEqual({ '01': '10000.00', '02': '2000.00', '03': '8000.00', '04': '1600.00', '06': '1500.00', '07': '100.00', '12': '100.00', '14': '100.00', '17': '100.00', '19': '100.00' });
    expect(next).toEqual({ positive_07: '100.00', negatives_pending: '0.00' });
  });

  test('a loss to date: [03] negative, [04] zero, [07] negative, [12] and the result zero; [05] only sums positive [07]', () => {
    const { boxes, next } = boxes130({ income: d('10000.00'), expenses: d('14000.00'), withholdings: d('1500.00') }, { positive_07: '100.00', negatives_pending: '0.00' });
    // 0 − 100 − 1,500 = −1,600
    expect(nonZero(boxes)).toEqual({ '01': '10000.00', '02': '14000.00', '03': '-4000.00', '05': '100.00', '06': '1500.00', '07': '-1600.00' });
    expect(next).toEqual({ positive_07: '100.00', negatives_pending: '0.00' });
  });

  test('negative results of earlier quarters ([19] < 0) are deducted in [15] up to [14], the rest carried on', () => {
    // 20 % of 3,000 = 600; 600 − 100 − 200 = 300; 450 pending: 300 deducted, 150 left
    const { boxes, next } = boxes130({ income: d('5000.00'), expenses: d('2000.00'), withholdings: d('200.00') }, { positive_07: '100.00', negatives_pending: '450.00' });
    expect(nonZero(boxes)).toMatchObject({ '04': '600.00', '05': '100.00', '06': '200.00', '07': '300.00', '12': '300.00', '14': '300.00', '15': '300.00' });
    expect(boxes.get('19').toString()).toBe('0.00');
    expect(next).toEqual({ positive_07: '400.00', negatives_pending: '150.00' });
  });

  test('20 % rounded to the cent, half away from zero', () => {
    // 0.05 × 20 % = 0.01; 1,234.57 × 20 % = 246.914 → 246.91
    expect(boxes130({ income: d('0.05'), expenses: d('0.00'), withholdings: d('0.00') }, null).boxes.get('04').toString()).toBe('0.01');
    expect(boxes130({ income: d('1234.57'), expenses: d('0.00'), withholdings: d('0.00') }, null).boxes.get('04').toString()).toBe('246.91');
  });

  test('applies only to an individual in estimación directa', () => {
    expect(applies130(DEFAULT_PROFILE)).toContain('sociedad');
    expect(applies130({ ...DEFAULT_PROFILE, legalForm: 'entity' })).toContain('atribución de rentas');
    expect(applies130({ ...DEFAULT_PROFILE, legalForm: 'individual', irpfMethod: 'directa_normal' })).toBeNull();
    expect(applies130({ ...DEFAULT_PROFILE, legalForm: 'individual', irpfMethod: 'directa_simplificada' })).toBeNull();
  });
});
