/**
 * What other plugins may use from reconciliation: its after-commit events. A match settles
 * documents (or categorises a movement) in the same transaction that publishes them.
 */
export const MATCH_METHODS = ['manual', 'rule', 'suggestion', 'auto'] as const;
export type MatchMethod = (typeof MATCH_METHODS)[number];

export interface ReconciliationMatchedPayload {
  id: string;
  movement_id: string;
  treasury_id: string;
  /** `documents`: settled documents; `category`: the amount went to `account`. */
  target: 'documents' | 'category';
  method: MatchMethod;
  amount: string;
  document_ids: string[];
  account: string | null;
  journal_entry_id: string;
}

declare module '../../kernel/hooks' {
  interface Events {
    /** A movement (or part of it) was matched to documents or categorised. */
    'reconciliation.matched': ReconciliationMatchedPayload;
    /** A match was undone (its settlement or entry reversed). */
    'reconciliation.undone': ReconciliationMatchedPayload;
  }
}
