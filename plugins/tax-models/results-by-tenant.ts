import { pgArray } from '../../kernel/sql-params';
import type { Database } from '../../kernel/database';
import { statementsTx, type Tx } from '../../kernel/uow';
import { TaxRegisterSums, type TaxRegisterSum, type TaxRegisterSumKey } from '../documents/api';
import { checkWholeMonths, totalsByAccountByTenant } from '../ledger/api';
import type { ModelOptions, ModelResult, Periodicity, RegisterFilter, TaxModel, TaxPeriod } from './contract';
import type { DueModel } from './due-by-tenant';
import { MAX_CARRY_YEARS, withDefaults } from './options';
import { periodOf, periodsOfYear } from './periods';
import { NO_PRORRATA, prorrataFromRow, undeclaredProrrata, type ProrrataRow } from './prorrata';
import { capitalGoodsRegularisation } from './capital-goods';

/** A period of a model due in a company, with what the model computes for it. */
export interface DueResult { result: string; declarationType: string }

const periodicityOfCode = (code: string): Periodicity => (code === '0A' ? 'annual' : code.endsWith('T') ? 'quarterly' : 'monthly');
const indexOfCode = (code: string): number => (code === '0A' ? 0 : Number.parseInt(code, 10));

/** A question many companies' computations may ask alike, answered for all of them in one statement. */
type Question<T> = { key: string; answer: (tenantIds: string[]) => Promise<Map<string, T>> };

/**
 * The questions (register sums, ledger totals) asked by many companies' computations at once,
 * answered one statement per distinct question for every company that asked it. The computations
 * run side by side: each asks, and the questions asked before the event loop turns are sent
 * together; a chained model's next period asks once every company has its previous result. The
 * same question of the same company is asked once.
 */
class QuestionBatch {
  private pending = new Map<string, { question: Question<any>; waiting: Map<string, { resolve: (value: any) => void; reject: (error: unknown) => void }[]> }>();
  private asked = new Map<string, Promise<any>>();
  private scheduled = false;

  ask<T>(tenantId: string, question: Question<T>, none: T): Promise<T> {
    const known = this.asked.get(`${tenantId} ${question.key}`);
    if (known) return known;
    const entry = this.pending.get(question.key) ?? { question, waiting: new Map() };
    this.pending.set(question.key, entry);
    const promise = new Promise<T>((resolve, reject) => {
      const list = entry.waiting.get(tenantId) ?? [];
      list.push({ resolve: (answers: Map<string, T>) => resolve(answers.get(tenantId) ?? none), reject });
      entry.waiting.set(tenantId, list);
    });
    this.asked.set(`${tenantId} ${question.key}`, promise);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
    return promise;
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const entries = [...this.pending.values()];
    this.pending.clear();
    await Promise.all(entries.map(async ({ question, waiting }) => {
      try {
        const answers = await question.answer([...waiting.keys()]);
        for (const waiters of waiting.values()) for (const w of waiters) w.resolve(answers);
      } catch (error) {
        for (const waiters of waiting.values()) for (const w of waiters) w.reject(error);
      }
    }));
  }
}

/** `tx` is not there in a many-companies computation: a `sumsOnly` model that reached for it is a bug, said so. */
const NO_TX = new Proxy({}, { get: () => { throw new Error('A sumsOnly tax model read tx: it cannot be computed for many companies at once'); } }) as Tx;

/**
 * For many companies at once (the workspace), the result of each model period due (`dueByTenant`),
 * for the models that compute from the input's readers alone (`TaxModel.sumsOnly`); the others are
 * left out. The same figures as each company's own `computePeriod`: a chained model is computed
 * from the first period of the year, the first receiving the years before when the options let a
 * balance carry over. Statements: one for the options of the years involved, one for their prorratas, then one per distinct
 * question (register sums of a range and grouping, ledger totals of a range) for every company that asks it;
 * a 303's last period also reads its company's capital goods of earlier years (box 43) by statements of that company's own.
 * Answers by tenant, then by `model year period`.
 */
export async function resultsByTenant(db: Database, models: readonly TaxModel[], due: ReadonlyMap<string, readonly DueModel[]>): Promise<Map<string, Map<string, DueResult>>> {
  const results = new Map<string, Map<string, DueResult>>();
  const byCode = new Map(models.filter((m) => m.sumsOnly).map((m) => [m.code, m]));
  const wanted = [...due].flatMap(([tenantId, items]) => items.filter((d) => byCode.has(d.model)).map((d) => ({ tenantId, due: d, model: byCode.get(d.model)! })));
  if (!wanted.length) return results;
  const years = wanted.map((w) => w.due.year);
  const [lastYear, firstYear] = [Math.max(...years), Math.min(...years) - MAX_CARRY_YEARS];
  const tenants = [...new Set(wanted.map((w) => w.tenantId))];
  const stored = await db.system<{ tenant_id: string; model: string; year: number; options: string }>(
    'select tenant_id, model, year, options from cuadra_tax_model_options_between(?::uuid[], ?, ?)', [pgArray(tenants), firstYear, lastYear]);
  const storedOf = new Map(stored.map((row) => [`${row.tenant_id} ${row.model} ${row.year}`, JSON.parse(row.options) as ModelOptions]));
  const optionsOf = (tenantId: string, model: TaxModel, year: number) => withDefaults(model, storedOf.get(`${tenantId} ${model.code} ${year}`));
  const prorratas = await db.system<ProrrataRow & { tenant_id: string; year: number }>(
    'select tenant_id, year, method, provisional_percent, activity, cnae, definitive_percent from cuadra_vat_prorratas(?::uuid[], ?, ?)', [pgArray(tenants), firstYear, lastYear]);
  const prorrataByYear = new Map(prorratas.map((row) => [`${row.tenant_id} ${Number(row.year)}`, prorrataFromRow(row)]));
  const prorrataOf = (tenantId: string, year: number) => prorrataByYear.get(`${tenantId} ${year}`) ?? NO_PRORRATA;

  const batch = new QuestionBatch();
  const sums = (tenantId: string, q: Parameters<typeof TaxRegisterSums.queryMany>[2], by: readonly TaxRegisterSumKey[]) =>
    batch.ask<TaxRegisterSum[]>(tenantId, { key: JSON.stringify(['sums', q, by]), answer: (ids) => TaxRegisterSums.queryMany(db, ids, q, by) }, []);
  const run = async (tenantId: string, model: TaxModel, periods: readonly TaxPeriod[], first: ModelResult | null): Promise<ModelResult[]> => {
    const out: ModelResult[] = [];
    let previous = first;
    for (const period of periods) {
      const result = await model.compute({
        tx: NO_TX, period, previous: model.chained ? previous : null, options: optionsOf(tenantId, model, period.year),
        prorrata: model.readsProrrata ? prorrataOf(tenantId, period.year) : undeclaredProrrata(model),
        register: () => { throw new Error('A sumsOnly tax model read the register row by row'); },
        sums: (by, filter: RegisterFilter = {}) => {
          // the later periods of the sequence will ask the same: asked now, in the same statement round
          for (const later of periods.slice(periods.indexOf(period) + 1)) void sums(tenantId, { ...filter, from: later.from, to: later.to }, by).catch(() => undefined);
          return sums(tenantId, { ...filter, from: period.from, to: period.to }, by);
        },
        sumsOver: (range, by, filter: RegisterFilter = {}) => { checkWholeMonths(range, 'sumsOver'); return sums(tenantId, { ...filter, from: range.from, to: range.to }, by); },
        accountTotals: (range) => { checkWholeMonths(range, 'accountTotals'); return batch.ask(tenantId, { key: JSON.stringify(['totals', range]), answer: (ids) => totalsByAccountByTenant(db, ids, range) }, []); },
        // read company by company (register rows of past years, their prorratas, the purchases' entries): not here
        // the capital goods of earlier years (box 43), read for this company alone, each statement its own read
        capitalGoods: () => capitalGoodsRegularisation(statementsTx(tenantId, null, (statement, params) => db.statements.read(tenantId, statement, params, { plan: 'each-time' })), period.year),
      });
      out.push(result);
      previous = result;
    }
    return out;
  };
  // as computeSequence / carriedIn do for one company
  const carriedIn = async (tenantId: string, model: TaxModel, first: TaxPeriod): Promise<ModelResult | null> => {
    if (!model.carriesOver) return null;
    let start = first.year;
    while (start > first.year - MAX_CARRY_YEARS && model.carriesOver(optionsOf(tenantId, model, start - 1))) start--;
    let previous: ModelResult | null = null;
    for (let year = start; year < first.year; year++) previous = (await run(tenantId, model, periodsOfYear(year, first.periodicity), previous)).at(-1)!;
    return previous;
  };
  const computeDue = async ({ tenantId, due: d, model }: (typeof wanted)[number]) => {
    const periodicity = periodicityOfCode(d.period);
    const period = periodOf(d.year, periodicity, indexOfCode(d.period));
    const periods = model.chained && periodicity !== 'annual'
      ? [...Array.from({ length: period.index - 1 }, (_, i) => periodOf(period.year, periodicity, i + 1)), period]
      : [period];
    const first = model.chained && periods[0].index <= 1 ? await carriedIn(tenantId, model, periods[0]) : null;
    const result = (await run(tenantId, model, periods, first)).at(-1)!;
    const mine = results.get(tenantId) ?? new Map<string, DueResult>();
    mine.set(`${d.model} ${d.year} ${d.period}`, { result: result.result, declarationType: result.declarationType });
    results.set(tenantId, mine);
  };
  await Promise.all(wanted.map(computeDue));
  return results;
}
