import type { Tx } from '../../kernel/uow';
import type { Periodicity, TaxModel, TaxPeriod } from './contract';
import { optionsOf } from './options';
import { dueDateOf, periodContaining, previousPeriod } from './periods';
import { taxProfileOf } from './profile';

/** One installed model as the listing (`GET /api/v1/aeat`) and the dashboard's upcoming-taxes widget show it. */
export interface ModelListing {
  model: TaxModel;
  /** Null when the model applies to the company's tax profile, else why not. */
  reason: string | null;
  /** The periodicity the company files the model with this year (the 303's options may make it monthly). */
  periodicity: Periodicity;
  /** The periods still to file today: the one in progress, and the one before while its deadline has not passed. */
  due: { period: TaxPeriod; dueDate: string }[];
}

/** The periods of a model still to file today: the one in progress, and the one before while its deadline has not passed. */
export function duePeriods(model: TaxModel, periodicity: Periodicity, today: string): { period: TaxPeriod; dueDate: string }[] {
  const current = periodContaining(today, periodicity);
  return [previousPeriod(current), current].map((period) => ({ period, dueDate: dueDateOf(model, period) })).filter((d) => d.dueDate >= today);
}

/** Every installed model, by code, with whether it applies and the periods due today (`today` in Spain, YYYY-MM-DD). */
export async function modelListing(tx: Tx, models: readonly TaxModel[], today: string): Promise<ModelListing[]> {
  const profile = await taxProfileOf(tx);
  const year = Number(today.slice(0, 4));
  const listing: ModelListing[] = [];
  for (const model of [...models].sort((a, b) => a.code.localeCompare(b.code))) {
    const periodicity = model.periodicityOf && model.options ? model.periodicityOf(await optionsOf(tx, model, year)) : model.periodicities[0];
    listing.push({ model, reason: model.applies?.(profile) ?? null, periodicity, due: duePeriods(model, periodicity, today) });
  }
  return listing;
}
