/**
 * Modelo 180's record design, as data: the order of 20 November 2000 that approves the model, as
 * amended by Orden HAP/1732/2014 (BOE-A-2014-9740), in the tax agency's "Modelo 180. Diseños de
 * registro" (records of 500 positions: type 1, the declarant and the totals; type 2, one per
 * landlord and property). Each field names its first position as the design prints it (checked by
 * `layoutProblems`; every field against the official table by
 * test/plugins/aeat-180/design-180-official.test.ts). Sources: docs/domain/aeat-130-115-180.md §4.
 */
import { field as f, informativeDeclarant, informativeHead, provinceOf, type DesignField, type RecordsDesign } from '../tax-models/api';

export interface Design180 extends RecordsDesign {
  /** Tipo de registro 1: the declarant and the totals. */
  declarant: readonly DesignField[];
  /** Tipo de registro 2: one landlord (perceptor) and one property. */
  perceptor: readonly DesignField[];
  /** The province code of a postal code as the design's list of provinces has it (the landlord's, 76–77; the property's, 321–322). */
  provinceOf(postalCode: string | null | undefined): string | null;
}

export const DESIGN_180_2014: Design180 = {
  version: '180 (Orden HAP/1732/2014)',
  from: '2014-01-01',
  // Orden HFP/1284/2023 gave the Isla de La Palma its own province code from the 2023 tax year (design-2023.ts)
  to: '2022-12-31',
  length: 500,
  declarant: [
    ...informativeHead('180', '1'),
    ...informativeDeclarant,
    f(136, 9, 'numeric', 'perceptorCount', 'Número total de perceptores (registros de tipo 2)'),
    f(145, 16, 'signed', 'baseAmount', 'Base de las retenciones e ingresos a cuenta (signo e importe)'),
    f(161, 15, 'amount', 'withholdingsAmount', 'Retenciones e ingresos a cuenta'),
    f(176, 62, 'blank', 'blank', 'Blancos'),
    // filled only by the tax agency's own programs; blank in any other file
    f(238, 263, 'blank', 'blank', 'Sello electrónico'),
  ],
  perceptor: [
    ...informativeHead('180', '2'),
    f(18, 9, 'alpha', 'taxId', 'NIF del perceptor'),
    f(27, 9, 'alpha', 'representativeTaxId', 'NIF del representante legal'),
    f(36, 40, 'alpha', 'name', 'Apellidos y nombre, razón social o denominación del perceptor'),
    f(76, 2, 'numeric', 'province', 'Código provincia'),
    f(78, 1, 'numeric', 'modality', 'Modalidad (1 dineraria, 2 en especie)'),
    f(79, 14, 'signed', 'base', 'Base de las retenciones e ingresos a cuenta (signo e importe)'),
    f(93, 4, 'amount', 'rate', 'Porcentaje de retención'),
    f(97, 13, 'amount', 'withholding', 'Retenciones e ingresos a cuenta'),
    f(110, 4, 'numeric', 'accrualYear', 'Ejercicio de devengo (rentas de ejercicios anteriores)'),
    f(114, 1, 'numeric', 'situation', 'Situación del inmueble'),
    f(115, 20, 'alpha', 'cadastralReference', 'Referencia catastral'),
    f(135, 5, 'alpha', 'streetType', 'Dirección del inmueble: tipo de vía'),
    f(140, 50, 'alpha', 'streetName', 'Dirección del inmueble: nombre de la vía pública'),
    f(190, 3, 'alpha', 'numberType', 'Dirección del inmueble: tipo de numeración'),
    f(193, 5, 'alpha', 'number', 'Dirección del inmueble: número de casa'),
    f(198, 3, 'alpha', 'numberQualifier', 'Dirección del inmueble: calificador del número'),
    f(201, 3, 'alpha', 'block', 'Dirección del inmueble: bloque'),
    f(204, 3, 'alpha', 'portal', 'Dirección del inmueble: portal'),
    f(207, 3, 'alpha', 'stair', 'Dirección del inmueble: escalera'),
    f(210, 3, 'alpha', 'floor', 'Dirección del inmueble: planta o piso'),
    f(213, 3, 'alpha', 'door', 'Dirección del inmueble: puerta'),
    f(216, 40, 'alpha', 'complement', 'Dirección del inmueble: complemento'),
    f(256, 30, 'alpha', 'locality', 'Dirección del inmueble: localidad o población'),
    f(286, 30, 'alpha', 'municipality', 'Dirección del inmueble: municipio'),
    f(316, 5, 'alpha', 'municipalityCode', 'Dirección del inmueble: código de municipio'),
    f(321, 2, 'alpha', 'propertyProvince', 'Dirección del inmueble: código de provincia'),
    f(323, 5, 'alpha', 'postalCode', 'Dirección del inmueble: código postal'),
    f(328, 173, 'blank', 'blank', 'Blancos'),
  ],
  provinceOf,
};
