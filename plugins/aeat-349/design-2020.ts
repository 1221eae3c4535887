/**
 * The record design (diseño de registro) of modelo 349's file, as data: Orden EHA/769/2010 (BOE
 * 29-3-2010, annex II) as amended, the design the tax agency publishes for 2020 onwards (the call-off
 * stock keys C, D and R added in 2020). Every record is 500 positions. Each field names its first
 * position as the design prints it; the test checks that the lengths add up to those positions and
 * to 500 (`layoutProblems`). What the fields hold and what could not be confirmed: docs/domain/modelo-349.md.
 */

import { field as f, informativeHead, type DesignField } from '../tax-models/api';

export interface RecordDesign {
  /** Identifies the design in `TaxModel.designs`. */
  version: string;
  /** The tax years it serves (`TaxModel.designs`): the first day of the first, the last day of the last. */
  from: string;
  to: string;
  length: number;
  declarant: readonly DesignField[];
  operator: readonly DesignField[];
  rectification: readonly DesignField[];
}

/** Positions 1–17, the same in every record. */
const head = (type: '1' | '2'): DesignField[] => informativeHead('349', type);

/** Positions 18–133 of both type 2 records: the operator and the operation key. */
const operatorIdentification: DesignField[] = [
  f(18, 58, 'blank', 'blank', 'Blancos'),
  f(76, 17, 'alpha', 'operatorVat', 'NIF operador comunitario (76–77 código de país, 78–92 número)'),
  f(93, 40, 'alpha', 'operatorName', 'Apellidos y nombre o razón social del operador intracomunitario'),
  f(133, 1, 'alpha', 'key', 'Clave de operación'),
];

export const DESIGN_349_2020: RecordDesign = {
  version: '349 (Orden EHA/769/2010, diseño 2020)',
  // no later design was found; 2027 waits for the tax agency's
  from: '2020-01-01',
  to: '2026-12-31',
  length: 500,
  declarant: [
    ...head('1'),
    f(18, 40, 'alpha', 'declarantName', 'Apellidos y nombre o razón social del declarante'),
    f(58, 1, 'alpha', 'mediaType', 'Tipo de soporte'),
    f(59, 9, 'alpha', 'contactPhone', 'Teléfono de la persona de contacto'),
    f(68, 40, 'alpha', 'contactName', 'Apellidos y nombre de la persona de contacto'),
    f(108, 13, 'numeric', 'declarationId', 'Número identificativo de la declaración'),
    f(121, 2, 'alpha', 'complementaryOrSubstitute', 'Declaración complementaria o sustitutiva'),
    f(123, 13, 'numeric', 'previousDeclarationId', 'Número identificativo de la declaración anterior'),
    f(136, 2, 'alpha', 'period', 'Período'),
    f(138, 9, 'numeric', 'operators', 'Número total de operadores intracomunitarios'),
    f(147, 15, 'amount', 'operationsAmount', 'Importe de las operaciones intracomunitarias'),
    f(162, 9, 'numeric', 'rectifiedOperators', 'Número total de operadores intracomunitarios con rectificaciones'),
    f(171, 15, 'amount', 'rectificationsAmount', 'Importe de las rectificaciones'),
    f(186, 1, 'alpha', 'periodicityChange', 'Indicador de cambio de periodicidad en la obligación de declarar'),
    f(187, 204, 'blank', 'blank', 'Blancos'),
    f(391, 9, 'alpha', 'representativeTaxId', 'NIF del representante legal'),
    f(400, 88, 'blank', 'blank', 'Blancos'),
    f(488, 13, 'blank', 'blank', 'Sello electrónico'),
  ],
  operator: [
    ...head('2'),
    ...operatorIdentification,
    f(134, 13, 'amount', 'base', 'Base imponible'),
    f(147, 354, 'blank', 'blank', 'Blancos (los datos de las claves C, D y R no se escriben)'),
  ],
  rectification: [
    ...head('2'),
    ...operatorIdentification,
    f(134, 13, 'blank', 'blank', 'Blancos'),
    f(147, 4, 'numeric', 'rectifiedYear', 'Ejercicio de la declaración que se rectifica'),
    f(151, 2, 'alpha', 'rectifiedPeriod', 'Período de la declaración que se rectifica'),
    f(153, 13, 'amount', 'rectifiedBase', 'Base imponible rectificada'),
    f(166, 13, 'amount', 'previousBase', 'Base imponible declarada anteriormente'),
    f(179, 322, 'blank', 'blank', 'Blancos'),
  ],
};
