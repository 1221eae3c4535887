import type { ModelDef } from './types';

/**
 * Modelo abreviado de cuentas anuales (PGC, RD 1514/2007, tercera parte, as amended by RD 1159/2010,
 * RD 602/2016 and RD 1/2021) in the layout of the Registro Mercantil's abreviado deposit form:
 * balance abreviado and cuenta de pérdidas y ganancias abreviada, each line with
 * the accounts of the PGC chart it takes. Against the PYMES model it adds the non-current assets
 * held for sale and their liabilities, other equity instruments, the valuation adjustments,
 * and, in the profit and loss account, the negative difference on business combinations. Notation in ./types.ts; the facts and their sources in
 * docs/domain/annual-accounts.md.
 */
export const ABREVIADO: ModelDef = {
  key: 'abreviado',
  name: 'Abreviado',
  source: 'PGC (RD 1514/2007), tercera parte: modelos abreviados de balance y de cuenta de pérdidas y ganancias, in the layout of the Registro Mercantil deposit form (modelo abreviado); equivalences as listed by the AEAT for modelo 200 (A)',
  balanceSheet: {
    title: 'Balance abreviado',
    sides: [
      {
        key: 'assets', title: 'ACTIVO', sign: 'debit', lines: [
          { code: 'A', label: 'A) ACTIVO NO CORRIENTE', level: 0 },
          { code: 'A.I', label: 'I. Inmovilizado intangible', level: 1, accounts: ['20', '(280)', '(290)'] },
          { code: 'A.II', label: 'II. Inmovilizado material', level: 1, accounts: ['21', '(281)', '(291)', '23'] },
          { code: 'A.III', label: 'III. Inversiones inmobiliarias', level: 1, accounts: ['22', '(282)', '(292)'] },
          {
            code: 'A.IV', label: 'IV. Inversiones en empresas del grupo y asociadas a largo plazo', level: 1,
            accounts: ['240', '241', '242', '2403', '2404', '2413', '2414', '2423', '2424', '(2493)', '(2494)', '(293)', '(2943)', '(2944)', '(2953)', '(2954)'],
          },
          {
            code: 'A.V', label: 'V. Inversiones financieras a largo plazo', level: 1,
            accounts: ['2405', '2415', '2425', '(2495)', '250', '251', '252', '253', '254', '255', '257', '258', '(259)', '26', '(2935)', '(2945)', '(2955)', '(296)', '(297)', '(298)'],
          },
          { code: 'A.VI', label: 'VI. Activos por impuesto diferido', level: 1, accounts: ['474'] },
          { code: 'A.VII', label: 'VII. Deudores comerciales no corrientes', level: 1, accounts: [] },
          { code: 'B', label: 'B) ACTIVO CORRIENTE', level: 0 },
          { code: 'B.I', label: 'I. Activos no corrientes mantenidos para la venta', level: 1, accounts: ['580', '581', '582', '583', '584', '(599)'] },
          { code: 'B.II', label: 'II. Existencias', level: 1, accounts: ['30', '31', '32', '33', '34', '35', '36', '(39)', '407'] },
          { code: 'B.III', label: 'III. Deudores comerciales y otras cuentas a cobrar', level: 1 },
          { code: 'B.III.1', label: '1. Clientes por ventas y prestaciones de servicios', level: 2 },
          { code: 'B.III.1.a', label: 'a) Clientes por ventas y prestaciones de servicios a largo plazo', level: 3, accounts: [] },
          {
            code: 'B.III.1.b', label: 'b) Clientes por ventas y prestaciones de servicios a corto plazo', level: 3,
            accounts: ['430', '431', '432', '433', '434', '435', '436', '(437)', '(490)', '(493)'],
          },
          { code: 'B.III.2', label: '2. Accionistas (socios) por desembolsos exigidos', level: 2, accounts: ['558', '5580'] },
          {
            code: 'B.III.3', label: '3. Otros deudores', level: 2,
            accounts: ['44', '460', '470', '471', '472 D', '473', '477 D', '4750 D', '544', '5531 D', '5533 D'],
          },
          {
            code: 'B.IV', label: 'IV. Inversiones en empresas del grupo y asociadas a corto plazo', level: 1,
            accounts: ['530', '532', '552 D', '5303', '5304', '5313', '5314', '5323', '5324', '5333', '5334', '5343', '5344', '5353', '5354', '(5393)', '(5394)', '5523 D', '5524 D', '(593)', '(5943)', '(5944)', '(5953)', '(5954)'],
          },
          {
            code: 'B.V', label: 'V. Inversiones financieras a corto plazo', level: 1,
            accounts: ['553 D', '5305', '5315', '5325', '5335', '5345', '5355', '(5395)', '540', '541', '542', '543', '545', '546', '547', '548', '(549)', '550 D', '551 D', '5525 D', '5530 D', '5532 D', '554 D', '555 D', '5590', '5593', '565', '566', '(5935)', '(5945)', '(5955)', '(596)', '(597)', '(598)'],
          },
          { code: 'B.VI', label: 'VI. Periodificaciones a corto plazo', level: 1, accounts: ['480', '567'] },
          { code: 'B.VII', label: 'VII. Efectivo y otros activos líquidos equivalentes', level: 1, accounts: ['57'] },
          { code: 'TA', label: 'TOTAL ACTIVO (A + B)', level: 0, sum: ['A', 'B'] },
        ],
      },
      {
        key: 'equity_and_liabilities', title: 'PATRIMONIO NETO Y PASIVO', sign: 'credit', lines: [
          { code: 'PN.A', label: 'A) PATRIMONIO NETO', level: 0 },
          { code: 'PN.A-1', label: 'A-1) Fondos propios', level: 1 },
          { code: 'PN.A-1.I', label: 'I. Capital', level: 2 },
          { code: 'PN.A-1.I.1', label: '1. Capital escriturado', level: 3, accounts: ['100', '101', '102'] },
          { code: 'PN.A-1.I.2', label: '2. (Capital no exigido)', level: 3, accounts: ['(103)', '(104)', '(1030)', '(1040)'] },
          { code: 'PN.A-1.II', label: 'II. Prima de emisión', level: 2, accounts: ['110'] },
          { code: 'PN.A-1.III', label: 'III. Reservas', level: 2 },
          // the capitalisation reserve (art. 25.1.b Ley 27/2014) has no account in the PGC chart: Cuadra's sub-account 1146 of 114
          { code: 'PN.A-1.III.1', label: '1. Reserva de capitalización', level: 3, accounts: ['1146'] },
          { code: 'PN.A-1.III.2', label: '2. Otras reservas', level: 3, accounts: ['112', '113', '114', '115', '119'] },
          { code: 'PN.A-1.IV', label: 'IV. (Acciones y participaciones en patrimonio propias)', level: 2, accounts: ['(108)', '(109)'] },
          { code: 'PN.A-1.V', label: 'V. Resultados de ejercicios anteriores', level: 2, accounts: ['120', '(121)'] },
          { code: 'PN.A-1.VI', label: 'VI. Otras aportaciones de socios', level: 2, accounts: ['118'] },
          // before the regularisation the year's income and expenses (groups 6 and 7) are the result
          { code: 'PN.A-1.VII', label: 'VII. Resultado del ejercicio', level: 2, accounts: ['129', '6', '7'] },
          { code: 'PN.A-1.VIII', label: 'VIII. (Dividendo a cuenta)', level: 2, accounts: ['(557)'] },
          { code: 'PN.A-1.IX', label: 'IX. Otros instrumentos de patrimonio neto', level: 2, accounts: ['111'] },
          { code: 'PN.A-2', label: 'A-2) Ajustes por cambios de valor', level: 1, accounts: ['133', '1340', '137'] },
          { code: 'PN.A-3', label: 'A-3) Subvenciones, donaciones y legados recibidos', level: 1, accounts: ['130', '131', '132'] },
          { code: 'PN.B', label: 'B) PASIVO NO CORRIENTE', level: 0 },
          { code: 'PN.B.I', label: 'I. Provisiones a largo plazo', level: 1, accounts: ['14'] },
          { code: 'PN.B.II', label: 'II. Deudas a largo plazo', level: 1 },
          { code: 'PN.B.II.1', label: '1. Deudas con entidades de crédito', level: 2, accounts: ['1605', '170'] },
          { code: 'PN.B.II.2', label: '2. Acreedores por arrendamiento financiero', level: 2, accounts: ['1625', '174'] },
          {
            code: 'PN.B.II.3', label: '3. Otras deudas a largo plazo', level: 2,
            accounts: ['1615', '1635', '171', '172', '173', '175', '176', '177', '178', '179', '180', '185', '189'],
          },
          { code: 'PN.B.III', label: 'III. Deudas con empresas del grupo y asociadas a largo plazo', level: 1, accounts: ['160', '163', '1603', '1604', '1613', '1614', '1623', '1624', '1633', '1634'] },
          { code: 'PN.B.IV', label: 'IV. Pasivos por impuesto diferido', level: 1, accounts: ['479'] },
          { code: 'PN.B.V', label: 'V. Periodificaciones a largo plazo', level: 1, accounts: ['181'] },
          { code: 'PN.B.VI', label: 'VI. Acreedores comerciales no corrientes', level: 1, accounts: [] },
          { code: 'PN.B.VII', label: 'VII. Deuda con características especiales a largo plazo', level: 1, accounts: ['15', '(5585)'] },
          { code: 'PN.C', label: 'C) PASIVO CORRIENTE', level: 0 },
          { code: 'PN.C.I', label: 'I. Pasivos vinculados con activos no corrientes mantenidos para la venta', level: 1, accounts: ['585', '586', '587', '588', '589'] },
          { code: 'PN.C.II', label: 'II. Provisiones a corto plazo', level: 1, accounts: ['499', '529'] },
          { code: 'PN.C.III', label: 'III. Deudas a corto plazo', level: 1 },
          { code: 'PN.C.III.1', label: '1. Deudas con entidades de crédito', level: 2, accounts: ['5105', '520', '527', '572 C'] },
          { code: 'PN.C.III.2', label: '2. Acreedores por arrendamiento financiero', level: 2, accounts: ['5125', '524'] },
          {
            code: 'PN.C.III.3', label: '3. Otras deudas a corto plazo', level: 2,
            accounts: ['553 C', '556', '(1034)', '(1044)', '(190)', '(192)', '194', '500', '501', '505', '506', '509', '5115', '5135', '5145', '521', '522', '523', '525', '526', '528', '550 C', '551 C', '5525 C', '5530 C', '5532 C', '554 C', '555 C', '5565', '5566', '5595', '5598', '560', '561', '569'],
          },
          {
            code: 'PN.C.IV', label: 'IV. Deudas con empresas del grupo y asociadas a corto plazo', level: 1,
            accounts: ['510', '513', '552 C', '5103', '5104', '5113', '5114', '5123', '5124', '5133', '5134', '5143', '5144', '5523 C', '5524 C', '5563', '5564'],
          },
          { code: 'PN.C.V', label: 'V. Acreedores comerciales y otras cuentas a pagar', level: 1 },
          { code: 'PN.C.V.1', label: '1. Proveedores', level: 2 },
          { code: 'PN.C.V.1.a', label: 'a) Proveedores a largo plazo', level: 3, accounts: [] },
          { code: 'PN.C.V.1.b', label: 'b) Proveedores a corto plazo', level: 3, accounts: ['400', '401', '403', '404', '405', '(406)'] },
          {
            code: 'PN.C.V.2', label: '2. Otros acreedores', level: 2,
            accounts: ['41', '438', '465', '466', '475', '4750 C', '476', '477 C', '472 C', '5531 C', '5533 C'],
          },
          { code: 'PN.C.VI', label: 'VI. Periodificaciones a corto plazo', level: 1, accounts: ['485', '568'] },
          { code: 'PN.C.VII', label: 'VII. Deuda con características especiales a corto plazo', level: 1, accounts: ['502', '507', '(195)', '(197)', '199'] },
          { code: 'TPN', label: 'TOTAL PATRIMONIO NETO Y PASIVO (A + B + C)', level: 0, sum: ['PN.A', 'PN.B', 'PN.C'] },
        ],
      },
    ],
  },
  profitAndLoss: {
    title: 'Cuenta de pérdidas y ganancias abreviada',
    sides: [
      {
        key: 'profit_and_loss', title: 'CUENTA DE PÉRDIDAS Y GANANCIAS', sign: 'credit', lines: [
          { code: '1', label: '1. Importe neto de la cifra de negocios', level: 1, accounts: ['700', '701', '702', '703', '704', '705', '(706)', '(708)', '(709)'] },
          { code: '2', label: '2. Variación de existencias de productos terminados y en curso de fabricación', level: 1, accounts: ['(6930)', '71', '7930'] },
          { code: '3', label: '3. Trabajos realizados por la empresa para su activo', level: 1, accounts: ['73'] },
          {
            code: '4', label: '4. Aprovisionamientos', level: 1,
            accounts: ['(600)', '(601)', '(602)', '606', '(607)', '608', '609', '61', '(693)', '(6931)', '(6932)', '(6933)', '793', '7931', '7932', '7933'],
          },
          { code: '5', label: '5. Otros ingresos de explotación', level: 1, accounts: ['740', '747', '75'] },
          { code: '6', label: '6. Gastos de personal', level: 1, accounts: ['(64)', '7950', '7957'] },
          { code: '7', label: '7. Otros gastos de explotación', level: 1, accounts: ['(62)', '(631)', '(634)', '636', '639', '(65)', '(694)', '(695)', '794', '7954'] },
          { code: '8', label: '8. Amortización del inmovilizado', level: 1, accounts: ['(68)'] },
          { code: '9', label: '9. Imputación de subvenciones de inmovilizado no financiero y otras', level: 1, accounts: ['746'] },
          { code: '10', label: '10. Excesos de provisiones', level: 1, accounts: ['795', '7951', '7952', '7955', '7956'] },
          {
            code: '11', label: '11. Deterioro y resultado por enajenaciones del inmovilizado', level: 1,
            accounts: ['(670)', '(671)', '(672)', '(690)', '(691)', '(692)', '770', '771', '772', '790', '791', '792'],
          },
          { code: '12', label: '12. Diferencia negativa de combinaciones de negocio', level: 1, accounts: ['774'] },
          { code: '13', label: '13. Otros resultados', level: 1, accounts: ['(678)', '778'] },
          { code: 'A', label: 'A) RESULTADO DE EXPLOTACIÓN (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13)', level: 0, sum: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13'] },
          { code: '14', label: '14. Ingresos financieros', level: 1 },
          // no account of the chart is set apart for financial grants; a company that has them reclassifies by hand
          { code: '14.a', label: 'a) Imputación de subvenciones, donaciones y legados de carácter financiero', level: 2, accounts: [] },
          { code: '14.b', label: 'b) Otros ingresos financieros', level: 2, accounts: ['760', '761', '762', '767', '769'] },
          { code: '15', label: '15. Gastos financieros', level: 1, accounts: ['(660)', '(661)', '(662)', '(664)', '(665)', '(669)'] },
          { code: '16', label: '16. Variación de valor razonable en instrumentos financieros', level: 1, accounts: ['(663)', '763'] },
          { code: '17', label: '17. Diferencias de cambio', level: 1, accounts: ['(668)', '768'] },
          {
            code: '18', label: '18. Deterioro y resultado por enajenaciones de instrumentos financieros', level: 1,
            accounts: ['(666)', '(667)', '(673)', '(675)', '(696)', '(697)', '(698)', '(699)', '766', '773', '775', '796', '797', '798', '799'],
          },
          // the chart has no account for these three; a company that has such income or expense reclassifies by hand
          { code: '19', label: '19. Otros ingresos y gastos de carácter financiero', level: 1 },
          { code: '19.a', label: 'a) Incorporación al activo de gastos financieros', level: 2, accounts: [] },
          { code: '19.b', label: 'b) Ingresos financieros derivados de convenios de acreedores', level: 2, accounts: [] },
          { code: '19.c', label: 'c) Resto de ingresos y gastos', level: 2, accounts: [] },
          { code: 'B', label: 'B) RESULTADO FINANCIERO (14 + 15 + 16 + 17 + 18 + 19)', level: 0, sum: ['14', '15', '16', '17', '18', '19'] },
          { code: 'C', label: 'C) RESULTADO ANTES DE IMPUESTOS (A + B)', level: 0, sum: ['A', 'B'] },
          { code: '20', label: '20. Impuestos sobre beneficios', level: 1, accounts: ['(6300)', '6301', '(633)', '638'] },
          { code: 'D', label: 'D) RESULTADO DEL EJERCICIO (C + 20)', level: 0, sum: ['C', '20'] },
        ],
      },
    ],
  },
};
