import { Decimal } from '../../kernel/money';
import {
  SURCHARGE_EXEMPTION_REASON, SURCHARGE_PROPERTY, SURCHARGE_REASON, surchargeReason, WITHHOLDING_NOTE, WITHHOLDING_PROPERTY, withholdingNote,
} from '../einvoice/api';

/**
 * What the CII writer and reader agree on beyond the EN 16931 binding itself: the namespaces, the
 * specification identifier, and how the Spanish parts EN 16931 has no business term for travel in
 * a CII file (see README.md and docs/domain/einvoices.md, section CII); the recargo, IRPF and
 * item-attribute conventions are the einvoice plugin's (`plugins/einvoice/spanish-conventions.ts`),
 * shared with UBL, and re-exported here:
 * - the recargo de equivalencia as one document-level charge (BG-21) per VAT group that carries
 *   it, in VAT category E at 0 %, its reason naming the group;
 * - IRPF withholdings inside the paid amount (BT-113), each described by a tax-declaration note;
 * - the rectification's reason and method as a reason note;
 * - each line's recargo and IRPF rates as item attributes (BG-32).
 */

export const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/** BT-24: the invoice conforms to EN 16931 with no further restriction (no CIUS). */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

/** UNTDID 4451 text subject codes used for the notes (BT-21). */
export const SUBJECT = {
  /** Mandatory legends (exemption references, reverse charge): regulatory information. */
  legend: 'REG',
  /** The rectification's reason and method. */
  correction: 'ACD',
  /** An IRPF withholding. */
  withholding: 'TXD',
} as const;

/** UNTDID 5189 allowance reason code "Discount", for a line discount (BT-140). */
export const DISCOUNT_REASON_CODE = '95';
export const DISCOUNT_REASON = 'Descuento';

/** Item attribute names (BT-160) carrying a line's recargo and IRPF rates (BT-161): the einvoice plugin's Spanish conventions. */
export const ATTRIBUTE = { surcharge: SURCHARGE_PROPERTY, withholding: WITHHOLDING_PROPERTY } as const;

export { SURCHARGE_EXEMPTION_REASON, SURCHARGE_REASON, surchargeReason, WITHHOLDING_NOTE, withholdingNote };

export const correctionNote = (number: string, reasonCode: string, method: string, reasonText: string) =>
  `Rectifica la factura ${number} (motivo ${reasonCode}, método ${method}): ${reasonText}`;
export const CORRECTION_NOTE = /\(motivo (\d{2}), método (0[1-4])\): ([\s\S]*)$/;

/** A rate as the model writes it: at least two decimals ("21.00", "5.20", "1.75"). */
export function normaliseRate(text: string): string {
  const value = Decimal.parse(text, 6);
  return value.rescale(Math.max(2, trimmedScale(value))).toString();
}

/** The fewest decimals that hold `value` exactly. */
function trimmedScale(value: Decimal): number {
  let scale = value.scale;
  while (scale > 0 && value.rescale(scale - 1).eq(value)) scale--;
  return scale;
}

/** Text as XML 1.0 character data: the five special characters escaped, characters XML cannot hold dropped. */
export function xmlText(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** 'J' (legal entity) or 'F' (natural person) from a Spanish NIF's first character; 'J' for anything else. */
export function personTypeOf(taxId: string | null, kind: string | null): 'J' | 'F' {
  if (kind !== 'nif' || !taxId) return 'J';
  return /^[0-9KLMXYZ]/.test(taxId) ? 'F' : 'J';
}
