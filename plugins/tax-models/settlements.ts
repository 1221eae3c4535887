import { Conflict, Unprocessable } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { LedgerService, type PostedEntry } from '../ledger/api';
import type { TaxModel, TaxPeriod } from './contract';
import { computePeriod } from './service';

/** Posts a period's closing entry once: the settlement row's key (company, model, year, period) refuses a second one. */
export async function settlePeriod(tx: Tx, model: TaxModel, period: TaxPeriod): Promise<PostedEntry> {
  if (!model.settlement) throw new Unprocessable(`Model ${model.code} has no settlement entry`);
  const [done] = await tx.sql<{ journal_entry_id: string }>(
    `select journal_entry_id::text as journal_entry_id from tax_model_settlements where tenant_id = :tenant and model = :model and year = :year and period = :period`,
    { model: model.code, year: period.year, period: period.code });
  if (done) throw new Conflict(`Model ${model.code} of ${period.year} ${period.code} is already settled (journal entry ${done.journal_entry_id})`);
  const result = await computePeriod(tx, model, period);
  const draft = await model.settlement({ tx, period, result });
  if (!draft.lines.length) throw new Unprocessable(`Model ${model.code} of ${period.year} ${period.code} has nothing to settle`);
  const entry = await LedgerService.post(tx, draft);
  await tx.sql(`insert into tax_model_settlements (tenant_id, model, year, period, journal_entry_id) values (:tenant, :model, :year, :period, :entry::uuid)`,
    { model: model.code, year: period.year, period: period.code, entry: entry.id });
  return entry;
}

export async function exportSettlements(tx: Tx) {
  return tx.sql(`select model, year, period, journal_entry_id::text as journal_entry_id, created_at from tax_model_settlements where tenant_id = :tenant order by model, year, period`);
}

export async function eraseSettlements(tx: Tx): Promise<void> {
  await tx.sql(`delete from tax_model_settlements where tenant_id = :tenant`);
}
