import type { Database } from '../../kernel/database';
import { Decimal } from '../../kernel/money';
import { pgArray } from '../../kernel/sql-params';
import type { Tx } from '../../kernel/uow';
import { registerFilter, type TaxRegisterEntry, type TaxRegisterQuery } from './tax-register';

/**
 * Sums of the tax register grouped by the columns a reader names, computed in the database: what
 * a tax model of a large company reads instead of every row (a quarter may hold millions).
 */
export const SUM_KEY_SQL = {
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
  /**
   * The group's VAT is deductible: a non-zero deductible quota, or a received group with VAT and no
   * recargo de equivalencia borne (whose VAT is never deductible) whose deductible quota the VAT
   * prorrata rounded to 0.00. The function cuadra_tax_register_sums and `registerRowDeductible`
   * repeat it; a test holds the three equal row by row (register-deductible-rule.test.ts).
   */
  deductible: `(deductible_quota <> 0 or (side = 'received' and surcharge_rate is null and quota <> 0))`,
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

export type TaxRegisterSumKey = keyof typeof SUM_KEY_SQL;
const KEYS = SUM_KEY_SQL;

/** Every grouping key `query` and `queryMany` take (the latter's SQL function repeats the list: a test holds them equal). */
export const TAX_REGISTER_SUM_KEYS = Object.keys(KEYS) as TaxRegisterSumKey[];

/** The amounts a sum of the register can carry, each summed in the database as a decimal string. */
export interface TaxRegisterAmounts {
  base: string;
  quota: string;
  deductibleQuota: string;
  surcharge: string;
  withholding: string;
  /**
   * The bases the withholdings were computed on: a row's base where its withholding rate gives its
   * withholding (or it has no rate), else the withholding divided back by the rate, rounded half
   * away from zero to cents, row by row (what the 111 and the 190 declare as the income paid; the
   * register's generated column `withheld_base`, withheld-base.ts).
   */
  withheldBase: string;
}

export type TaxRegisterAmount = keyof TaxRegisterAmounts;

/**
 * One register row's VAT is deductible, by the same rule as the sums' `deductible` key (the SQL
 * above and the function cuadra_tax_register_sums), for code that reads rows.
 * test/plugins/documents/register-deductible-rule.test.ts holds the three equal, case by case.
 */
export const registerRowDeductible = (row: Pick<TaxRegisterEntry, 'side' | 'quota' | 'deductibleQuota' | 'surchargeRate'>): boolean =>
  !Decimal.parse(row.deductibleQuota).isZero() || (row.side === 'received' && row.surchargeRate === null && !Decimal.parse(row.quota).isZero());

/** Every amount: what a reader gets when it names none. */
export const TAX_REGISTER_AMOUNTS: readonly TaxRegisterAmount[] = ['base', 'quota', 'deductibleQuota', 'surcharge', 'withholding', 'withheldBase'];

/** A group's sums: the amounts asked (all of them unless named), and its number of rows. */
export type TaxRegisterSum<A extends TaxRegisterAmount = TaxRegisterAmount> = Pick<TaxRegisterAmounts, A> & {
  /** The values of the grouping columns (rates as decimal strings, flags as booleans, null where the register has none). */
  key: Partial<Record<TaxRegisterSumKey, string | boolean | null>>;
  rows: number;
};

export const BOOLEAN_SUM_KEYS = new Set<TaxRegisterSumKey>(['capitalGood', 'deductible', 'withheld']);

/** The SQL of each amount; a statement sums only those its reader asks (each is work on every row read). */
const AMOUNT_SQL: Record<TaxRegisterAmount, string> = {
  base: 'sum(base)::text', quota: 'sum(quota)::text', deductibleQuota: 'sum(deductible_quota)::text', surcharge: 'sum(surcharge)::text',
  withholding: 'sum(withholding)::text', withheldBase: 'sum(withheld_base)::text',
};

export const TaxRegisterSums = {
  /**
   * The register's amounts over `q` (the same filters as `TaxRegister.query`), one result per
   * combination of the `by` columns: the `amounts` named, every amount when none are.
   */
  async query<A extends TaxRegisterAmount = TaxRegisterAmount>(tx: Tx, q: TaxRegisterQuery, by: readonly TaxRegisterSumKey[], amounts?: readonly A[]): Promise<TaxRegisterSum<A>[]> {
    const { where, params } = registerFilter(q);
    const keys = [...new Set(by)].filter((k) => k in KEYS);
    const asked = TAX_REGISTER_AMOUNTS.filter((a) => !amounts || amounts.includes(a as A)) as A[];
    const columns = [...keys.map((k, i) => `${KEYS[k]} as k${i}`), ...asked.map((a, i) => `${AMOUNT_SQL[a]} as a${i}`), 'count(*)::int as n'];
    // grouped by the columns themselves (a uuid or a numeric compares cheaper than its text), ordered by the text the caller reads
    // the withheld rows through their view, where the planner sees how few they are (added-migrations.ts)
    const rows = await tx.sql<any>(`
      select ${columns.join(', ')}
      from ${q.withheld === true ? 'tax_register_withheld_rows' : 'tax_register'}
      ${where}
      ${keys.length ? `group by ${keys.map((k) => KEYS[k].replace(/::text$/, '')).join(', ')} order by ${keys.map((_, i) => i + 1).join(', ')}` : ''}`, params);
    const names = keys.map((_, i) => `k${i}`);
    const booleans = keys.map((k) => BOOLEAN_SUM_KEYS.has(k));
    return rows.filter((r) => Number(r.n) > 0).map((r) => {
      const key: TaxRegisterSum['key'] = {};
      for (let i = 0; i < keys.length; i++) {
        const value = r[names[i]];
        key[keys[i]] = value == null ? null : booleans[i] ? value === true || value === 't' || value === 'true' : String(value);
      }
      // sums of numeric(18,2) columns keep their scale: the text is already the exact two-decimal string
      const sum = { key, rows: Number(r.n) } as TaxRegisterSum<A>;
      asked.forEach((a, i) => { (sum as Record<string, unknown>)[a] = r[`a${i}`]; });
      return sum;
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
    if (q.contactIds) throw new Error('TaxRegisterSums.queryMany does not filter by a list of contacts');
    const keys = [...new Set(by)].filter((k) => k in KEYS);
    // the SQL function has no rate filter: the groups are kept by their rate, which must then be one of the keys
    if (q.withholdingRates && !keys.includes('withholdingRate')) throw new Error('Tax register sums of many companies filter by withholding rate only when grouped by it');
    if (q.withholdingRatesExcluded && !keys.includes('withholdingRate')) throw new Error('Tax register sums of many companies leave out withholding rates only when grouped by them');
    const rates = q.withholdingRates?.map((rate) => Decimal.parse(rate));
    const excluded = q.withholdingRatesExcluded?.map((rate) => Decimal.parse(rate));
    const atRate = (value: unknown) => (!rates || (value != null && rates.some((rate) => rate.eq(Decimal.parse(String(value))))))
      && (!excluded || value == null || !excluded.some((rate) => rate.eq(Decimal.parse(String(value)))));
    const booleans = keys.map((k) => BOOLEAN_SUM_KEYS.has(k));
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
      if (!atRate(key.withholdingRate)) continue;
      const list = sums.get(r.tenant_id) ?? [];
      list.push({ key, base: r.base, quota: r.quota, deductibleQuota: r.deductible_quota, surcharge: r.surcharge, withholding: r.withholding, withheldBase: r.withheld_base, rows: Number(r.n) });
      sums.set(r.tenant_id, list);
    }
    return sums;
  },
};
