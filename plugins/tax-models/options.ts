import { Value } from '@sinclair/typebox/value';
import type { Tx } from '../../kernel/uow';
import type { ModelOptions, TaxModel } from './contract';

/** How many years back a chained model's balance is followed (the 303's right to compensate lapses with the four-year limitation period, art. 99.Cinco LIVA). */
export const MAX_CARRY_YEARS = 4;

/** The options as stored, with the model's defaults filled in; `{}` for a model without options. */
export function withDefaults(model: TaxModel, stored: ModelOptions = {}): ModelOptions {
  return model.options ? Value.Default(model.options, structuredClone(stored)) as ModelOptions : {};
}

const parsed = (value: unknown): ModelOptions => (typeof value === 'string' ? JSON.parse(value) : value) as ModelOptions;

/** The company's options of each year from `from` to `to`, defaults where it chose none. */
export async function optionsOfYears(tx: Tx, model: TaxModel, from: number, to: number): Promise<Map<number, ModelOptions>> {
  const rows = model.options
    ? await tx.sql<{ year: number; options: unknown }>(`select year, options from tax_model_options where tenant_id = :tenant and model = :model and year between :from and :to`, { model: model.code, from, to })
    : [];
  const stored = new Map(rows.map((row) => [Number(row.year), parsed(row.options)]));
  return new Map(Array.from({ length: to - from + 1 }, (_, i) => [from + i, withDefaults(model, stored.get(from + i))]));
}

/** The company's options of one year. */
export async function optionsOf(tx: Tx, model: TaxModel, year: number): Promise<ModelOptions> {
  return (await optionsOfYears(tx, model, year, year)).get(year)!;
}

export async function saveOptions(tx: Tx, model: TaxModel, year: number, options: ModelOptions): Promise<ModelOptions> {
  const complete = withDefaults(model, options);
  await tx.sql(`insert into tax_model_options (tenant_id, model, year, options) values (:tenant, :model, :year, :options::jsonb)
    on conflict (tenant_id, model, year) do update set options = excluded.options, updated_at = now()`, { model: model.code, year, options: JSON.stringify(complete) });
  return complete;
}

export async function exportOptions(tx: Tx) {
  return tx.sql(`select model, year, options, updated_at from tax_model_options where tenant_id = :tenant order by model, year`);
}

export async function eraseOptions(tx: Tx): Promise<void> {
  await tx.sql(`delete from tax_model_options where tenant_id = :tenant`);
}
