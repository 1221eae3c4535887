import { Decimal } from '../../kernel/money';
import type { TaxRegisterSum } from '../documents/api';
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

/** What the rents are summed by in the database: the landlord as the register prints it, and the withholding's rate (a rent is a rate). */
export const LANDLORD_GROUPS = ['counterpartyTaxId', 'contactId', 'counterpartyName', 'withholdingRate'] as const;
/** The register rows a rent can be among: received, withheld at the rent rate. */
export const RENT_ROWS = { side: 'received', withheld: true, withholdingRates: [RENT_WITHHOLDING_RATE] } as const;
/** The amounts a landlord's line declares: the rent paid and the withholding on it. */
export const LANDLORD_AMOUNTS = ['base', 'withholding'] as const;

/** A group of received rows with IRPF withheld (RENT_ROWS) is a rent when withheld at the rent rate. */
export const isRent = (group: Pick<TaxRegisterSum, 'key'>): boolean => {
  const rate = group.key.withholdingRate;
  // the register's numeric(5,2) reads as '19.00' already; any other spelling is compared as a number
  return rate != null && (rate === RENT_WITHHOLDING_RATE || dec(String(rate)).rescale(2).toString() === RENT_WITHHOLDING_RATE);
};

/**
 * The rents summed per landlord (by tax id, else contact) from the register's sums of RENT_ROWS by
 * LANDLORD_GROUPS, in the sums' order (by tax id, those without one last); landlords whose
 * withholdings net to zero are left out. The database adds the rows up: a quarter of a large
 * company is never read row by row.
 */
export function landlordsOf(groups: readonly TaxRegisterSum<(typeof LANDLORD_AMOUNTS)[number]>[]): Landlord[] {
  return rentsOf(groups).landlords;
}

/** The landlords (`landlordsOf`) and what their lines add up to: the 115's bases and withholdings, summed once. */
export function rentsOf(groups: readonly TaxRegisterSum<(typeof LANDLORD_AMOUNTS)[number]>[]): { landlords: Landlord[]; base: Decimal; withholding: Decimal } {
  const byKey = new Map<string, { contact_id: string; name: string; tax_id: string | null; base: Decimal; withholding: Decimal }>();
  for (const group of groups) {
    if (!isRent(group)) continue;
    const taxId = group.key.counterpartyTaxId == null ? null : String(group.key.counterpartyTaxId);
    const contactId = String(group.key.contactId);
    const key = taxId?.toUpperCase() ?? contactId;
    const base = dec(group.base).rescale(2), withholding = dec(group.withholding).rescale(2);
    const landlord = byKey.get(key);
    if (!landlord) byKey.set(key, { contact_id: contactId, name: String(group.key.counterpartyName), tax_id: taxId, base, withholding });
    else { landlord.base = landlord.base.add(base); landlord.withholding = landlord.withholding.add(withholding); }
  }
  const kept = [...byKey.values()].filter((l) => !l.withholding.isZero());
  return {
    landlords: kept.map((l) => ({ ...l, base: l.base.toString(), withholding: l.withholding.toString() })),
    base: kept.reduce((sum, l) => sum.add(l.base), Decimal.zero(2)),
    withholding: kept.reduce((sum, l) => sum.add(l.withholding), Decimal.zero(2)),
  };
}
