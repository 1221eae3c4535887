import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { NO_REGISTER_SPLIT } from './migrations';
import { documentKinds } from './kinds';
import { entryOf, REGISTER_COLUMNS, registerFilter, type TaxRegisterEntry, type TaxRegisterQuery } from './tax-register';
import { BOOLEAN_SUM_KEYS, SUM_KEY_SQL, type TaxRegisterSumKey } from './tax-register-sums';

/**
 * Goods or services: the one rule by which every return that tells them apart reads the tax
 * register (the 349's keys E/S and A/I, the 390's boxes of intra-EU acquisitions of goods and of
 * services), applied in the database so that a year of a busy company's intra-EU rows is split and
 * summed without leaving it. The register groups a document's lines by VAT type and the kind's
 * `registerGroupBy` (capital good, deductibility), not by nature; each document kind says which
 * of its lines are goods (`DocumentKindName.lineNature`: a sales line's nature; a purchase's
 * capital goods and lines on 600–602 or group 2). A row is matched to its lines by the same
 * grouping: by VAT type and capital good, and, where a document has both a deductible and a
 * non-deductible group of them, by the groups' order (or the row's deductible quota). A row's goods
 * part is its lines' goods share of the row's own amounts (in euros, whatever the document's
 * currency), to the cent, half away from zero; the services part is the rest, so the two always
 * add up to the row. A row of a substitution that cancels its original takes the original's lines.
 * A row whose kind does not say, or that no line explains, has no parts: the returns list it.
 */

export interface NatureAmounts { base: Decimal; quota: Decimal; deductibleQuota: Decimal }
export interface NatureParts { goods: NatureAmounts; services: NatureAmounts }

/** The amounts a row is split into. */
const SPLIT = [['base', 'base'], ['quota', 'quota'], ['deductibleQuota', 'deductible_quota']] as const;

/**
 * `amount` × goods / total to the cent, half away from zero, in whole cents (exact: integer
 * division of the amounts in cents, never a rounded quotient); the amount itself when all of the
 * lines are goods, zero when none are.
 */
const goodsShareSql = (amount: string, row: string) => `case
    when ${row}.total = 0 or ${row}.goods = 0 then 0::numeric
    when ${row}.goods = ${row}.total then ${row}.${amount}
    else round(sign(${row}.${amount} * ${row}.goods) * sign(${row}.total)
      * div(2 * abs(${row}.${amount} * 100 * ${row}.goods * 100) + abs(${row}.total * 100), 2 * abs(${row}.total * 100)) / 100, 2)
  end`;

/** The document whose lines explain a register row `t`: the rectified original's, for a row that cancels it. */
const SOURCE = `(case when t.reverses_original and t.rectifies_id is not null then t.rectifies_id else t.document_id end)`;

/**
 * For each kind whose lines tell natures, a lateral read of the lines of a row's own group: the
 * source document's lines of the row's VAT type and capital-good flag, summed apart by
 * deductibility (the kind's `registerGroupBy`), goods and all, with each part's first line. One
 * index probe per row, only for rows of that kind.
 */
function lineGroupsSql(): { joins: string; columns: string } {
  const kinds = documentKinds().filter((kind) => kind.lineNature);
  const joins = kinds.map((kind, k) => {
    const groupBy = kind.registerGroupBy ?? NO_REGISTER_SPLIT;
    const [deductible, goods] = [`(${groupBy.deductible})`, `(${kind.lineNature!.goods})`];
    const part = (prefix: string, of: string) => `case when count(*) filter (where ${of}) > 0 then coalesce(sum(l.base) filter (where ${of} and ${goods}), 0) end as ${prefix}_goods,
          sum(l.base) filter (where ${of}) as ${prefix}_total, min(l.line_no) filter (where ${of}) as ${prefix}_first`;
    return `left join lateral (
        select ${part('d', deductible)}, ${part('n', `not ${deductible}`)}
        from ${kind.linesTable} l
        where t.document_type = '${kind.name}' and l.tenant_id = t.tenant_id and l.${kind.linesKey} = ${SOURCE}
          and l.tax_type_id = t.tax_type_id and (${groupBy.capitalGood}) = t.capital_good
      ) k${k} on true`;
  });
  const pick = (column: string) => (kinds.length ? `coalesce(${kinds.map((_, k) => `k${k}.${column}`).join(', ')})` : 'null::numeric');
  const columns = ['d_goods', 'd_total', 'd_first', 'n_goods', 'n_total', 'n_first'].map((c) => `${pick(c)} as ${c}`).join(', ');
  return { joins: joins.join('\n      '), columns };
}

/** The register's columns a sum of parts reads: what the grouping keys, the split and the book order are made of. */
const SUM_COLUMNS = `document_type, document_id, group_no, side, kind, number, accounting_date, contact_id, counterparty_name, counterparty_tax_id,
  counterparty_country, rectifies_id, rectification_mode, capital_good, tax_type_id, tax_code, regime, base, rate, quota, deductible_quota, surcharge_rate,
  withholding_rate, withholding, reverses_original`;

/**
 * The register rows of `q` (their `columns`) with their goods share (`goods`, `total`: the bases
 * of the lines that explain the row; null when none do). Which of a document's two groups of one
 * VAT type and capital-good flag (deductible and not) explains a row: the register numbered the
 * pair's rows in the order of each group's first line, so the lower group number takes the group
 * whose first line comes first (the pair is looked up by the register's primary key, only for such
 * documents); a row without its pair in the register is told by the sums' deductibility rule
 * (`SUM_KEY_SQL.deductible`). Each row reads its own lines (an index probe), so the statement costs
 * about what reading the rows and their lines costs, however many there are.
 */
function splitRowsSql(where: string, columns: string): string {
  const lines = lineGroupsSql();
  const qualified = (sql: string) => sql.replace(/\b(deductible_quota|side|surcharge_rate|quota)\b/g, 't.$1');
  return `
    with n as (
      select ${columns === '*' ? 't.*' : columns.split(',').map((c) => `t.${c.trim()}`).join(', ')}, g.*,
        case
          when g.d_total is null and g.n_total is null then null
          when g.n_total is null then true
          when g.d_total is null then false
          else coalesce((
            select case when count(*) = 2 then (g.d_first < g.n_first) = (t.group_no = min(x.group_no)) end
            from tax_register x
            where x.tenant_id = t.tenant_id and x.side = t.side and x.accounting_date = t.accounting_date and x.document_id = t.document_id
              and x.tax_type_id = t.tax_type_id and x.capital_good = t.capital_good and x.reverses_original = t.reverses_original
          ), ${qualified(SUM_KEY_SQL.deductible)})
        end as reads_deductible
      from tax_register t
      cross join lateral (select ${lines.columns} from (select 1) one ${lines.joins}) g
      ${where}
    ),
    picked as (
      select n.*, case when reads_deductible then d_goods when not reads_deductible then n_goods end as goods,
        case when reads_deductible then d_total when not reads_deductible then n_total end as total
      from n
    ),
    split as materialized (
      select picked.*, ${SPLIT.map(([, column]) => `case when picked.total is null then null else ${goodsShareSql(column, 'picked')} end as goods_${column}`).join(', ')}
      from picked
    )`;
}

const partsOf = (row: Record<string, any>, prefix: 'goods' | 'services'): NatureAmounts => ({
  base: Decimal.parse(String(row[`${prefix}_base`])).rescale(2), quota: Decimal.parse(String(row[`${prefix}_quota`])).rescale(2),
  deductibleQuota: Decimal.parse(String(row[`${prefix}_deductible_quota`])).rescale(2),
});

/** The sums of one group of register rows by nature. */
export interface NatureSum {
  /** The values of the grouping columns, as `TaxRegisterSums` answers them. */
  key: Partial<Record<NatureSumKey, string | boolean | null>>;
  rows: number;
  /** The rows that cannot be told goods or services (their kind does not say, or no line explains them): in no part. */
  unmapped: number;
  /** The first documents of those rows in book order (`<type> <number>`), at most ten. */
  unmappedDocuments: string[];
  goods: NatureAmounts;
  services: NatureAmounts;
  /** Rows with a goods part other than zero; rows listed under services (a services part other than zero, or no goods part). */
  goodsRows: number;
  servicesRows: number;
  /** The group's earliest accounting date (YYYY-MM-DD): groups come in that order, then by their lowest number. */
  firstDate: string;
}

/** What nature sums group by: the register sums' keys, and the document's type and the document it rectifies. */
export type NatureSumKey = TaxRegisterSumKey | 'documentType' | 'rectifiesId';
const NATURE_KEY_SQL: Record<NatureSumKey, string> = { ...SUM_KEY_SQL, documentType: 'document_type', rectifiesId: 'rectifies_id::text' };

const UNMAPPED_LISTED = 10;

export const TaxRegisterNature = {
  /** Each register row of `q` (book order, as `TaxRegister.query`) with its goods and services parts, or null when it cannot be told. */
  async rows(tx: Tx, q: TaxRegisterQuery): Promise<{ row: TaxRegisterEntry; nature: NatureParts | null }[]> {
    const { where, params } = registerFilter(q);
    const rows = await tx.sql<any>(`${splitRowsSql(where, '*')}
      select ${REGISTER_COLUMNS}, goods_base::text, goods_quota::text, goods_deductible_quota::text,
        (base - goods_base)::text as services_base, (quota - goods_quota)::text as services_quota, (deductible_quota - goods_deductible_quota)::text as services_deductible_quota
      from split order by accounting_date, number, group_no`, params);
    return rows.map((r) => ({ row: entryOf(r), nature: r.goods_base == null ? null : { goods: partsOf(r, 'goods'), services: partsOf(r, 'services') } }));
  },

  /** The goods and services parts of the register rows of `q`, summed in the database by the `by` columns; groups in the order of their first row. */
  async sums(tx: Tx, q: TaxRegisterQuery, by: readonly NatureSumKey[]): Promise<NatureSum[]> {
    const { where, params } = registerFilter(q);
    const keys = [...new Set(by)].filter((k) => k in NATURE_KEY_SQL);
    const mapped = 'goods_base is not null';
    const amounts = SPLIT.flatMap(([, column]) => [
      `coalesce(sum(goods_${column}), 0)::text as goods_${column}`, `coalesce(sum(${column} - goods_${column}), 0)::text as services_${column}`,
    ]);
    const rows = await tx.sql<any>(`${splitRowsSql(where, SUM_COLUMNS)}
      select ${[...keys.map((k, i) => `${NATURE_KEY_SQL[k]} as k${i}`), ...amounts].join(', ')}, count(*)::int as n,
        count(*) filter (where not (${mapped}))::int as unmapped,
        (array_agg(document_type || ' ' || number order by accounting_date, number, group_no) filter (where not (${mapped})))[1:${UNMAPPED_LISTED}] as unmapped_documents,
        count(*) filter (where ${mapped} and goods_base <> 0)::int as goods_rows,
        count(*) filter (where ${mapped} and (base - goods_base <> 0 or goods_base = 0))::int as services_rows,
        min(accounting_date) as first_date, min(number) as first_number
      from split
      ${keys.length ? `group by ${keys.map((_, i) => i + 1).join(', ')}` : ''}
      order by first_date, first_number`, params);
    return rows.map((r) => {
      const key: NatureSum['key'] = {};
      keys.forEach((k, i) => {
        const value = r[`k${i}`];
        key[k] = value == null ? null : BOOLEAN_SUM_KEYS.has(k as TaxRegisterSumKey) ? value === true || value === 't' || value === 'true' : String(value);
      });
      const documents = typeof r.unmapped_documents === 'string' ? parseTextArray(r.unmapped_documents) : (r.unmapped_documents ?? []);
      return {
        key, rows: Number(r.n), unmapped: Number(r.unmapped), unmappedDocuments: documents.map(String), goods: partsOf(r, 'goods'), services: partsOf(r, 'services'),
        goodsRows: Number(r.goods_rows), servicesRows: Number(r.services_rows), firstDate: String(r.first_date),
      };
    });
  },
};

/** A PostgreSQL text array's literal ({"a b","c"}), for a driver that answers it unparsed. */
function parseTextArray(literal: string): string[] {
  const values: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|([^,{}]+)/g;
  for (const match of literal.slice(1, -1).matchAll(pattern)) values.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2]);
  return values;
}
