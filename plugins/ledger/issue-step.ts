import type { DocumentIssueStep } from '../documents/api';
import { assertDraft } from './draft';
import { entrySql } from './entry-sql';
import { LedgerService } from './service';

/**
 * The ledger's issue step: the entry of the kind's posting rule, posted by the document's issue
 * statement. Only this plugin writes `journal_*` and `ledger_counters`; the statement part is
 * `entrySql`, gated on the document being numbered, with the number written over the rule's mark.
 */
export const ledgerIssueStep: DocumentIssueStep = {
  name: 'ledger',
  plan({ posting }) {
    if (!posting) return null;
    const { draft, numberMark } = posting;
    assertDraft(draft);
    const markAt = draft.description.indexOf(numberMark) + 1;
    const description = markAt > 0 ? `left(overlay(:ledgerDescription placing numbered.number from ${markAt} for ${numberMark.length}), 500)` : undefined;
    const entry = entrySql(draft, { gate: 'numbered', description });
    return {
      before: entry.accountsCheck,
      gate: '(select ok from ledger_accounts_ok)',
      after: entry.posting,
      params: entry.params,
      journalEntryId: entry.id,
      // in a unit of work the accounts are made ready first (a tax type's missing sub-account is created)
      prepare: async (tx) => { await LedgerService.postableAccounts(tx, draft); },
    };
  },
};
