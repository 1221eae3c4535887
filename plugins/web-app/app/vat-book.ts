import { sameDecimal } from './decimal';

/**
 * The VAT books as the API gives them (GET /tax-books/{book}: CSV, one row per invoice and VAT
 * rate, columns named as in the tax agency's common format) read back in the browser, and which
 * of their rows are behind a box of the 303. No DOM here: the tests use it as it is.
 */

/**
 * The documents behind a box of the 303, from the VAT book of the period (GET /tax-books/{book}):
 * a general-regime base or quota at the rate its rate box holds (issued, not rectifying, subject
 * and not exempt), or the domestic current purchases (28, 29) and capital goods (30, 31).
 */
export interface Drill { book: 'issued' | 'received'; amount: 'base' | 'quota' | 'deductible'; rateBox?: string; capitalGood?: boolean }
export const DRILL_303: Record<string, Drill> = {
  ...Object.fromEntries([['150', '151', '152'], ['165', '166', '167'], ['01', '02', '03'], ['153', '154', '155'], ['04', '05', '06'], ['07', '08', '09']]
    .flatMap(([base, rate, quota]) => [[base, { book: 'issued', amount: 'base', rateBox: rate }], [quota, { book: 'issued', amount: 'quota', rateBox: rate }]])),
  '28': { book: 'received', amount: 'base', capitalGood: false },
  '29': { book: 'received', amount: 'deductible', capitalGood: false },
  '30': { book: 'received', amount: 'base', capitalGood: true },
  '31': { book: 'received', amount: 'deductible', capitalGood: true },
};
export const drillOf = (code: string, box: string): Drill | undefined => (code === '303' ? DRILL_303[box] : undefined);

/** One row of a VAT book as the API's CSV gives it (semicolon-separated, headers as the tax agency names its columns). */
export type BookRow = Record<string, string>;

/** The API's book CSV (BOM, header row, `;`, quoted cells where needed) as rows keyed by header. */
export function parseBookCsv(text: string): BookRow[] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') { cell += '"'; i++; }
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') { record.push(cell); cell = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      record.push(cell); cell = '';
      records.push(record); record = [];
    } else cell += c;
  }
  if (cell !== '' || record.length) { record.push(cell); records.push(record); }
  const [header = [], ...rows] = records;
  return rows.filter((r) => r.some((v) => v !== '')).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}


/**
 * The rows of the period's book behind a box, as compute303 (plugins/aeat-303) sorts the register: not rectifying (those go
 * to 14/15 and 40/41) nor imports (32–35); issued ones subject and not exempt (S1: not OSS, which is N2 and goes to 123) at
 * the box's rate; received ones current or capital goods as the box says, reverse charge for services included (their
 * deductible VAT is in 28–31 too) but not intra-EU acquisitions (key 09: 36–39), and not those whose VAT is not deductible
 * (a quota charged with nothing deductible feeds no box).
 */
export function documentsBehind(rows: readonly BookRow[], drill: Drill, rate: string | undefined): BookRow[] {
  return rows.filter((row) => {
    if ((row['Tipo de Factura'] ?? '').startsWith('R') || row['Tipo de Factura'] === 'F5') return false;
    if (drill.book === 'issued') return row['Calificación de la Operación'] === 'S1' && rate !== undefined && sameDecimal(row['Tipo de IVA'] ?? '', rate);
    if (row['Clave de Operación'] === '09') return false;
    if (isZero(row['Cuota Deducible']) && !isZero(row['Cuota IVA Soportada'])) return false;
    return row['Bien de Inversión'] === (drill.capitalGood ? 'S' : 'N');
  });
}

const isZero = (amount: string | undefined) => amount === undefined || amount === '' || sameDecimal(amount, '0');

/** What a row adds to the box: its base, its VAT charged (issued) or its deductible VAT (received). */
export const amountBehind = (row: BookRow, drill: Drill) =>
  (drill.amount === 'base' ? row['Base Imponible'] : row[drill.book === 'issued' ? 'Cuota IVA Repercutida' : 'Cuota Deducible']) ?? '';
