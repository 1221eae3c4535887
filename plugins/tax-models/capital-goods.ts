import { Decimal, divideHalfAwayFromZero } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { deductiblePart, registerRowDeductible, TaxRegister, type TaxRegisterEntry } from '../documents/api';
import { LedgerService } from '../ledger/api';
import { definitivePercentOf, PRORRATA_REGIMES, vatProrrataOf, yearOperations } from './prorrata';

/**
 * The regularisation of the deductions on capital goods in the years after their purchase
 * (Ley 37/1992 del IVA, arts. 107–110; docs/domain/vat.md §3.1).
 *
 * A capital good is a received register group flagged as one (`capital_good`) whose VAT is
 * deductible. Its regularisation period is the year of purchase (its accounting date) and the 4
 * calendar years after it, 9 for land and buildings (art. 107): a good is land or a building
 * when its purchase's journal entry debits a PGC account of `LAND_AND_BUILDINGS` (210/211 in use,
 * 220/221 held as investments, 230/231 in progress). In each later year of the period whose definitive deduction percentage differs
 * by more than 10 points from the purchase year's, the deduction is regularised (art. 109):
 * (quota × this year's % − the deduction made in the purchase year) / 5 (or / 10), rounded half
 * away from zero to cents. A year without the general prorrata counts as 100 %. The regularisation
 * goes in the last period's 303 box 43 (the 390's box 63) and the capital goods book. A good sold
 * within its period (art. 110) is regularised once, in the year of the sale, for that year and the
 * ones left, as if used only with the right to deduct (a taxed sale, capped at the VAT it accrued:
 * 100 %) or without it (an exempt one: 0 %); the sales are known from the fixed assets made from purchase lines.
 */

/** A capital good's purchase, as the regularisation reads it. */
export interface CapitalGood {
  /** The register row: invoice, dates, base, rate, quota. */
  entry: TaxRegisterEntry;
  /** Land or a building (10-year period) rather than another capital good (5-year period). */
  building: boolean;
  /**
   * The part of the row's quota this good is: the whole quota, or (a row some of whose lines were
   * sold apart, `capitalGoodsBefore`) the sold lines' share of it, or the rest. Default: the row's quota.
   */
  quota?: Decimal;
  /** Its sale within the regularisation period (art. 110), when known; null or absent otherwise. */
  sale?: CapitalGoodSale | null;
  /**
   * The day it was written off (a fixed asset's disposal without sale: lost, destroyed, scrapped):
   * the years after that one are not regularised (docs/domain/vat.md §3.1); null or absent otherwise.
   */
  writtenOff?: string | null;
}

/**
 * A capital good's sale (art. 110 LIVA): the day and the percentage the rest of the period counts
 * with: 100 for a sale subject and not exempt (or exempt with the right to deduct: an export, an
 * intra-EU supply), 0 for an exempt one.
 */
export interface CapitalGoodSale {
  date: string;
  percent: 0 | 100;
  /**
   * The VAT the sale accrued (its invoice's quotas), for a taxed sale: what the regularisation may
   * deduct at most (art. 110.Uno.1ª, second paragraph); null when not capped.
   */
  vat?: Decimal | null;
}

/**
 * A fixed asset made from a purchase line and disposed of, as the plugin that keeps fixed assets
 * tells it (extension point `capital-good-disposals`): the line's VAT type, deductibility and base
 * find its register group; a sale names its invoice, whose register rows say taxed or exempt.
 */
export interface CapitalGoodDisposal {
  purchaseId: string;
  taxTypeId: string;
  deductible: boolean;
  base: string;
  date: string;
  kind: 'sale' | 'write_off';
  invoiceId: string | null;
}

/** A source of disposals of capital goods (the fixed-assets plugin contributes one). */
export interface CapitalGoodDisposals {
  name: string;
  /** The disposals of the assets bought by these purchases (documents of type `purchase`). */
  disposals(tx: Tx, purchaseIds: readonly string[]): Promise<CapitalGoodDisposal[]>;
}

/**
 * How the regularisation finds the disposal sources: set by this plugin's `setup` from the
 * `capital-good-disposals` contributions. One per process, the last app's (apps booted in one
 * process, the tests, contribute the same sources).
 */
let disposalSources: () => readonly CapitalGoodDisposals[] = () => [];
export const useDisposalSources = (sources: () => readonly CapitalGoodDisposals[]) => { disposalSources = sources; };

/** One good's regularisation in one year. */
export interface CapitalGoodYear {
  good: CapitalGood;
  /** `<receipt number>/<group>`, as the capital goods book's "Referencia Externa". */
  reference: string;
  purchaseYear: number;
  /** The years of the regularisation period, the purchase year included: 5 or 10. */
  periodYears: 5 | 10;
  /** This year's place in the period: 2…5 (or 2…10); the purchase year is 1. */
  yearOfPeriod: number;
  /** The later years of the period still to come after this one. */
  yearsLeft: number;
  quota: Decimal;
  /** The purchase year's definitive percentage (100 without the general prorrata) and what it deducted at it. */
  purchasePercent: number;
  deducted: Decimal;
  /** This year's definitive percentage, and the deduction the quota would give at it. */
  yearPercent: number;
  yearDeduction: Decimal;
  /** Whether the percentages differ by more than 10 points (art. 107), or the good was sold this year (art. 110). */
  regularises: boolean;
  /**
   * (yearDeduction − deducted) / periodYears when `regularises`, else 0.00: positive deducts more.
   * In the year of a sale, the same at the sale's percentage times the years left of the period, this one included.
   */
  amount: Decimal;
  /** The good's sale this year (art. 110): the rest of the period is regularised at once, and the good leaves the regularisation. */
  sale: CapitalGoodSale | null;
}

/** The year's regularisation over every capital good still in its period. */
export interface CapitalGoodsYear {
  year: number;
  goods: CapitalGoodYear[];
  /** The sum of the goods' amounts: the 303's box 43 of the last period, the 390's box 63. */
  total: Decimal;
}

/** Points a later year's percentage must differ by, strictly more, to regularise (art. 107). */
export const REGULARISATION_THRESHOLD = 10;

/**
 * PGC accounts whose goods are land and buildings (art. 107: 10-year period), wherever the company
 * books them: in use (210 Terrenos, 211 Construcciones), held as investments (220, 221) or in
 * progress (230 Adaptación de terrenos, 231 Construcciones en curso).
 */
const LAND_AND_BUILDINGS = ['210', '211', '220', '221', '230', '231'];
export const isLandOrBuildingAccount = (account: string): boolean => LAND_AND_BUILDINGS.some((prefix) => account.startsWith(prefix));

/**
 * One good's regularisation in `year` (a later year of its period), from the purchase year's and
 * this year's definitive percentages; null when `year` is outside the period's later years.
 * Art. 109: the quota at this year's percentage (exact, not rounded) less the deduction made,
 * divided by the period's years, rounded to cents once.
 */
export function regulariseGood(good: CapitalGood, year: number, purchasePercent: number, yearPercent: number): CapitalGoodYear | null {
  const purchaseYear = Number(good.entry.accountingDate.slice(0, 4));
  const periodYears = good.building ? 10 : 5;
  const yearOfPeriod = year - purchaseYear + 1;
  if (yearOfPeriod < 2 || yearOfPeriod > periodYears) return null;
  const saleYear = good.sale ? Number(good.sale.date.slice(0, 4)) : null;
  // sold in an earlier year: its one regularisation covered the rest of the period
  if (saleYear !== null && saleYear < year) return null;
  // written off in an earlier year: no longer used, no longer regularised
  if (good.writtenOff && Number(good.writtenOff.slice(0, 4)) < year) return null;
  const sale = saleYear === year ? good.sale! : null;
  const percent = sale ? sale.percent : yearPercent;
  const quota = (good.quota ?? Decimal.parse(good.entry.quota, 6)).rescale(2);
  const deducted = deductiblePart(quota, purchasePercent);
  // art. 110: always, for this year and the ones left; art. 107: only past the threshold, for this year
  const regularises = sale !== null || Math.abs(yearPercent - purchasePercent) > REGULARISATION_THRESHOLD;
  const years = sale ? periodYears - yearOfPeriod + 1 : 1;
  // in cents × 100: quota (cents) × percent against deducted (cents) × 100
  const difference = (quota.units * BigInt(percent) - deducted.units * 100n) * BigInt(years);
  const computed = regularises ? Decimal.of(divideHalfAwayFromZero(difference, 100n * BigInt(periodYears)), 2) : Decimal.zero(2);
  // a taxed sale deducts no more than the VAT it accrued (art. 110.Uno.1ª)
  const cap = sale?.percent === 100 ? sale.vat ?? null : null;
  const amount = cap && computed.compare(cap) > 0 ? cap.rescale(2) : computed;
  return {
    good, reference: `${good.entry.number}/${good.entry.groupNo}`, purchaseYear, periodYears, yearOfPeriod, yearsLeft: sale ? 0 : periodYears - yearOfPeriod,
    quota, purchasePercent, deducted, yearPercent: percent, yearDeduction: deductiblePart(quota, percent), regularises, amount, sale,
  };
}

/** The regularisation of `year` over the goods, each year's definitive percentage from `percentOf`. */
export function capitalGoodsYear(year: number, goods: readonly CapitalGood[], percentOf: (year: number) => number): CapitalGoodsYear {
  const items = goods.flatMap((good) => {
    const item = regulariseGood(good, year, percentOf(Number(good.entry.accountingDate.slice(0, 4))), percentOf(year));
    return item ? [item] : [];
  });
  return { year, goods: items, total: items.reduce((sum, item) => sum.add(item.amount), Decimal.zero(2)).rescale(2) };
}

/** Whether a register row is a capital good the regularisation follows: a received purchase (not a rectification) with deductible VAT. */
export const followedCapitalGood = (entry: TaxRegisterEntry): boolean =>
  entry.side === 'received' && entry.capitalGood && entry.kind !== 'rectification' && !entry.reversesOriginal && registerRowDeductible(entry);

/** A year's definitive percentage as the regularisation counts it: the general prorrata's (`definitivePercentOf`), 100 without one. */
export async function definitivePercentOfYear(tx: Tx, year: number): Promise<number> {
  const prorrata = await vatProrrataOf(tx, year);
  return prorrata.method === 'general' ? definitivePercentOf(prorrata, await yearOperations(tx, year)) : 100;
}

/**
 * The documents among `rows` whose purchase entry (one standing, not reversed) debits land or
 * buildings, as `documentType documentId`: one ledger statement per document type.
 */
async function landOrBuildingDocuments(tx: Tx, rows: readonly TaxRegisterEntry[]): Promise<Set<string>> {
  const idsByType = new Map<string, Set<string>>();
  for (const row of rows) idsByType.set(row.documentType, (idsByType.get(row.documentType) ?? new Set()).add(row.documentId));
  const found = new Set<string>();
  for (const [type, ids] of idsByType) {
    for (const id of await LedgerService.sourcesDebiting(tx, type, [...ids], LAND_AND_BUILDINGS)) found.add(`${type} ${id}`);
  }
  return found;
}

/**
 * A disposal as a sale (art. 110.Uno): its invoice's register rows give the percentage, 100 when
 * every one gives the right to deduct (`PRORRATA_REGIMES`; art. 110.Uno.2ª, last paragraph, sends
 * exempt sales with the right to deduct to rule 1ª), 0 when none does; null when it is no sale (a
 * write-off), or its invoice has no rows or mixes both (not regularised: docs/domain/vat.md §3.1).
 */
async function saleOf(tx: Tx, disposal: CapitalGoodDisposal): Promise<CapitalGoodSale | null> {
  if (disposal.kind !== 'sale' || !disposal.invoiceId) return null;
  const rows = await TaxRegister.ofDocument(tx, { side: 'issued', accountingDate: disposal.date, documentId: disposal.invoiceId });
  const places = new Set<string>(rows.map((row) => PRORRATA_REGIMES[row.regime] ?? 'unknown'));
  if (places.size !== 1 || places.has('unknown')) return null;
  if (places.has('without_right')) return { date: disposal.date, percent: 0, vat: null };
  // with the right to deduct: a sale subject and not exempt caps the regularisation at the VAT it
  // accrued — charged (domestic), or self-assessed by the buyer (reverse charge: base × rate); an
  // export or intra-EU supply accrues none here, and is left uncapped (docs/domain/vat.md §3.1)
  const taxed = rows.every((row) => row.regime === 'domestic' || row.regime === 'reverse_charge');
  const vat = rows.reduce((sum, row) => sum.add(row.regime === 'reverse_charge' ? accruedByBuyer(row) : Decimal.parse(row.quota, 6).rescale(2)), Decimal.zero(2));
  return { date: disposal.date, percent: 100, vat: taxed ? vat : null };
}

/** The VAT a reverse-charge sale accrues, which the buyer self-assesses: its base at its rate, to cents. */
const accruedByBuyer = (row: TaxRegisterEntry): Decimal => Decimal.parse(row.base, 6).percent(Decimal.parse(row.rate, 6), 2);

/**
 * A register row as goods: whole, or split by the disposals of some of its lines (a fixed asset
 * each): each sale or write-off takes its lines' share of the quota (base disposed of / the row's
 * base, rounded to cents), the rest stays a good of its own. A sale whose invoice cannot say taxed
 * or exempt changes nothing.
 */
async function goodsOfRow(tx: Tx, entry: TaxRegisterEntry, building: boolean, disposals: readonly CapitalGoodDisposal[]): Promise<CapitalGood[]> {
  const quota = Decimal.parse(entry.quota, 6).rescale(2);
  const base = Decimal.parse(entry.base, 6).rescale(2);
  const parts: { sale: CapitalGoodSale | null; writtenOff: string | null; base: Decimal }[] = [];
  for (const disposal of disposals) {
    if (disposal.taxTypeId !== entry.taxTypeId || !disposal.deductible) continue;
    const disposed = Decimal.parse(disposal.base, 6).rescale(2);
    if (disposal.kind === 'write_off') { parts.push({ sale: null, writtenOff: disposal.date, base: disposed }); continue; }
    const sale = await saleOf(tx, disposal);
    if (sale) parts.push({ sale, writtenOff: null, base: disposed });
  }
  if (!parts.length || base.isZero()) return [{ entry, building, quota, sale: null, writtenOff: null }];
  const goods: CapitalGood[] = [];
  let rest = quota, restBase = base;
  for (const { sale, writtenOff, base: disposed } of parts) {
    const part = disposed.compare(restBase) >= 0 ? rest : Decimal.of(divideHalfAwayFromZero(quota.units * disposed.units, base.units), 2);
    goods.push({ entry, building, quota: part, sale, writtenOff });
    rest = rest.sub(part);
    restBase = restBase.sub(disposed);
    if (restBase.compare(Decimal.zero(2)) <= 0) break;
  }
  if (restBase.compare(Decimal.zero(2)) > 0 && !rest.isZero()) goods.push({ entry, building, quota: rest, sale: null, writtenOff: null });
  return goods;
}

/**
 * The capital goods of the 9 years before `year` (the longest period's), as the register and the
 * ledger know them, with their sales as the `capital-good-disposals` sources tell them; the goods
 * of `year` itself have no regularisation yet.
 */
export async function capitalGoodsBefore(tx: Tx, year: number): Promise<CapitalGood[]> {
  const rows = (await TaxRegister.query(tx, { from: `${year - 9}-01-01`, to: `${year - 1}-12-31`, side: 'received', capitalGood: true })).filter(followedCapitalGood);
  const purchaseIds = [...new Set(rows.filter((row) => row.documentType === 'purchase').map((row) => row.documentId))];
  const disposals: CapitalGoodDisposal[] = [];
  // one source after another: they read through the same transaction
  if (purchaseIds.length) for (const source of disposalSources()) disposals.push(...await source.disposals(tx, purchaseIds));
  const buildings = await landOrBuildingDocuments(tx, rows);
  const goods: CapitalGood[] = [];
  for (const entry of rows) {
    const building = buildings.has(`${entry.documentType} ${entry.documentId}`);
    // a good whose period ended before `year` is not read further
    if (Number(entry.accountingDate.slice(0, 4)) + (building ? 10 : 5) <= year) continue;
    const own = entry.documentType === 'purchase' ? disposals.filter((d) => d.purchaseId === entry.documentId) : [];
    goods.push(...await goodsOfRow(tx, entry, building, own));
  }
  return goods;
}

/** The capital goods regularisation of a year for the company: every good of the years before still in its period. */
export async function capitalGoodsRegularisation(tx: Tx, year: number): Promise<CapitalGoodsYear> {
  const goods = await capitalGoodsBefore(tx, year);
  const years = new Set([year, ...goods.map((g) => Number(g.entry.accountingDate.slice(0, 4)))]);
  const percents = new Map<number, number>();
  for (const y of years) percents.set(y, await definitivePercentOfYear(tx, y));
  return capitalGoodsYear(year, goods, (y) => percents.get(y)!);
}

/** A year's capital goods regularisation as the models' `details` show it. */
export const capitalGoodsYearToJson = (y: CapitalGoodsYear) => ({
  year: y.year,
  total: y.total.toString(),
  goods: y.goods.map((g) => ({
    reference: g.reference, document_type: g.good.entry.documentType, document_id: g.good.entry.documentId,
    supplier_invoice: g.good.entry.supplierNumber ?? g.good.entry.number, purchase_date: g.good.entry.accountingDate,
    land_or_building: g.good.building, period_years: g.periodYears, year_of_period: g.yearOfPeriod, years_left: g.yearsLeft,
    base: g.good.entry.base, quota: g.quota.toString(), purchase_percent: g.purchasePercent, deducted: g.deducted.toString(),
    year_percent: g.yearPercent, year_deduction: g.yearDeduction.toString(), regularises: g.regularises, regularisation: g.amount.toString(),
    sale: g.sale ? { date: g.sale.date, percent: g.sale.percent, vat: g.sale.vat?.toString() ?? null } : null,
    written_off: g.good.writtenOff ?? null,
  })),
});
