import { Decimal } from '../../kernel/money';
import type { TaxRegisterEntry } from '../documents/api';
import { dec } from '../tax-models/api';

/**
 * The withholding rate on rents of urban premises (the catalogue's IRPF19, art. 101.8 LIRPF): the
 * register keeps a withholding's rate, not its type, so a received document's row withheld at this
 * rate is a rent. (19 % is also the rate on capital income, modelo 123; a company that pays such
 * income through purchases would see it here — see docs/domain/aeat-130-115-180.md.)
 */
export const RENT_WITHHOLDING_RATE = '19.00';

export interface Landlord {
  contact_id: string;
  name: string;
  tax_id: string | null;
  base: string;
  withholding: string;
}

export const isRent = (row: TaxRegisterEntry): boolean =>
  row.side === 'received' && !dec(row.withholding).isZero() && dec(row.withholdingRate ?? '0').rescale(2).toString() === RENT_WITHHOLDING_RATE;

/** The rents' rows summed per landlord (by tax id, else contact), in the order first seen; landlords whose withholdings net to zero are left out. */
export function landlordsOf(rows: readonly TaxRegisterEntry[]): Landlord[] {
  const byKey = new Map<string, { contact_id: string; name: string; tax_id: string | null; base: Decimal; withholding: Decimal }>();
  for (const row of rows.filter(isRent)) {
    const key = row.counterparty.taxId?.toUpperCase() ?? row.counterparty.contactId;
    const landlord = byKey.get(key) ?? { contact_id: row.counterparty.contactId, name: row.counterparty.name, tax_id: row.counterparty.taxId, base: Decimal.zero(2), withholding: Decimal.zero(2) };
    landlord.base = landlord.base.add(dec(row.base)).rescale(2);
    landlord.withholding = landlord.withholding.add(dec(row.withholding)).rescale(2);
    byKey.set(key, landlord);
  }
  return [...byKey.values()].filter((l) => !l.withholding.isZero()).map((l) => ({ ...l, base: l.base.toString(), withholding: l.withholding.toString() }));
}
