import { NotFound, type FieldError } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { TaxService, type TaxType, type TaxRegime } from '../taxes/api';
import type { TaxKind } from './calc';

/** What documents need of a tax type (read through the taxes plugin's service; never written here). */
export interface TaxTypeInfo {
  id: string;
  code: string;
  name: string;
  kind: TaxKind;
  rate: Decimal;
  regime: TaxRegime;
  country: string | null;
  sales: { baseBox?: string; quotaBox?: string; account?: string; revenueAccount?: string; legend?: string } | null;
  purchases: {
    baseBox?: string; quotaBox?: string; account?: string; selfAssessedBaseBox?: string; selfAssessedQuotaBox?: string;
    selfAssessedAccount?: string; capitalGoodsBaseBox?: string; capitalGoodsQuotaBox?: string;
  } | null;
  active: boolean;
}

const infoOf = (type: TaxType): TaxTypeInfo => ({
  id: type.id,
  code: type.code,
  name: type.name,
  kind: type.kind as TaxKind,
  rate: Decimal.parse(String(type.rate), 2).rescale(2),
  regime: type.regime as TaxRegime,
  country: type.country ?? null,
  sales: (type.sales as TaxTypeInfo['sales']) ?? null,
  purchases: (type.purchases as TaxTypeInfo['purchases']) ?? null,
  active: type.active,
});

/**
 * The tenant's tax types with these ids, in one query. An id that is not the tenant's (another
 * tenant's, or none) is 404, exactly like a missing one. Seeded ids of tenants created before the
 * taxes plugin are resolved through TaxService.get, which seeds the catalogue first.
 */
export async function loadTaxTypes(tx: Tx, ids: Iterable<string>): Promise<Map<string, TaxTypeInfo>> {
  const wanted = [...new Set(ids)];
  const found = new Map<string, TaxTypeInfo>();
  if (!wanted.length) return found;
  for (const type of await TaxService.getMany(tx, wanted)) found.set(type.id, infoOf(type));
  for (const id of wanted) {
    if (found.has(id)) continue;
    try {
      found.set(id, infoOf(await TaxService.get(tx, id)));
    } catch (error) {
      if (error instanceof NotFound) throw new NotFound('Tax type not found');
      throw error;
    }
  }
  return found;
}

export type DocumentSide = 'sales' | 'purchases';

export interface TaxedLine { tax_type_id: string; surcharge_type_id?: string | null; withholding_type_id?: string | null }

/**
 * Checks that each line's tax types fit: the VAT type is of kind `vat`, the surcharge of kind
 * `surcharge` (only next to a domestic VAT type with a positive rate), the withholding of kind
 * `withholding`; all usable on this side (sales/purchases) and active when `requireActive`.
 */
export function checkLineTaxTypes(lines: readonly TaxedLine[], types: ReadonlyMap<string, TaxTypeInfo>, side: DocumentSide, loc: (string | number)[], requireActive: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const sideName = side === 'sales' ? 'sales' : 'purchases';
  lines.forEach((line, i) => {
    const check = (field: string, id: string | null | undefined, kind: TaxKind) => {
      if (!id) return undefined;
      const type = types.get(id)!;
      const at = [...loc, i, field];
      if (type.kind !== kind) errors.push({ loc: at, msg: `Tax type ${type.code} is of kind ${type.kind}, not ${kind}`, type: 'value_error.tax_type_kind' });
      else if (type[side] === null) errors.push({ loc: at, msg: `Tax type ${type.code} cannot be used on ${sideName}`, type: 'value_error.tax_type_side' });
      else if (requireActive && !type.active) errors.push({ loc: at, msg: `Tax type ${type.code} is deactivated for this company`, type: 'value_error.tax_type_inactive' });
      return type;
    };
    const vat = check('tax_type_id', line.tax_type_id, 'vat');
    const surcharge = check('surcharge_type_id', line.surcharge_type_id, 'surcharge');
    check('withholding_type_id', line.withholding_type_id, 'withholding');
    if (surcharge && vat && vat.kind === 'vat' && (vat.regime !== 'domestic' || vat.rate.isZero())) {
      errors.push({ loc: [...loc, i, 'surcharge_type_id'], msg: `Recargo de equivalencia goes with a domestic VAT rate, not with ${vat.code}`, type: 'value_error.surcharge_without_vat' });
    }
  });
  return errors;
}
