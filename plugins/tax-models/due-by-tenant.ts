import { pgArray } from '../../kernel/sql-params';
import type { Database } from '../../kernel/database';
import { perTenant } from '../../lib/tenant-sets';
import type { ModelOptions, TaxModel } from './contract';
import { duePeriods } from './listing';
import { withDefaults } from './options';
import { profileFromRow, type ProfileRow } from './profile';

export interface DueModel { model: string; year: number; period: string; from: string; to: string; dueDate: string; settled: boolean }

/**
 * For many companies at once (the workspace), the models whose period has ended and whose
 * deadline has not passed today, soonest first, with whether the period is settled in the books.
 * Three statements whatever the number of companies (profiles, this year's options, settlements);
 * the rest is the models' own rules, as the listing (`GET /aeat`) applies them to one company.
 */
export async function dueByTenant(db: Database, models: readonly TaxModel[], tenantIds: readonly string[], today: string): Promise<Map<string, DueModel[]>> {
  if (!tenantIds.length) return new Map();
  const year = Number(today.slice(0, 4));
  const ids = pgArray(tenantIds);
  const [profiles, options, settled] = await Promise.all([
    perTenant<ProfileRow & { tenant_id: string }>(db, 'cuadra_tax_profiles', tenantIds),
    db.system<{ tenant_id: string; model: string; options: string }>('select tenant_id, model, options from cuadra_tax_model_options(?::uuid[], ?)', [ids, year]),
    db.system<{ tenant_id: string; model: string; year: number; period: string }>('select tenant_id, model, year, period from cuadra_tax_model_settled(?::uuid[], ?)', [ids, year - 1]),
  ]);
  const optionsOf = new Map(options.map((row) => [`${row.tenant_id} ${row.model}`, JSON.parse(row.options) as ModelOptions]));
  const settledKeys = new Set(settled.map((row) => `${row.tenant_id} ${row.model} ${row.year} ${row.period}`));
  const due = new Map<string, DueModel[]>();
  for (const tenantId of tenantIds) {
    const profile = profileFromRow(profiles.get(tenantId));
    const items: DueModel[] = [];
    for (const model of models) {
      if (model.applies?.(profile)) continue;
      const periodicity = model.periodicityOf && model.options ? model.periodicityOf(withDefaults(model, optionsOf.get(`${tenantId} ${model.code}`))) : model.periodicities[0];
      for (const { period, dueDate } of duePeriods(model, periodicity, today)) {
        if (period.to >= today) continue; // still in progress: nothing to file yet
        items.push({ model: model.code, year: period.year, period: period.code, from: period.from, to: period.to, dueDate, settled: settledKeys.has(`${tenantId} ${model.code} ${period.year} ${period.code}`) });
      }
    }
    due.set(tenantId, items.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.model.localeCompare(b.model)));
  }
  return due;
}
