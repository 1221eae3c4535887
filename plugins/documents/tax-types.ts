import { NotFound, ValidationFailed, type FieldError } from '../../kernel/errors';
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

/** Where a client finds the codes a line may name. */
export const TAX_CODES_ENDPOINT = 'GET /api/v1/taxes';
/** Each tax a line names: by its code (`tax_code: "IVA21"`) or by its type's id. */
const TAX_REFERENCES = [
  { code: 'tax_code', id: 'tax_type_id', required: true },
  { code: 'surcharge_code', id: 'surcharge_type_id', required: false },
  { code: 'withholding_code', id: 'withholding_type_id', required: false },
] as const;

type CodedLine = Partial<Record<(typeof TAX_REFERENCES)[number]['code' | 'id'], string | null>>;

/** Whether any of these lines names a tax by its code. */
export const namesTaxCodes = (lines: readonly object[] | null | undefined): boolean =>
  !!lines?.some((line) => TAX_REFERENCES.some(({ code }) => (line as CodedLine)[code] != null));

/**
 * The lines with each tax code replaced by its type's id, for every document kind with lines: a
 * line names its VAT type by `tax_code` or `tax_type_id` (one of them), its surcharge and
 * withholding likewise. An unknown code is 422 naming where the codes are listed.
 */
export async function resolveTaxCodes<L extends object>(tx: Tx, lines: readonly L[], loc: (string | number)[]): Promise<L[]> {
  const errors: FieldError[] = [];
  lines.forEach((line, i) => {
    for (const { code, id, required } of TAX_REFERENCES) {
      const named = line as CodedLine;
      if (named[code] != null && named[id] != null) errors.push({ loc: [...loc, i, code], msg: `Name the tax by ${code} or by ${id}, not both`, type: 'value_error.tax_reference' });
      else if (required && named[code] == null && named[id] == null) errors.push({ loc: [...loc, i, id], msg: `Name the VAT type by ${id} or by ${code} (such as "IVA21"; ${TAX_CODES_ENDPOINT} lists them)`, type: 'missing' });
    }
  });
  if (errors.length) throw new ValidationFailed(errors);
  if (!namesTaxCodes(lines)) return [...lines];
  const codes = lines.flatMap((line) => TAX_REFERENCES.map(({ code }) => (line as CodedLine)[code]).filter((value): value is string => typeof value === 'string'));
  const byCode = new Map((await TaxService.findByCodes(tx, codes)).map((type) => [type.code, type.id]));
  const resolved = lines.map((line, i) => {
    const copy = { ...line } as Record<string, unknown>;
    for (const { code, id } of TAX_REFERENCES) {
      const value = copy[code];
      delete copy[code];
      if (typeof value !== 'string') continue;
      const typeId = byCode.get(value.toUpperCase());
      if (typeId) copy[id] = typeId;
      else errors.push({ loc: [...loc, i, code], msg: `Unknown tax code "${value}": ${TAX_CODES_ENDPOINT} lists the company's codes (IVA21, IVA10, RE52, IRPF15…)`, type: 'value_error.tax_code' });
    }
    return copy as L;
  });
  if (errors.length) throw new ValidationFailed(errors);
  return resolved;
}

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

/** The input with its lines' tax codes resolved to ids (resolveTaxCodes); as it is when it sends no lines. */
export async function withTaxTypeIds<I extends { lines?: readonly object[] | null }>(tx: Tx, input: I, loc: (string | number)[] = ['body', 'lines']): Promise<I> {
  return input.lines ? { ...input, lines: await resolveTaxCodes(tx, input.lines, loc) } : input;
}
