/**
 * Modelo 115's pre-declaration page (DR115) for the tax years 2016 to 2026, as data: the page 01
 * of the file the tax agency's online form imports (`<T11501000>` … `</T11501000>`, 500 positions),
 * inside the `<T1150…>` envelope written by `preDeclarationFile`. Order HAP/2429/2015 (BOE
 * 17-11-2015) gave the model its current form from 2016. Each field names its first position as the
 * design prints it (checked by `layoutProblems`). docs/domain/aeat-130-115-180.md §3.
 */
import { field as f, type DesignField } from '../tax-models/api';

export interface Design115 {
  version: string;
  from: string;
  to: string;
  length: number;
  page01: readonly DesignField[];
}

export const DESIGN_115_2016: Design115 = {
  version: 'DR115 (2016)',
  from: '2016-01-01',
  // the last tax year checked against a published reading; 2027 waits for the next check
  to: '2026-12-31',
  length: 500,
  page01: [
    f(1, 11, 'constant', '<T11501000>', 'Inicio del identificador de modelo y página'),
    f(12, 1, 'alpha', 'complementaryPage', 'Indicador de página complementaria'),
    f(13, 1, 'alpha', 'declarationType', 'Tipo de declaración'),
    f(14, 9, 'alpha', 'taxId', 'Declarante: NIF'),
    f(23, 60, 'alpha', 'name', 'Declarante: apellidos y nombre o razón social'),
    f(83, 20, 'blank', 'blank', 'Reservado para la Administración'),
    f(103, 4, 'numeric', 'year', 'Devengo: ejercicio'),
    f(107, 2, 'alpha', 'period', 'Devengo: período'),
    f(109, 15, 'numeric', '01', '[01] Número de perceptores'),
    f(124, 17, 'signedN', '02', '[02] Base de las retenciones e ingresos a cuenta'),
    f(141, 17, 'signedN', '03', '[03] Retenciones e ingresos a cuenta'),
    f(158, 17, 'signedN', '04', '[04] Resultado de las anteriores declaraciones'),
    f(175, 17, 'signedN', '05', '[05] Resultado a ingresar'),
    f(192, 1, 'alpha', 'complementary', 'Declaración complementaria'),
    f(193, 13, 'alpha', 'previousReceipt', 'Número de justificante de la declaración anterior'),
    f(206, 34, 'alpha', 'iban', 'Domiciliación: IBAN'),
    f(240, 236, 'blank', 'blank', 'Reservado para la Administración'),
    f(476, 13, 'blank', 'blank', 'Reservado para el sello electrónico de la AEAT'),
    f(489, 12, 'constant', '</T11501000>', 'Indicador de fin de registro'),
  ],
};
