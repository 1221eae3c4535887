import { stdnum } from 'stdnum';

/** Upper-case, no spaces, dots or dashes, no "ES" VAT prefix. */
export const normaliseTaxId = (value: string) => value.toUpperCase().replace(/[\s.\-/]/g, '').replace(/^ES(?=[0-9A-Z]{9}$)/, '');

/** Spanish NIF in any of its forms (DNI, NIE, CIF), checksum included (python-stdnum's rules). */
export const isValidSpanishTaxId = (value: string): boolean => stdnum.ES.nif.validate(normaliseTaxId(value)).isValid;
