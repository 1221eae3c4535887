import type { Tx } from '../../kernel/uow';
import { TaxRegister, type TaxRegisterEntry } from '../documents/api';
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
  const rows = await TaxRegister.query(tx, { from: periods[0].from, to: periods[periods.length - 1].to });
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
