import type { DocumentEventPayload } from '../documents/api';

/** The hooks and events the invoices plugin emits (typed by declaration merging; see kernel/hooks.ts). */
export interface InvoiceIssuedPayload {
  tenantId: string;
  invoiceId: string;
  series: string;
  /** "F-2026-000123" */
  number: string;
  issueDate: string;
  contactId: string;
  /** Decimal strings with two decimals. */
  subtotal: string;
  taxTotal: string;
  total: string;
  /** The rectified invoice, for a rectifying invoice (series R). */
  rectifiesId: string | null;
  rectificationMode: 'differences' | 'substitution' | null;
  journalEntryId: string | null;
}

declare module '../../kernel/hooks' {
  interface SyncHooks {
    /**
     * An invoice was just numbered and posted, inside the issuing transaction. A subscriber that
     * throws aborts the issue: no number is consumed, no entry is posted. Subscribing takes the
     * issue off its one-write path: rows that must be written with every issue belong in an issue
     * step (`document-issue-steps`, as VERI*FACTU's record).
     */
    'invoice.issued': InvoiceIssuedPayload;
  }
  interface Events {
    /**
     * An invoice was numbered (a rectifying one too), after the issuing transaction committed,
     * through the outbox (webhooks, mail, anything that must not hold up or roll back the issue).
     */
    'invoice.issued': DocumentEventPayload;
    /** A rectifying invoice was issued (after its `invoice.issued`); `rectifies_id` names the original. */
    'invoice.rectified': DocumentEventPayload;
    /** Nothing is left of an invoice: rectified by substitution with a zero total, or corrected down to zero. */
    'invoice.cancelled': DocumentEventPayload;
  }
}
