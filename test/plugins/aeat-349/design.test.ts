/**
 * The 349's record design as data and the pure rules: every record is 500 positions and every field
 * sits at the position the design prints; keys, natures and operators' VAT numbers; a file
 * rendered from a result worked out by hand.
 */
import { describe, expect, test } from 'bun:test';
import { DESIGN_349_2020 } from '../../../plugins/aeat-349/design-2020';
import { file349 } from '../../../plugins/aeat-349/file';
import { MODEL_349 } from '../../../plugins/aeat-349/index';
import { keyOf, operatorVatProblem } from '../../../plugins/aeat-349/model';
import { aeatText, designOf, layoutProblems, periodOf, record, type DesignField } from '../../../plugins/tax-models/api';

describe('the record design', () => {
  const records = { declarant: DESIGN_349_2020.declarant, operator: DESIGN_349_2020.operator, rectification: DESIGN_349_2020.rectification };
  test('every record has 500 positions and every field starts where the one before ends', () => {
    for (const [name, fields] of Object.entries(records)) expect([name, layoutProblems(fields, DESIGN_349_2020.length)]).toEqual([name, []]);
  });

  test('a misplaced field, a constant of the wrong length and a short record are named', () => {
    const fields: DesignField[] = [
      { position: 1, length: 1, kind: 'constant', name: '2', label: 'Tipo' }, { position: 3, length: 3, kind: 'constant', name: '34', label: 'Modelo' },
    ];
    expect(layoutProblems(fields, 10)).toEqual(['Modelo: at 3, expected 2', 'Modelo: constant "34" is not 3 long', 'the record ends at 5, not 10']);
  });

  test('the design serves the tax years 2020 to 2026; a year outside them has none', () => {
    const design = (year: number) => designOf(MODEL_349, periodOf(year, 'quarterly', 4))?.version;
    expect([design(2019), design(2020), design(2026), design(2027)]).toEqual([undefined, DESIGN_349_2020.version, DESIGN_349_2020.version, undefined]);
  });

  test('the fields the design prints, at their positions', () => {
    const at = (fields: readonly DesignField[], name: string) => fields.filter((f) => f.name === name).map((f) => [f.position, f.length]);
    const d = DESIGN_349_2020.declarant, o = DESIGN_349_2020.operator, r = DESIGN_349_2020.rectification;
    expect([at(d, 'declarantTaxId'), at(d, 'period'), at(d, 'operators'), at(d, 'operationsAmount'), at(d, 'rectifiedOperators'), at(d, 'rectificationsAmount')])
      .toEqual([[[9, 9]], [[136, 2]], [[138, 9]], [[147, 15]], [[162, 9]], [[171, 15]]]);
    expect([at(o, 'operatorVat'), at(o, 'operatorName'), at(o, 'key'), at(o, 'base')]).toEqual([[[76, 17]], [[93, 40]], [[133, 1]], [[134, 13]]]);
    expect([at(r, 'rectifiedYear'), at(r, 'rectifiedPeriod'), at(r, 'rectifiedBase'), at(r, 'previousBase')]).toEqual([[[147, 4]], [[151, 2]], [[153, 13]], [[166, 13]]]);
  });

  test('values are padded as the design says; a value that does not fit or a negative amount is refused', () => {
    const fields: DesignField[] = [
      { position: 1, length: 5, kind: 'alpha', name: 'a', label: 'A' }, { position: 6, length: 4, kind: 'numeric', name: 'n', label: 'N' },
      { position: 10, length: 6, kind: 'amount', name: 'm', label: 'M' }, { position: 16, length: 2, kind: 'blank', name: 'blank', label: 'B' },
    ];
    expect(record(fields, { a: 'Peña', n: 7, m: '12.5' })).toBe('PEÑA 0007001250  ');
    expect(() => record(fields, { a: '', n: 12345, m: '0' })).toThrow();
    expect(() => record(fields, { a: '', n: 1, m: '-1.00' })).toThrow();
    expect(() => record(fields, { a: '', n: 1, m: '10000.00' })).toThrow();
    expect(aeatText('Société Générale')).toBe('SOCIETE GENERALE');
  });
});

describe('the rules', () => {
  test('keys: deliveries E (goods) and S (services), acquisitions A (goods) and I (services)', () => {
    expect([keyOf('issued', 'goods'), keyOf('issued', 'services'), keyOf('received', 'goods'), keyOf('received', 'services')]).toEqual(['E', 'S', 'A', 'I']);
  });

  test("an operator's VAT number: another Member State's, with its prefix (EL for Greece)", () => {
    expect(operatorVatProblem('FR40303265045', 'FR')).toBeNull();
    expect(operatorVatProblem('EL094259216', 'GR')).toBeNull();
    expect(operatorVatProblem(null, 'DE')).toContain('no EU VAT number');
    expect(operatorVatProblem('B65410011', 'ES')).toContain('not another EU Member State');
    expect(operatorVatProblem('123456789', 'US')).toContain('not another EU Member State');
    expect(operatorVatProblem('136695976', 'DE')).toContain('prefix DE');
  });
});

describe('the file of a result worked out by hand', () => {
  test('type 1 with the totals, a type 2 per line, then a type 2 per rectification', () => {
    const period = periodOf(2026, 'quarterly', 2);
    const result = {
      boxes: { '01': '1', '02': '1234.56', '03': '1', '04': '90.00' }, result: '0.00', declarationType: 'I',
      details: {
        lines: [{ key: 'A', vat: 'IT00743110157', country: 'IT', name: 'Fornitore SpA', contact_id: 'x', base: '1234.56' }],
        rectifications: [{ key: 'I', vat: 'IT00743110157', country: 'IT', name: 'Fornitore SpA', contact_id: 'x', year: 2025, period: '4T', rectified_base: '90.00', previous_base: '100.00' }],
      },
    };
    const design = MODEL_349.designs[0];
    const file = file349({ model: MODEL_349, period, result, company: { taxId: 'B65410011', name: 'Mi Empresa SL' }, design, options: {}, producer: { configured: false } as any });
    const [one, line, rect] = Buffer.from(file.body as Uint8Array).toString('latin1').split('\r\n');
    const at = (r: string, position: number, length: number) => r.slice(position - 1, position - 1 + length);
    expect(file.filename).toBe('B654100112026' + '2T.349');
    expect([one.length, at(one, 1, 17), at(one, 18, 13), at(one, 58, 1), at(one, 136, 2), at(one, 138, 9), at(one, 147, 15), at(one, 162, 9), at(one, 171, 15)])
      .toEqual([500, '13492026B65410011', 'MI EMPRESA SL', 'T', '2T', '000000001', '000000000123456', '000000001', '000000000009000']);
    expect([line.length, at(line, 1, 17), at(line, 76, 17), at(line, 93, 13), at(line, 133, 14), at(line, 147, 354).trim()])
      .toEqual([500, '23492026B65410011', 'IT00743110157    ', 'FORNITORE SPA', 'A0000000123456', '']);
    expect([rect.length, at(rect, 133, 1), at(rect, 147, 6), at(rect, 153, 26), at(rect, 179, 322).trim()]).toEqual([500, 'I', '20254T', '00000000090000000000010000', '']);
  });
});
