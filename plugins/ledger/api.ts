/**
 * What other plugins (invoices, purchases, treasury, tax models) use from the ledger. Call these
 * inside your own unit of work: the entry commits or rolls back with your document.
 *
 *   const accounts = await LedgerService.postingAccounts(tx);
 *   const entry = await LedgerService.post(tx, postInvoice(invoice, accounts));   // PostingRule<Invoice>
 *   invoice.journalEntryId = entry.id;
 *
 * A hot path that writes its document and the entry in one statement (`uow.write`) embeds
 * `entrySql(draft, …)` instead (see ./entry-sql.ts).
 */
import type { Database } from '../../kernel/database';
import { perTenant } from '../../lib/tenant-sets';
export { LedgerService, type AccountView, type JournalQuery, type Period } from './service';
export {
  checkDraft, assertDraft, draftTotals, subAccountCode, isIsoDate, todayInSpain,
  type IsoDate, type JournalDraft, type JournalDraftLine, type PostingRule, type PostedEntry, type PostedLine,
} from './draft';
export { DEFAULT_POSTING_ACCOUNTS, PGC_CHART, type PostingAccounts } from './chart';
export { entrySql, type EntrySql } from './entry-sql';
export { entryToJson } from './routes';
export { JournalEntryResponse } from './schemas';
export { BookPages, type BookLine, type BookRange, type JournalCursor, type LedgerCursor } from './book-pages';
export { PeriodLock, type LockChange, type LockState } from './lock';
export { YearEnd, YEAR_END_SOURCE_TYPES, type BalancesEntry, type PostedSummary } from './year-end';

/** The period lock date per company (only those with one), in one statement (the workspace). */
export async function lockDatesByTenant(db: Database, tenantIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await perTenant<{ tenant_id: string; locked_until: string }>(db, 'cuadra_ledger_locks', tenantIds);
  return new Map([...rows].map(([id, row]) => [id, row.locked_until]));
}
