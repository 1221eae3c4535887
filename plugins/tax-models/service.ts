import type { Tx } from '../../kernel/uow';
import { TAX_REGISTER_MAX_ROWS, TaxRegister, type TaxRegisterEntry } from '../documents/api';
import { Unprocessable } from '../../kernel/errors';
import { TenantService } from '../tenants/api';
import type { ModelResult, ReturnCompany, TaxModel, TaxPeriod } from './contract';
import { periodOf } from './periods';

/**
 * Computes a model for a period. A chained model (one that carries a balance, as the 303 carries
 * VAT to be compensated) is computed from the first period of the year on, each period receiving
 * the previous one's result; the register is read once for all of them.
 */
export async function computePeriod(tx: Tx, model: TaxModel, period: TaxPeriod): Promise<ModelResult> {
  const periods = model.chained && period.periodicity !== 'annual'
    ? Array.from({ length: period.index }, (_, i) => periodOf(period.year, period.periodicity, i + 1))
    : [period];
  const results = await computeSequence(tx, model, periods);
  return results[results.length - 1];
}

/** The results of consecutive periods of one year, in order (`periods` starts with the first of the year for a chained model). */
export async function computeSequence(tx: Tx, model: TaxModel, periods: readonly TaxPeriod[]): Promise<ModelResult[]> {
  if (!periods.length) return [];
  const rows = await registerRows(tx, periods[0].from, periods[periods.length - 1].to);
  const results: ModelResult[] = [];
  let previous: ModelResult | null = null;
  for (const period of periods) {
    const inPeriod = rows.filter((r) => r.accountingDate >= period.from && r.accountingDate <= period.to);
    const result: ModelResult = await model.compute({
      tx, period, previous: model.chained ? previous : null,
      register: async (filter = {}) => inPeriod.filter((row) => matches(row, filter)),
    });
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
async function registerRows(tx: Tx, from: string, to: string): Promise<TaxRegisterEntry[]> {
  const rows = await TaxRegister.query(tx, { from, to });
  if (rows.length < TAX_REGISTER_MAX_ROWS) return rows;
  if (from === to) throw new Unprocessable(`More than ${TAX_REGISTER_MAX_ROWS} tax register rows on ${from}: the model cannot be computed`);
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  const middle = addDays(from, Math.floor(days / 2));
  return [...await registerRows(tx, from, middle), ...await registerRows(tx, addDays(middle, 1), to)];
}

function matches(row: TaxRegisterEntry, filter: Parameters<Parameters<TaxModel['compute']>[0]['register']>[0] & object): boolean {
  return (!filter.side || row.side === filter.side)
    && (!filter.kinds || filter.kinds.includes(row.kind))
    && (!filter.taxTypeIds || filter.taxTypeIds.includes(row.taxTypeId))
    && (!filter.taxCodes || filter.taxCodes.includes(row.taxCode))
    && (!filter.contactId || row.counterparty.contactId === filter.contactId)
    && (!filter.counterpartyTaxId || row.counterparty.taxId === filter.counterpartyTaxId);
}

/** The company's identification as a return prints it: its tax id without a country prefix, and its legal name. */
export async function returnCompany(tx: Tx): Promise<ReturnCompany> {
  const tenant = await TenantService.current(tx);
  return { taxId: tenant.taxId.replace(/^ES/i, ''), name: tenant.legalName ?? tenant.name };
}
