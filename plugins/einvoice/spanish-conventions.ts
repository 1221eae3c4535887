import { Decimal } from '../../kernel/money';
import type { EInvoiceVat, VatCategory } from './model';

/**
 * How the Spanish parts EN 16931 has no business term for travel in every EN 16931 syntax Cuadra
 * writes and reads (UBL and CII alike; docs/domain/einvoices.md §3). One module, so that what one
 * writer puts in a file is what every reader looks for:
 *
 * - **recargo de equivalencia**: one document-level charge (BG-21) per VAT group that carries it,
 *   in VAT category E at 0 %, its base (BT-100) the group's base, its percentage (BT-101) the
 *   recargo rate, its reason (BT-104) naming the group: `Recargo de equivalencia 5.20 % (IVA S 21.00 %)`;
 *   the charges count in an E group whose exemption reason says so when the invoice has no E group;
 * - **IRPF withholding**: in the paid amount (BT-113), stated in a note (BT-22)
 *   `Retención IRPF: 15.00 % de 900.00 = 135.00` (UBL's Invoice also has `WithholdingTaxTotal`);
 * - each **line's** recargo and IRPF rates as item properties / attributes (BG-32, BT-160 name,
 *   BT-161 value): `Recargo de equivalencia` = `5.20`, `Retención IRPF` = `15.00`.
 */

/** BT-160 names of a line's recargo and IRPF rates. */
export const SURCHARGE_PROPERTY = 'Recargo de equivalencia';
export const WITHHOLDING_PROPERTY = 'Retención IRPF';

/** BT-120 of the E group that holds the recargo charges when the invoice has no exempt group of its own. */
export const SURCHARGE_EXEMPTION_REASON = 'Recargo de equivalencia (arts. 154 a 163 LIVA): no forma parte de la base imponible del IVA';

const NUMBER = '(-?\\d+(?:\\.\\d+)?)';

/** BT-104 of the recargo charge of the VAT group `category` at `vatRate` %. */
export const surchargeReason = (surchargeRate: string, category: string, vatRate: string) =>
  `Recargo de equivalencia ${surchargeRate} % (IVA ${category} ${vatRate} %)`;
export const SURCHARGE_REASON = new RegExp(`^Recargo de equivalencia ${NUMBER} % \\(IVA ([A-Z]{1,2}) ${NUMBER} %\\)$`);

/** A recargo charge's reason read back: its rate and the VAT group it belongs to; null for any other reason. */
export function parseSurchargeReason(reason: string): { surchargeRate: string; category: VatCategory; vatRate: string } | null {
  const found = SURCHARGE_REASON.exec(reason.trim());
  return found ? { surchargeRate: found[1], category: found[2] as VatCategory, vatRate: found[3] } : null;
}

/** The note (BT-22) stating one IRPF withholding. */
export const withholdingNote = (rate: string, base: string, amount: string) => `Retención IRPF: ${rate} % de ${base} = ${amount}`;
export const WITHHOLDING_NOTE = new RegExp(`^Retención IRPF: ${NUMBER} % de ${NUMBER} = ${NUMBER}$`);

export function parseWithholdingNote(note: string): { rate: string; base: string; amount: string } | null {
  const found = WITHHOLDING_NOTE.exec(note.trim());
  return found ? { rate: found[1], base: found[2], amount: found[3] } : null;
}

/** A recargo charge found in a file: the group it names, its rate, base and amount. */
export interface SurchargeCharge { category: VatCategory; vatRate: string; surchargeRate: string; base: Decimal; amount: Decimal }

/**
 * The VAT groups of a file given back their recargo: the group the charge names (category and
 * rate) takes the recargo when the charge's base is its whole base; when the charge covers part of
 * it (lines of one VAT rate with and without recargo, which EN 16931 keeps in one breakdown), the
 * group is split in two, the part with recargo getting base × rate as its VAT and the rest the
 * remainder. `unmatched` are charges naming a group the file does not have.
 */
export function vatWithSurcharges(groups: readonly EInvoiceVat[], charges: readonly SurchargeCharge[]): { vat: EInvoiceVat[]; unmatched: SurchargeCharge[] } {
  const vat = groups.map((g) => ({ ...g }));
  const unmatched: SurchargeCharge[] = [];
  for (const charge of charges) {
    const index = vat.findIndex((g) => g.category === charge.category && Decimal.parse(g.rate).eq(Decimal.parse(charge.vatRate)) && !g.surchargeRate);
    if (index < 0) {
      unmatched.push(charge);
      continue;
    }
    const group = vat[index];
    const surcharge = { surchargeRate: rate(charge.surchargeRate), surchargeAmount: charge.amount.rescale(2).toString() };
    const base = Decimal.parse(group.base);
    if (base.eq(charge.base)) {
      vat[index] = { ...group, ...surcharge };
      continue;
    }
    const partAmount = charge.base.percent(Decimal.parse(group.rate), 2);
    const part: EInvoiceVat = { ...group, base: charge.base.rescale(2).toString(), amount: partAmount.toString(), ...surcharge };
    const rest: EInvoiceVat = { ...group, base: base.sub(charge.base).rescale(2).toString(), amount: Decimal.parse(group.amount).sub(partAmount).rescale(2).toString() };
    vat.splice(index, 1, part, rest);
  }
  return { vat, unmatched };
}

/** A rate with at least two decimals, as the model writes it ("5.20", "1.75"). */
function rate(text: string): string {
  const value = Decimal.parse(text, 6);
  let scale = value.scale;
  while (scale > 2 && value.rescale(scale - 1).eq(value)) scale--;
  return value.rescale(Math.max(2, scale)).toString();
}
