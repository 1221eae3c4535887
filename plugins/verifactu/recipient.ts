import { isEuMemberState, vatPrefixOf } from '../taxes/api';
import { recordTaxId, type InvoiceType } from './hash';

/**
 * The recipient of an invoice as its VERI*FACTU record identifies it (`Destinatarios/IDDestinatario`,
 * docs/domain/verifactu.md §6): a Spanish tax number as `NIF`; anyone else as `IDOtro` with the
 * country, the kind of number (the AEAT's list of identification types, L7) and the number.
 *
 * The AEAT's types: 02 NIF-IVA (an EU VAT number), 03 passport, 04 official identification
 * document issued by the country or territory of residence, 05 certificate of residence, 06 other
 * supporting document, 07 not registered ("no censado"). A contact carries one tax number and its
 * country, so the mapping is:
 * - country ES: the NIF (the `ES` prefix of a VAT number dropped);
 * - another EU Member State: its VAT number with the country's prefix (added when missing): 02;
 * - elsewhere: the tax number the country gives the business or person, which is that country's
 *   official identification: 04.
 * Passports (03), residence certificates (05), other documents (06) and "no censado" (07) are not
 * told apart by a contact's data and are never written.
 */
export type RecipientId =
  | { nif: string }
  | { other: { country: string; type: '02' | '04'; id: string } };

/** The record's longest `ID` (the AEAT's TextMax20). */
const ID_MAX = 20;

/** A contact's tax number and country → its identification, or why it has none. */
export function recipientId(taxId: string | null | undefined, country: string): { id: RecipientId } | { problem: string } {
  const raw = taxId?.trim() ?? '';
  if (!raw) return { problem: 'has no tax number' };
  if (country === 'ES') {
    const nif = recordTaxId(raw);
    return nif ? { id: { nif } } : { problem: `has a tax number (${raw}) that is not a 9-character Spanish NIF` };
  }
  const clean = raw.toUpperCase().replace(/[\s.\-/]/g, '');
  if (isEuMemberState(country)) {
    const prefix = vatPrefixOf(country);
    const id = clean.startsWith(prefix) ? clean : `${prefix}${clean}`;
    if (id.length > ID_MAX) return { problem: `has a VAT number (${raw}) longer than the ${ID_MAX} characters the record admits` };
    return { id: { other: { country, type: '02', id } } };
  }
  if (!clean || clean.length > ID_MAX) return { problem: `has a tax number (${raw}) longer than the ${ID_MAX} characters the record admits (spaces, dots and dashes left out)` };
  return { id: { other: { country, type: '04', id: clean } } };
}

/**
 * The record types that must name their recipient (the AEAT's validations: F1, F3 and R1–R4
 * carry `Destinatarios`; F2 and R5, simplified, do not).
 */
export const namesRecipient = (type: InvoiceType) => type !== 'F2' && type !== 'R5';
