import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * Account and party identifiers SEPA files carry: IBAN (ISO 13616: country length and mod-97 check
 * digits), BIC (ISO 9362: 8 or 11 characters) and the creditor identifier (EPC262-08, AT-02).
 */

/** The IBAN in electronic format (no spaces, upper case), or null when it is not a valid one. */
export function validIban(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const iban = electronicFormatIBAN(raw) ?? '';
  return iban && isValidIBAN(iban) ? iban : null;
}

/** The BIC in upper case without spaces, or null when it is not one (4 bank letters, country, location, optional branch). */
export function validBic(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const bic = raw.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/.test(bic) && isValidBIC(bic) ? bic : null;
}

/** ISO 7064 mod 97-10 over alphanumerics, letters as A=10 … Z=35 (as IBANs and creditor identifiers compute them). */
function mod97(text: string): number {
  let rest = 0;
  for (const char of text) {
    const digits = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/**
 * The SEPA creditor identifier of a Spanish company: `ES`, two check digits, the business code
 * (`ZZZ` unless the creditor runs several collection lines) and the NIF. The check digits cover
 * the national identifier followed by `ES00`; the business code is left out of them.
 */
export function creditorIdentifier(nif: string, businessCode = 'ZZZ'): string {
  const national = nif.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const check = 98 - mod97(`${national}ES00`);
  return `ES${String(check).padStart(2, '0')}${businessCode}${national}`;
}
