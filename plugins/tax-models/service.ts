import type { Tx } from '../../kernel/uow';
import { TAX_REGISTER_MAX_ROWS, TaxRegister, TaxRegisterSums, type TaxRegisterEntry, type TaxRegisterQuery } from '../documents/api';
import { Unprocessable } from '../../kernel/errors';
import { TenantService } from '../tenants/api';
import { checkWholeMonths, LedgerService } from '../ledger/api';
import type { ModelOptions, ModelResult, Periodicity, ReturnCompany, TaxModel, TaxPeriod } from './contract';
import { MAX_CARRY_YEARS, optionsOf, optionsOfYears, withDefaults } from './options';
import { periodOf, periodsOfYear } from './periods';
import { capitalGoodsRegularisation } from './capital-goods';
import { undeclaredProrrata, vatProrrataOf, type VatProrrata } from './prorrata';

/**
 * Computes a model for a period. A chained model (one that carries a balance, as the 303 carries
 * VAT to be compensated) is computed from the first period of the year on, each period receiving
 * the previous one's result; the first period of a year receives the last one of the year before
 * when that year's options let a balance carry over.
 */
export async function computePeriod(tx: Tx, model: TaxModel, period: TaxPeriod): Promise<ModelResult> {
  // the period itself last, as given (a dashboard asks for one cut at today)
  const periods = model.chained && period.periodicity !== 'annual'
    ? [...Array.from({ length: period.index - 1 }, (_, i) => periodOf(period.year, period.periodicity, i + 1)), period]
    : [period];
  const results = await computeSequence(tx, model, periods);
  return results[results.length - 1];
}

/**
 * The results of consecutive periods of one year, in order (`periods` starts with the first of the
 * year for a chained model); none for none (a year whose first period has not begun).
 */
export async function computeSequence(tx: Tx, model: TaxModel, periods: readonly TaxPeriod[]): Promise<ModelResult[]> {
  if (periods.length === 0) return [];
  const year = periods[0].year;
  const options = await optionsOfYears(tx, model, model.chained ? year - MAX_CARRY_YEARS : year, year);
  const first = model.chained && periods[0].index <= 1 ? await carriedIn(tx, model, periods[0], options) : null;
  return run(tx, model, periods, first, options);
}

/** A model's whole year as the company files it: every period of the periodicity its options give that year, with its result. */
export interface YearOfModel {
  periodicity: Periodicity;
  periods: { period: TaxPeriod; result: ModelResult }[];
}

/**
 * Another model's results for a year, read through its contribution (never its code): the 390
 * reads the year's 303s so. The periods are those the company files with that year
 * (`periodicityOf` its options, else the model's first periodicity), all of them, computed in order.
 */
export async function yearOfModel(tx: Tx, model: TaxModel, year: number): Promise<YearOfModel> {
  const periodicity = model.periodicityOf ? model.periodicityOf(await optionsOf(tx, model, year)) : model.periodicities[0];
  const periods = periodsOfYear(year, periodicity);
  const results = await computeSequence(tx, model, periods);
  return { periodicity, periods: periods.map((period, i) => ({ period, result: results[i] })) };
}

/** The last result of the year before `first`'s, when a balance can reach it; the years before are computed from the first one that carries nothing in. */
async function carriedIn(tx: Tx, model: TaxModel, first: TaxPeriod, options: Map<number, ModelOptions>): Promise<ModelResult | null> {
  if (!model.carriesOver) return null;
  let start = first.year;
  while (start > first.year - MAX_CARRY_YEARS && model.carriesOver(options.get(start - 1)!)) start--;
  let previous: ModelResult | null = null;
  for (let year = start; year < first.year; year++) previous = (await run(tx, model, periodsOfYear(year, first.periodicity), previous, options)).at(-1)!;
  return previous;
}

async function run(tx: Tx, model: TaxModel, periods: readonly TaxPeriod[], first: ModelResult | null, options: Map<number, ModelOptions>): Promise<ModelResult[]> {
  const prorratas = new Map<number, VatProrrata>();
  for (const year of new Set(periods.map((p) => p.year))) prorratas.set(year, model.readsProrrata ? await vatProrrataOf(tx, year) : undeclaredProrrata(model));
  const compute = (period: TaxPeriod, previous: ModelResult | null): Promise<ModelResult> => model.compute({
    tx, period, previous: model.chained ? previous : null, options: options.get(period.year) ?? withDefaults(model), prorrata: prorratas.get(period.year)!,
    register: (filter = {}) => registerRows(tx, { ...filter, from: period.from, to: period.to }),
    sums: (by, filter = {}, amounts) => TaxRegisterSums.query(tx, { ...filter, from: period.from, to: period.to }, by, amounts),
    // the same whole-months rule as the workspace's path (results-by-tenant.ts), so a model behaves alike on both;
    // a period computed so far (to today: the dashboard's accrued result) may end where it ends
    sumsOver: (range, by, filter = {}, amounts) => { checkWholeMonths(range, 'sumsOver', period.to); return TaxRegisterSums.query(tx, { ...filter, from: range.from, to: range.to }, by, amounts); },
    accountTotals: (range) => { checkWholeMonths(range, 'accountTotals', period.to); return LedgerService.totalsByAccount(tx, range); },
    capitalGoods: () => capitalGoodsRegularisation(tx, period.year),
  });
  // periods that do not depend on each other, of a model that reads only the register's sums, are
  // asked at once: where each read is a statement of its own (uow.reportByStatements) they run side
  // by side on the database's connections; in one transaction they queue on its connection
  if (!model.chained && model.sumsOnly) {
    // every period's reads end before the work does, a failed one's included (nothing left running on the transaction)
    const settled = await Promise.allSettled(periods.map((period) => compute(period, null)));
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((s) => (s as PromiseFulfilledResult<ModelResult>).value);
  }
  const results: ModelResult[] = [];
  let previous = first;
  for (const period of periods) {
    const result = await compute(period, previous);
    results.push(result);
    previous = result;
  }
  return results;
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Every register row of a range. One query answers at most TAX_REGISTER_MAX_ROWS rows: a range
 * that fills it is read again in two halves, down to single days, so a large company's period is
 * never cut short.
 */
async function registerRows(tx: Tx, query: TaxRegisterQuery): Promise<TaxRegisterEntry[]> {
  const rows = await TaxRegister.query(tx, query);
  if (rows.length < TAX_REGISTER_MAX_ROWS) return rows;
  const { from, to } = query;
  if (from === to) throw new Unprocessable(`More than ${TAX_REGISTER_MAX_ROWS} tax register rows on ${from}: the model cannot be computed`);
  const middle = addDays(from, Math.floor((Date.parse(to) - Date.parse(from)) / 86_400_000 / 2));
  return [...await registerRows(tx, { ...query, to: middle }), ...await registerRows(tx, { ...query, from: addDays(middle, 1) })];
}

/** The company's identification as a return prints it: its tax id without a country prefix, and its legal name. */
export async function returnCompany(tx: Tx): Promise<ReturnCompany> {
  const tenant = await TenantService.current(tx);
  return { taxId: tenant.taxId.replace(/^ES/i, ''), name: tenant.legalName ?? tenant.name };
}
