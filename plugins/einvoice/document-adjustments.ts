import type { Decimal } from '../../kernel/money';
import type { EInvoiceLine } from './model';

/**
 * A document-level allowance (EN 16931 BG-20) or charge (BG-21) as the model carries it: a line of
 * its own that says what it is (`Descuento: <reason>` / `Cargo: <reason>`), one unit at the signed
 * amount (an allowance negative), in the VAT category and rate it reduces or raises. Kept as a line
 * so every VAT base, total and posting stays the file's own; every reader builds it here so that a
 * UBL, CII or Facturae invoice with the same adjustment books the same purchase. The line keeps
 * what it was (`adjustment`), so the purchase's e-invoice reading can list the file's document
 * allowances and charges as such.
 */
export function documentAdjustmentLine(
  kind: 'allowance' | 'charge', position: number, reason: string | null, amount: Decimal, vat: EInvoiceLine['vat'],
): EInvoiceLine {
  const signed = (kind === 'charge' ? amount : amount.negate()).rescale(2).toString();
  return {
    id: `${kind}-${position}`,
    description: `${kind === 'charge' ? 'Cargo' : 'Descuento'}: ${reason ?? ''}`.replace(/: $/, ''),
    quantity: '1', unitCode: 'C62', unitPrice: signed, discountPct: null, discountAmount: null, netAmount: signed,
    vat, surchargeRate: null, withholdingRate: null, adjustment: { kind, reason },
  };
}
