import { ValidationFailed, type FieldError } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { isIsoDate, LedgerService } from '../ledger/api';
import type { LineInput } from './calc';

/**
 * Helpers shared by sales invoices and purchases: parsing wire lines, dates, magnitudes, party
 * snapshots, SQL row conversion. Pure or read-only.
 */

export type Loc = (string | number)[];

/** A decimal string as the database returns it (numeric → text), as a Decimal with `scale` decimals. */
export const dec = (text: string | number | null | undefined, scale = 2): Decimal => Decimal.parse(String(text ?? '0'), Math.max(scale, 6)).rescale(scale);

export const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();
export const isoOrNull = (value: unknown): string | null => (value == null ? null : iso(value));

/** jsonb read as text (drivers differ on parsing jsonb). */
export const jsonOrNull = <T>(value: unknown): T | null => {
  if (value == null) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
};

/** Largest absolute amount accepted on a line or a total (the books store numeric(18,2)). */
export const MAX_AMOUNT = Decimal.parse('9999999999999.99');
const MAX_QUANTITY = Decimal.parse('999999999999.999999');
const HUNDRED = Decimal.parse('100');

export const abs = (value: Decimal): Decimal => (value.isNegative() ? value.negate() : value);

export interface WireLineCommon {
  description: string;
  quantity?: string;
  unit_price: string;
  discount_pct?: string;
  tax_type_id: string;
  surcharge_type_id?: string | null;
  withholding_type_id?: string | null;
}

/** A parsed wire line: what the arithmetic needs (`LineInput`) and its description. */
export interface ParsedLineCommon extends LineInput {
  description: string;
}

/** Parses the numbers of wire lines (patterns are already checked by the schema); 422 on out-of-range values. */
export function parseLineNumbers(lines: readonly WireLineCommon[], loc: Loc): ParsedLineCommon[] {
  const errors: FieldError[] = [];
  const parsed = lines.map((line, i) => {
    const at = (field: string) => [...loc, i, field];
    const read = (text: string | undefined, fallback: string, scale: number, field: string): Decimal => {
      try {
        return Decimal.parse(text ?? fallback, scale);
      } catch {
        errors.push({ loc: at(field), msg: `Not a decimal number with at most ${scale} decimals`, type: 'value_error.decimal' });
        return Decimal.zero(scale);
      }
    };
    const quantity = read(line.quantity, '1', 6, 'quantity');
    const unitPrice = read(line.unit_price, '0', 6, 'unit_price');
    const discountPct = read(line.discount_pct, '0', 2, 'discount_pct');
    if (abs(quantity).compare(MAX_QUANTITY) > 0) errors.push({ loc: at('quantity'), msg: 'Quantity too large', type: 'value_error.number.not_le' });
    if (abs(unitPrice).compare(MAX_QUANTITY) > 0) errors.push({ loc: at('unit_price'), msg: 'Unit price too large', type: 'value_error.number.not_le' });
    if (discountPct.isNegative() || discountPct.compare(HUNDRED) > 0) errors.push({ loc: at('discount_pct'), msg: 'A discount is a percentage from 0 to 100', type: 'value_error.number.not_le' });
    const description = typeof line.description === 'string' ? line.description.trim() : '';
    if (!description) errors.push({ loc: at('description'), msg: 'A description is required', type: 'value_error' });
    return {
      description, quantity, unitPrice, discountPct,
      taxTypeId: line.tax_type_id, surchargeTypeId: line.surcharge_type_id ?? null, withholdingTypeId: line.withholding_type_id ?? null,
    };
  });
  if (errors.length) throw new ValidationFailed(errors);
  return parsed;
}

/** Checks that amounts fit the books (|x| ≤ MAX_AMOUNT); 422 at `loc` otherwise. */
export function checkMagnitudes(values: { loc: Loc; value: Decimal }[]): void {
  const errors = values.filter((v) => abs(v.value).compare(MAX_AMOUNT) > 0)
    .map((v) => ({ loc: v.loc, msg: `Amount too large (at most ${MAX_AMOUNT} in absolute value)`, type: 'value_error.number.not_le' }));
  if (errors.length) throw new ValidationFailed(errors);
}

/** 422 unless a real calendar date (YYYY-MM-DD, years 1900–2999). */
export function checkDates(dates: { loc: Loc; value: string | null | undefined }[]): void {
  const errors = dates.filter((d) => d.value != null && !isIsoDate(d.value))
    .map((d) => ({ loc: d.loc, msg: 'Not a valid date (YYYY-MM-DD, years 1900–2999)', type: 'value_error.date' }));
  if (errors.length) throw new ValidationFailed(errors);
}

/**
 * The account exists in the tenant's chart and takes postings (422 at `loc` otherwise). `prefixes`
 * limits it to groups of the chart (e.g. ['6'] for expenses).
 */
export async function checkPostableAccounts(tx: Tx, accounts: { loc: Loc; code: string; prefixes: string[] }[]): Promise<void> {
  const errors: FieldError[] = [];
  const seen = new Map<string, Awaited<ReturnType<typeof LedgerService.account>>>();
  for (const { loc, code, prefixes } of accounts) {
    if (!prefixes.some((p) => code.startsWith(p))) {
      errors.push({ loc, msg: `Account ${code} is not in group ${prefixes.join(' or ')} of the chart`, type: 'value_error.account_group' });
      continue;
    }
    if (!seen.has(code)) seen.set(code, await LedgerService.account(tx, code));
    const account = seen.get(code);
    if (!account) errors.push({ loc, msg: `Account ${code} is not in the company's chart of accounts`, type: 'value_error.unknown_account' });
    else if (!account.isPostable) errors.push({ loc, msg: `Account ${code} (${account.name}) is a heading and takes no postings; use one of its sub-accounts`, type: 'value_error.heading_account' });
  }
  if (errors.length) throw new ValidationFailed(errors);
}

/** A party as printed on an issued document, frozen at issue. */
export interface Party {
  name: string;
  legal_name: string | null;
  tax_id: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  province: string | null;
  country: string;
  customer_type?: string;
}

export function partyOfContact(contact: { name: string; legalName?: string | null; vat?: string | null; address?: string | null; city?: string | null; postalCode?: string | null; province?: string | null; country: string; customerType: string }): Party {
  return {
    name: contact.name, legal_name: contact.legalName ?? null, tax_id: contact.vat ?? null, address: contact.address ?? null, city: contact.city ?? null,
    postal_code: contact.postalCode ?? null, province: contact.province ?? null, country: contact.country, customer_type: contact.customerType,
  };
}

export function partyOfTenant(tenant: { name: string; legalName?: string | null; taxId: string; address?: string | null; city?: string | null; postalCode?: string | null; province?: string | null; country: string }): Party {
  return {
    name: tenant.name, legal_name: tenant.legalName ?? null, tax_id: tenant.taxId, address: tenant.address ?? null, city: tenant.city ?? null,
    postal_code: tenant.postalCode ?? null, province: tenant.province ?? null, country: tenant.country,
  };
}

export { pgArray } from '../../kernel/sql-params';
