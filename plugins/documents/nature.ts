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
const goodsShareSql = (amount: string) => `case
    when n.total = 0 or n.goods = 0 then 0::numeric
    when n.goods = n.total then n.${amount}
    else round(sign(n.${amount} * n.goods) * sign(n.total)
      * div(2 * abs(n.${amount} * 100 * n.goods * 100) + abs(n.total * 100), 2 * abs(n.total * 100)) / 100, 2)
  end`;

/**
 * Each kind's lines that tell natures, summed by the groups the register split them into, for the
 * documents of the rows `r` (the rectified original's, for a row that cancels it).
 */
function lineGroupsSql(): string {
  const selects = documentKinds().filter((kind) => kind.lineNature).map((kind) => {
    const groupBy = kind.registerGroupBy ?? NO_REGISTER_SPLIT;
    return `select '${kind.name}'::text as document_type, l.${kind.linesKey} as source_id, l.tax_type_id, (${groupBy.capitalGood}) as capital_good,
        (${groupBy.deductible}) as deductible, coalesce(sum(l.base) filter (where ${kind.lineNature!.goods}), 0) as goods, sum(l.base) as total, min(l.line_no) as first_line
      from ${kind.linesTable} l
      where l.tenant_id = :tenant and l.${kind.linesKey} in (select source_id from r where document_type = '${kind.name}')
      group by 1, 2, 3, 4, 5`;
  });
  return selects.length ? selects.join('\n      union all\n      ') : `select null::text, null::uuid, null::uuid, null::boolean, null::boolean, null::numeric, null::numeric, null::integer where false`;
}

/** The register's columns a sum of parts reads: what the grouping keys, the split and the book order are made of. */
const SUM_COLUMNS = `document_type, document_id, group_no, side, kind, number, accounting_date, contact_id, counterparty_name, counterparty_tax_id,
  counterparty_country, rectifies_id, rectification_mode, capital_good, tax_type_id, tax_code, regime, base, rate, quota, deductible_quota, surcharge_rate,
  withholding_rate, withholding, reverses_original`;

/**
 * The register rows of `q` (their `columns`) with their goods share (`goods`, `total`: the bases
 * of the lines that explain the row; null when none do) and book-order `position`. Which of a
 * document's two groups of one VAT type and capital-good flag (deductible and not) explains a row:
 * the register numbered the pair's rows in the order of each group's first line, so the lower group
 * number takes the group whose first line comes first (the pair is looked up by the register's
 * primary key, only for such documents); a row without its pair in the register is told by the
 * sums' deductibility rule (`SUM_KEY_SQL.deductible`).
 */
function splitRowsSql(where: string, columns: string): string {
  return `
    with r as (
      select ${columns}, case when reverses_original and rectifies_id is not null then rectifies_id else document_id end as source_id,
        row_number() over (order by accounting_date, number, group_no) as position
      from tax_register ${where}
    ),
    line_groups as (
      ${lineGroupsSql()}
    ),
    groups as (
      select document_type, source_id, tax_type_id, capital_good,
        max(goods) filter (where deductible) as d_goods, max(total) filter (where deductible) as d_total, min(first_line) filter (where deductible) as d_first,
        max(goods) filter (where not deductible) as n_goods, max(total) filter (where not deductible) as n_total, min(first_line) filter (where not deductible) as n_first
      from line_groups group by 1, 2, 3, 4
    ),
    picked as (
      select r.*, g.d_goods, g.d_total, g.n_goods, g.n_total,
        case
          when g.source_id is null then null
          when g.n_total is null then true
          when g.d_total is null then false
          else coalesce((
            select case when count(*) = 2 then (g.d_first < g.n_first) = (r.group_no = min(x.group_no)) end
            from tax_register x
            where x.tenant_id = :tenant and x.side = r.side and x.accounting_date = r.accounting_date and x.document_id = r.document_id
              and x.tax_type_id = r.tax_type_id and x.capital_good = r.capital_good and x.reverses_original = r.reverses_original
          ), ${SUM_KEY_SQL.deductible.replace(/\b(deductible_quota|side|surcharge_rate|quota)\b/g, 'r.$1')})
        end as reads_deductible
      from r
      left join groups g on g.document_type = r.document_type and g.source_id = r.source_id and g.tax_type_id = r.tax_type_id and g.capital_good = r.capital_good
    ),
    n as (
      select picked.*, case when reads_deductible then d_goods else n_goods end as goods, case when reads_deductible then d_total else n_total end as total
      from picked
    ),
    split as (
      select n.*, ${SPLIT.map(([, column]) => `case when n.total is null then null else ${goodsShareSql(column)} end as goods_${column}`).join(', ')}
      from n
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
  /** The book-order position of the group's first row among the rows read: groups come in that order. */
  firstRow: number;
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
      from split order by position`, params);
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
        (array_agg(document_type || ' ' || number order by position) filter (where not (${mapped})))[1:${UNMAPPED_LISTED}] as unmapped_documents,
        count(*) filter (where ${mapped} and goods_base <> 0)::int as goods_rows,
        count(*) filter (where ${mapped} and (base - goods_base <> 0 or goods_base = 0))::int as services_rows,
        min(position) as first_row
      from split
      ${keys.length ? `group by ${keys.map((_, i) => i + 1).join(', ')}` : ''}
      order by first_row`, params);
    return rows.map((r) => {
      const key: NatureSum['key'] = {};
      keys.forEach((k, i) => {
        const value = r[`k${i}`];
        key[k] = value == null ? null : BOOLEAN_SUM_KEYS.has(k as TaxRegisterSumKey) ? value === true || value === 't' || value === 'true' : String(value);
      });
      const documents = typeof r.unmapped_documents === 'string' ? parseTextArray(r.unmapped_documents) : (r.unmapped_documents ?? []);
      return {
        key, rows: Number(r.n), unmapped: Number(r.unmapped), unmappedDocuments: documents.map(String), goods: partsOf(r, 'goods'), services: partsOf(r, 'services'),
        goodsRows: Number(r.goods_rows), servicesRows: Number(r.services_rows), firstRow: Number(r.first_row),
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
