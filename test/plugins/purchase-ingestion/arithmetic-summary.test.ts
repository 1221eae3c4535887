/**
 * Tax summaries whose titles the label reader does not know, found by their arithmetic: rates
 * printed as bare numbers, a total's caption away from its amount, gross and discount columns
 * before the base, rows that open with the rate, a corrective invoice's negative rows. And what
 * the arithmetic must not take: a withholding's rate for a VAT rate, a row's own total for the
 * invoice's, a smaller sum over a total the labels read. Page texts written for the test; no
 * database: the extractor is pure.
 */
import { describe, expect, test } from 'bun:test';
import { Decimal } from '../../../kernel/money';
import { summaryByArithmetic } from '../../../plugins/purchase-ingestion/arithmetic-summary';
import { extractPurchase, type PageText } from '../../../plugins/purchase-ingestion/extract';
import { linesOf } from '../../../plugins/purchase-ingestion/text-lines';

const page = (text: string): PageText => ({ page: 1, source: 'text_layer', text, confidence: 1 });
const read = (text: string) => {
  const e = extractPurchase([page(`Conservas del Bidasoa, S.A.\nCIF A31528797\nFactura n.º B-2026/118 Fecha 11.10.2026\n${text}`)], ['B12345674']);
  const taxes = (lines: typeof e.vat) => lines.map((l) => `${l.rate} % of ${l.base} = ${l.amount}`);
  return { subtotal: e.subtotal.value, total: e.total.value, vat: taxes(e.vat), surcharge: taxes(e.surcharge), withholding: taxes(e.withholding), passed: e.cross_check.passed };
};

describe('a summary found by its arithmetic', () => {
  test('bare rates with recargo beside each base, the total\'s caption above the rows and its amount on the second', () => {
    expect(read(`Art. Descripción Uds. Precio Importe IVA RE
Bonito en aceite 12 4,10 49,20 10 1,4
Galletas surtidas 20 1,85 37,00 10 1,4
Detergente 3 L 6 7,95 47,70 21 5,2
Imp. Tipo Cuota Tipo Cuota     A PAGAR
47,70 21 10,02 5,2 2,48
86,20 10 8,62 1,4 1,21         156,23`)).toEqual({
      subtotal: '133.90', total: '156.23', passed: true,
      vat: ['21.00 % of 47.70 = 10.02', '10.00 % of 86.20 = 8.62'], surcharge: ['5.20 % of 47.70 = 2.48', '1.40 % of 86.20 = 1.21'], withholding: [],
    });
  });

  test('gross and discount columns before the base: the base is the amount its rate gives the quota from', () => {
    expect(read(`Bruto Dto. 3 % Neto gravado Tipo Importe impuesto
1.500,00 -45,00 1.455,00 21% 305,55
200,00 -6,00 194,00 4% 7,76
Importe de la factura 1.962,31`)).toEqual({
      subtotal: '1649.00', total: '1962.31', passed: true,
      vat: ['21.00 % of 1455.00 = 305.55', '4.00 % of 194.00 = 7.76'], surcharge: [], withholding: [],
    });
  });

  test('rows that open with the rate, the totals block printed between them: the rows, not a row\'s own total', () => {
    expect(read(`Clase Base Cuota
Suma bases: 600,00
21 % 100,00 21,00 121,00
Importe IVA: 71,00
10 % 500,00 50,00 550,00  Saldo 0,00
Liquidado 671,00`)).toMatchObject({ subtotal: '600.00', total: '671.00', vat: ['21.00 % of 100.00 = 21.00', '10.00 % of 500.00 = 50.00'] });
  });

  test('an exempt row printed with a zero rate is a 0 % line; a discount\'s empty column is not', () => {
    expect(read(`Gravado Tipo Repercutido
450,00 21 % 94,50
2.000,00 0 % 0,00
Importe: 2.544,50`)).toMatchObject({ subtotal: '2450.00', total: '2544.50', vat: ['21.00 % of 450.00 = 94.50', '0.00 % of 2000.00 = 0.00'] });
  });

  test('a corrective invoice\'s negative rows and total', () => {
    expect(read(`Abono por devolución
Gravado Tipo Repercutido
-300,00 21 % -63,00
-40,00 10 % -4,00
Saldo a su favor -407,00 €`)).toMatchObject({ subtotal: '-340.00', total: '-407.00', vat: ['21.00 % of -300.00 = -63.00', '10.00 % of -40.00 = -4.00'] });
  });
});

describe('summaries in columns', () => {
  test('rates as columns: a row of rates over rows of bases, quotas and totals', () => {
    expect(read(`Tipo IVA 4 % IVA 10 % IVA 21 %
Neto 120,00 80,00 40,00
Impuesto 4,80 8,00 8,40
Suma 124,80 88,00 48,40
IMPORTE 261,20`)).toMatchObject({ subtotal: '240.00', total: '261.20', vat: ['4.00 % of 120.00 = 4.80', '10.00 % of 80.00 = 8.00', '21.00 % of 40.00 = 8.40'] });
  });

  test('one rate\'s column read as the summary under a larger total labelled as the invoice\'s: the whole table instead', () => {
    expect(read(`IVA 21 % IVA 10 %
Base imposable 300,00 50,00
Quota 63,00 5,00
Total 363,00 55,00
Total factura: 418,00 €`)).toMatchObject({ subtotal: '350.00', total: '418.00', vat: ['21.00 % of 300.00 = 63.00', '10.00 % of 50.00 = 5.00'] });
  });

  test('a title row printing the rate over a row of amounts alone', () => {
    expect(read(`Neto IVA 21 % A PAGAR
2.500,00 525,00 3.025,00`)).toMatchObject({ subtotal: '2500.00', total: '3025.00', vat: ['21.00 % of 2500.00 = 525.00'] });
  });
});

describe('summaries printed by line printers and spreadsheets', () => {
  test('thousands set apart by spaces beside a bare rate: "21 597,21" read as a rate and a quota where the arithmetic says so', () => {
    expect(read(`BASE IMPONIBLE %IVA CUOTA IVA TOTAL FACTURA
3 100,00 21 651,00 *** 3 751,00 EUR`)).toMatchObject({ subtotal: '3100.00', total: '3751.00', vat: ['21.00 % of 3100.00 = 651.00'] });
  });

  test('rates as columns with recargo rows under the VAT\'s, the total\'s caption among them', () => {
    expect(read(`Clase 21 Clase 10
TOTAL A PAGAR
Base 100,00 50,00
181,90
% IVA 21 % 10 %
Cuota IVA 21,00 5,00
% R.E. 5,2 % 1,4 %
Cuota R.E. 5,20 0,70`)).toMatchObject({ subtotal: '150.00', total: '181.90', vat: ['21.00 % of 100.00 = 21.00', '10.00 % of 50.00 = 5.00'], surcharge: ['5.20 % of 100.00 = 5.20', '1.40 % of 50.00 = 0.70'] });
  });
});

describe('what the arithmetic does not take', () => {
  test('a withholding\'s rate is never read as a VAT line, even at a rate the Canaries\' IGIC also has', () => {
    const lines = linesOf([page(`Honorarios 1.000,00\nRetención 15 % 1.000,00 150,00\nTotal 1.000,00`)]);
    expect(summaryByArithmetic(lines, Decimal.zero(2))).toBeNull();
  });

  test('a total the labels read, larger than the arithmetic\'s, stands with the labels\' reading', () => {
    const e = read(`Gravado Tipo Repercutido
400,00 21 % 84,00
Gastos de registro (suplidos) 60,00
TOTAL FACTURA 544,00`);
    expect(e.total).toBe('544.00');
  });

  test('no rate and quota that agree: nothing is made up', () => {
    const lines = linesOf([page(`Cantidad Precio Importe\n3 10,00 30,00\n2 21,00 42,00\nTotal 72,00`)]);
    expect(summaryByArithmetic(lines, Decimal.zero(2))).toBeNull();
  });

  test('a page of hundreds of rows that each check out is read within a bounded number of sets', () => {
    const rows = Array.from({ length: 400 }, (_, i) => `${100 + i},00 21 % ${((100 + i) * 0.21).toFixed(2).replace('.', ',')}`);
    const lines = linesOf([page(`${rows.join('\n')}\nTotal 999.999,99`)]);
    const found = summaryByArithmetic(lines, Decimal.zero(2));
    expect(found === null || found.vat.length > 0).toBe(true);
  });

  test('a line of thousands of numbers (a hostile text layer) is read for no row: the pairs are never tried', () => {
    const words = 'IVA 21% 1.000,00 210,00 Base 100,00 TOTAL 1.210,00 ';
    const lines = linesOf([page(words.repeat(400))]);
    expect(summaryByArithmetic(lines, Decimal.zero(2))).toBeNull();
  });
});
