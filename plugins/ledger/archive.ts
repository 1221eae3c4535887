import type { ArchivePart } from '../tenants/api';

/** This plugin's tables in the company's archive (docs/company-archive.md). */
export const archivePart: ArchivePart = {
  part: 'ledger',
  version: 1,
  tables: [
    { table: 'accounts' },
    { table: 'ledger_counters' },
    { table: 'journal_entries', fresh: ['posted_xact'], orderBy: '"date", number, id' },
    { table: 'journal_lines' },
    { table: 'ledger_imports' },
    { table: 'ledger_locks', after: ['journal_entries', 'journal_lines'] },
    { table: 'ledger_lock_changes' },
  ],
  notArchived: [
    { table: 'ledger_month_balances', reason: 'kept by the journal lines\' triggers: rebuilt as the lines are restored' },
  ],
};
