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
import { Unprocessable } from '../../kernel/errors';
import { money, type Decimal } from '../../kernel/money';
import { pgArray } from '../../kernel/sql-params';
import { perTenant } from '../../lib/tenant-sets';
import { YEAR_END_SOURCE_TYPES } from './year-end';
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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const firstOfMonth = (date: string) => ISO_DATE.test(date) && date.endsWith('-01');
const lastOfMonth = (date: string) => ISO_DATE.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`))
  && new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().endsWith('-01T00:00:00.000Z');

/**
 * The rule of the readers of whole months (totalsByAccountByTenant here, and the tax models'
 * `accountTotals` and `sumsOver` on every path): `from` the first of a month, `to` the last of one,
 * in order; otherwise a 422 naming the range, never a 500. `to` may also be `openEnd`: the end of a
 * period computed so far (a company's own result accrued up to today, the dashboard's), which its
 * reader answers; the workspace's many-companies path computes whole periods and passes none.
 */
export function checkWholeMonths(range: { from: string; to: string }, what: string, openEnd?: string): void {
  if (!firstOfMonth(range.from) || !(lastOfMonth(range.to) || (openEnd !== undefined && range.to === openEnd)) || range.from > range.to) {
    throw new Unprocessable(`${what} reads whole months (from the first of a month to the last of one): ${range.from}–${range.to} is not`);
  }
}

/**
 * `LedgerService.totalsByAccount` of whole months (`from` the first of a month, `to` the last of
 * one) for a set of companies in one statement (the workspace's tax results), year-end entries left
 * out as there: the maintained month balances, system role. Answers by tenant; a company without
 * movements has no entry.
 */
export async function totalsByAccountByTenant(db: Database, tenantIds: readonly string[], range: { from: string; to: string; level: number }): Promise<Map<string, { account: string; debit: Decimal; credit: Decimal }[]>> {
  const totals = new Map<string, { account: string; debit: Decimal; credit: Decimal }[]>();
  checkWholeMonths(range, 'totalsByAccountByTenant');
  if (!tenantIds.length) return totals;
  const rows = await db.system<{ tenant_id: string; account: string; debit: string; credit: string }>('select * from cuadra_ledger_totals(?::uuid[], ?::date, ?::date, ?::int, ?::text[])',
    [pgArray(tenantIds), range.from, range.to, range.level, pgArray(Object.values(YEAR_END_SOURCE_TYPES))]);
  for (const row of rows) {
    const list = totals.get(row.tenant_id) ?? [];
    list.push({ account: row.account, debit: money(row.debit), credit: money(row.credit) });
    totals.set(row.tenant_id, list);
  }
  return totals;
}
