import { Decimal } from '../../kernel/money';
import { BoxSheet, type BoxDefinition, type ModelInput, type ModelResult, type TaxModel } from '../tax-models/api';
import { LANDLORD_GROUPS, landlordsOf, RENT_ROWS } from '../aeat-115/api';

/** The summary page (hoja resumen) of modelo 180; the landlords are its lines (`details.landlords`). */
export const BOXES_180: readonly BoxDefinition[] = [
  { number: '01', label: 'Número total de perceptores', kind: 'count' },
  { number: '02', label: 'Base de las retenciones e ingresos a cuenta', kind: 'amount' },
  { number: '03', label: 'Retenciones e ingresos a cuenta', kind: 'amount' },
];

/**
 * The year's rents withheld, one line per landlord: the four 115s of the year, summed by landlord
 * (recomputed from the register with the 115's own rule, `landlordsOf` of its api). No property
 * lines: neither contacts nor purchases carry a cadastral reference yet.
 */
export async function compute180({ sums }: ModelInput): Promise<ModelResult> {
  const landlords = landlordsOf(await sums(LANDLORD_GROUPS, RENT_ROWS));
  const boxes = new BoxSheet().set('01', Decimal.of(BigInt(landlords.length), 0));
  for (const landlord of landlords) boxes.add('02', landlord.base).add('03', landlord.withholding);
  // an informative return: nothing to pay
  return { boxes: boxes.toRecord(BOXES_180), result: '0.00', declarationType: landlords.length ? 'I' : 'N', details: { landlords } };
}

export const MODEL_180: TaxModel = {
  code: '180',
  name: 'Resumen anual de retenciones sobre arrendamientos de inmuebles urbanos',
  periodicities: ['annual'],
  designs: [],
  boxes: BOXES_180,
  compute: compute180,
  detailsReads: ['contacts.read'],
  // from the 1st to the 31st of January of the next year
  dueDate: (period) => `${period.year + 1}-01-31`,
};
