import { Decimal } from '../../kernel/money';
import { rowBoolean } from '../../kernel/rows';
import type { Tx } from '../../kernel/uow';
import { pgArray } from './document';
import { NO_REGISTER_SPLIT } from './migrations';
import { documentKind } from './kinds';
import type { TaxRegisterEntry } from './tax-register';
import { registerRowDeductible } from './tax-register-sums';

/**
 * Goods or services: the one rule by which every return that tells them apart reads the tax
 * register (the 349's keys E/S and A/I, the 390's boxes of intra-EU acquisitions of goods and of
 * services). The register groups a document's lines by VAT type and the kind's
 * `registerGroupBy` (capital good, deductibility), not by nature; each document kind says which
 * of its lines are goods (`DocumentKindName.lineNature`: a sales line's nature; a purchase's
 * capital goods and lines on 600–602 or group 2). A row is matched to its lines by the same
 * grouping: by VAT type and capital good, and, where a document has both a deductible and a
 * non-deductible group of them, by the groups' order (or the row's deductible quota). A row's goods
 * part is its lines' goods share of the row's own amounts (in euros, whatever the document's
 * currency), to the cent, half away from zero; the services part is the rest, so the two always
 * add up to the row. A row of a substitution that cancels its original takes the original's lines.
 */

export interface NatureAmounts { base: Decimal; quota: Decimal; deductibleQuota: Decimal }
export interface NatureParts { goods: NatureAmounts; services: NatureAmounts }

/** `amount` × part / whole, to the cent, half away from zero (all with two decimals). */
function shareOf(amount: Decimal, part: Decimal, whole: Decimal): Decimal {
  const numerator = amount.rescale(2).units * part.rescale(2).units, denominator = whole.rescale(2).units;
  const negative = (numerator < 0n) !== (denominator < 0n);
  const [n, d] = [numerator < 0n ? -numerator : numerator, denominator < 0n ? -denominator : denominator];
  const cents = (2n * n + d) / (2n * d);
  return Decimal.of(negative ? -cents : cents, 2);
}

/** The document whose lines tell a row's nature: the original, for a row that cancels it. */
const sourceOf = (row: TaxRegisterEntry) => (row.reversesOriginal && row.rectifies ? row.rectifies.id : row.documentId);
const groupKey = (documentId: string, taxTypeId: string, capitalGood: boolean) => `${documentId}|${taxTypeId}|${capitalGood}`;
interface LineBases { goods: Decimal; total: Decimal; firstLine: number }
/** The lines of a group, by deductibility: both only when the document splits them. */
type GroupLines = { deductible?: LineBases; nonDeductible?: LineBases };

/**
 * A row's lines. The register does not keep a row's deductibility. When a document holds both a
 * deductible and a non-deductible group of one VAT type and capital-good flag, the register
 * numbered their rows in the order of each group's first line, as the lines are read here: so
 * the earlier row (`earlier`: the other row of the pair is among those asked about, with a
 * higher group number) takes the group whose first line comes first. A row asked about without
 * its pair is told by the sums' rule (`registerRowDeductible`: a deductible quota, or received VAT
 * without recargo whose deductible quota a prorrata rounded to 0.00).
 */
function linesOf(group: GroupLines | undefined, row: TaxRegisterEntry, earlier: boolean | null): LineBases | undefined {
  if (!group) return undefined;
  const { deductible, nonDeductible } = group;
  if (!deductible || !nonDeductible) return deductible ?? nonDeductible;
  if (earlier !== null) return (deductible.firstLine < nonDeductible.firstLine) === earlier ? deductible : nonDeductible;
  return registerRowDeductible(row) ? deductible : nonDeductible;
}

/** For each row, whether another row of its document, VAT type, capital-good flag and direction (cancelling or not) follows it (true), precedes it (false), or none is given (null). */
function pairOrder(rows: readonly TaxRegisterEntry[]): (boolean | null)[] {
  const byGroup = new Map<string, number[]>();
  const keyOf = (row: TaxRegisterEntry) => `${groupKey(sourceOf(row), row.taxTypeId, row.capitalGood)}|${row.documentId}|${row.reversesOriginal}`;
  for (const row of rows) byGroup.set(keyOf(row), [...(byGroup.get(keyOf(row)) ?? []), row.groupNo]);
  return rows.map((row) => {
    const numbers = byGroup.get(keyOf(row))!;
    if (numbers.length !== 2) return null;
    return row.groupNo === Math.min(...numbers);
  });
}

/** Ids per statement: a year of a busy company's intra-EU documents in a few reads. */
const CHUNK = 5_000;

/**
 * The goods and services parts of each register row (in the rows' order), or null for a row whose
 * document kind does not say. One read of line bases per kind and 5,000 documents, whatever the
 * number of rows.
 */
export async function registerNature(tx: Tx, rows: readonly TaxRegisterEntry[]): Promise<(NatureParts | null)[]> {
  const lineBases = new Map<string, GroupLines>();
  const idsByKind = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!documentKind(row.documentType)?.lineNature) continue;
    const ids = idsByKind.get(row.documentType) ?? new Set<string>();
    idsByKind.set(row.documentType, ids.add(sourceOf(row)));
  }
  for (const [type, idSet] of idsByKind) {
    const kind = documentKind(type)!;
    const nature = kind.lineNature!;
    const groupBy = kind.registerGroupBy ?? NO_REGISTER_SPLIT;
    const ids = [...idSet];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const sums = await tx.sql<{ document_id: string; tax_type_id: string; capital_good: unknown; deductible: unknown; goods: string; total: string; first_line: unknown }>(`
        select l.${kind.linesKey}::text as document_id, l.tax_type_id::text as tax_type_id, ${groupBy.capitalGood} as capital_good, ${groupBy.deductible} as deductible,
          coalesce(sum(l.base) filter (where ${nature.goods}), 0)::text as goods, sum(l.base)::text as total, min(l.line_no) as first_line
        from ${kind.linesTable} l
        where l.tenant_id = :tenant and l.${kind.linesKey} = any(:ids::uuid[])
        group by 1, 2, 3, 4`, { ids: pgArray(ids.slice(i, i + CHUNK)) });
      for (const s of sums) {
        const key = groupKey(s.document_id, s.tax_type_id, rowBoolean(s.capital_good));
        const group = lineBases.get(key) ?? {};
        group[rowBoolean(s.deductible) ? 'deductible' : 'nonDeductible'] = { goods: Decimal.parse(s.goods), total: Decimal.parse(s.total), firstLine: Number(s.first_line) };
        lineBases.set(key, group);
      }
    }
  }
  const order = pairOrder(rows);
  return rows.map((row, r) => {
    if (!documentKind(row.documentType)?.lineNature) return null;
    const lines = linesOf(lineBases.get(groupKey(sourceOf(row), row.taxTypeId, row.capitalGood)), row, order[r]);
    // no line of the document explains the row: it cannot be told goods or services (the models list it)
    if (!lines) return null;
    const whole = { base: Decimal.parse(row.base), quota: Decimal.parse(row.quota), deductibleQuota: Decimal.parse(row.deductibleQuota) };
    const goodsOf = (amount: Decimal) => (lines.total.isZero() || lines.goods.isZero() ? Decimal.zero(2) : lines.goods.eq(lines.total) ? amount.rescale(2) : shareOf(amount, lines.goods, lines.total));
    const goods = { base: goodsOf(whole.base), quota: goodsOf(whole.quota), deductibleQuota: goodsOf(whole.deductibleQuota) };
    const services = { base: whole.base.sub(goods.base).rescale(2), quota: whole.quota.sub(goods.quota).rescale(2), deductibleQuota: whole.deductibleQuota.sub(goods.deductibleQuota).rescale(2) };
    return { goods, services };
  });
}
