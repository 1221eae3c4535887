/**
 * Modelo 347's record design from the tax year 2025, as data: Orden HAC/1431/2025 (BOE
 * BOE-A-2025-25390, article 1) adds to the declared's record the number of the call (convocatoria)
 * in the national subsidies database (BDNS) under which a subsidy was granted. The rest of the
 * 2014 design is unchanged. Where the new field sits was not read from the tax agency's design
 * (DR347_e2025): it is placed at the start of the blank area and always written blank (Cuadra
 * declares no subsidies), so the bytes are those of a blank area wherever it sits; confirm the
 * position before ever filling it. docs/domain/modelo-347.md.
 */
import { field as f } from '../tax-models/api';
import { DECLARANT_347, DECLARED_347_FIELDS, type Design347 } from './design-2014';

export const DESIGN_347_2025: Design347 = {
  version: '347 (Orden HAC/1431/2025)',
  from: '2025-01-01',
  // the last tax year whose design is published; 2027 waits for the tax agency's
  to: '2026-12-31',
  length: 500,
  declarant: DECLARANT_347,
  declared: [
    ...DECLARED_347_FIELDS,
    f(300, 20, 'alpha', 'bdnsCall', 'Número de convocatoria BDNS (posición sin confirmar: siempre en blanco)'),
    f(320, 181, 'blank', 'blank', 'Blancos'),
  ],
};
