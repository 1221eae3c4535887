/**
 * The 115's landlords from the register's sums (`rentsOf`): one line per landlord (by tax id, else
 * contact), amounts exact to the cent whether a landlord comes in one group or several, a landlord
 * whose withholdings net to zero left out, the boxes' totals the lines' sums. Pure: no database.
 */
import { describe, expect, test } from 'bun:test';
import { rentsOf } from '../../../plugins/aeat-115/rents';

const group = (taxId: string | null, contactId: string, name: string, base: string, withholding: string, rate = '19.00') =>
  ({ key: { counterpartyTaxId: taxId, contactId, counterpartyName: name, withholdingRate: rate }, base, withholding, rows: 1 });

describe('rentsOf', () => {
  test('groups of one landlord are added up; a single group keeps its amounts; zero net is left out; other rates are no rents', () => {
    const { landlords, base, withholding } = rentsOf([
      group('B12345674', 'c1', 'Inmuebles Norte SL', '1000.00', '190.00'),
      // the same landlord under a second contact and a name written otherwise: one line, first name kept
      group('b12345674', 'c2', 'INMUEBLES NORTE S.L.', '500.10', '95.02'),
      group(null, 'c3', 'Particular sin NIF', '-200.00', '-38.00'),
      group('12345678Z', 'c4', 'Arrendadora devuelta', '300.00', '57.00'),
      group('12345678Z', 'c4', 'Arrendadora devuelta', '-300.00', '-57.00'),
      // a sum spelled with three decimals is read exactly and written with two
      group('X1234567L', 'c5', 'Local Centro', '99.990', '19.000'),
      group('B76543214', 'c6', 'Profesional', '1000.00', '150.00', '15.00'),
    ] as any);
    expect(landlords).toEqual([
      { contact_id: 'c1', name: 'Inmuebles Norte SL', tax_id: 'B12345674', base: '1500.10', withholding: '285.02' },
      { contact_id: 'c3', name: 'Particular sin NIF', tax_id: null, base: '-200.00', withholding: '-38.00' },
      { contact_id: 'c5', name: 'Local Centro', tax_id: 'X1234567L', base: '99.99', withholding: '19.00' },
    ]);
    expect([base.toString(), withholding.toString()]).toEqual(['1400.09', '266.02']);
  });
});
