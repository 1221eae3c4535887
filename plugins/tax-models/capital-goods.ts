import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { deductiblePart, registerRowDeductible, TaxRegister, type TaxRegisterEntry } from '../documents/api';
import { LedgerService } from '../ledger/api';
import { definitivePercentOf, vatProrrataOf, yearOperations } from './prorrata';

/**
 * The regularisation of the deductions on capital goods in the years after their purchase
 * (Ley 37/1992 del IVA, arts. 107–110; docs/domain/vat.md §3.1).
 *
 * A capital good is a received register group flagged as one (`capital_good`) whose VAT is
 * deductible. Its regularisation period is the year of purchase (its accounting date) and the 4
 * calendar years after it, 9 for land and buildings (art. 107.Uno): a good is land or a building
 * when its purchase's journal entry debits a PGC account of 210 (Terrenos y bienes naturales) or 211
 * (Construcciones). In each later year of the period whose definitive deduction percentage differs
 * by more than 10 points from the purchase year's, the deduction is regularised (art. 109):
 * (quota × this year's % − the deduction made in the purchase year) / 5 (or / 10), rounded half
 * away from zero to cents. A year without the general prorrata counts as 100 %. The regularisation
 * goes in the last period's 303 box 43 (the 390's box 63) and the capital goods book.
 */

/** A capital good's purchase, as the regularisation reads it. */
export interface CapitalGood {
  /** The register row: invoice, dates, base, rate, quota. */
  entry: TaxRegisterEntry;
  /** Land or a building (10-year period) rather than another capital good (5-year period). */
  building: boolean;
}

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
  /** Whether the percentages differ by more than 10 points (art. 107.Uno). */
  regularises: boolean;
  /** (yearDeduction − deducted) / periodYears when `regularises`, else 0.00: positive deducts more. */
  amount: Decimal;
}

/** The year's regularisation over every capital good still in its period. */
export interface CapitalGoodsYear {
  year: number;
  goods: CapitalGoodYear[];
  /** The sum of the goods' amounts: the 303's box 43 of the last period, the 390's box 63. */
  total: Decimal;
}

/** Points a later year's percentage must differ by, strictly more, to regularise (art. 107.Uno). */
export const REGULARISATION_THRESHOLD = 10;

/** PGC accounts whose goods are land and buildings (art. 107.Uno: 10-year period). */
const LAND_AND_BUILDINGS = ['210', '211'];
export const isLandOrBuildingAccount = (account: string): boolean => LAND_AND_BUILDINGS.some((prefix) => account.startsWith(prefix));

/** a / b for integers, rounded half away from zero. */
const divideHalfAway = (a: bigint, b: bigint): bigint => {
  const negative = (a < 0n) !== (b < 0n);
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (x * 2n + y) / (y * 2n);
  return negative ? -q : q;
};

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
  const quota = Decimal.parse(good.entry.quota, 6).rescale(2);
  const deducted = deductiblePart(quota, purchasePercent);
  const regularises = Math.abs(yearPercent - purchasePercent) > REGULARISATION_THRESHOLD;
  // in cents × 100: quota (cents) × percent against deducted (cents) × 100
  const difference = quota.units * BigInt(yearPercent) - deducted.units * 100n;
  const amount = regularises ? Decimal.of(divideHalfAway(difference, 100n * BigInt(periodYears)), 2) : Decimal.zero(2);
  return {
    good, reference: `${good.entry.number}/${good.entry.groupNo}`, purchaseYear, periodYears, yearOfPeriod, yearsLeft: periodYears - yearOfPeriod,
    quota, purchasePercent, deducted, yearPercent, yearDeduction: deductiblePart(quota, yearPercent), regularises, amount,
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

/** Whether the purchase's journal entry (the last one posted for it not reversed) debits land or buildings. */
async function boughtLandOrBuilding(tx: Tx, entry: TaxRegisterEntry): Promise<boolean> {
  const entries = (await LedgerService.entriesForSource(tx, entry.documentType, entry.documentId)).filter((e) => !e.reversalOf && !e.reversedBy);
  return entries.some((e) => e.lines.some((line) => !line.debit.isZero() && isLandOrBuildingAccount(line.account)));
}

/**
 * The capital goods of the 9 years before `year` (the longest period's), as the register and the
 * ledger know them; the goods of `year` itself have no regularisation yet.
 */
export async function capitalGoodsBefore(tx: Tx, year: number): Promise<CapitalGood[]> {
  const rows = (await TaxRegister.query(tx, { from: `${year - 9}-01-01`, to: `${year - 1}-12-31`, side: 'received', capitalGood: true })).filter(followedCapitalGood);
  const building = new Map<string, boolean>();
  const goods: CapitalGood[] = [];
  for (const entry of rows) {
    const key = `${entry.documentType} ${entry.documentId}`;
    if (!building.has(key)) building.set(key, await boughtLandOrBuilding(tx, entry));
    const good = { entry, building: building.get(key)! };
    // a good whose period ended before `year` is not read further
    if (Number(entry.accountingDate.slice(0, 4)) + (good.building ? 10 : 5) > year) goods.push(good);
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
  })),
});
