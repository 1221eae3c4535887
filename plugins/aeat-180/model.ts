import { Decimal } from '../../kernel/money';
import { ContactService } from '../contacts/api';
import { BoxSheet, provinceOf, type BoxDefinition, type ModelInput, type ModelResult, type TaxModel } from '../tax-models/api';
import { LANDLORD_GROUPS, landlordsOf, RENT_ROWS, type Landlord } from '../aeat-115/api';
import { DESIGNS_180, file180 } from './file';
import { OPTIONS_180, properties180, type Property } from './options';

/** The summary page (hoja resumen) of modelo 180; the landlords are its lines (`details.landlords`). */
export const BOXES_180: readonly BoxDefinition[] = [
  { number: '01', label: 'Número total de perceptores', kind: 'count' },
  { number: '02', label: 'Base de las retenciones e ingresos a cuenta', kind: 'amount' },
  { number: '03', label: 'Retenciones e ingresos a cuenta', kind: 'amount' },
];

/** One line of the 180: a landlord, its province (from the contact's postal code) and the property the company gave for it that year. */
export interface Line180 extends Landlord {
  province: string | null;
  property: Property | null;
}

/**
 * The year's rents withheld, one line per landlord: the four 115s of the year, summed by landlord
 * (recomputed from the register with the 115's own rule, `landlordsOf` of its api), each with the
 * property the company gave for it in the year's options (`properties`), matched by tax id.
 */
export async function compute180({ tx, sums, options }: ModelInput): Promise<ModelResult> {
  const landlords = landlordsOf(await sums(LANDLORD_GROUPS, RENT_ROWS));
  const properties = properties180(options);
  const postalCodes = await ContactService.postalCodes(tx, landlords.map((landlord) => landlord.contact_id));
  const lines: Line180[] = landlords.map((landlord) => ({
    ...landlord,
    province: provinceOf(postalCodes.get(landlord.contact_id)),
    property: properties.find((p) => landlord.tax_id !== null && p.landlord_tax_id === landlord.tax_id.toUpperCase()) ?? null,
  }));
  const boxes = new BoxSheet().set('01', Decimal.of(BigInt(lines.length), 0));
  for (const line of lines) boxes.add('02', line.base).add('03', line.withholding);
  // an informative return: nothing to pay
  return { boxes: boxes.toRecord(BOXES_180), result: '0.00', declarationType: lines.length ? 'I' : 'N', details: { landlords: lines } };
}

export const MODEL_180: TaxModel = {
  code: '180',
  name: 'Resumen anual de retenciones sobre arrendamientos de inmuebles urbanos',
  periodicities: ['annual'],
  designs: DESIGNS_180.map((d) => ({ from: d.from, to: d.to, version: d.version })),
  boxes: BOXES_180,
  options: OPTIONS_180,
  compute: compute180,
  detailsReads: ['contacts.read'],
  file: file180,
  // from the 1st to the 31st of January of the next year
  dueDate: (period) => `${period.year + 1}-01-31`,
};
