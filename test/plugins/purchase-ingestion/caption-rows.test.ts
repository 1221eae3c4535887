/**
 * A summary printed as a row of captions over one row of amounts (a receipt's framed totals): each
 * amount read with the caption it lies under. Page texts written for the test, their cells placed as
 * a text layer places them; no database: the extractor is pure.
 */
import { describe, expect, test } from 'bun:test';
import { withCaptionsBesideAmounts } from '../../../plugins/purchase-ingestion/caption-rows';
import { extractPurchase } from '../../../plugins/purchase-ingestion/extract';
import { cellMark, linesOf, type PageText } from '../../../plugins/purchase-ingestion/text-lines';

const page = (text: string): PageText[] => [{ page: 1, source: 'text_layer', text, confidence: 1 }];
const row = (...cells: [number, number, string][]) => cells.map(([x, end, text]) => cellMark(x, end) + text).join('');
const letterhead = 'Inmuebles Coso Alto, S.L.\nC.I.F. B50522812\nRECIBO-FACTURA nº ALQ 05/2026\nZaragoza, 1 de mayo de 2026\nRenta local mayo 2026 1.350,00 €\nGastos de comunidad 85,00 €';

describe('captions over one row of amounts', () => {
  test('a receipt\'s framed totals: base, VAT, withholding and total, each amount right-aligned under its caption', () => {
    const captions = row([0.2, 0.33, 'Base imponible'], [0.43, 0.52, 'IVA 21 %'], [0.6, 0.74, 'Retención 19 %'], [0.83, 0.95, 'Total recibo']);
    const amounts = row([0.24, 0.33, '1.435,00'], [0.45, 0.52, '301,35'], [0.65, 0.74, '-272,65'], [0.83, 0.95, '1.463,70 €']);
    const lines = withCaptionsBesideAmounts(linesOf(page(`${letterhead}\n${captions}\n${amounts}`)));
    expect(lines.slice(-4).map((line) => line.text)).toEqual(['Base imponible 1.435,00', 'IVA 21 % 301,35', 'Retención 19 % -272,65', 'Total recibo 1.463,70 €']);
    expect(lines.map((line) => line.index)).toEqual(lines.map((_, i) => i));
    const x = extractPurchase(page(`${letterhead}\n${captions}\n${amounts}`), ['B22417356']);
    expect([x.subtotal.value, x.total.value]).toEqual(['1435.00', '1463.70']);
    expect(x.vat.map((t) => [t.rate, t.base, t.amount])).toEqual([['21.00', '1435.00', '301.35']]);
    expect(x.withholding.map((t) => [t.rate, t.base, t.amount])).toEqual([['19.00', '1435.00', '272.65']]);
  });

  test('an amount under no caption goes to the nearest; two amounts under one caption, or a cell of two amounts, leave the rows as printed', () => {
    const captions = row([0.1, 0.25, 'Base imponible'], [0.5, 0.6, 'Total']);
    expect(withCaptionsBesideAmounts(linesOf(page(`${captions}\n${row([0.3, 0.38, '100,00'], [0.62, 0.7, '121,00'])}`))).map((l) => l.text))
      .toEqual(['Base imponible 100,00', 'Total 121,00']);
    for (const amounts of [row([0.1, 0.2, '100,00'], [0.2, 0.25, '21,00']), row([0.1, 0.25, '100,00 21,00'], [0.5, 0.6, '121,00'])]) {
      expect(withCaptionsBesideAmounts(linesOf(page(`${captions}\n${amounts}`))).map((l) => l.text)).toHaveLength(2);
      expect(withCaptionsBesideAmounts(linesOf(page(`${captions}\n${amounts}`)))[0].text).toBe('Base imponible Total');
    }
  });

  test('a table\'s header over a row of a quantity and prices, or text without cells, is left as printed', () => {
    const header = row([0.1, 0.3, 'Concepto'], [0.6, 0.7, 'Cant.'], [0.8, 0.9, 'Importe']);
    const item = row([0.1, 0.3, 'Portes'], [0.6, 0.7, '2'], [0.8, 0.9, '90,00']);
    expect(withCaptionsBesideAmounts(linesOf(page(`${header}\n${item}`))).map((l) => l.text)).toEqual(['Concepto Cant. Importe', 'Portes 2 90,00']);
    expect(withCaptionsBesideAmounts(linesOf(page('Base imponible IVA 21 % Total\n100,00 21,00 121,00'))).map((l) => l.text)).toEqual(['Base imponible IVA 21 % Total', '100,00 21,00 121,00']);
    // a row of amounts per rate under the captions is a table (totals.ts reads it), and a rate beside an amount is no lone amount
    const captions = row([0.0, 0.14, 'Base imposable'], [0.26, 0.48, 'Quota IVA']);
    const rates = [row([0.08, 0.14, '639,60'], [0.4, 0.48, '134,32']), row([0.08, 0.14, '267,00'], [0.4, 0.48, '26,70'])];
    expect(withCaptionsBesideAmounts(linesOf(page([captions, ...rates].join('\n')))).map((l) => l.text)).toEqual(['Base imposable Quota IVA', '639,60 134,32', '267,00 26,70']);
    const withRate = row([0.08, 0.14, '639,60'], [0.28, 0.48, '21% 134,32']);
    expect(withCaptionsBesideAmounts(linesOf(page(`${captions}\n${withRate}`))).map((l) => l.text)).toEqual(['Base imposable Quota IVA', '639,60 21% 134,32']);
  });
});
