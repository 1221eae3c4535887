import * as spanishNif from 'stdnum/lib/esm/es/nif'; // Spain's validators only: the package's index loads every country's

/** Upper-case, no spaces, dots or dashes, no "ES" VAT prefix. */
export const normaliseTaxId = (value: string) => value.toUpperCase().replace(/[\s.\-/]/g, '').replace(/^ES(?=[0-9A-Z]{9}$)/, '');

/** Spanish NIF in any of its forms (DNI, NIE, CIF), checksum included (python-stdnum's rules). */
export const isValidSpanishTaxId = (value: string): boolean => spanishNif.validate(normaliseTaxId(value)).isValid;
