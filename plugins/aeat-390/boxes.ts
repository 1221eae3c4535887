import type { BoxDefinition, BoxKind } from '../tax-models/api';

/**
 * A box of modelo 390 and, where the annual summary repeats the periodic returns, the 303 boxes
 * whose sum over the year it equals (`from303`). Box numbers and concepts: docs/domain/modelo-390.md.
 */
export interface Box390 extends BoxDefinition {
  from303?: readonly string[];
}

const box = (number: string, label: string, from303?: readonly string[], kind: BoxKind = 'amount'): Box390 => ({ number, label, kind, ...(from303 ? { from303 } : {}) });
const signed = (number: string, label: string, from303?: readonly string[]): Box390 => box(number, label, from303, 'signed');

/** A base and quota pair per rate: `[rate, base box, quota box]`, the rate as the register keeps it (two decimals). */
export type RatePairs = readonly (readonly [rate: string, base: string, quota: string])[];

const RATE_LABEL = (rate: string) => `${rate.replace(/\.?0+$/, '').replace('.', ',')}%`;
const pairs = (what: string, table: RatePairs, from303: Record<string, readonly [string, string]> = {}): Box390[] => table.flatMap(([rate, base, quota]) => [
  box(base, `${what} ${RATE_LABEL(rate)}: base imponible`, from303[rate]?.[0] ? [from303[rate][0]] : undefined),
  box(quota, `${what} ${RATE_LABEL(rate)}: cuota`, from303[rate]?.[1] ? [from303[rate][1]] : undefined),
]);

// IVA devengado
export const ORDINARY: RatePairs = [['0.00', '700', '701'], ['2.00', '667', '668'], ['4.00', '01', '02'], ['5.00', '702', '703'], ['7.50', '669', '670'], ['10.00', '03', '04'], ['21.00', '05', '06']];
export const INTRA_EU_GOODS: RatePairs = [['0.00', '716', '717'], ['2.00', '683', '684'], ['4.00', '21', '22'], ['5.00', '718', '719'], ['7.50', '685', '686'], ['10.00', '23', '24'], ['21.00', '25', '26']];
export const INTRA_EU_SERVICES: RatePairs = [['0.00', '720', '721'], ['2.00', '687', '688'], ['4.00', '545', '546'], ['5.00', '722', '723'], ['7.50', '689', '690'], ['10.00', '547', '548'], ['21.00', '551', '552']];
export const SURCHARGE: RatePairs = [['0.00', '663', '664'], ['0.26', '691', '692'], ['0.50', '35', '36'], ['0.62', '665', '666'], ['1.00', '693', '694'], ['1.40', '599', '600'], ['5.20', '601', '602'], ['1.75', '41', '42']];
// IVA deducible
export const INTERIOR_CURRENT: RatePairs = [['2.00', '695', '696'], ['4.00', '190', '191'], ['5.00', '724', '725'], ['7.50', '697', '698'], ['10.00', '603', '604'], ['21.00', '605', '606']];
export const INTERIOR_CAPITAL: RatePairs = [['2.00', '749', '750'], ['4.00', '196', '197'], ['5.00', '728', '729'], ['7.50', '751', '752'], ['10.00', '611', '612'], ['21.00', '613', '614']];
export const IMPORT_CURRENT: RatePairs = [['2.00', '757', '758'], ['4.00', '202', '203'], ['5.00', '732', '733'], ['7.50', '759', '760'], ['10.00', '619', '620'], ['21.00', '621', '622']];
export const IMPORT_CAPITAL: RatePairs = [['2.00', '761', '762'], ['4.00', '208', '209'], ['5.00', '734', '735'], ['7.50', '763', '764'], ['10.00', '623', '624'], ['21.00', '625', '626']];
export const INTRA_EU_CURRENT_GOODS: RatePairs = [['2.00', '765', '766'], ['4.00', '214', '215'], ['5.00', '736', '737'], ['7.50', '767', '768'], ['10.00', '627', '628'], ['21.00', '629', '630']];
export const INTRA_EU_CAPITAL: RatePairs = [['2.00', '769', '770'], ['4.00', '220', '221'], ['5.00', '738', '739'], ['7.50', '771', '772'], ['10.00', '631', '632'], ['21.00', '633', '634']];
export const INTRA_EU_SERVICES_DEDUCTIBLE: RatePairs = [['2.00', '773', '774'], ['4.00', '587', '588'], ['5.00', '740', '741'], ['7.50', '775', '776'], ['10.00', '635', '636'], ['21.00', '637', '638']];

const bases = (...tables: RatePairs[]) => tables.flatMap((t) => t.map(([, base]) => base));
const quotas = (...tables: RatePairs[]) => tables.flatMap((t) => t.map(([, , quota]) => quota));

/**
 * The totals of the form, each the sum of the boxes named (minus those in `less`): [33]/[34] every
 * accrued base and quota of the general regime, [47] with the recargo, [48]–[59] and [597]/[598]
 * the deductible groups, [64] every deduction, [65] = [47] − [64], [108] the volume of operations.
 */
export const TOTALS: readonly { box: string; of: readonly string[]; less?: readonly string[] }[] = [
  { box: '33', of: [...bases(ORDINARY, INTRA_EU_GOODS, INTRA_EU_SERVICES), '27', '29'] },
  { box: '34', of: [...quotas(ORDINARY, INTRA_EU_GOODS, INTRA_EU_SERVICES), '28', '30'] },
  { box: '47', of: ['34', ...quotas(SURCHARGE), '44'] },
  { box: '48', of: bases(INTERIOR_CURRENT) }, { box: '49', of: quotas(INTERIOR_CURRENT) },
  { box: '50', of: bases(INTERIOR_CAPITAL) }, { box: '51', of: quotas(INTERIOR_CAPITAL) },
  { box: '52', of: bases(IMPORT_CURRENT) }, { box: '53', of: quotas(IMPORT_CURRENT) },
  { box: '54', of: bases(IMPORT_CAPITAL) }, { box: '55', of: quotas(IMPORT_CAPITAL) },
  { box: '56', of: bases(INTRA_EU_CURRENT_GOODS) }, { box: '57', of: quotas(INTRA_EU_CURRENT_GOODS) },
  { box: '58', of: bases(INTRA_EU_CAPITAL) }, { box: '59', of: quotas(INTRA_EU_CAPITAL) },
  { box: '597', of: bases(INTRA_EU_SERVICES_DEDUCTIBLE) }, { box: '598', of: quotas(INTRA_EU_SERVICES_DEDUCTIBLE) },
  { box: '64', of: ['49', '51', '53', '55', '57', '59', '598', '62', '63', '522'] },
  { box: '65', of: ['47'], less: ['64'] },
  // 84 = 65 + 658 (the art. 80.Cinco.5ª regularisation, which the books do not know: zero)
  { box: '84', of: ['65'] },
  { box: '108', of: ['99', '103', '104', '105', '110'] },
];

/** The boxes of modelo 390 this plugin fills, in the order of the form. */
export const BOXES_390: readonly Box390[] = [
  // 5. Régimen general: IVA devengado
  ...pairs('Régimen ordinario', ORDINARY, { '0.00': ['150', '152'], '2.00': ['165', '167'], '4.00': ['01', '03'], '10.00': ['04', '06'], '21.00': ['07', '09'] }),
  ...pairs('Adquisiciones intracomunitarias de bienes', INTRA_EU_GOODS),
  ...pairs('Adquisiciones intracomunitarias de servicios', INTRA_EU_SERVICES),
  box('27', 'IVA devengado en otros supuestos de inversión del sujeto pasivo: base', ['12']), box('28', 'IVA devengado en otros supuestos de inversión del sujeto pasivo: cuota', ['13']),
  signed('29', 'Modificación de bases', ['14']), signed('30', 'Modificación de cuotas', ['15']),
  signed('33', 'Total bases imponibles del IVA devengado'), signed('34', 'Total cuotas del IVA devengado'),
  ...pairs('Recargo de equivalencia', SURCHARGE, { '1.40': ['19', '21'], '5.20': ['22', '24'], '1.75': ['156', '158'] }),
  signed('43', 'Modificación de recargo de equivalencia: base', ['25']), signed('44', 'Modificación de recargo de equivalencia: cuota', ['26']),
  signed('47', 'Total cuotas de IVA y recargo de equivalencia'),
  // 5. Régimen general: IVA deducible
  ...pairs('Deducible en operaciones interiores corrientes', INTERIOR_CURRENT), signed('48', 'Total bases, operaciones interiores corrientes'), signed('49', 'Total cuotas deducibles, operaciones interiores corrientes'),
  ...pairs('Deducible en operaciones interiores con bienes de inversión', INTERIOR_CAPITAL), signed('50', 'Total bases, operaciones interiores con bienes de inversión'), signed('51', 'Total cuotas deducibles, operaciones interiores con bienes de inversión'),
  ...pairs('Deducible en importaciones de bienes corrientes', IMPORT_CURRENT), signed('52', 'Total bases, importaciones de bienes corrientes'), signed('53', 'Total cuotas deducibles, importaciones de bienes corrientes'),
  ...pairs('Deducible en importaciones de bienes de inversión', IMPORT_CAPITAL), signed('54', 'Total bases, importaciones de bienes de inversión'), signed('55', 'Total cuotas deducibles, importaciones de bienes de inversión'),
  ...pairs('Deducible en adquisiciones intracomunitarias de bienes corrientes', INTRA_EU_CURRENT_GOODS), signed('56', 'Total bases, adquisiciones intracomunitarias de bienes corrientes'), signed('57', 'Total cuotas deducibles, adquisiciones intracomunitarias de bienes corrientes'),
  ...pairs('Deducible en adquisiciones intracomunitarias de bienes de inversión', INTRA_EU_CAPITAL), signed('58', 'Total bases, adquisiciones intracomunitarias de bienes de inversión'), signed('59', 'Total cuotas deducibles, adquisiciones intracomunitarias de bienes de inversión'),
  ...pairs('Deducible en adquisiciones intracomunitarias de servicios', INTRA_EU_SERVICES_DEDUCTIBLE), signed('597', 'Total bases, adquisiciones intracomunitarias de servicios'), signed('598', 'Total cuotas deducibles, adquisiciones intracomunitarias de servicios'),
  signed('639', 'Rectificación de deducciones: base', ['40']), signed('62', 'Rectificación de deducciones: cuota', ['41']),
  signed('63', 'Regularización de bienes de inversión', ['43']),
  signed('522', 'Regularización por aplicación del porcentaje definitivo de prorrata', ['44']),
  signed('64', 'Suma de deducciones'), signed('65', 'Resultado del régimen general ([47] − [64])'),
  // 7. Resultado de la liquidación anual; 9. Resultado de las liquidaciones (from the year's 303s)
  signed('84', 'Suma de resultados'), box('85', 'Compensación de cuotas del ejercicio anterior'), signed('86', 'Resultado de la liquidación ([84] − [85])'),
  box('95', 'Total resultados a ingresar en las autoliquidaciones del ejercicio'), box('96', 'Total devoluciones mensuales (registro de devolución mensual)'),
  box('97', 'Resultado de la autoliquidación del último periodo: a compensar'), box('98', 'Resultado de la autoliquidación del último periodo: a devolver'),
  // 10. Volumen de operaciones
  signed('99', 'Operaciones en régimen general'),
  box('103', 'Entregas intracomunitarias exentas', ['59']),
  box('104', 'Exportaciones y otras operaciones exentas con derecho a deducción', ['60']),
  signed('105', 'Operaciones exentas sin derecho a deducción'),
  box('110', 'Operaciones no sujetas por reglas de localización (excepto las de la casilla 126)', ['120']),
  signed('108', 'Total volumen de operaciones'),
  // 11. Operaciones específicas
  box('230', 'Adquisiciones interiores exentas'),
  box('232', 'Bases imponibles del IVA soportado no deducible'),
];

/**
 * The sums of 303 boxes a group of 390 boxes equals, where the 390 breaks a 303 box down (by rate,
 * by goods and services, or by goods and investment goods): the deductible boxes of the 390 add up
 * to the 303's 28–39.
 */
export const GROUPS_FROM_303: readonly { boxes390: readonly string[]; boxes303: readonly string[] }[] = [
  { boxes390: ['702', '669'], boxes303: ['153'] },
  { boxes390: ['703', '670'], boxes303: ['155'] },
  { boxes390: bases(INTRA_EU_GOODS, INTRA_EU_SERVICES), boxes303: ['10'] },
  { boxes390: quotas(INTRA_EU_GOODS, INTRA_EU_SERVICES), boxes303: ['11'] },
  { boxes390: ['691', '35'], boxes303: ['168'] },
  { boxes390: ['692', '36'], boxes303: ['170'] },
  { boxes390: ['663', '665', '693'], boxes303: ['16'] },
  { boxes390: ['664', '666', '694'], boxes303: ['18'] },
  { boxes390: bases(INTERIOR_CURRENT), boxes303: ['28'] },
  { boxes390: quotas(INTERIOR_CURRENT), boxes303: ['29'] },
  { boxes390: bases(INTERIOR_CAPITAL), boxes303: ['30'] },
  { boxes390: quotas(INTERIOR_CAPITAL), boxes303: ['31'] },
  { boxes390: bases(IMPORT_CURRENT), boxes303: ['32'] },
  { boxes390: quotas(IMPORT_CURRENT), boxes303: ['33'] },
  { boxes390: bases(IMPORT_CAPITAL), boxes303: ['34'] },
  { boxes390: quotas(IMPORT_CAPITAL), boxes303: ['35'] },
  { boxes390: bases(INTRA_EU_CURRENT_GOODS, INTRA_EU_SERVICES_DEDUCTIBLE), boxes303: ['36'] },
  { boxes390: quotas(INTRA_EU_CURRENT_GOODS, INTRA_EU_SERVICES_DEDUCTIBLE), boxes303: ['37'] },
  { boxes390: bases(INTRA_EU_CAPITAL), boxes303: ['38'] },
  { boxes390: quotas(INTRA_EU_CAPITAL), boxes303: ['39'] },
];
