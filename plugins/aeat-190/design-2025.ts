/**
 * Modelo 190's record design for the tax years 2025 and 2026, as data: Orden EHA/3127/2009 (which
 * approves the model) as amended, last by Orden HAC/1431/2025 (BOE-A-2025-25390), in the design the
 * tax agency publishes for the 2025 return (filed in January 2026). Records of 500 positions; each
 * field names its first position as the design prints it (checked by `layoutProblems`). What each
 * field holds and what Cuadra writes: docs/domain/modelo-190.md.
 */
import { field as f, informativeDeclarant, informativeHead, type DesignField } from '../tax-models/api';

export interface Design190 {
  version: string;
  /** The tax years it serves: the first day of the first, the last day of the last. */
  from: string;
  to: string;
  length: number;
  /** Tipo de registro 1: the declarant and the totals. */
  declarant: readonly DesignField[];
  /** Tipo de registro 2: one perceptor, key and subkey (registro de perceptor). */
  perceptor: readonly DesignField[];
}

export const DESIGN_190_2025: Design190 = {
  version: '190 (Orden HAC/1431/2025)',
  from: '2025-01-01',
  // the last tax year whose design is published; 2027 waits for the tax agency's
  to: '2026-12-31',
  length: 500,
  declarant: [
    ...informativeHead('190', '1'),
    ...informativeDeclarant,
    f(136, 9, 'numeric', 'perceptorCount', 'Número total de percepciones (registros de perceptor)'),
    f(145, 16, 'signed', 'perceptionsAmount', 'Importe total de las percepciones'),
    f(161, 15, 'amount', 'withholdingsAmount', 'Importe total de las retenciones e ingresos a cuenta'),
    f(176, 50, 'alpha', 'email', 'Correo electrónico'),
    f(226, 262, 'blank', 'blank', 'Blancos'),
    f(488, 13, 'blank', 'blank', 'Sello electrónico'),
  ],
  perceptor: [
    ...informativeHead('190', '2'),
    f(18, 9, 'alpha', 'taxId', 'NIF del perceptor'),
    f(27, 9, 'alpha', 'representativeTaxId', 'NIF del representante legal'),
    f(36, 40, 'alpha', 'name', 'Apellidos y nombre del perceptor'),
    f(76, 2, 'alpha', 'province', 'Código provincia'),
    f(78, 1, 'alpha', 'key', 'Clave de percepción'),
    f(79, 2, 'alpha', 'subkey', 'Subclave'),
    f(81, 14, 'signed', 'cash', 'Percepciones dinerarias no derivadas de incapacidad laboral'),
    f(95, 13, 'amount', 'cashWithholding', 'Retenciones practicadas (percepciones dinerarias no derivadas de incapacidad laboral)'),
    f(108, 14, 'signed', 'inKind', 'Valoración de las percepciones en especie no derivadas de incapacidad laboral'),
    f(122, 13, 'amount', 'inKindPaid', 'Ingresos a cuenta efectuados (especie)'),
    f(135, 13, 'amount', 'inKindCharged', 'Ingresos a cuenta repercutidos (especie)'),
    f(148, 4, 'numeric', 'accrualYear', 'Ejercicio de devengo (atrasos)'),
    f(152, 1, 'numeric', 'ceutaMelilla', 'Rentas obtenidas en Ceuta o Melilla'),
    // 153–254: datos adicionales, for keys A, B.01, B.03, C, E.01 and E.02 (zeros for the others)
    f(153, 4, 'numeric', 'birthYear', 'Año de nacimiento'),
    f(157, 1, 'numeric', 'familySituation', 'Situación familiar'),
    f(158, 9, 'alpha', 'spouseTaxId', 'NIF del cónyuge'),
    f(167, 1, 'numeric', 'disability', 'Discapacidad'),
    f(168, 1, 'numeric', 'contract', 'Contrato o relación'),
    f(169, 1, 'numeric', 'householdHolder', 'Titular de la unidad de convivencia'),
    f(170, 1, 'numeric', 'geographicMobility', 'Movilidad geográfica'),
    f(171, 13, 'amount', 'reductions', 'Reducciones aplicables'),
    f(184, 13, 'amount', 'deductibleExpenses', 'Gastos deducibles'),
    f(197, 13, 'amount', 'compensatoryPensions', 'Pensiones compensatorias'),
    f(210, 13, 'amount', 'childSupport', 'Anualidades por alimentos'),
    f(223, 1, 'numeric', 'childrenUnder3', 'Hijos y descendientes menores de 3 años: número'),
    f(224, 1, 'numeric', 'childrenUnder3Whole', 'Hijos y descendientes menores de 3 años: por entero'),
    f(225, 2, 'numeric', 'children', 'Resto de hijos y descendientes: número'),
    f(227, 2, 'numeric', 'childrenWhole', 'Resto de hijos y descendientes: por entero'),
    f(229, 2, 'numeric', 'childrenDisabled33', 'Descendientes con discapacidad del 33 % al 65 %: número'),
    f(231, 2, 'numeric', 'childrenDisabled33Whole', 'Descendientes con discapacidad del 33 % al 65 %: por entero'),
    f(233, 2, 'numeric', 'childrenReducedMobility', 'Descendientes con discapacidad y movilidad reducida: número'),
    f(235, 2, 'numeric', 'childrenReducedMobilityWhole', 'Descendientes con discapacidad y movilidad reducida: por entero'),
    f(237, 2, 'numeric', 'childrenDisabled65', 'Descendientes con discapacidad del 65 % o más: número'),
    f(239, 2, 'numeric', 'childrenDisabled65Whole', 'Descendientes con discapacidad del 65 % o más: por entero'),
    f(241, 1, 'numeric', 'ascendantsUnder75', 'Ascendientes menores de 75 años: número'),
    f(242, 1, 'numeric', 'ascendantsUnder75Whole', 'Ascendientes menores de 75 años: por entero'),
    f(243, 1, 'numeric', 'ascendants75', 'Ascendientes de 75 años o más: número'),
    f(244, 1, 'numeric', 'ascendants75Whole', 'Ascendientes de 75 años o más: por entero'),
    f(245, 1, 'numeric', 'ascendantsDisabled33', 'Ascendientes con discapacidad del 33 % al 65 %: número'),
    f(246, 1, 'numeric', 'ascendantsDisabled33Whole', 'Ascendientes con discapacidad del 33 % al 65 %: por entero'),
    f(247, 1, 'numeric', 'ascendantsReducedMobility', 'Ascendientes con discapacidad y movilidad reducida: número'),
    f(248, 1, 'numeric', 'ascendantsReducedMobilityWhole', 'Ascendientes con discapacidad y movilidad reducida: por entero'),
    f(249, 1, 'numeric', 'ascendantsDisabled65', 'Ascendientes con discapacidad del 65 % o más: número'),
    f(250, 1, 'numeric', 'ascendantsDisabled65Whole', 'Ascendientes con discapacidad del 65 % o más: por entero'),
    f(251, 3, 'numeric', 'firstThreeChildren', 'Cómputo de los tres primeros hijos'),
    f(254, 1, 'numeric', 'homeLoan', 'Comunicación de préstamos de vivienda habitual'),
    f(255, 14, 'signed', 'sickLeaveCash', 'Percepciones dinerarias derivadas de incapacidad laboral'),
    f(269, 13, 'amount', 'sickLeaveCashWithholding', 'Retenciones practicadas (incapacidad laboral)'),
    f(282, 14, 'signed', 'sickLeaveInKind', 'Percepciones en especie derivadas de incapacidad laboral'),
    f(296, 13, 'amount', 'sickLeaveInKindPaid', 'Ingresos a cuenta efectuados (incapacidad laboral)'),
    f(309, 13, 'amount', 'sickLeaveInKindCharged', 'Ingresos a cuenta repercutidos (incapacidad laboral)'),
    f(322, 66, 'numeric', 'childSupplement', 'Complemento de ayuda para la infancia y datos de las diputaciones forales'),
    f(388, 1, 'numeric', 'startupShares', 'Excesos de la entrega de acciones de empresas emergentes'),
    f(389, 1, 'numeric', 'fundManagement', 'Rendimientos obtenidos por la gestión de fondos'),
    f(390, 5, 'numeric', 'pensionTypes', 'Prestaciones de la clave B.01 (jubilación, viudedad, incapacidad, no contributivas, resto)'),
    f(395, 106, 'blank', 'blank', 'Blancos'),
  ],
};
