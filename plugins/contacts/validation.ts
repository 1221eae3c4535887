import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { checkVAT, countries as jsvatCountries, type Country } from 'jsvat';
import { ValidationFailed, type FieldError } from '../../kernel/errors';
import type { AdministrativeCentresRow } from './entities';
import { isValidSpanishTaxId, normaliseTaxId } from '../../lib/spanish-tax-id';
import { isEuMemberState, isIsoCountry, vatPrefixOf } from '../taxes/api';

const JSVAT_BY_COUNTRY = new Map<string, Country>(jsvatCountries.map((c) => [c.codes[0], c]));
const EU_VAT_PREFIXES = new Set(['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI']);

type Loc = (string | number)[];

/** ISO 3166-1 alpha-2, upper-cased. */
export function checkedCountry(value: string, loc: Loc): string {
  const country = value.trim().toUpperCase();
  if (!isIsoCountry(country)) throw ValidationFailed.field(loc, 'Not an ISO 3166-1 alpha-2 country code', 'value_error.country');
  return country;
}

export interface CheckedTaxNumber { vat: string; valid: boolean }

/**
 * A contact's tax number, normalised for its country:
 * - Spain: NIF, NIE or CIF with its checksum (422 when wrong); stored without the ES prefix.
 * - other EU Member States: the VAT number must have the country's format (jsvat; 422 otherwise),
 *   stored with its prefix (added when missing; EL for Greece). `valid` also says whether its
 *   check digits are right: a well-formed number with wrong check digits is kept, flagged invalid.
 * - elsewhere: kept as typed (compacted); it cannot be checked, so `valid` is false.
 */
export function checkedTaxNumber(raw: string, country: string, loc: Loc): CheckedTaxNumber | null {
  const compact = raw.toUpperCase().replace(/[\s.\-/]/g, '');
  if (!compact) return null;
  if (country === 'ES') {
    const nif = normaliseTaxId(compact);
    if (!isValidSpanishTaxId(nif)) throw ValidationFailed.field(loc, 'Not a valid Spanish NIF, NIE or CIF (checksum)', 'value_error.tax_id');
    return { vat: nif, valid: true };
  }
  if (isEuMemberState(country)) {
    const prefix = vatPrefixOf(country);
    const typedPrefix = compact.slice(0, 2);
    if (/^[A-Z]{2}$/.test(typedPrefix) && EU_VAT_PREFIXES.has(typedPrefix) && typedPrefix !== prefix) {
      throw ValidationFailed.field(loc, `The VAT number prefix ${typedPrefix} does not match the country ${country} (expected ${prefix})`, 'value_error.vat_country');
    }
    const vat = typedPrefix === prefix ? compact : prefix + compact;
    const rules = JSVAT_BY_COUNTRY.get(country);
    if (!rules) return { vat, valid: false };
    const result = checkVAT(vat, [rules]);
    if (!result.isValidFormat) throw ValidationFailed.field(loc, `Not a valid ${country} VAT number format`, 'value_error.vat');
    return { vat, valid: result.isValid };
  }
  if (compact.length > 32) throw ValidationFailed.field(loc, 'At most 32 characters', 'value_error.too_long');
  return { vat: compact, valid: false };
}

/** IBAN in electronic format (no spaces, upper case), checksum verified. */
export function checkedIban(raw: string, loc: Loc): string {
  const iban = electronicFormatIBAN(raw) ?? '';
  if (!iban || !isValidIBAN(iban)) throw ValidationFailed.field(loc, 'Not a valid IBAN (checksum)', 'value_error.iban');
  return iban;
}

const DIR3_CODE = /^[A-Z0-9]{1,10}$/;

/**
 * A public administration's DIR3 codes (FACe): the oficina contable, órgano gestor and unidad
 * tramitadora are required together, the órgano proponente is optional; each is upper-cased, at
 * most 10 letters and digits (Facturae's CentreCode). Null clears them.
 */
export function checkedAdministrativeCentres(raw: Partial<Record<keyof AdministrativeCentresRow, string | null>> | null, loc: Loc): AdministrativeCentresRow | null {
  if (raw === null) return null;
  const errors: FieldError[] = [];
  const code = (field: keyof AdministrativeCentresRow, required: boolean): string | null => {
    const value = raw[field]?.trim().toUpperCase() ?? '';
    if (!value) {
      if (required) errors.push({ loc: [...loc, field], msg: 'Required: the oficina contable, órgano gestor and unidad tramitadora go together', type: 'value_error.missing' });
      return null;
    }
    if (!DIR3_CODE.test(value)) errors.push({ loc: [...loc, field], msg: 'Not a DIR3 code (at most 10 letters and digits, e.g. L01280796)', type: 'value_error.dir3' });
    return value;
  };
  const centres = {
    accounting_office: code('accounting_office', true)!, managing_body: code('managing_body', true)!, processing_unit: code('processing_unit', true)!,
    proposing_body: code('proposing_body', false),
  };
  if (errors.length) throw new ValidationFailed(errors);
  return centres;
}

/** A BIC (ISO 9362: 4 letters of bank, 2 of country, 2 of location, optionally 3 of branch), in capitals without spaces. */
export function checkedBic(raw: string, loc: (string | number)[]): string {
  const bic = raw.replace(/\s+/g, '').toUpperCase();
  if (!isValidBIC(bic)) throw ValidationFailed.field(loc, 'Not a valid BIC (8 or 11 characters: bank, country, location, branch)', 'value_error.bic');
  return bic;
}
