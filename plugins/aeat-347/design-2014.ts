/**
 * Modelo 347's record design (diseño de registro) for the tax years 2014 to 2024, as data: Orden
 * EHA/3012/2008 (which approves the model) as amended by Orden HAP/1732/2014 (BOE 26-9-2014,
 * BOE-A-2014-9740): a sign in the rent total, the community VAT number, the cash-basis, reverse-charge
 * and customs-warehouse marks and the cash-basis amount in the declared's record. Records of 500
 * positions; each field names its first position as the design prints it (checked by
 * `layoutProblems`). What each field holds: docs/domain/modelo-347.md.
 */
import { field as f, informativeDeclarant, informativeHead, type DesignField } from '../tax-models/api';

export interface Design347 {
  version: string;
  /** The tax years it serves: the first day of the first, the last day of the last. */
  from: string;
  to: string;
  length: number;
  /** Tipo de registro 1: the declarant and the totals. */
  declarant: readonly DesignField[];
  /** Tipo de registro 2: one declared person or entity and key (registro de declarado). */
  declared: readonly DesignField[];
}

/** Positions 1–17, the same in every record. */
export const head347 = (type: '1' | '2'): DesignField[] => informativeHead('347', type);

export const DECLARANT_347: readonly DesignField[] = [
  ...head347('1'),
  ...informativeDeclarant,
  f(136, 9, 'numeric', 'declaredCount', 'Número total de personas y entidades'),
  f(145, 16, 'signed', 'totalAmount', 'Importe total anual de las operaciones'),
  f(161, 9, 'numeric', 'propertiesCount', 'Número total de inmuebles'),
  f(170, 16, 'signed', 'rentsAmount', 'Importe total de las operaciones de arrendamiento de locales de negocio'),
  f(186, 205, 'blank', 'blank', 'Blancos'),
  f(391, 9, 'alpha', 'representativeTaxId', 'NIF del representante legal'),
  f(400, 88, 'blank', 'blank', 'Blancos'),
  f(488, 13, 'blank', 'blank', 'Sello electrónico'),
];

/** Positions 1–299 of the declared's record. */
export const DECLARED_347_FIELDS: readonly DesignField[] = [
  ...head347('2'),
  f(18, 9, 'alpha', 'taxId', 'NIF del declarado'),
  f(27, 9, 'alpha', 'representativeTaxId', 'NIF del representante legal del declarado'),
  f(36, 40, 'alpha', 'name', 'Apellidos y nombre, razón social o denominación del declarado'),
  f(76, 1, 'constant', 'D', 'Tipo de hoja'),
  f(77, 2, 'alpha', 'province', 'Código provincia'),
  f(79, 2, 'alpha', 'country', 'Código país (no residentes)'),
  f(81, 1, 'blank', 'blank', 'Blancos'),
  f(82, 1, 'alpha', 'key', 'Clave de operación'),
  f(83, 16, 'signed', 'amount', 'Importe anual de las operaciones'),
  f(99, 1, 'alpha', 'insurance', 'Operación de seguro'),
  f(100, 1, 'alpha', 'businessRent', 'Arrendamiento local de negocio'),
  f(101, 15, 'amount', 'cashAmount', 'Importe percibido en metálico'),
  f(116, 16, 'signed', 'propertyTransfers', 'Importe anual percibido por transmisiones de inmuebles sujetas a IVA'),
  f(132, 4, 'numeric', 'cashYear', 'Ejercicio de devengo de las operaciones en metálico'),
  f(136, 16, 'signed', 'q1', 'Importe de las operaciones, primer trimestre'),
  f(152, 16, 'signed', 'q1PropertyTransfers', 'Transmisiones de inmuebles sujetas a IVA, primer trimestre'),
  f(168, 16, 'signed', 'q2', 'Importe de las operaciones, segundo trimestre'),
  f(184, 16, 'signed', 'q2PropertyTransfers', 'Transmisiones de inmuebles sujetas a IVA, segundo trimestre'),
  f(200, 16, 'signed', 'q3', 'Importe de las operaciones, tercer trimestre'),
  f(216, 16, 'signed', 'q3PropertyTransfers', 'Transmisiones de inmuebles sujetas a IVA, tercer trimestre'),
  f(232, 16, 'signed', 'q4', 'Importe de las operaciones, cuarto trimestre'),
  f(248, 16, 'signed', 'q4PropertyTransfers', 'Transmisiones de inmuebles sujetas a IVA, cuarto trimestre'),
  f(264, 17, 'alpha', 'communityVat', 'NIF operador comunitario'),
  f(281, 1, 'alpha', 'cashBasis', 'Operaciones en régimen especial del criterio de caja'),
  f(282, 1, 'alpha', 'reverseCharge', 'Operación con inversión del sujeto pasivo'),
  f(283, 1, 'alpha', 'customsWarehouse', 'Operación con bienes vinculados o destinados al régimen de depósito distinto del aduanero'),
  f(284, 16, 'signed', 'cashBasisAmount', 'Importe anual de las operaciones devengadas conforme al criterio de caja'),
];

export const DESIGN_347_2014: Design347 = {
  version: '347 (Orden HAP/1732/2014)',
  from: '2014-01-01',
  to: '2024-12-31',
  length: 500,
  declarant: DECLARANT_347,
  declared: [...DECLARED_347_FIELDS, f(300, 201, 'blank', 'blank', 'Blancos')],
};
