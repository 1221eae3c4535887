/**
 * Tax summaries laid out as tables that share their lines with something else: a totals block
 * printed in a column beside the titles and rows, the invoice's total label on a row's line with its
 * amount under the table, a totals line printed between two rows; and what is not a tax line though
 * it looks like one. Page texts written for the test; no database: the extractor is pure.
 */
import { describe, expect, test } from 'bun:test';
import { extractPurchase, type PageText } from '../../../plugins/purchase-ingestion/extract';

const page = (text: string): PageText => ({ page: 1, source: 'text_layer', text, confidence: 1 });
const read = (text: string) => {
  const e = extractPurchase([page(`Almacenes del Norte, S.A.\nCIF A31528797\nFactura n.º A-2026/7 Fecha 03.09.2026\n${text}`)], ['B12345674']);
  const taxes = (lines: typeof e.vat) => lines.map((l) => `${l.rate} % of ${l.base} = ${l.amount}`);
  return { subtotal: e.subtotal.value, total: e.total.value, vat: taxes(e.vat), surcharge: taxes(e.surcharge), withholding: taxes(e.withholding) };
};

describe('summary tables beside other columns', () => {
  test('a totals block beside the titles and the rows: the rows are the table, the block its sums', () => {
    expect(read(`Descripción Cantidad Precio IVA % Importe
Tornillería surtida (caja) 10 50,00 10 500,00
Embalaje 4 25,00 21 100,00
Base imponible  IVA %  Cuota IVA      Suma de bases 600,00
500,00   10   50,00                   Total IVA 71,00
100,00   21   21,00
Total factura 671,00 €`)).toEqual({ subtotal: '600.00', total: '671.00', vat: ['10.00 % of 500.00 = 50.00', '21.00 % of 100.00 = 21.00'], surcharge: [], withholding: [] });
  });

  test('the total\'s label on the first row and its amount under the table, never a row\'s last cell', () => {
    expect(read(`BASE  %IVA  CUOTA IVA  %R.E.  CUOTA R.E.
200,00  4  8,00  0,5  1,00      TOTAL FACTURA
100,00  10  10,00  1,4  1,40
320,40`)).toEqual({
      subtotal: '300.00', total: '320.40', vat: ['4.00 % of 200.00 = 8.00', '10.00 % of 100.00 = 10.00'],
      surcharge: ['0.50 % of 200.00 = 1.00', '1.40 % of 100.00 = 1.40'], withholding: [],
    });
  });

  test('the invoice\'s total printed between two rows of a table with a total column', () => {
    expect(read(`Base imponible 1.200,00 € · IVA 141,00 €
Tipo IVA  Base imponible  Cuota  Total
21%  300,00  63,00  363,00
TOTAL FACTURA 1.341,00 €
10%  900,00  90,00  990,00`)).toEqual({ subtotal: '1200.00', total: '1341.00', vat: ['21.00 % of 300.00 = 63.00', '10.00 % of 900.00 = 90.00'], surcharge: [], withholding: [] });
  });

  test('Catalan "% Recàrrec" heads the recargo\'s rate column', () => {
    expect(read(`Base imposable  % IVA  Quota IVA  % Recàrrec  Quota recàrrec
500,00  21%  105,00  5,2%  26,00
Total factura 631,00 €`)).toEqual({ subtotal: '500.00', total: '631.00', vat: ['21.00 % of 500.00 = 105.00'], surcharge: ['5.20 % of 500.00 = 26.00'], withholding: [] });
  });
});

describe('amounts that are not tax lines', () => {
  test('an item named "Cuota de …" or "Recargo …" is an item, and "Base imponible IVA 10 %" the base of that rate', () => {
    expect(read(`Concepto Cantidad Precio IVA Importe
Cuota de mantenimiento (mes) 1 40,00 10% 40,00
Recargo urgencia 15 % 1 6,00 21% 6,00
Horas de técnico 2 30,00 10% 60,00
Base imponible IVA 10% 100,00
Cuota IVA 10% 10,00
Base imponible IVA 21% 6,00
Cuota IVA 21% 1,26
Importe total 117,26 €`)).toEqual({ subtotal: '106.00', total: '117.26', vat: ['10.00 % of 100.00 = 10.00', '21.00 % of 6.00 = 1.26'], surcharge: [], withholding: [] });
  });

  test('"Cuota de recargo" and "Cuota de retención" stay the labels of those taxes', () => {
    expect(read(`Base imponible 500,00
IVA 21 % 105,00
Cuota de recargo 5,2 % 26,00
Cuota de retención 15 % 75,00
Total factura 556,00 €`)).toEqual({ subtotal: '500.00', total: '556.00', vat: ['21.00 % of 500.00 = 105.00'], surcharge: ['5.20 % of 500.00 = 26.00'], withholding: ['15.00 % of 500.00 = 75.00'] });
  });

  test('a rate printed under its item\'s row ("IVA 21 %") is no VAT line of that row\'s amounts', () => {
    expect(read(`Concepto Uds. Precio Importe
Revisión anual de extintores 4 20,00 80,00
IVA 21 %
Formación de evacuación 1 300,00 300,00
Exento de IVA (art. 20)
Tipo Base Cuota
Exento 300,00 0,00
21 % 80,00 16,80
Total 396,80 €`)).toEqual({ subtotal: '380.00', total: '396.80', vat: ['0.00 % of 300.00 = 0.00', '21.00 % of 80.00 = 16.80'], surcharge: [], withholding: [] });
  });

  test('a refundable deposit outside VAT is no exempt base, and the total to pay includes it', () => {
    expect(read(`Base imponible 500,00
IVA 21 % 105,00
Total servicio 605,00
Fianza (no sujeta, se devuelve al final) 200,00
TOTAL A PAGAR 805,00 €`)).toEqual({ subtotal: '500.00', total: '805.00', vat: ['21.00 % of 500.00 = 105.00'], surcharge: [], withholding: [] });
  });

  test('a corrective invoice\'s negative base, quota and total stay negative', () => {
    expect(read(`FACTURA RECTIFICATIVA
Concepto Cant. Precio IVA Importe
Abono: cartuchos defectuosos -2 30,00 21% -60,00
Base imponible -60,00 €
IVA 21 % -12,60 €
TOTAL A ABONAR -72,60 €`)).toEqual({ subtotal: '-60.00', total: '-72.60', vat: ['21.00 % of -60.00 = -12.60'], surcharge: [], withholding: [] });
  });

  test('a VAT quota of zero printed without a rate under a base: a 0 % line of that base (a reverse-charged supply)', () => {
    expect(read(`Suma neta 2.310,00 €
IVA 0,00 €
Importe a pagar 2.310,00 €
Inversión del sujeto pasivo.`)).toEqual({ subtotal: '2310.00', total: '2310.00', vat: ['0.00 % of 2310.00 = 0.00'], surcharge: [], withholding: [] });
  });

  test('a corrective invoice\'s table row with every amount negative: base, quota and total negative', () => {
    expect(read(`BASE IMPONIBLE  %IVA  CUOTA IVA  TOTAL
-150,00  21  -31,50  -181,50`)).toEqual({ subtotal: '-150.00', total: '-181.50', vat: ['21.00 % of -150.00 = -31.50'], surcharge: [], withholding: [] });
  });
});
