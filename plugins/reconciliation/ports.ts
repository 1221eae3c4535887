import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';

/**
 * The documents plugin's settlement service as reconciliation calls it (`kernel.service('documents')`):
 * open items of every installed document kind, and settling them against the treasury's suspense
 * account 555x in one entry.
 */
export interface OpenItemView {
  /** receivable: a sales document (a customer owes it); payable: a purchase (owed to a supplier). */
  kind: 'receivable' | 'payable';
  /** The document kind ('invoice', 'purchase', …). */
  document_type: string;
  id: string;
  number: string;
  label: string;
  contact_id: string;
  issue_date: string;
  due_date: string | null;
  total: string;
  paid: string;
  outstanding: string;
  status: string;
  account: string | null;
}

export interface DocumentSettlements {
  openItems(tx: Tx, filter: { kind?: 'receivable' | 'payable'; contactId?: string; documentIds?: string[]; limit?: number; offset?: number }): Promise<OpenItemView[]>;
  findOpenItem(tx: Tx, documentId: string): Promise<OpenItemView | null>;
  settle(tx: Tx, input: { date: string; account: string; allocations: { document_id: string; amount: string }[]; allowOverpayment?: boolean; source?: { type: string; id: string } }): Promise<{ settlementIds: string[]; journalEntryId: string }>;
  reverseSettlement(tx: Tx, settlementId: string, date: string): Promise<void>;
}

export const documentSettlements = (kernel: Kernel): DocumentSettlements => (kernel.service as (name: string) => unknown)('documents') as DocumentSettlements;
