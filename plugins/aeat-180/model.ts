import { Decimal } from '../../kernel/money';
import { ContactService } from '../contacts/api';
import { BoxSheet, dec, type BoxDefinition, type ModelInput, type ModelResult, type TaxModel } from '../tax-models/api';
import { isRent, LANDLORD_AMOUNTS, LANDLORD_GROUPS, landlordsOf, RENT_ROWS, type Landlord } from '../aeat-115/api';
import { design180Of, DESIGNS_180, file180 } from './file';
import { OPTIONS_180, properties180, type Property } from './options';

/** The summary page (hoja resumen) of modelo 180; the landlords are its lines (`details.landlords`). */
export const BOXES_180: readonly BoxDefinition[] = [
  { number: '01', label: 'Número total de perceptores', kind: 'count' },
  { number: '02', label: 'Base de las retenciones e ingresos a cuenta', kind: 'amount' },
  { number: '03', label: 'Retenciones e ingresos a cuenta', kind: 'amount' },
];

/**
 * One line of the 180: a landlord and one of its properties, its province (from the contact's
 * postal code), and the rent withheld for that property. A landlord with several properties whose
 * rent invoices no property names has a line without a property for them, listing their numbers
 * in `unassigned_purchases` (the file is then refused).
 */
export interface Line180 extends Landlord {
  province: string | null;
  property: Property | null;
  unassigned_purchases?: string[];
}

/**
 * The lines of a landlord with several properties: its rent rows of the year (a landlord's, a
 * handful a month) summed per property by the purchases each property names; rows no property
 * names make one line without a property. Lines whose withholdings net to zero are left out.
 */
async function linesOfProperties(landlord: Landlord, properties: readonly Property[], register: ModelInput['register']): Promise<Omit<Line180, 'province'>[]> {
  const rows = (await register({ ...RENT_ROWS, contactId: landlord.contact_id }))
    .filter((row) => isRent({ key: { withholdingRate: row.withholdingRate } }) && (row.counterparty.taxId ?? '').toUpperCase() === landlord.tax_id);
  const owner = new Map(properties.flatMap((property, i) => (property.purchase_ids ?? []).map((id) => [id, i] as const)));
  const sums = properties.map(() => ({ base: Decimal.zero(2), withholding: Decimal.zero(2) }));
  const rest = { base: Decimal.zero(2), withholding: Decimal.zero(2), numbers: new Set<string>() };
  for (const row of rows) {
    const i = owner.get(row.documentId);
    const into = i === undefined ? rest : sums[i];
    into.base = into.base.add(dec(row.base)).rescale(2);
    into.withholding = into.withholding.add(dec(row.withholding)).rescale(2);
    if (i === undefined) rest.numbers.add(row.supplierNumber ?? row.number);
  }
  const line = (sum: { base: Decimal; withholding: Decimal }) => ({ ...landlord, base: sum.base.toString(), withholding: sum.withholding.toString() });
  return [
    ...properties.map((property, i) => ({ ...line(sums[i]), property })).filter((l, i) => !sums[i].withholding.isZero()),
    ...(rest.withholding.isZero() ? [] : [{ ...line(rest), property: null, unassigned_purchases: [...rest.numbers].sort() }]),
  ];
}

/**
 * The year's rents withheld, one line per landlord and property: the four 115s of the year, summed
 * by landlord (recomputed from the register with the 115's own rule, `landlordsOf` of its api),
 * each with the property the company gave for it in the year's options (`properties`), matched by
 * tax id; a landlord with several properties is split by the purchases each of them names.
 */
export async function compute180({ tx, period, sums, register, options }: ModelInput): Promise<ModelResult> {
  const landlords = landlordsOf(await sums(LANDLORD_GROUPS, RENT_ROWS, LANDLORD_AMOUNTS));
  const properties = properties180(options);
  const postalCodes = await ContactService.postalCodes(tx, landlords.map((landlord) => landlord.contact_id));
  const lines: Line180[] = [];
  for (const landlord of landlords) {
    const own = properties.filter((p) => landlord.tax_id !== null && p.landlord_tax_id === landlord.tax_id.toUpperCase());
    // as the year's design lists the provinces (the Isla de La Palma is 53 from 2023)
    const province = design180Of(period).provinceOf(postalCodes.get(landlord.contact_id));
    if (own.length < 2) lines.push({ ...landlord, province, property: own[0] ?? null });
    else for (const line of await linesOfProperties({ ...landlord, tax_id: landlord.tax_id!.toUpperCase() }, own, register)) lines.push({ ...line, province });
  }
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
