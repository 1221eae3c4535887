import type { Database } from '../../kernel/database';
import { pgArray } from '../../kernel/sql-params';
import type { Tx } from '../../kernel/uow';
import { registerFilter, type TaxRegisterQuery } from './tax-register';

/**
 * Sums of the tax register grouped by the columns a reader names, computed in the database: what
 * a tax model of a large company reads instead of every row (a quarter may hold millions).
 */
const KEYS = {
  side: 'side',
  kind: 'kind',
  regime: 'regime',
  taxCode: 'tax_code',
  /** The VAT type's id (a company's own type: `taxCode` names its catalogue code). */
  taxTypeId: 'tax_type_id::text',
  rate: 'rate::text',
  surchargeRate: 'surcharge_rate::text',
  withholdingRate: 'withholding_rate::text',
  capitalGood: 'capital_good',
  /** The group's VAT is deductible (a non-zero deductible quota). */
  deductible: '(deductible_quota <> 0)',
  /** The group carries a withholding (IRPF). */
  withheld: '(withholding <> 0)',
  counterpartyTaxId: 'counterparty_tax_id',
  counterpartyName: 'counterparty_name',
  counterpartyCountry: 'counterparty_country',
  contactId: 'contact_id::text',
  rectificationMode: 'rectification_mode',
  /** The accounting date's month, YYYY-MM. */
  month: `to_char(accounting_date, 'YYYY-MM')`,
} as const;

export type TaxRegisterSumKey = keyof typeof KEYS;

/** Every grouping key `query` and `queryMany` take (the latter's SQL function repeats the list: a test holds them equal). */
export const TAX_REGISTER_SUM_KEYS = Object.keys(KEYS) as TaxRegisterSumKey[];

export interface TaxRegisterSum {
  /** The values of the grouping columns (rates as decimal strings, flags as booleans, null where the register has none). */
  key: Partial<Record<TaxRegisterSumKey, string | boolean | null>>;
  base: string;
  quota: string;
  deductibleQuota: string;
  surcharge: string;
  withholding: string;
  /**
   * The bases the withholdings were computed on: a row's base where its withholding rate gives its
   * withholding (or it has no rate), else the withholding divided back by the rate, rounded half
   * away from zero to cents, row by row (what the 111 and the 190 declare as the income paid).
   */
  withheldBase: string;
  rows: number;
}

/** One row's withheld base (see `TaxRegisterSum.withheldBase`); numeric `round` rounds half away from zero, as `Decimal` does. */
const WITHHELD_BASE = `case when withholding_rate is null or withholding_rate = 0 or round(base * withholding_rate / 100, 2) = withholding then base
  else round(withholding * 100 / withholding_rate, 2) end`;

const BOOLEAN_KEYS = new Set<TaxRegisterSumKey>(['capitalGood', 'deductible', 'withheld']);

export const TaxRegisterSums = {
  /** The register's amounts over `q` (the same filters as `TaxRegister.query`), one result per combination of the `by` columns. */
  async query(tx: Tx, q: TaxRegisterQuery, by: readonly TaxRegisterSumKey[]): Promise<TaxRegisterSum[]> {
    const { where, params } = registerFilter(q);
    const keys = [...new Set(by)].filter((k) => k in KEYS);
    const columns = keys.map((k, i) => `${KEYS[k]} as k${i}`);
    // grouped by the columns themselves (a uuid or a numeric compares cheaper than its text), ordered by the text the caller reads
    const rows = await tx.sql<any>(`
      select ${[...columns, 'sum(base)::text as base', 'sum(quota)::text as quota', 'sum(deductible_quota)::text as deductible_quota',
    'sum(surcharge)::text as surcharge', 'sum(withholding)::text as withholding', `sum(${WITHHELD_BASE})::text as withheld_base`, 'count(*)::int as n'].join(', ')}
      from tax_register
      ${where}
      ${keys.length ? `group by ${keys.map((k) => KEYS[k].replace(/::text$/, '')).join(', ')} order by ${keys.map((_, i) => i + 1).join(', ')}` : ''}`, params);
    const names = keys.map((_, i) => `k${i}`);
    const booleans = keys.map((k) => BOOLEAN_KEYS.has(k));
    return rows.filter((r) => Number(r.n) > 0).map((r) => {
      const key: TaxRegisterSum['key'] = {};
      for (let i = 0; i < keys.length; i++) {
        const value = r[names[i]];
        key[keys[i]] = value == null ? null : booleans[i] ? value === true || value === 't' || value === 'true' : String(value);
      }
      return {
        key,
        // sums of numeric(18,2) columns keep their scale: the text is already the exact two-decimal string
        base: r.base, quota: r.quota, deductibleQuota: r.deductible_quota, surcharge: r.surcharge, withholding: r.withholding, withheldBase: r.withheld_base, rows: Number(r.n),
      };
    });
  },

  /**
   * `query` for a set of companies in one statement (the workspace's tax results), as the system
   * role: a SECURITY DEFINER function groups by the same columns and filters alike, answering each
   * company's sums in the order its own `query` gives them (a company with none: no entry). Only
   * for companies the caller has established it may read.
   */
  async queryMany(db: Database, tenantIds: readonly string[], q: TaxRegisterQuery, by: readonly TaxRegisterSumKey[]): Promise<Map<string, TaxRegisterSum[]>> {
    const sums = new Map<string, TaxRegisterSum[]>();
    if (!tenantIds.length) return sums;
    registerFilter(q); // the same checks of the period
    // the many-company function takes the filters it was written with: refuse one it would silently drop
    if (q.regimes) throw new Error('TaxRegisterSums.queryMany does not filter by regime');
    const keys = [...new Set(by)].filter((k) => k in KEYS);
    const booleans = keys.map((k) => BOOLEAN_KEYS.has(k));
    const rows = await db.system<any>(`select * from cuadra_tax_register_sums(?::uuid[], ?::text[], ?::date, ?::date, ?::text, ?::text[], ?::uuid[], ?::text[], ?::uuid, ?::text, ?::boolean, ?::boolean)`, [
      pgArray(tenantIds), pgArray(keys), q.from, q.to, q.side ?? null, q.kinds ? pgArray(q.kinds) : null, q.taxTypeIds ? pgArray(q.taxTypeIds) : null,
      q.taxCodes ? pgArray(q.taxCodes) : null, q.contactId ?? null, q.counterpartyTaxId ?? null, q.capitalGood ?? null, q.withheld ?? null,
    ]);
    for (const r of rows) {
      if (Number(r.n) <= 0) continue;
      const values: unknown[] = typeof r.keys === 'string' ? JSON.parse(r.keys) : r.keys;
      const key: TaxRegisterSum['key'] = {};
      for (let i = 0; i < keys.length; i++) {
        const value = values[i];
        key[keys[i]] = value == null ? null : booleans[i] ? value === true : String(value);
      }
      const list = sums.get(r.tenant_id) ?? [];
      list.push({ key, base: r.base, quota: r.quota, deductibleQuota: r.deductible_quota, surcharge: r.surcharge, withholding: r.withholding, withheldBase: r.withheld_base, rows: Number(r.n) });
      sums.set(r.tenant_id, list);
    }
    return sums;
  },
};
