import type { TaxRegime } from './catalogue';

/**
 * How an issued invoice's VAT line is qualified for the AEAT, by its tax type's regime: the one
 * mapping both the VERI*FACTU records (SuministroInformacion.xsd, `CalificacionOperacion` or
 * `OperacionExenta`) and the VAT books in the common format ("Calificación de la Operación" or
 * "Operación Exenta") use, so the two never say different things of the same invoice.
 *
 * - S1 subject and not exempt; S2 subject, the customer liable (reverse charge, art. 84.1.2º LIVA).
 * - N2 not subject by the place-of-supply rules (arts. 68–70 LIVA): the `not_subject` regime
 *   (the NOSUJETO tax type) and an OSS sale, taxed in the customer's Member State and declared in
 *   the one-stop shop (modelo 369). N1 (not subject by arts. 7 and 14) is never written: no tax type
 *   carries that case.
 * - Instead of a qualification, the exemption: E1 art. 20, E2 art. 21 (exports), E5 art. 25
 *   (intra-EU supplies of goods).
 */
export interface IssuedQualification {
  qualification: 'S1' | 'S2' | 'N2' | null;
  exemption: 'E1' | 'E2' | 'E5' | null;
}

export function issuedQualification(regime: TaxRegime): IssuedQualification {
  switch (regime) {
    case 'exempt': return { qualification: null, exemption: 'E1' };
    case 'export': return { qualification: null, exemption: 'E2' };
    case 'intra_eu': return { qualification: null, exemption: 'E5' };
    case 'not_subject': case 'oss': return { qualification: 'N2', exemption: null };
    case 'reverse_charge': return { qualification: 'S2', exemption: null };
    default: return { qualification: 'S1', exemption: null };
  }
}

/** Whether the line carries a Spanish rate and quota: not when it is exempt or not subject in Spain (an OSS line's rate and quota are the destination country's). */
export const chargesSpanishVat = (q: IssuedQualification) => q.qualification === 'S1' || q.qualification === 'S2';

/** The issued invoice's regime key (clave de régimen / de operación): 02 export, 17 an OSS sale, else 01 general. */
export const issuedRegimeKey = (regime: TaxRegime): '01' | '02' | '17' => (regime === 'export' ? '02' : regime === 'oss' ? '17' : '01');
