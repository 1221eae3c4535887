import { describe, expect, test } from 'bun:test';
import { parseCamt053 } from '../../../plugins/treasury/importers/camt053';
import { parseCsv, parseCsvAmount, parseCsvDate } from '../../../plugins/treasury/importers/csv';
import { parseNorma43 } from '../../../plugins/treasury/importers/norma43';
import { StatementRefused } from '../../../plugins/treasury/importers/types';
import { accountMatches, pickImporter } from '../../../plugins/treasury/import';
import { camt053Importer } from '../../../plugins/treasury/importers/camt053';
import { csvImporter } from '../../../plugins/treasury/importers/csv';
import { norma43Importer } from '../../../plugins/treasury/importers/norma43';
import { fingerprints } from '../../../plugins/treasury/fingerprint';
import { camt053 } from './camt-builder';
import { norma43, WORKED_EXAMPLE, type N43Account } from './norma43-builder';

const bytes = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
const refusal = (run: () => unknown): { line: number; reason: string } => {
  try { run(); } catch (error) { if (error instanceof StatementRefused) return { line: error.line, reason: error.reason }; throw error; }
  throw new Error('not refused');
};

const first: N43Account = { bank: '2100', branch: '0418', account: '0200051332', start: '260101', end: '260131', movements: WORKED_EXAMPLE };
const second: N43Account = {
  bank: '2100', branch: '0813', account: '0123456789', start: '260101', end: '260131', openingCents: -50000, modalidad: '1',
  movements: [
    { date: '260115', valueDate: '260116', common: '12', cents: -4599, concepts: [['01', 'COMPRA TARJETA 1234', 'LIBRERIA CAÑADA']], equivalence: ['840', 5000] },
    { date: '260120', common: '02', cents: 100000 },
  ],
};

describe('Norma 43', () => {
  test('the worked example: several accounts, every record type, debits and credits, totals verified', () => {
    const parsed = parseNorma43(bytes(norma43([first, second])));
    expect(parsed.accounts).toEqual([{ key: '210004180200051332', currency: 'EUR' }, { key: '210008130123456789', currency: 'EUR' }]);
    const mine = parsed.movements.filter((m) => m.account === '210004180200051332');
    expect(mine.map((m) => m.amount.toString())).toEqual(['-0.03', '-178.30', '0.00', '280.29']);
    expect(mine.map((m) => m.bookingDate)).toEqual(['2026-01-05', '2026-01-07', '2026-01-10', '2026-01-12']);
    const sum = mine.reduce((a, m) => a.add(m.amount), mine[0].amount.sub(mine[0].amount));
    expect(sum.toString()).toBe('101.96');
    expect(mine[1].counterparty).toBe('SUMINISTROS ELECTRICOS SA');
    expect(mine[1].description).toBe('SUMINISTROS ELECTRICOS SA RECIBO FACTURA 2026-0007 B12345674');
    expect(mine[1].reference).toBe('0000012345');
    expect(mine[2].description).toBe('Varios');
    expect(mine[3].reference).toBe('F-2026-000001');
    const other = parsed.movements.filter((m) => m.account === '210008130123456789');
    expect(other.map((m) => [m.amount.toString(), m.valueDate, m.description, m.counterparty])).toEqual([
      ['-45.99', '2026-01-16', 'COMPRA TARJETA 1234 LIBRERIA CAÑADA', null],
      ['1000.00', '2026-01-20', 'Abonarés - entregas - ingresos', null],
    ]);
  });

  test('ISO-8859-1 and UTF-8 read the same; right-trimmed short lines, a BOM and a trailing Ctrl-Z are tolerated', () => {
    const text = norma43([second], { trimLines: true });
    expect(text.split('\r\n').some((line) => line.length > 0 && line.length < 80)).toBe(true);
    const fromLatin1 = parseNorma43(latin1(text + '\u001a'));
    const fromUtf8 = parseNorma43(bytes('\uFEFF' + text));
    expect(fromLatin1.movements[0].description).toBe('COMPRA TARJETA 1234 LIBRERIA CAÑADA');
    expect(fingerprints(fromLatin1.movements)).toEqual(fingerprints(fromUtf8.movements));
  });

  test('several statements of the same account in one file', () => {
    const january = { ...second, movements: [second.movements[1]], openingCents: 0 };
    const february = { ...second, start: '260201', end: '260228', openingCents: 100000, movements: [{ date: '260203', cents: -2500 }] };
    const parsed = parseNorma43(bytes(norma43([january, february])));
    expect(parsed.accounts.map((a) => a.key)).toEqual(['210008130123456789', '210008130123456789']);
    expect(parsed.movements.map((m) => m.amount.toString())).toEqual(['1000.00', '-25.00']);
  });

  test('a record count in 88 that includes the 88 itself is tolerated; one more is not', () => {
    const lines = 1 + 4 + 5 + 1; // 11, four 22, five 23, 33
    expect(parseNorma43(bytes(norma43([first], { count: lines + 1 }))).movements).toHaveLength(4);
    expect(refusal(() => parseNorma43(bytes(norma43([first], { count: lines + 2 }))))).toEqual({ line: lines + 1, reason: `Record 88 counts ${lines + 2} records; the file has ${lines} before it` });
  });

  test.each([
    ['debit count', { debits: 2 }, 'Record 33 counts 2 debits; the account has 3'],
    ['credit count', { credits: 0 }, 'Record 33 counts 0 credits; the account has 1'],
    ['debit total', { debitCents: 17834 }, 'Record 33 totals 178.34 in debits; the movements add up to 178.33'],
    ['credit total', { creditCents: 28028 }, 'Record 33 totals 280.28 in credits; the movements add up to 280.29'],
    ['closing balance', { closingCents: 10195 }, 'Closing balance 101.95 is not opening 0.00 + credits 280.29 - debits 178.33 = 101.96'],
  ])('broken %s in record 33 refuses the file with the line and the reason', (_name, totals, reason) => {
    const file = norma43([second, { ...first, totals }]);
    const line = file.split('\r\n').findIndex((l) => l.startsWith('332100041802')) + 1;
    expect(refusal(() => parseNorma43(bytes(file)))).toEqual({ line, reason });
  });

  test.each([
    ['unknown record', (l: string[]) => { l.splice(2, 0, '99' + ' '.repeat(78)); }, 3, 'Unknown record type "99" (Norma 43 has 11, 22, 23, 24, 33 and 88)'],
    ['no 88', (l: string[]) => { l.pop(); }, 11, 'The file has no end-of-file record 88'],
    ['bad D/H key', (l: string[]) => { l[1] = l[1].slice(0, 27) + '3' + l[1].slice(28); }, 2, 'Debit/credit key (position 28) must be 1 (debit) or 2 (credit), not "3"'],
    ['bad date', (l: string[]) => { l[1] = l[1].slice(0, 10) + '261340' + l[1].slice(16); }, 2, 'Operation date (positions 11-16) is not a date YYMMDD: "261340"'],
    ['23 first', (l: string[]) => { l.splice(1, 0, l[2]); }, 2, 'Complementary concept record 23 without a movement record 22 before it'],
    ['33 of another account', (l: string[]) => { const i = l.findIndex((x) => x.startsWith('33')); l[i] = '33' + '2100041800' + '00000000' + l[i].slice(20); }, 11, 'Totals record 33 is for account 210004180000000000, the header on line 1 for 210004180200051332'],
  ])('a structural fault (%s) refuses the file', (_name, breakIt, line, reason) => {
    const lines = norma43([first]).trimEnd().split('\r\n');
    breakIt(lines);
    expect(refusal(() => parseNorma43(bytes(lines.join('\n'))))).toEqual({ line, reason });
  });
});

describe('CAMT.053', () => {
  const charged = [[3, '500.00', 'Cliente Dos', 'F-2026-000002'], [3, '-2.50', null, 'ACCT-3']];
  test.each([
    ['02', [[3, '497.50', 'Cliente Dos', 'F-2026-000002']]],
    ['04', charged],
    ['08', charged],
  ])('version .001.%s: entries, a batch split into its details, included charges split out', (version, last) => {
    const parsed = parseCamt053(bytes(camt053(version)));
    expect(parsed.accounts).toEqual([{ key: 'ES9121000418450200051332', currency: 'EUR' }]);
    expect(parsed.movements.map((m) => [m.line, m.amount.toString(), m.counterparty, m.reference])).toEqual([
      [1, '1210.00', 'Cliente Ejemplo, S.L.', 'F-2026-000001'],
      [2, '-300.00', 'Proveedor Uno SL', 'E2E-1'],
      [2, '-200.00', 'Proveedor Dos & Cía', 'E2E-2'],
      ...last,
    ]);
    expect(parsed.movements[0].description).toBe('Factura F-2026-000001');
    expect(parsed.movements[0].counterpartyIban).toBe('ES7921000813610123456789');
    expect(parsed.rejected).toEqual([{ line: 4, reason: 'Entry status PDNG: only booked entries (BOOK) are imported' }]);
  });

  test('a batch whose details do not add up stays one movement; unsupported versions and broken XML are refused', () => {
    const unbalanced = camt053('08').replace('<Amt Ccy="EUR">200.00</Amt>', '<Amt Ccy="EUR">199.00</Amt>');
    expect(parseCamt053(bytes(unbalanced)).movements.filter((m) => m.line === 2).map((m) => m.amount.toString())).toEqual(['-500.00']);
    expect(refusal(() => parseCamt053(bytes(camt053('08').replace(/camt\.053\.001\.08/g, 'camt.053.001.09'))))).toEqual({ line: 1, reason: 'Not a CAMT.053 statement of a supported version (camt.053.001.02 to .001.08)' });
    expect(refusal(() => parseCamt053(bytes(camt053('04').replace('</Ntry>', '</Nty>')))).reason).toMatch(/^Malformed XML/);
  });
});

describe('CSV', () => {
  test('Spanish amounts and dates', () => {
    expect(['1.234,56', '-1.234,56', '1234,56', '1,234.56', '35,40 €', '(35,40)', '35,40-', '1.234', '12.5', '+7'].map((a) => parseCsvAmount(a)?.toString()))
      .toEqual(['1234.56', '-1234.56', '1234.56', '1234.56', '35.40', '-35.40', '-35.40', '1234.00', '12.50', '7.00']);
    expect(['abc', '1,2,3', '1.234,567', ''].map((a) => parseCsvAmount(a))).toEqual([undefined, undefined, undefined, undefined]);
    expect(['31/01/2026', '1-2-26', '2026-03-04', '31.12.2025', '30/02/2026'].map(parseCsvDate)).toEqual(['2026-01-31', '2026-02-01', '2026-03-04', '2025-12-31', undefined]);
  });

  test('one signed amount column, guessed from a Spanish header; bad rows rejected with their line', () => {
    const file = 'Fecha;Fecha valor;Concepto;Importe (EUR);Saldo\n05/01/2026;05/01/2026;"Recibo luz; enero";-1.234,56;100,00\n06/01/2026;;Transferencia "A";250,00;\nxx;;Nada;1,00;\n07/01/2026;;Sin importe;abc;\n';
    const parsed = parseCsv(bytes(file), {});
    expect(parsed.movements.map((m) => [m.line, m.bookingDate, m.valueDate, m.description, m.amount.toString()])).toEqual([
      [2, '2026-01-05', '2026-01-05', 'Recibo luz; enero', '-1234.56'],
      [3, '2026-01-06', null, 'Transferencia "A"', '250.00'],
    ]);
    expect(parsed.rejected).toEqual([{ line: 4, reason: 'Not a date: "xx"' }, { line: 5, reason: 'Not an amount: "abc"' }]);
  });

  test('two amount columns (debit and credit) and a mapping given in the request', () => {
    const file = 'Día,Texto,Cargo,Abono,Ref\n2026-02-01,Cuota,"1,234.00",,R1\n2026-02-02,Cobro,,99.95,R2\n';
    expect(refusal(() => parseCsv(bytes(file), {}))).toEqual({ line: 1, reason: 'No date column: name it in the mapping ({"date": "…"})' });
    const mapped = parseCsv(bytes(file), { mapping: { date: 'Día', description: 'Texto', debit: 'Cargo', credit: 'Abono', reference: 'Ref' } });
    expect(mapped.movements.map((m) => [m.amount.toString(), m.description, m.reference])).toEqual([['-1234.00', 'Cuota', 'R1'], ['99.95', 'Cobro', 'R2']]);
    expect(refusal(() => parseCsv(bytes(file), { mapping: { date: 'Fecha' } }))).toEqual({ line: 1, reason: 'The mapping names column "Fecha", which the header does not have' });
  });
});

test('detection by content picks each format, CSV last whatever the order', () => {
  const importers = [csvImporter, norma43Importer, camt053Importer];
  expect(pickImporter(importers, bytes(norma43([first]))).name).toBe('norma43');
  expect(pickImporter(importers, bytes(camt053('08'))).name).toBe('camt053');
  expect(pickImporter(importers, bytes('Fecha;Importe\n01/01/2026;1,00\n')).name).toBe('csv');
  expect(() => pickImporter(importers, Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]))).toThrow('Not a statement format');
});

test('a Norma 43 account (entidad, oficina, cuenta) is matched against a Spanish IBAN', () => {
  expect(accountMatches('ES9121000418450200051332', '210004180200051332')).toBe(true);
  expect(accountMatches('ES9121000418450200051332', '21000418450200051332')).toBe(true);
  expect(accountMatches('ES9121000418450200051332', 'ES91 2100 0418 4502 0005 1332')).toBe(true);
  expect(accountMatches('ES9121000418450200051332', '210008130123456789')).toBe(false);
});
