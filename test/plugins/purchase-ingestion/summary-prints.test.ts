/**
 * Ways a summary and a header are printed that the extractor must read as they are meant: quotas
 * printed under one sum of the bases with each item line saying its rate, a caption whose "%" wraps
 * under it, a minus after the figures, French and Swiss suppliers' captions, amounts and tax numbers,
 * a bare "FACTURA" title over a line that numbers the invoice itself. Page texts written for the
 * test, their cells placed as a text layer places them; no database: the extractor is pure.
 */
import { describe, expect, test } from 'bun:test';
import { amountsIn, ratesIn } from '../../../plugins/purchase-ingestion/amounts';
import { extractPurchase, type Extraction } from '../../../plugins/purchase-ingestion/extract';
import { taxIdsIn } from '../../../plugins/purchase-ingestion/tax-ids';
import { cellMark, type PageText } from '../../../plugins/purchase-ingestion/text-lines';

const OWN = 'B50318427';
const page = (text: string): PageText[] => [{ page: 1, source: 'text_layer', text, confidence: 1 }];
const row = (...cells: [number, number, string][]) => cells.map(([x, end, text]) => cellMark(x, end) + text).join('');
const taxes = (lines: Extraction['vat']) => lines.map((l) => [l.rate, l.base, l.amount]);
const summary = (x: Extraction) => ({ subtotal: x.subtotal.value, total: x.total.value, vat: taxes(x.vat), withholding: taxes(x.withholding), passed: x.cross_check.passed });
const head = (supplier: string, taxId: string, number: string) => [supplier, 'Camino de la Estación, s/n', `NIF: ${taxId}`, `Factura nº ${number}`, 'Fecha 03/02/2026', 'Cliente: Montajes Eléctricos Matarraña, S.L.', `NIF: ${OWN}`].join('\n');

describe('quotas printed under one sum of the bases', () => {
  const totals = [
    row([0.59, 0.67, 'Base imponible'], [0.7, 0.74, '623,94']),
    row([0.62, 0.67, 'IVA 21 %'], [0.7, 0.74, '69,83']),
    row([0.62, 0.67, 'IVA 10 %'], [0.7, 0.74, '29,14']),
    row([0.58, 0.67, 'TOTAL FACTURA'], [0.68, 0.74, '722,91']),
  ];
  const expected = { subtotal: '623.94', total: '722.91', vat: [['21.00', '332.50', '69.83'], ['10.00', '291.44', '29.14']], withholding: [], passed: true };

  test('each item line names its rate in its description: the bases are what each rate\'s lines add up to', () => {
    const items = [
      row([0.07, 0.4, 'Descripción'], [0.53, 0.58, 'Unidades'], [0.7, 0.74, 'Dto. %'], [0.81, 0.85, 'Importe']),
      row([0.07, 0.2, 'Agua mineral 50 cl (10%)'], [0.57, 0.58, '480'], [0.73, 0.74, '5'], [0.82, 0.85, '86,64']),
      row([0.07, 0.2, 'Zumo naranja 1 L (10%)'], [0.57, 0.58, '72'], [0.82, 0.85, '80,64']),
      // "3 ¦ 124,16": a discount's cell beside the amount, never "3 124,16"
      row([0.07, 0.2, 'Café molido 1 kg (10%)'], [0.57, 0.58, '10'], [0.73, 0.74, '3'], [0.82, 0.85, '124,16']),
      row([0.07, 0.2, 'Refresco cola 33 cl (21%)'], [0.57, 0.58, '192'], [0.73, 0.74, '5'], [0.82, 0.85, '74,78']),
      row([0.07, 0.2, 'Cerveza 33 cl (21%)'], [0.57, 0.58, '360'], [0.73, 0.74, '8'], [0.82, 0.85, '172,22']),
      row([0.07, 0.2, 'Vasos cartón 200 cc (21%)'], [0.57, 0.58, '3'], [0.82, 0.85, '85,50']),
    ];
    expect(summary(extractPurchase(page([head('Bebidas Mezquín, S.L.', 'B50922368', 'BD-26-07712'), ...items, ...totals].join('\n')), [OWN]))).toEqual(expected);
  });

  test('each item line has its rate in a "% IVA" column; a line naming no rate leaves the bases unsplit', () => {
    const header = row([0.07, 0.16, 'Descripción'], [0.48, 0.53, '% IVA'], [0.58, 0.62, 'Cant.'], [0.84, 0.9, 'Importe']);
    const item = (text: string, rate: string, amount: string) => row([0.07, 0.3, text], [0.51, 0.53, rate], [0.6, 0.62, '1'], [0.85, 0.9, amount]);
    const lines = [['Gasóleo B', '21', '200,00'], ['Abono NPK', '10', '150,00'], ['Malla sombreo', '21', '132,50'], ['Pienso ovino', '10', '141,44']];
    const items = lines.map(([text, rate, amount]) => item(text, rate, amount));
    const x = extractPurchase(page([head('Cooperativa San Isidro, S.Coop.', 'F44002186', '2026/00871'), header, ...items, ...totals].join('\n')), [OWN]);
    expect(summary(x)).toEqual(expected);
    // the rate column's cells are what say the rates: without them the split is not guessed
    const unrated = lines.map(([text, , amount]) => item(text, '', amount));
    const y = extractPurchase(page([head('Cooperativa San Isidro, S.Coop.', 'F44002186', '2026/00871'), header, ...unrated, ...totals].join('\n')), [OWN]);
    expect(taxes(y.vat)).not.toEqual(expected.vat);
  });
});

describe('captions and amounts as some suppliers print them', () => {
  test('a caption whose "%" wraps under it: "Retención IRPF 15" over "%" is the 15 % withholding', () => {
    const lines = [
      head('Laura Gimeno Arnal', '29113457B', '2026-031'),
      row([0.1, 0.5, 'Sesiones de intervención psicológica'], [0.75, 0.8, '600,00']),
      row([0.62, 0.74, 'Base imponible'], [0.8, 0.86, '600,00 €']),
      row([0.62, 0.68, 'IVA 0 %'], [0.8, 0.84, '0,00 €']),
      row([0.62, 0.77, 'Retención IRPF 15'], [0.8, 0.86, '-90,00 €']),
      row([0.62, 0.64, '%']),
      row([0.62, 0.77, 'TOTAL FACTURA'], [0.8, 0.87, '510,00 €']),
    ];
    expect(summary(extractPurchase(page(lines.join('\n')), [OWN]))).toEqual({ subtotal: '600.00', total: '510.00', vat: [['0.00', '600.00', '0.00']], withholding: [['15.00', '600.00', '90.00']], passed: true });
  });

  test('a minus after the figures (an old accounting program\'s credit note) is a negative amount; a range is not', () => {
    expect(amountsIn('BASE IMPONIBLE 1.309,60-').map(String)).toEqual(['-1309.60']);
    expect(amountsIn('de 10,00-20,00 €').map(String)).toEqual(['10.00', '20.00']);
    const lines = [head('Suministros Oficina Ebro, S.A.', 'A50028794', 'AB-0042'), 'FACTURA RECTIFICATIVA (ABONO)', 'BASE IMPONIBLE 1.309,60-', 'I.V.A. 21 % 275,02-', 'TOTAL ABONO 1.584,62-'];
    expect(summary(extractPurchase(page(lines.join('\n')), [OWN]))).toEqual({ subtotal: '-1309.60', total: '-1584.62', vat: [['21.00', '-1309.60', '-275.02']], withholding: [], passed: true });
  });

  test('a French supplier\'s "Total HT", "TVA 0 %" and "Total TTC" under reverse charge', () => {
    const lines = ['Conseil Garonne SARL', 'TVA : FR28412385676', 'Facture nº FG-2026-118', 'Date : 12/03/2026', `Client : TVA ESB50318427`, 'Total HT 5 630,00 €', 'TVA 0 % 0,00 €', 'Total TTC 5 630,00 €', 'Autoliquidation'];
    const x = extractPurchase(page(lines.join('\n')), [OWN]);
    expect(summary(x)).toEqual({ subtotal: '5630.00', total: '5630.00', vat: [['0.00', '5630.00', '0.00']], withholding: [], passed: true });
    expect(x.supplier_tax_id.value).toBe('FR28412385676');
  });

  test('a Swiss supplier: "3\'493.00" with apostrophes, and its CHE number; British, Norwegian and dotted Belgian numbers too', () => {
    expect(amountsIn("EUR 3'493.00 · 1’648.00 · 225.00").map(String)).toEqual(['3493.00', '1648.00', '225.00']);
    const found = (text: string) => taxIdsIn(text).map((t) => [t.value, t.country, t.valid]);
    expect(found('UID: CHE-106.457.232 MWST')).toEqual([['CHE106457232', 'CH', true]]);
    expect(found('UID: CHE-106.457.233')).toEqual([['CHE106457233', 'CH', false]]);
    expect(found('VAT Reg. No. GB 980 7806 84')).toEqual([['GB980780684', 'GB', true]]);
    expect(found('Org.nr. NO 974 760 673 MVA')).toEqual([['NO974760673', 'NO', true]]);
    expect(found('VAT BE 0471.826.311 · RPR Gent')).toEqual([['BE0471826311', 'BE', true]]);
    const lines = ['Präzisionsmess AG', 'UID: CHE-106.457.232', 'Rechnung Nr. / Invoice No. 2026-4471', 'Datum / Date: 15.05.2026', 'Kunde / Customer', `UID: ES${OWN}`, "Nettobetrag / Net amount EUR 3'493.00", 'MWST / VAT 0 % EUR 0.00', "TOTAL EUR 3'493.00"];
    const x = extractPurchase(page(lines.join('\n')), [OWN]);
    expect([x.supplier_tax_id.value, x.subtotal.value, x.total.value]).toEqual(['CHE106457232', '3493.00', '3493.00']);
  });

  test('a bare "FACTURA" title over "FACTURA Nº 73": the number is 73, never a measure in the lines below', () => {
    const lines = ['Ramón Escriche Gil', 'NIF: 73008861F', 'Cliente', `NIF: ${OWN}`, 'FACTURA', 'FACTURA Nº 73', row([0.1, 0.36, 'Puerta corredera roble 90x210'], [0.54, 0.55, '2'], [0.73, 0.77, '930,00']), 'Base imponible 930,00', 'IVA 21 % 195,30', 'TOTAL 1.125,30', 'Teruel, a 18 de mayo de 2026'];
    expect(extractPurchase(page(lines.join('\n')), [OWN]).invoice_number.value).toBe('73');
  });

  test('"IVA 21 % sobre 2.225,00 · Retención IRPF 15 % sobre 2.225,00" under a row of captions: each amount a base, its quota its rate of it', () => {
    const lines = [
      'Javier Lahoz Broto', 'Consultoría energética · NIF: 25184367B', `Cliente: Montajes Eléctricos Matarraña, S.L. · CIF ${OWN}`, 'Factura FAC2026A42', 'Fecha 03-03-2026',
      row([0.14, 0.17, 'Neto'], [0.31, 0.34, 'IVA'], [0.47, 0.53, 'Recargo'], [0.65, 0.69, 'IRPF'], [0.82, 0.86, 'Total']),
      row([0.13, 0.18, '2.225,00'], [0.3, 0.35, '467,25'], [0.48, 0.51, '0,00'], [0.64, 0.69, '-333,75'], [0.81, 0.87, '2.358,50 €']),
      'IVA 21 % sobre 2.225,00 · Retención IRPF 15 % sobre 2.225,00',
    ];
    expect(summary(extractPurchase(page(lines.join('\n')), [OWN]))).toEqual({ subtotal: '2225.00', total: '2358.50', vat: [['21.00', '2225.00', '467.25']], withholding: [['15.00', '2225.00', '333.75']], passed: true });
  });

  test('a web shop: "21,000 %" in its tax detail, "Total (sin IVA)", "Total impuestos"; a "Subtotal" of the products with the shipping taxed beside it', () => {
    expect(ratesIn('Productos y envío 21,000 % 361,20 €').map(String)).toEqual(['21.00']);
    const shop = [head('Nubia Home Decor, S.L.', 'B93614824', 'FA-000318'), 'Productos y envío 21,000 % 361,20 € 75,85 €', 'Total (sin IVA) 361,20 €', 'Total impuestos 75,85 €', 'Total 437,05 €'];
    expect(summary(extractPurchase(page(shop.join('\n')), [OWN]))).toEqual({ subtotal: '361.20', total: '437.05', vat: [['21.00', '361.20', '75.85']], withholding: [], passed: true });
    const shipped = [head('Cerámica Albiol, S.L.', 'B50922368', '2026-0087'), 'Subtotal 279,34 €', 'Envío 9,50 € vía Envío urgente', 'IVA (21%) 60,66 €', 'Total 349,50 €'];
    expect(summary(extractPurchase(page(shipped.join('\n')), [OWN]))).toEqual({ subtotal: '288.84', total: '349.50', vat: [['21.00', '288.84', '60.66']], withholding: [], passed: true });
  });
});

describe("the supplier's name", () => {
  const body = ['Factura nº 2026-0112', 'Fecha: 04-05-2026', 'Base imponible 100,00', 'IVA 21 % 21,00', 'TOTAL 121,00'];

  test('a company founded in a year says so in its name: "Hostelería Casa Emilio 1939, S.L." over its brand in capitals', () => {
    const lines = ['CASA EMILIO', 'Restaurante desde 1939', 'Hostelería Casa Emilio 1939, S.L. · NIF B50773811', `Cliente: Montajes Eléctricos Matarraña, S.L. CIF ${OWN}`, ...body];
    expect(extractPurchase(page(lines.join('\n')), [OWN]).supplier_name.value).toBe('Hostelería Casa Emilio 1939, S.L.');
  });

  test('the line under a supplier caption alone ("PROVEEDOR"), before a trade name in capitals above it', () => {
    const lines = [
      row([0.07, 0.27, 'GESTORIA RUIZ'], [0.81, 0.93, 'FACTURA']), 'Asesoría fiscal, laboral y contable',
      row([0.07, 0.15, 'PROVEEDOR'], [0.52, 0.62, 'DESTINATARIO']),
      row([0.07, 0.21, 'Antonio Ruiz Mallén'], [0.52, 0.78, 'Montajes Eléctricos Matarraña, S.L.']),
      row([0.07, 0.21, 'NIF/CIF: 18031592Y'], [0.52, 0.66, `NIF/CIF: ${OWN}`]), ...body,
    ];
    expect(extractPurchase(page(lines.join('\n')), [OWN]).supplier_name.value).toBe('Antonio Ruiz Mallén');
  });

  test('a natural person\'s number: the customer\'s company printed first without a caption (a window envelope) is never her name', () => {
    const lines = [
      'Estudio Ribagorza, S.L.', 'Calle Predicadores, 48, 2º', `NIF: ${OWN}`,
      'Lucía Arnal Broto', 'Diseño gráfico e ilustración', 'C/ Delicias 77, 3º B', 'NIF 25471193G', ...body,
    ];
    expect(extractPurchase(page(lines.join('\n')), [OWN]).supplier_name.value).toBe('Lucía Arnal Broto');
  });

  test('a natural person\'s number: a company named further down the page is another party, never the supplier', () => {
    const lines = ['Lucía Ferrer Albiol', 'Carrer del Forn 4', 'NIF 20471938Y', 'Montajes Eléctricos Matarraña, S.L.', 'Polígono Valdeconsejo, nave 14', '50410 Cuarte de Huerva (Zaragoza)', 'Teléfono 976 000 000', 'Correo compras@example.com', OWN, ...body];
    expect(extractPurchase(page(lines.join('\n')), [OWN]).supplier_name.value).toBe('Lucía Ferrer Albiol');
  });
});

describe('numbers and words of the item lines', () => {
  const totals = ['Base imponible 100,00', 'IVA 21 % 21,00', 'TOTAL 121,00'];

  test('a collegiate number under a bare title ("Arquitecta col. 4471") is no invoice number', () => {
    const lines = ['FACTURA', 'Montserrat Puig Sancho', 'Arquitecta col. 4471 COAATE', 'C/ Major, 5', 'NIF: 17660238X', 'Factura núm. 2026-014 Client', 'Data 3 de març de 2026', `NIF: ${OWN}`, ...totals];
    expect(extractPurchase(page(lines.join('\n')), [OWN]).invoice_number.value).toBe('2026-014');
  });

  test('a header row over its values: the values\' row, not an item line further down with as many words', () => {
    const lines = [
      'DISTRIBUCIONES DE BEBIDAS MONCAYO, S.L.', 'C.I.F.: B50473123', `Cliente C.I.F.: ${OWN}`,
      row([0.08, 0.13, 'FACTURA'], [0.22, 0.26, 'FECHA'], [0.36, 0.4, 'CLIENTE'], [0.46, 0.49, 'RUTA'], [0.65, 0.74, 'FORMA DE PAGO']),
      row([0.1, 0.18, 'V1-000412'], [0.24, 0.32, '03/02/2026'], [0.37, 0.42, '004471'], [0.48, 0.51, 'R07'], [0.72, 0.85, 'RECIBO 30 DIAS']),
      row([0.08, 0.13, 'CODIGO'], [0.15, 0.24, 'DESCRIPCION'], [0.86, 0.92, 'IMPORTE']),
      row([0.08, 0.11, '1021'], [0.15, 0.33, 'AGUA MINERAL 1,5L PACK 6'], [0.48, 0.49, '30'], [0.89, 0.92, '100,00']),
      ...totals,
    ];
    expect(extractPurchase(page(lines.join('\n')), [OWN]).invoice_number.value).toBe('V1-000412');
  });

  test('"Tasas de examen" in an item line is no rate\'s caption: exempt courses beside taxed material', () => {
    const lines = [
      'Centro de Formación Técnica Delicias, S.L.', 'CIF B99726044', 'Factura nº CF-26/0412', 'Fecha: 12/05/2026', `Cliente NIF ${OWN}`,
      row([0.1, 0.49, 'Curso PRL trabajos en altura – 3 alumnos'], [0.62, 0.63, '3'], [0.69, 0.73, '385,00'], [0.75, 0.79, 'Exento'], [0.85, 0.9, '1.155,00']),
      row([0.1, 0.28, 'Manual y material didáctico'], [0.62, 0.63, '3'], [0.69, 0.73, '28,50'], [0.76, 0.79, '21 %'], [0.86, 0.9, '85,50']),
      row([0.1, 0.27, 'Tasas de examen (gestión)'], [0.62, 0.63, '3'], [0.69, 0.73, '15,00'], [0.76, 0.79, '21 %'], [0.86, 0.9, '45,00']),
      row([0.43, 0.71, 'Base exenta (art. 20.Uno.9º Ley 37/1992)'], [0.85, 0.9, '1.155,00']),
      row([0.43, 0.57, 'Base imponible 21 %'], [0.86, 0.9, '130,50']),
      row([0.43, 0.53, 'Cuota IVA 21 %'], [0.87, 0.9, '27,41']),
      row([0.43, 0.48, 'TOTAL'], [0.83, 0.9, '1.312,91 €']),
    ];
    expect(summary(extractPurchase(page(lines.join('\n')), [OWN]))).toEqual({ subtotal: '1285.50', total: '1312.91', vat: [['0.00', '1155.00', '0.00'], ['21.00', '130.50', '27.41']], withholding: [], passed: true });
  });
});
