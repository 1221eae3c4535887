/**
 * The printed rows of an OCR'd page rebuilt from Tesseract's lines and their boxes (ocr-rows.ts), on
 * made-up boxes: blocks read one after the other are put back side by side, row by row.
 */
import { describe, expect, test } from 'bun:test';
import { rowsOf, type OcrLineBox } from '../../../plugins/purchase-ingestion/ocr-rows';
import { linesOf, withoutCellMarks } from '../../../plugins/purchase-ingestion/text-lines';

const box = (text: string, x0: number, y0: number, width: number, height = 20): OcrLineBox => ({ text, x0, y0, x1: x0 + width, y1: y0 + height });

describe('rows of an OCR\'d page', () => {
  test('a letterhead block and an invoice-number block beside it, read one after the other, come back as rows', () => {
    // as the automatic segmentation gives them: the left block's lines, then the right block's
    const lines = [
      box('Hierros del Jalón S.L.', 40, 50, 400, 26), box('Polígono La Paz 4', 40, 90, 300), box('NIF B50123452', 40, 120, 250),
      box('FACTURA F-0088', 900, 52, 260, 24), box('Fecha: 02/03/2026\n', 900, 91, 280),
    ];
    expect(withoutCellMarks(rowsOf(lines))).toBe('Hierros del Jalón S.L. FACTURA F-0088\nPolígono La Paz 4 Fecha: 02/03/2026\nNIF B50123452');
  });

  test("a totals block's labels and amounts read as two columns are joined label by label, a little off level", () => {
    const lines = [
      box('Base imponible', 700, 1000, 200), box('IVA 21 %', 700, 1030, 120), box('TOTAL', 700, 1062, 90, 24),
      box('100,00', 1000, 1003, 90), box('21,00', 1010, 1032, 80), box('121,00 €', 990, 1061, 110, 26),
    ];
    expect(withoutCellMarks(rowsOf(lines))).toBe('Base imponible 100,00\nIVA 21 % 21,00\nTOTAL 121,00 €');
  });

  test('lines one above the other stay apart, even when tall; a blank line is dropped', () => {
    const lines = [box('Primera línea', 40, 100, 300, 40), box('Segunda línea', 40, 125, 300, 40), box('  ', 500, 100, 10)];
    expect(withoutCellMarks(rowsOf(lines))).toBe('Primera línea\nSegunda línea');
  });
});

describe('cells of an OCR\'d row', () => {
  test('lines of one row set apart by a wide gap are cells placed across the text\'s width; lines close together one cell', () => {
    const lines = [
      box('EMISOR', 100, 50, 200), box('CLIENTE', 700, 50, 200),
      box('Talleres Ebro S.L.', 100, 80, 300), box('Conservas Arrieta S.L.', 700, 80, 300),
      box('Base imponible', 100, 200, 280), box('100,00', 400, 200, 100),
    ];
    const [captions, names, base] = linesOf([{ page: 1, source: 'ocr', text: rowsOf(lines), confidence: 0.9 }]);
    expect(captions.cells).toEqual([{ text: 'EMISOR', x: 0, end: 0.222 }, { text: 'CLIENTE', x: 0.667, end: 0.889 }]);
    expect(names.cells!.map((cell) => cell.text)).toEqual(['Talleres Ebro S.L.', 'Conservas Arrieta S.L.']);
    // a gap of less than one and a half line heights: one cell
    expect(base.cells).toEqual([{ text: 'Base imponible 100,00', x: 0, end: 0.444 }]);
  });
});

describe("a speck in a row's band", () => {
  test('a speck read as a letter, above a header row but within its band, does not split the header', () => {
    const lines = [
      box('i', 300, 795, 8, 14), box('Tipo IVA', 700, 800, 160, 38),
      box('Base imponible Cuota IVA', 60, 798, 600, 57),
    ];
    expect(withoutCellMarks(rowsOf(lines))).toBe('i\nBase imponible Cuota IVA Tipo IVA');
  });
});
