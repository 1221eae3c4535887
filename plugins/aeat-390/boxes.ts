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

/** The boxes of modelo 390 this plugin fills, in the order of the form. */
export const BOXES_390: readonly Box390[] = [
  // IVA devengado, régimen ordinario, by rate
  box('700', 'Régimen ordinario 0%: base imponible', ['150']), box('701', 'Régimen ordinario 0%: cuota', ['152']),
  box('667', 'Régimen ordinario 2%: base imponible', ['165']), box('668', 'Régimen ordinario 2%: cuota', ['167']),
  box('01', 'Régimen ordinario 4%: base imponible', ['01']), box('02', 'Régimen ordinario 4%: cuota', ['03']),
  box('702', 'Régimen ordinario 5%: base imponible'), box('703', 'Régimen ordinario 5%: cuota'),
  box('669', 'Régimen ordinario 7,5%: base imponible'), box('670', 'Régimen ordinario 7,5%: cuota'),
  box('03', 'Régimen ordinario 10%: base imponible', ['04']), box('04', 'Régimen ordinario 10%: cuota', ['06']),
  box('05', 'Régimen ordinario 21%: base imponible', ['07']), box('06', 'Régimen ordinario 21%: cuota', ['09']),
  // other reverse charge (the customer self-assesses), modifications
  box('27', 'IVA devengado en otros supuestos de inversión del sujeto pasivo: base', ['12']), box('28', 'IVA devengado en otros supuestos de inversión del sujeto pasivo: cuota', ['13']),
  signed('29', 'Modificación de bases', ['14']), signed('30', 'Modificación de cuotas', ['15']),
  // recargo de equivalencia, by rate
  box('663', 'Recargo de equivalencia 0%: base'), box('664', 'Recargo de equivalencia 0%: cuota'),
  box('691', 'Recargo de equivalencia 0,26%: base'), box('692', 'Recargo de equivalencia 0,26%: cuota'),
  box('35', 'Recargo de equivalencia 0,5%: base'), box('36', 'Recargo de equivalencia 0,5%: cuota'),
  box('665', 'Recargo de equivalencia 0,62%: base'), box('666', 'Recargo de equivalencia 0,62%: cuota'),
  box('693', 'Recargo de equivalencia 1%: base'), box('694', 'Recargo de equivalencia 1%: cuota'),
  box('599', 'Recargo de equivalencia 1,4%: base', ['19']), box('600', 'Recargo de equivalencia 1,4%: cuota', ['21']),
  box('601', 'Recargo de equivalencia 5,2%: base', ['22']), box('602', 'Recargo de equivalencia 5,2%: cuota', ['24']),
  signed('43', 'Modificación de recargo de equivalencia: base', ['25']), signed('44', 'Modificación de recargo de equivalencia: cuota', ['26']),
  // IVA deducible: operaciones interiores corrientes, by rate
  box('695', 'Deducible en operaciones interiores corrientes 2%: base'), box('696', 'Deducible en operaciones interiores corrientes 2%: cuota'),
  box('190', 'Deducible en operaciones interiores corrientes 4%: base'), box('191', 'Deducible en operaciones interiores corrientes 4%: cuota'),
  box('724', 'Deducible en operaciones interiores corrientes 5%: base'), box('725', 'Deducible en operaciones interiores corrientes 5%: cuota'),
  box('697', 'Deducible en operaciones interiores corrientes 7,5%: base'), box('698', 'Deducible en operaciones interiores corrientes 7,5%: cuota'),
  box('603', 'Deducible en operaciones interiores corrientes 10%: base'), box('604', 'Deducible en operaciones interiores corrientes 10%: cuota'),
  box('605', 'Deducible en operaciones interiores corrientes 21%: base'), box('606', 'Deducible en operaciones interiores corrientes 21%: cuota'),
  // operaciones interiores con bienes de inversión
  box('196', 'Deducible en operaciones interiores con bienes de inversión 4%: base'), box('197', 'Deducible en operaciones interiores con bienes de inversión 4%: cuota'),
  box('611', 'Deducible en operaciones interiores con bienes de inversión 10%: base'), box('612', 'Deducible en operaciones interiores con bienes de inversión 10%: cuota'),
  box('613', 'Deducible en operaciones interiores con bienes de inversión 21%: base'), box('614', 'Deducible en operaciones interiores con bienes de inversión 21%: cuota'),
  // importaciones
  box('757', 'Deducible en importaciones de bienes corrientes 2%: base'), box('758', 'Deducible en importaciones de bienes corrientes 2%: cuota'),
  box('202', 'Deducible en importaciones de bienes corrientes 4%: base'), box('203', 'Deducible en importaciones de bienes corrientes 4%: cuota'),
  box('759', 'Deducible en importaciones de bienes corrientes 7,5%: base'), box('760', 'Deducible en importaciones de bienes corrientes 7,5%: cuota'),
  box('619', 'Deducible en importaciones de bienes corrientes 10%: base'), box('620', 'Deducible en importaciones de bienes corrientes 10%: cuota'),
  box('621', 'Deducible en importaciones de bienes corrientes 21%: base'), box('622', 'Deducible en importaciones de bienes corrientes 21%: cuota'),
  box('208', 'Deducible en importaciones de bienes de inversión 4%: base'), box('209', 'Deducible en importaciones de bienes de inversión 4%: cuota'),
  box('623', 'Deducible en importaciones de bienes de inversión 10%: base'), box('624', 'Deducible en importaciones de bienes de inversión 10%: cuota'),
  box('625', 'Deducible en importaciones de bienes de inversión 21%: base'), box('626', 'Deducible en importaciones de bienes de inversión 21%: cuota'),
  // adquisiciones intracomunitarias de bienes de inversión (current goods and services are told apart in the 390, not in the register: see details)
  box('220', 'Deducible en adquisiciones intracomunitarias de bienes de inversión 4%: base'), box('221', 'Deducible en adquisiciones intracomunitarias de bienes de inversión 4%: cuota'),
  box('631', 'Deducible en adquisiciones intracomunitarias de bienes de inversión 10%: base'), box('632', 'Deducible en adquisiciones intracomunitarias de bienes de inversión 10%: cuota'),
  box('633', 'Deducible en adquisiciones intracomunitarias de bienes de inversión 21%: base'), box('634', 'Deducible en adquisiciones intracomunitarias de bienes de inversión 21%: cuota'),
  signed('639', 'Rectificación de deducciones: base', ['40']), signed('62', 'Rectificación de deducciones: cuota', ['41']),
  // volumen de operaciones and other annual information
  signed('99', 'Operaciones en régimen general'),
  box('103', 'Entregas intracomunitarias exentas', ['59']),
  box('104', 'Exportaciones y otras operaciones exentas con derecho a deducción', ['60']),
  signed('105', 'Operaciones exentas sin derecho a deducción'),
  box('110', 'Operaciones no sujetas por reglas de localización (excepto las de la casilla 126)', ['120']),
  box('230', 'Adquisiciones interiores exentas'),
  box('232', 'Bases imponibles del IVA soportado no deducible'),
];

/**
 * The sums of 303 boxes a group of 390 boxes equals, where the 390 breaks a 303 box down (by rate,
 * or by goods and investment goods): the deductible boxes of the 390 add up to the 303's 28–39.
 */
export const GROUPS_FROM_303: readonly { boxes390: readonly string[]; boxes303: readonly string[] }[] = [
  { boxes390: ['702', '669'], boxes303: ['153'] },
  { boxes390: ['703', '670'], boxes303: ['155'] },
  { boxes390: ['691', '35'], boxes303: ['168'] },
  { boxes390: ['692', '36'], boxes303: ['170'] },
  { boxes390: ['663', '665', '693'], boxes303: ['16'] },
  { boxes390: ['664', '666', '694'], boxes303: ['18'] },
  { boxes390: ['695', '190', '724', '697', '603', '605'], boxes303: ['28'] },
  { boxes390: ['696', '191', '725', '698', '604', '606'], boxes303: ['29'] },
  { boxes390: ['196', '611', '613'], boxes303: ['30'] },
  { boxes390: ['197', '612', '614'], boxes303: ['31'] },
  { boxes390: ['757', '202', '759', '619', '621'], boxes303: ['32'] },
  { boxes390: ['758', '203', '760', '620', '622'], boxes303: ['33'] },
  { boxes390: ['208', '623', '625'], boxes303: ['34'] },
  { boxes390: ['209', '624', '626'], boxes303: ['35'] },
  { boxes390: ['220', '631', '633'], boxes303: ['38'] },
  { boxes390: ['221', '632', '634'], boxes303: ['39'] },
];
