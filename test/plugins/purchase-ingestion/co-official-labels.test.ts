/**
 * Invoices of Catalonia, Valencia and the Balearics, Galicia and the Basque Country print their
 * summaries and item headers in the co-official language: "Base imposable", "Quota", "Recàrrec
 * d'equivalència", "Retenció" (Catalan); "IVE", "Cota", "Base impoñible" (Galician); "BEZ",
 * "Zerga-oinarria", "PFEZ atxikipena", "Guztira" (Basque); items under "Concepte · Quantitat · Preu",
 * "Concepto · Cantidade · Prezo", "Kontzeptua · Kopurua · Prezioa". An item row with its rate column
 * ("Taulell 2 150,00 21 % 300,00") is an item, never a VAT line. Page texts written for the test;
 * no database: the extractor is pure.
 */
import { describe, expect, test } from 'bun:test';
import { extractPurchase, type PageText } from '../../../plugins/purchase-ingestion/extract';

const page = (text: string): PageText => ({ page: 1, source: 'text_layer', text, confidence: 1 });
const read = (text: string) => {
  const e = extractPurchase([page(text)], ['B12345674']);
  const taxes = (lines: typeof e.vat) => lines.map((l) => `${l.rate} % of ${l.base} = ${l.amount}`);
  return { subtotal: e.subtotal.value, total: e.total.value, vat: taxes(e.vat), surcharge: taxes(e.surcharge), withholding: taxes(e.withholding) };
};
const letterhead = (name: string, number: string) => `${name}\nNIF B65410011\nFactura núm. ${number}    Data: 14/03/2026\n`;

describe('summaries and item headers in Catalan, Galician and Basque', () => {
  test('Catalan: items under "Concepte Quantitat Preu IVA Import" are not VAT lines; "Base imposable", "Quota IVA"', () => {
    expect(read(`${letterhead('Fusteria Puig i Serra, S.L.', 'FP-2026/118')}Concepte                      Quantitat   Preu     IVA    Import
Taulell de roure                  2      150,00    21 %    300,00
Muntatge                          3       40,00    21 %    120,00
Base imposable      420,00
Quota IVA 21 %       88,20
Total factura       508,20`)).toEqual({ subtotal: '420.00', total: '508.20', vat: ['21.00 % of 420.00 = 88.20'], surcharge: [], withholding: [] });
  });

  test('Catalan: a summary table "Base IVA Quota" under abbreviated item columns ("Quant.")', () => {
    expect(read(`${letterhead('Fonda Maria, S.L.', 'FM-26/31')}Concepte                   Quant.   Preu     IVA    Import
Sopar                          3      78,00    10 %    234,00
Base      IVA     Quota
234,00  10 %   23,40
Total    257,40`)).toEqual({ subtotal: '234.00', total: '257.40', vat: ['10.00 % of 234.00 = 23.40'], surcharge: [], withholding: [] });
  });

  test('Catalan: "Recàrrec d\'equivalència" and "Retenció IRPF"', () => {
    expect(read(`${letterhead('Queviures Martí, S.L.', 'QM-9')}Base imposable 100,00\nIVA 21 % 21,00\nRecàrrec d'equivalència 5,2 % 5,20\nTotal factura 126,20`))
      .toEqual({ subtotal: '100.00', total: '126.20', vat: ['21.00 % of 100.00 = 21.00'], surcharge: ['5.20 % of 100.00 = 5.20'], withholding: [] });
    expect(read(`${letterhead('Gestoria Rovira, S.L.P.', 'GR/26/044')}Honoraris 600,00\nBase imposable  600,00\nIVA 21 %        126,00\nRetenció IRPF 15 %   -90,00\nTotal a pagar   636,00`))
      .toEqual({ subtotal: '600.00', total: '636.00', vat: ['21.00 % of 600.00 = 126.00'], surcharge: [], withholding: ['15.00 % of 600.00 = 90.00'] });
  });

  test('Galician: "IVE", "Cota IVE", "Base impoñible", items under "Concepto Cantidade Prezo"', () => {
    expect(read(`${letterhead('Carpintaría Do Miño, S.L.', 'CM-77')}Concepto       Cantidade   Prezo    IVE   Importe
Portas             2      100,00   21 %   200,00
Base impoñible    200,00
Cota IVE 21 %      42,00
Total factura     242,00`)).toEqual({ subtotal: '200.00', total: '242.00', vat: ['21.00 % of 200.00 = 42.00'], surcharge: [], withholding: [] });
  });

  test('Basque: "Zerga-oinarria", "BEZ", "PFEZ atxikipena", "Guztira", items under "Kontzeptua Kopurua Prezioa"', () => {
    expect(read(`Aholkularitza Bidasoa, S.L.\nIFZ B65410011\nFaktura zk. AB-2026-4  Data: 2026/05/02
Kontzeptua      Kopurua   Prezioa   BEZ   Zenbatekoa
Aholkularitza       1      500,00   21 %   500,00
Zerga-oinarria     500,00
BEZ 21 %           105,00
PFEZ atxikipena 15 %  -75,00
Guztira            530,00`)).toEqual({ subtotal: '500.00', total: '530.00', vat: ['21.00 % of 500.00 = 105.00'], surcharge: [], withholding: ['15.00 % of 500.00 = 75.00'] });
  });
});
