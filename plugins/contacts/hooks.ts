/** Figures about one contact, contributed by the plugins that own documents. Money as decimal strings. */
export interface ContactStats {
  documents_count: number;
  /** Sales documents (invoices net of credit notes), tax included. */
  invoiced_total: string;
  /** Purchase documents, tax included. */
  purchased_total: string;
  /** Still unpaid: receivable on sales plus payable on purchases. */
  outstanding_total: string;
  first_document_date: string | null;
  last_document_date: string | null;
}

/** One contact's documents in one month on one side, for the contacts dashboard. */
export interface ContactActivityRow {
  contact_id: string;
  /** YYYY-MM */
  month: string;
  side: 'sale' | 'purchase';
  documents: number;
  /** Decimal string. */
  total: string;
}

declare module '../../kernel/hooks' {
  interface SyncHooks {
    /**
     * Contacts `duplicateIds` are being merged into `survivorId` (same tenant, one transaction).
     * Document plugins re-point their rows to the survivor and add how many to `repointed`. The
     * transaction setting `cuadra.repointing_contacts` is 'on' while subscribers run, so database
     * guards on issued documents may let `contact_id` (and only it) change.
     */
    'contact.merging': { tenantId: string; survivorId: string; duplicateIds: string[]; repointed: number };
    /** A contact is about to be deleted: document plugins add how many documents point to it; > 0 refuses (409). */
    'contact.deleting': { contactId: string; references: number };
    /** Document plugins add their figures for one contact (see addContactStats in ./api.ts). */
    'contact.stats': { contactId: string; stats: ContactStats };
    /** Document plugins push one row per contact, month and side with documents dated in [from, to]. */
    'contact.activity': { from: string; to: string; rows: ContactActivityRow[] };
  }
}
