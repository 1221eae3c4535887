import { checkVAT, countries } from 'jsvat';
import { isValidSpanishTaxId, normaliseTaxId } from '../../lib/spanish-tax-id';

/** `repaired`: read with OCR confusions undone (see `repairedSpanishTaxId`). */
export interface TaxIdFound { value: string; country: string; valid: boolean; at: number; repaired?: boolean }

const SPANISH = /(?<![A-Z0-9])(?:ES[\s-]?)?([A-HJNP-SUVW][\s.-]?\d{2}[\s.]?\d{3}[\s.]?\d{2}[\s.-]?[0-9A-J]|\d{8}[\s-]?[A-Z]|[XYZ][\s-]?\d{7}[\s-]?[A-Z])(?![A-Z0-9])/g;
// every EU VAT number has digits: "DE EQUIVALENCIA" is words, not a German number; a Belgian one is grouped by dots ("BE 0471.826.311")
const EU = /(?<![A-Z0-9])(AT|BE|BG|CY|CZ|DE|DK|EE|EL|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[\s-]?(?=[A-Z]{0,4}\d)([0-9A-Z](?:\.?[0-9A-Z]){7,11})(?![A-Z0-9])/g;
/** VAT numbers of Switzerland ("CHE-106.457.232 MWST"), the United Kingdom and Norway ("NO 974 760 673 MVA"), which jsvat checks too. */
const BEYOND_EU = /(?<![A-Z0-9])(?:(CHE)[\s-]?(\d{3}[.\s]?\d{3}[.\s]?\d{3})(?:\s?(?:MWST|TVA|IVA))?|(GB)[\s-]?(\d{3}\s?\d{4}\s?\d{2}(?:\s?\d{3})?)|(NO)[\s-]?(\d{3}\s?\d{3}\s?\d{3})\s?MVA)(?![A-Z0-9])/g;
const COUNTRY_OF_PREFIX: Record<string, string> = { CHE: 'CH', GB: 'GB', NO: 'NO' };
/**
 * Nine characters after a tax-number label ("NIF", "C.I.F.", "DNI", "VAT"), the label itself as OCR
 * misreads it ("N.L.F.", "C.LF.", "NIF;"): where a misread number is looked for.
 */
const LABELLED = /(?<![A-Z])(?:N\.?\s?[I1L]\.?\s?F|[CG]\.?\s?[I1L]\.?\s?F|N\.?\s?[I1L]\.?\s?E|D\.?\s?N\.?\s?[I1L]|VAT)\.?\s*[:.;,]?\s*(?:ES[\s-]?)?([0-9A-Z](?:[\s.,-]?[0-9A-Z]){8})(?![0-9A-Z])/g;

/** What OCR reads a letter as where a digit is printed, and a digit as where a letter is. */
const DIGIT_FOR: Record<string, string> = { O: '0', D: '0', Q: '0', I: '1', L: '1', T: '7', Z: '2', S: '5', B: '8', G: '6', A: '4', Y: '9' };
const LETTERS_FOR: Record<string, string> = { 0: 'OD', 1: 'IL', 2: 'Z', 4: 'A', 5: 'S', 6: 'G', 7: 'ZT', 8: 'B' };
/** The Spanish forms, a character a place (d a digit, l a letter, x either): NIF, NIE, CIF. */
const SHAPES = ['ddddddddl', 'ldddddddl', 'ldddddddx'];

function readingsAt(char: string, kind: string): string[] {
  const isDigit = /\d/.test(char);
  if (kind === 'd') return isDigit ? [char] : DIGIT_FOR[char] ? [DIGIT_FOR[char]] : [];
  const letters = isDigit ? [...(LETTERS_FOR[char] ?? '')] : [char];
  return kind === 'x' ? [...new Set([char, ...letters, ...(isDigit ? [] : [DIGIT_FOR[char] ?? ''])])].filter(Boolean) : letters;
}

/**
 * A Spanish NIF/CIF/NIE as OCR misreads it ("123456787" for 12345678Z, "886561412" for B86561412):
 * each character read as a letter where the form wants a digit, or the reverse, is replaced by what
 * it is commonly mistaken for. Of the readings that pass the checksum, the one with the fewest
 * replacements is taken, when no other has as few. Null when none does.
 */
function repairedSpanishTaxId(read: string): string | null {
  const token = normaliseTaxId(read);
  if (token.length !== 9) return null;
  const changes = new Map<string, number>();
  for (const shape of SHAPES) {
    let readings = [''];
    for (let i = 0; i < 9 && readings.length; i++) {
      const options = readingsAt(token[i], shape[i]);
      readings = readings.flatMap((prefix) => options.map((option) => prefix + option));
    }
    for (const candidate of readings) {
      if (isValidSpanishTaxId(candidate)) changes.set(candidate, [...candidate].filter((c, i) => c !== token[i]).length);
    }
  }
  const fewest = Math.min(...changes.values());
  const best = [...changes].filter(([, n]) => n === fewest);
  return best.length === 1 ? best[0][0] : null;
}

/**
 * Tax numbers printed on a document, checksum-validated: Spanish NIF/CIF/NIE (stdnum) and EU VAT
 * numbers and the Swiss, British and Norwegian ones (jsvat), in order of appearance; invalid candidates are kept with `valid: false`. After a
 * tax-number label, a number misread by OCR is repaired when exactly one reading of it is valid.
 */
export function taxIdsIn(text: string): TaxIdFound[] {
  const upper = text.toUpperCase();
  let found: TaxIdFound[] = [];
  for (const m of upper.matchAll(SPANISH)) {
    const value = normaliseTaxId(m[1]);
    found.push({ value, country: 'ES', valid: isValidSpanishTaxId(value), at: m.index! });
  }
  for (const m of upper.matchAll(EU)) {
    const value = `${m[1]}${m[2].replace(/\./g, '')}`;
    const result = checkVAT(value, countries);
    found.push({ value, country: m[1] === 'EL' ? 'GR' : m[1], valid: result.isValid, at: m.index! });
  }
  for (const m of upper.matchAll(BEYOND_EU)) {
    const [prefix, digits] = [m[1] ?? m[3] ?? m[5], m[2] ?? m[4] ?? m[6]];
    const value = `${prefix}${digits.replace(/\D/g, '')}`;
    found.push({ value, country: COUNTRY_OF_PREFIX[prefix], valid: checkVAT(value, countries).isValid, at: m.index! });
  }
  for (const m of upper.matchAll(LABELLED)) {
    const start = m.index! + m[0].length - m[1].length;
    const end = m.index! + m[0].length;
    if (found.some((f) => f.valid && f.at >= m.index! && f.at < end)) continue;
    const value = repairedSpanishTaxId(m[1]);
    if (!value) continue;
    found = found.filter((f) => f.at < m.index! || f.at >= end);
    found.push({ value, country: 'ES', valid: true, at: start, repaired: true });
  }
  return found.sort((a, b) => a.at - b.at);
}

/**
 * Where no tax number is found at all (a ticket photo whose label OCR lost or mangled): nine
 * characters printed together, with at least one letter and six digits (so never a phone number),
 * that are one reading away from a valid Spanish number, repaired as after a label. Weaker than a
 * labelled reading: the caller gives it less confidence.
 */
export function unlabelledSpanishTaxIds(text: string): TaxIdFound[] {
  const found: TaxIdFound[] = [];
  for (const m of text.toUpperCase().matchAll(/(?<![0-9A-Z])([0-9A-Z](?:[.-]?[0-9A-Z]){8})(?![0-9A-Z])/g)) {
    const token = normaliseTaxId(m[1]);
    if (!/[A-Z]/.test(token) || (token.match(/\d/g) ?? []).length < 6) continue;
    const value = repairedSpanishTaxId(token);
    if (value) found.push({ value, country: 'ES', valid: true, at: m.index!, repaired: true });
  }
  return found;
}

/** The same tax number however it is printed ("ESB-12.345.674" is "B12345674"). */
export const sameTaxId = (a: string, b: string) => normaliseTaxId(a) === normaliseTaxId(b);
