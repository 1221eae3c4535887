/**
 * Modelo 130's pre-declaration page (DR130) for the tax years 2015 to 2026, as data: page 01 of the
 * file the tax agency's online form imports (`<T13001000>` … `</T13001000>`, 600 positions), inside
 * the `<T1300…>` envelope written by `preDeclarationFile`. Orden EHA/672/2007 as amended by Orden
 * HAP/258/2015 (BOE 19-2-2015), which gave the form its current boxes from 2015. The boxes the design
 * marks as signed (03, 07, 11, 13, 17, 19) write a negative with N first. Each field names its
 * first position as the design prints it (checked by `layoutProblems`).
 * docs/domain/aeat-130-115-180.md §2.
 */
import { field as f, type DesignField } from '../tax-models/api';

export interface Design130 {
  version: string;
  from: string;
  to: string;
  length: number;
  page01: readonly DesignField[];
}

const SIGNED = new Set(['03', '07', '11', '13', '17', '19']);
const box = (number: string, position: number, label: string): DesignField => f(position, 17, SIGNED.has(number) ? 'signedN' : 'amount', number, `[${number}] ${label}`);

export const DESIGN_130_2015: Design130 = {
  version: 'DR130 (2015)',
  from: '2015-01-01',
  // the last tax year checked against a published reading; 2027 waits for the next check
  to: '2026-12-31',
  length: 600,
  page01: [
    f(1, 11, 'constant', '<T13001000>', 'Inicio del identificador de modelo y página'),
    f(12, 1, 'alpha', 'complementaryPage', 'Indicador de página complementaria'),
    f(13, 1, 'alpha', 'declarationType', 'Tipo de declaración'),
    f(14, 9, 'alpha', 'taxId', 'Declarante: NIF'),
    f(23, 60, 'alpha', 'surnames', 'Declarante: apellidos o razón social'),
    f(83, 20, 'alpha', 'firstName', 'Declarante: nombre'),
    f(103, 4, 'numeric', 'year', 'Devengo: ejercicio'),
    f(107, 2, 'alpha', 'period', 'Devengo: período'),
    box('01', 109, 'Ingresos computables'), box('02', 126, 'Gastos fiscalmente deducibles'), box('03', 143, 'Rendimiento neto'),
    box('04', 160, '20 % del importe de la casilla 03'), box('05', 177, 'Pagos fraccionados de trimestres anteriores'),
    box('06', 194, 'Retenciones e ingresos a cuenta'), box('07', 211, 'Pago fraccionado previo del trimestre'),
    box('08', 228, 'Actividades agrícolas: volumen de ingresos'), box('09', 245, 'Actividades agrícolas: 2 % de la casilla 08'),
    box('10', 262, 'Actividades agrícolas: retenciones e ingresos a cuenta'), box('11', 279, 'Actividades agrícolas: pago fraccionado previo'),
    box('12', 296, 'Suma de pagos fraccionados previos del trimestre'), box('13', 313, 'Minoración por aplicación de la deducción (art. 110.3 c) RIRPF)'),
    box('14', 330, 'Diferencia (12 − 13)'), box('15', 347, 'Resultados negativos de trimestres anteriores'),
    box('16', 364, 'Pagos por préstamos para la vivienda habitual'), box('17', 381, 'Total (14 − 15 − 16)'),
    box('18', 398, 'Resultado de las anteriores declaraciones (complementaria)'), box('19', 415, 'Resultado de la declaración'),
    f(432, 1, 'alpha', 'complementary', 'Declaración complementaria'),
    f(433, 13, 'alpha', 'previousReceipt', 'Número de justificante de la declaración anterior'),
    f(446, 34, 'alpha', 'iban', 'Domiciliación: IBAN'),
    f(480, 96, 'blank', 'blank', 'Reservado para la Administración'),
    f(576, 13, 'blank', 'blank', 'Reservado para el sello electrónico de la AEAT'),
    f(589, 12, 'constant', '</T13001000>', 'Indicador de fin de registro'),
  ],
};
