/**
 * A tax summary laid out as a table whose rate columns are titled without a "%": "Tipo IVA", "Tipo
 * R.E.", "Tipo IRPF" over rows such as "997,80  21 %  209,54  5,2 %  51,89". Each "Tipo …" column
 * is the rate of the tax it names, and the quota beside it that tax's ("Cuota R.E.", "Retención").
 * Page texts written for the test; no database: the extractor is pure.
 */
import { describe, expect, test } from 'bun:test';
import { extractPurchase, type PageText } from '../../../plugins/purchase-ingestion/extract';

const page = (text: string): PageText => ({ page: 1, source: 'text_layer', text, confidence: 1 });
const read = (text: string) => {
  const e = extractPurchase([page(`Almacenes del Norte, S.A.\nCIF A31528797\nFactura n.º A-2026/7 Fecha 03.09.2026\n${text}`)], ['B12345674']);
  const taxes = (lines: typeof e.vat) => lines.map((l) => `${l.rate} % of ${l.base} = ${l.amount}`);
  return { subtotal: e.subtotal.value, total: e.total.value, vat: taxes(e.vat), surcharge: taxes(e.surcharge), withholding: taxes(e.withholding) };
};

describe('summary tables with "Tipo …" rate columns', () => {
  test('recargo de equivalencia: "Tipo R.E." and "Cuota R.E." beside "Tipo IVA" and "Cuota IVA", two rates', () => {
    expect(read(`Base imponible    Tipo IVA     Cuota IVA     Tipo R.E.    Cuota R.E.
997,80              21 %        209,54        5,2 %         51,89
2.611,63      10 %        261,16        1,4 %         36,56
Total bases: 3.609,43
TOTAL A PAGAR: 4.176,68 EUR`)).toEqual({
      subtotal: '3609.43', total: '4176.68',
      vat: ['21.00 % of 997.80 = 209.54', '10.00 % of 2611.63 = 261.16'],
      surcharge: ['5.20 % of 997.80 = 51.89', '1.40 % of 2611.63 = 36.56'], withholding: [],
    });
  });

  test('IRPF: "Tipo IRPF" and "Retención"', () => {
    expect(read(`Base imponible    Tipo IVA     Cuota IVA     Tipo IRPF    Retención
1.000,00              21 %        210,00        15 %         150,00
TOTAL A PAGAR: 1.060,00 EUR`)).toEqual({ subtotal: '1000.00', total: '1060.00', vat: ['21.00 % of 1000.00 = 210.00'], surcharge: [], withholding: ['15.00 % of 1000.00 = 150.00'] });
  });
});
