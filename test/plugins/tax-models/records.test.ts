/**
 * The fixed-width records the informative returns and pre-declarations share (plugins/tax-models/records.ts):
 * padding by kind, values that do not fit, the design check, provinces, tax ids and the
 * pre-declaration envelope.
 */
import { describe, expect, test } from 'bun:test';
import { aeatText, layoutProblems, periodOf, preDeclarationFile, provinceOf, record, recordNif, type DesignField, type TaxModel } from '../../../plugins/tax-models/api';

const fields: DesignField[] = [
  { position: 1, length: 3, kind: 'constant', name: 'ABC', label: 'Constante' },
  { position: 4, length: 6, kind: 'alpha', name: 'text', label: 'Texto' },
  { position: 10, length: 4, kind: 'numeric', name: 'count', label: 'Número' },
  { position: 14, length: 6, kind: 'amount', name: 'amount', label: 'Importe' },
  { position: 20, length: 6, kind: 'signed', name: 'signed', label: 'Importe con signo' },
  { position: 26, length: 6, kind: 'signedN', name: 'signedN', label: 'Casilla con signo' },
  { position: 32, length: 2, kind: 'blank', name: 'blank', label: 'Blancos' },
];

describe('records', () => {
  test('each kind pads as the designs say: signed with N or a blank first, signedN with N only when negative', () => {
    expect(record(fields, { text: 'Peña', count: 7, amount: '12.5', signed: '-3.10', signedN: '123.45' })).toBe('ABC' + 'PEÑA  ' + '0007' + '001250' + 'N00310' + '012345' + '  ');
    expect(record(fields, { text: 'Ça', count: 0, amount: '0', signed: '3.10', signedN: '-1.00' })).toBe('ABC' + 'ÇA    ' + '0000' + '000000' + ' 00310' + 'N00100' + '  ');
    expect(record(fields, {})).toBe('ABC' + '      ' + '0000' + '000000' + ' 00000' + '000000' + '  ');
  });

  test('text as every design admits it: upper case, no accents (Ñ and Ç kept), an accent written as an apostrophe becomes one, anything else a blank', () => {
    expect(aeatText('Peña Çelik, Société Générale')).toBe('PEÑA ÇELIK, SOCIETE GENERALE');
    expect(aeatText('D´Angelo & O’Brien [S.L.]')).toBe("D'ANGELO & O'BRIEN  S.L. ");
    expect(aeatText('ÁÉÍÓÚÜ àè ºª €@#')).toBe('AEIOUU AE' + ' '.repeat(7));
    expect(aeatText('D´Angelo')).toHaveLength('D´Angelo'.length);
  });

  test('a value that does not fit, or a negative amount where the design has no sign, is refused', () => {
    expect(() => record(fields, { count: 12345 })).toThrow('Número (12345) does not fit the record design');
    expect(() => record(fields, { amount: '-1.00' })).toThrow('Importe is negative (-1.00): the design admits no sign');
    expect(() => record(fields, { signed: '-1000.00' })).toThrow('does not fit');
    expect(() => record(fields, { signedN: '10000.00' })).toThrow('does not fit');
    expect(record(fields, { signedN: '9999.99' }).slice(25, 31)).toBe('999999');
    expect(() => record(fields, { signedN: '-1000.00' })).toThrow('does not fit');
  });

  test('layoutProblems: the design above holds; a gap and a wrong total are named', () => {
    expect(layoutProblems(fields, 33)).toEqual([]);
    expect(layoutProblems([fields[0], fields[2]], 20)).toEqual(['Número: at 10, expected 4', 'the record ends at 13, not 20']);
  });

  test('provinces from Spanish postal codes; tax ids without the ES prefix', () => {
    expect(['28001', '08019', ' 52005 ', '53000', '00100', '2800', 'AB123', null].map(provinceOf)).toEqual(['28', '08', '52', null, null, null, null, null]);
    expect([recordNif('ESB65410011'), recordNif('b65410011'), recordNif('12345678Z')]).toEqual(['B65410011', 'B65410011', '12345678Z']);
  });

  test('a pre-declaration: envelope, AUX block with the program and the producer\'s NIF, pages, closing tag', () => {
    const model = { code: '115' } as TaxModel;
    const input = { model, period: periodOf(2026, 'quarterly', 3), company: { taxId: 'ESB65410011', name: 'X' } };
    const configured = preDeclarationFile({ ...input, producer: { configured: true, foreign: null, taxId: 'B86561412' } as any }, ['<P1>', '<P2>']);
    const text = Buffer.from(configured.body as Uint8Array).toString('latin1');
    expect(text).toBe(`<T115020263T0000><AUX>${' '.repeat(70)}CUAD${' '.repeat(4)}B86561412${' '.repeat(213)}</AUX><P1><P2></T115020263T0000>`);
    expect([configured.filename, configured.contentType]).toEqual(['B6541001120263T.115', 'text/plain; charset=iso-8859-1']);
    const unconfigured = Buffer.from(preDeclarationFile({ ...input, producer: { configured: false, foreign: null, taxId: 'XXX' } as any }, []).body as Uint8Array).toString('latin1');
    expect(unconfigured.slice(17 + 5 + 70 + 8, 17 + 5 + 70 + 17)).toBe(' '.repeat(9));
  });
});
