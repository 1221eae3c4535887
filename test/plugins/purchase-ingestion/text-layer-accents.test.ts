/**
 * A PDF whose font lacks a letter draws it as the base letter and a spacing accent, and its text
 * layer keeps them apart: groff writes "ğ" as "g ˘" (spaced, after its letter), TeX "ñ" as "˜n".
 * The reader puts the accent back on its letter; an acute before a letter is left alone, as Catalan
 * and Spanish texts print it for an apostrophe ("L´Hospitalet"). Texts written for the test.
 */
import { describe, expect, test } from 'bun:test';
import { extractPurchase } from '../../../plugins/purchase-ingestion/extract';
import { withAccentsJoined } from '../../../plugins/purchase-ingestion/text-lines';

describe('spacing accents in a text layer', () => {
  test('joined to their letter, the word made whole', () => {
    expect(withAccentsJoined('Çag ˘ la Yılmaz Ferrández')).toBe('Çağla Yılmaz Ferrández');
    expect(withAccentsJoined('Pe˜na Ib´a')).toBe('Peña Ib´a');
    expect(withAccentsJoined('Duˇsan Fran¸cois')).toBe('Dušan François');
  });

  test('left as they are where no letter takes them, and an acute used as an apostrophe', () => {
    for (const text of ['L´Hospitalet de Llobregat', "d´alta", 'precio 5´ 20', 'sin acentos']) expect(withAccentsJoined(text)).toBe(text);
  });

  test('a professional\'s name on a groff letterhead is read whole, not the occupation under it', () => {
    const text = 'Çag ˘ la Yılmaz Ferrández\nTraductora jurada\nCarrer de Sant Pere 27 • 08003 Barcelona\nN.I.E.: Y6610372W\nFactura T-2026-12\nTotal 100,00';
    expect(extractPurchase([{ page: 1, source: 'text_layer', text, confidence: 1 }], ['B48136923']).supplier_name.value).toBe('Çağla Yılmaz Ferrández');
  });
});
