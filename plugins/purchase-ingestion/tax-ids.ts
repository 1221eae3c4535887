import { checkVAT, countries } from 'jsvat';
import { isValidSpanishTaxId, normaliseTaxId } from '../../kernel/spanish-tax-id';

export interface TaxIdFound { value: string; country: string; valid: boolean; at: number }

const SPANISH = /(?<![A-Z0-9])(?:ES[\s-]?)?([A-HJNP-SUVW][\s.-]?\d{2}[\s.]?\d{3}[\s.]?\d{2}[\s.-]?[0-9A-J]|\d{8}[\s-]?[A-Z]|[XYZ][\s-]?\d{7}[\s-]?[A-Z])(?![A-Z0-9])/g;
const EU = /(?<![A-Z0-9])(AT|BE|BG|CY|CZ|DE|DK|EE|EL|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[\s-]?([0-9A-Z]{8,12})(?![A-Z0-9])/g;

/**
 * Tax numbers printed on a document, checksum-validated: Spanish NIF/CIF/NIE (stdnum) and EU VAT
 * numbers (jsvat), in order of appearance; invalid candidates are kept with `valid: false`.
 */
export function taxIdsIn(text: string): TaxIdFound[] {
  const upper = text.toUpperCase();
  const found: TaxIdFound[] = [];
  for (const m of upper.matchAll(SPANISH)) {
    const value = normaliseTaxId(m[1]);
    found.push({ value, country: 'ES', valid: isValidSpanishTaxId(value), at: m.index! });
  }
  for (const m of upper.matchAll(EU)) {
    const value = `${m[1]}${m[2]}`;
    const result = checkVAT(value, countries);
    found.push({ value, country: m[1] === 'EL' ? 'GR' : m[1], valid: result.isValid, at: m.index! });
  }
  return found.sort((a, b) => a.at - b.at);
}

/** The same tax number however it is printed ("ESB-12.345.674" is "B12345674"). */
export const sameTaxId = (a: string, b: string) => normaliseTaxId(a) === normaliseTaxId(b);
