/** Modelo 390's mapping, its equalities with the 303s and the exemption rule, as pure functions. */
import { describe, expect, test } from 'bun:test';
import { BOXES_390, GROUPS_FROM_303 } from '../../../plugins/aeat-390/boxes';
import { boxes390, checks303, exemption, liquidation390, liquidationCheck, type Group390 } from '../../../plugins/aeat-390/compute';
import { DESIGN_390_2025 } from '../../../plugins/aeat-390/design-2025';
import { layoutProblems } from '../../../plugins/tax-models/api';

const group = (fields: Partial<Group390>): Group390 => ({
  side: 'issued', kind: 'invoice', regime: 'domestic', rate: '21.00', surchargeRate: null, capitalGood: false, deductible: false,
  base: '0.00', quota: '0.00', deductibleQuota: '0.00', surcharge: '0.00', ...fields,
});

describe('modelo 390, pure', () => {
  test('the boxes: each number once; every box a group or a 303 equality names exists', () => {
    const numbers = BOXES_390.map((b) => b.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const g of GROUPS_FROM_303) for (const box of g.boxes390) expect(numbers).toContain(box);
  });

  test('register groups to boxes: rates, recargo, rectifications, deductible kinds, annual information', () => {
    const { boxes, intraEu, unmapped } = boxes390([
      group({ rate: '10.00', base: '200.00', quota: '20.00' }),
      group({ rate: '21.00', base: '100.00', quota: '21.00', surchargeRate: '1.40', surcharge: '1.40' }),
      group({ kind: 'rectification', base: '-50.00', quota: '-10.50', surchargeRate: '1.40', surcharge: '-0.70' }),
      group({ regime: 'exempt', rate: '0.00', base: '70.00' }),
      group({ regime: 'oss', base: '10.00', quota: '2.00' }),
      group({ side: 'received', deductible: true, rate: '4.00', base: '300.00', quota: '12.00', deductibleQuota: '12.00' }),
      group({ side: 'received', rate: '21.00', base: '40.00', quota: '8.40' }), // not deductible
      group({ side: 'received', kind: 'intra_eu_acquisition', regime: 'intra_eu', deductible: true, capitalGood: true, base: '1000.00', quota: '210.00', deductibleQuota: '210.00' }),
      group({ side: 'received', kind: 'intra_eu_acquisition', regime: 'intra_eu', deductible: true, base: '500.00', quota: '105.00', deductibleQuota: '105.00' }),
      group({ side: 'received', kind: 'rectification', regime: 'domestic', deductible: true, base: '-30.00', quota: '-6.30', deductibleQuota: '-6.30' }),
      group({ side: 'received', kind: 'import', regime: 'import', deductible: true, rate: '7.50', base: '10.00', quota: '0.75', deductibleQuota: '0.75' }),
      group({ side: 'received', kind: 'import', regime: 'import', deductible: true, capitalGood: true, rate: '5.00', base: '10.00', quota: '0.50', deductibleQuota: '0.50' }),
      group({ rate: '21.00', base: '100.00', quota: '21.00', surchargeRate: '1.75', surcharge: '1.75' }),
    ], [
      { nature: 'goods', rate: '21.00', deductible: true, base: '300.00', quota: '63.00', deductibleQuota: '63.00' },
      { nature: 'services', rate: '21.00', deductible: true, base: '200.00', quota: '42.00', deductibleQuota: '42.00' },
      { nature: 'services', rate: '10.00', deductible: false, base: '10.00', quota: '1.00', deductibleQuota: '0.00' },
    ]);
    expect([boxes.get('03'), boxes.get('04'), boxes.get('05'), boxes.get('06')].map(String)).toEqual(['200.00', '20.00', '200.00', '42.00']);
    // intra-EU acquisitions: the investment good (goods) from its group, the others by nature from the parts
    expect(['25', '26', '551', '552', '547', '548', '629', '630', '637', '638', '635'].map((b) => boxes.get(b).toString())).toEqual([
      '1300.00', '273.00', '200.00', '42.00', '10.00', '1.00', '300.00', '63.00', '200.00', '42.00', '0.00',
    ]);
    expect([boxes.get('599'), boxes.get('600'), boxes.get('43'), boxes.get('44'), boxes.get('41'), boxes.get('42')].map(String)).toEqual(['100.00', '1.40', '-50.00', '-0.70', '100.00', '1.75']);
    expect([boxes.get('29'), boxes.get('30'), boxes.get('99'), boxes.get('105')].map(String)).toEqual(['-50.00', '-10.50', '350.00', '70.00']);
    expect([boxes.get('190'), boxes.get('191'), boxes.get('232'), boxes.get('633'), boxes.get('634')].map(String)).toEqual(['300.00', '12.00', '40.00', '1000.00', '210.00']);
    expect([boxes.get('639'), boxes.get('62'), boxes.get('759'), boxes.get('760')].map(String)).toEqual(['-30.00', '-6.30', '10.00', '0.75']);
    expect(intraEu).toEqual([{ rate: '21.00', base: '1500.00', quota: '315.00', deductible_base: '500.00', deductible_quota: '105.00' }]);
    expect([boxes.get('734'), boxes.get('735')].map(String)).toEqual(['10.00', '0.50']);
    // totals: accrued 200 + 200 + 1,300 + 200 + 10 − 50 (bases), 20 + 42 + 273 + 42 + 1 − 10.50 (quotas); with recargo 1.40 + 1.75 − 0.70;
    // deductions 12 + 0.75 + 0.50 + 63 + 210 + 42 − 6.30; the result 369.95 − 321.95
    expect(['33', '34', '47', '64', '65'].map((b) => boxes.get(b).toString())).toEqual(['1860.00', '367.50', '369.95', '321.95', '48.00']);
    // what has no box here is listed, never dropped: one-stop-shop sales
    expect(unmapped).toEqual(['issued invoice oss sales']);
  });

  test('the 303 equalities: equal when the 303s say the same, and a difference is reported', () => {
    const mapped = boxes390([group({ base: '100.00', quota: '21.00' }), group({ side: 'received', deductible: true, rate: '10.00', base: '50.00', quota: '5.00', deductibleQuota: '5.00' })]);
    const quarters: Record<string, string>[] = [{ '07': '60.00', '09': '12.60', '28': '50.00', '29': '5.00' }, { '07': '40.00', '09': '8.40' }];
    expect(checks303(mapped, quarters).filter((c) => !c.equal)).toEqual([]);
    const wrong = checks303(mapped, [{ ...quarters[0], '29': '4.00' }, quarters[1]]).filter((c) => !c.equal);
    expect(wrong).toEqual([{ boxes_390: ['696', '191', '725', '698', '604', '606'], boxes_303: ['29'], value_390: '5.00', sum_303: '4.00', equal: false }]);
  });

  test('the results of the 303s: [85] from the first, [95] the payments, [96] interim refunds, [97]/[98] the last; [86] agrees with them', () => {
    const { boxes } = boxes390([group({ base: '1000.00', quota: '210.00' })]);
    liquidation390(boxes, [
      { declarationType: 'I', result: '150.00', boxes: { '110': '40.00' } },
      { declarationType: 'C', result: '-30.00', boxes: {} },
      { declarationType: 'I', result: '0.00', boxes: {} },
      { declarationType: 'C', result: '-10.00', boxes: { '87': '0.00' } },
    ]);
    // 84 = 65 = 210 and 86 = 210 − 40 = 170; these made-up returns give 150 − 0 − 10 − 0 = 140: they do not add up, and the check says so
    expect(['85', '86', '95', '96', '97', '98'].map((b) => boxes.get(b).toString())).toEqual(['40.00', '170.00', '150.00', '0.00', '10.00', '0.00']);
    expect(liquidationCheck(boxes)).toEqual({ boxes_390: ['86'], boxes_303: ['95 − 96 − 97 − 98'], value_390: '170.00', sum_303: '140.00', equal: false });
  });

  test('the DR390 2025 design: every page at its length, every field where the one before ends', () => {
    expect(DESIGN_390_2025.pages.map((p) => [p.name, layoutProblems(p.fields, p.length)])).toEqual(DESIGN_390_2025.pages.map((p) => [p.name, []]));
    expect(DESIGN_390_2025.pages.map((p) => p.length)).toEqual([1187, 1806, 531, 1840, 854, 828, 776]);
  });

  test('exemption: the SII, or only exempting activities as a quarterly filer', () => {
    expect(exemption({ sii: false, exemptingActivitiesOnly: false, periodicity303: 'quarterly' })).toBeNull();
    expect(exemption({ sii: false, exemptingActivitiesOnly: true, periodicity303: 'monthly' })).toBeNull();
    expect(exemption({ sii: false, exemptingActivitiesOnly: true, periodicity303: 'quarterly' })).toContain('Quarterly 303 filer');
    expect(exemption({ sii: true, exemptingActivitiesOnly: false, periodicity303: 'monthly' })).toContain('SII');
  });
});
