import { Decimal } from '../../kernel/money';
import { BoxSheet, dec, type BoxDefinition, type ModelInput, type ModelResult, type TaxModel } from '../tax-models/api';
import { DESIGNS_115, file115 } from './file';
import { LANDLORD_AMOUNTS, LANDLORD_GROUPS, RENT_ROWS, rentsOf } from './rents';

/** The five boxes of modelo 115 (retenciones sobre arrendamientos de inmuebles urbanos). */
export const BOXES_115: readonly BoxDefinition[] = [
  { number: '01', label: 'Número de perceptores', kind: 'count' },
  { number: '02', label: 'Base de las retenciones e ingresos a cuenta', kind: 'amount' },
  { number: '03', label: 'Retenciones e ingresos a cuenta', kind: 'amount' },
  { number: '04', label: 'A deducir (solo en autoliquidación complementaria)', kind: 'amount' },
  { number: '05', label: 'Resultado a ingresar ([03] − [04])', kind: 'signed' },
];

/** A quarter's rents withheld (received documents at the rent rate), one summary; the landlords in `details`. */
export async function compute115({ sums }: ModelInput): Promise<ModelResult> {
  const { landlords, base, withholding } = rentsOf(await sums(LANDLORD_GROUPS, RENT_ROWS, LANDLORD_AMOUNTS));
  const boxes = new BoxSheet().set('01', Decimal.of(BigInt(landlords.length), 0)).set('02', base).set('03', withholding);
  boxes.set('05', boxes.get('03').sub(boxes.get('04')));
  const result = boxes.get('05');
  return { boxes: boxes.toRecord(BOXES_115), result: result.toString(), declarationType: result.compare(dec('0')) > 0 ? 'I' : 'N', details: { landlords } };
}

export const MODEL_115: TaxModel = {
  code: '115',
  name: 'Retenciones sobre arrendamientos de inmuebles urbanos',
  periodicities: ['quarterly'],
  designs: DESIGNS_115.map((d) => ({ from: d.from, to: d.to, version: d.version })),
  boxes: BOXES_115,
  compute: compute115,
  sumsOnly: true,
  detailsReads: ['contacts.read'],
  file: file115,
};
