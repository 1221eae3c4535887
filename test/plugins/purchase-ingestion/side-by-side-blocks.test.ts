/**
 * Blocks printed side by side: a text layer's line runs across both (the supplier's and the
 * customer's), and where the two blocks' lines are set at different heights, one block's lines
 * come between the other's. The reader keeps each piece of a line set apart by a wide gap as a
 * cell with where it starts; the supplier's name is read block by block. Pages written for the test.
 */
import { describe, expect, test } from 'bun:test';
import { extractPurchase, readByBlocks } from '../../../plugins/purchase-ingestion/extract';
import { OcrPool } from '../../../plugins/purchase-ingestion/ocr-pool';
import { readDocument } from '../../../plugins/purchase-ingestion/reader';
import { defaultReadLimits } from '../../../plugins/purchase-ingestion/settings';
import { cellMark, linesOf, withoutCellMarks, type PageText } from '../../../plugins/purchase-ingestion/text-lines';
import { drawnPdf } from './fixtures';

const OWN = 'B83051474';
const page = (text: string): PageText[] => [{ page: 1, source: 'text_layer', text, confidence: 1 }];
/** A line of cells, each `[x, end, text]` with x and end as shares of the page's width. */
const row = (...cells: [number, number, string][]) => cells.map(([x, end, text]) => cellMark(x, end) + text).join('');

/** An A4 page with each text drawn where it is told (points from the top left). */
const placedPdf = (texts: { text: string; x: number; y: number }[]) => drawnPdf((doc) => {
  doc.fontSize(10);
  for (const { text, x, y } of texts) doc.text(text, x, y, { lineBreak: false });
});

describe('blocks side by side', () => {
  test('a PDF whose two blocks set their lines at different heights: the supplier\'s name wrapped in its own block, never the customer\'s beside it', async () => {
    const left = ['EMISOR', 'Limpiezas Integrales', 'Getxo Garbi, S.L.', 'Avda. Algorta, 71', '48992 Getxo', 'CIF B12938569'];
    const right = ['CLIENTE', 'Conservas Arrieta y Goñi, S.L.', 'Polígono Ugaldeguren III, parcela 14', '48170 Zamudio (Bizkaia)', `CIF ${OWN}`];
    const texts = [
      ...left.map((text, i) => ({ text, x: 50, y: 60 + i * 14 })),
      // the customer's block: its caption on the supplier's caption's line, its other lines half a line lower
      ...right.map((text, i) => ({ text, x: 330, y: 60 + i * 14 + (i ? 7 : 0) })),
      ...['FACTURA Nº F/2026/0412', 'Fecha: 31/03/2026', 'Base imponible 100,00', 'IVA 21% 21,00', 'Total factura 121,00 €'].map((text, i) => ({ text, x: 50, y: 200 + i * 16 })),
    ];
    const pool = new OcrPool({ workers: 1, queue: 0, retryAfterSeconds: 1 });
    try {
      const read = await readDocument(await placedPdf(texts), defaultReadLimits(), pool);
      const lines = linesOf(read.pages);
      // the captions' line is two cells, the left one at 50 of 595 points
      expect(lines[0].cells?.map((cell) => cell.text)).toEqual(['EMISOR', 'CLIENTE']);
      expect(lines[0].cells![0].x).toBeCloseTo(50 / 595.28, 2);
      // as printed, the customer's name comes between the supplier's two lines
      expect(lines.slice(1, 4).map((line) => line.text)).toEqual(['Limpiezas Integrales', 'Conservas Arrieta y Goñi, S.L.', 'Getxo Garbi, S.L.']);
      const x = extractPurchase(read.pages, [OWN]);
      expect(x.supplier_name.value).toBe('Limpiezas Integrales Getxo Garbi, S.L.');
      expect(x.supplier_tax_id.value).toBe('B12938569');
      expect(x.total.value).toBe('121.00');
      // the report counts the printed characters, not the cells' marks
      expect(read.report[0].characters).toBe(withoutCellMarks(read.pages[0].text).length);
      expect(read.pages[0].text).not.toBe(withoutCellMarks(read.pages[0].text));
    } finally {
      await pool.close();
    }
  });

  test('the marks become cells; the line\'s text is what is printed, and a mark cut in half is dropped', () => {
    const [first, second] = linesOf(page(`${row([0.08, 0.3, 'Ana Ruiz Gil'], [0.55, 0.9, 'Talleres Ebro, S.L.'])}\n\u001F12`));
    expect(first.text).toBe('Ana Ruiz Gil Talleres Ebro, S.L.');
    expect(first.cells).toEqual([{ text: 'Ana Ruiz Gil', x: 0.08, end: 0.3 }, { text: 'Talleres Ebro, S.L.', x: 0.55, end: 0.9 }]);
    expect(second.text).toBe('12');
    expect(linesOf(page('Sin marcas\nOtra línea')).every((line) => line.cells === undefined)).toBe(true);
  });

  test('read block by block: the left block, then the right one; a line of amounts and what follows as printed', () => {
    const text = [
      row([0.1, 0.3, 'EMISOR'], [0.55, 0.7, 'CLIENTE']),
      row([0.1, 0.35, 'Daniel Castán Ferrer'], [0.55, 0.9, 'Montajes Eléctricos Matarraña, S.L.']),
      row([0.1, 0.3, '44001 Teruel'], [0.55, 0.8, 'NIF: B50318427']),
      row([0.1, 0.3, 'NIF: 18034472B']),
      row([0.1, 0.3, 'Base imponible'], [0.7, 0.8, '335,00']),
      row([0.1, 0.3, 'Total'], [0.7, 0.8, '381,90']),
    ].join('\n');
    const read = readByBlocks(linesOf(page(text)));
    expect(read.map((line) => line.text)).toEqual(['EMISOR', 'Daniel Castán Ferrer', '44001 Teruel', 'NIF: 18034472B', 'CLIENTE', 'Montajes Eléctricos Matarraña, S.L.', 'NIF: B50318427', 'Base imponible 335,00', 'Total 381,90']);
    expect(read.map((line) => line.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(extractPurchase(page(text), ['B50318427']).supplier_name.value).toBe('Daniel Castán Ferrer');
  });

  test('a form of captions and values, a table\'s header and lines of one piece are read as printed', () => {
    const form = [
      row([0.1, 0.25, 'Arrendadora:'], [0.3, 0.8, 'Mercedes Lacasa Pomar, NIF 17203459B']),
      row([0.3, 0.7, 'C/ Coso 142, 50001 Zaragoza']),
      row([0.1, 0.25, 'Arrendataria:'], [0.3, 0.8, 'Distribuciones Moncayo Norte, S.L., CIF B94127388']),
    ].join('\n');
    expect(readByBlocks(linesOf(page(form))).map((line) => line.block)).toEqual([undefined, undefined, undefined]);
    const table = [row([0.1, 0.4, 'Concepto'], [0.8, 0.9, 'Importe']), row([0.1, 0.4, 'Renta de marzo'], [0.8, 0.9, '1.150,00'])].join('\n');
    expect(readByBlocks(linesOf(page(table))).map((line) => line.text)).toEqual(['Concepto Importe', 'Renta de marzo 1.150,00']);
  });

  test('a brand over the legal name in its block is not the name\'s first words', () => {
    const text = [
      row([0.1, 0.3, 'Gràfiques Montsant'], [0.6, 0.8, 'Factura 2026-118']),
      row([0.1, 0.4, 'Gràfiques Montsant, S.L.'], [0.6, 0.8, 'Data 12/03/2026']),
      row([0.1, 0.3, 'NIF B43127659']),
      'Base imponible 100,00', 'IVA 21% 21,00', 'Total 121,00',
    ].join('\n');
    expect(extractPurchase(page(text), [OWN]).supplier_name.value).toBe('Gràfiques Montsant, S.L.');
  });
});
