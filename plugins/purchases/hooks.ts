import type { DocumentEventPayload } from '../documents/api';

/** The hooks and events the purchases plugin emits (typed by declaration merging; see kernel/hooks.ts). */
export interface PurchaseIssuedPayload {
  tenantId: string;
  purchaseId: string;
  kind: 'invoice' | 'expense';
  /** Registration number, "P-2026-000001". */
  number: string;
  supplierInvoiceNumber: string | null;
  issueDate: string;
  contactId: string;
  /** Decimal string with two decimals. */
  total: string;
  rectifiesId: string | null;
  journalEntryId: string | null;
}

declare module '../../kernel/hooks' {
  interface SyncHooks {
    /** A purchase was just registered and posted, inside that transaction (SII, webhooks…). A throw aborts the registration. */
    'purchase.issued': PurchaseIssuedPayload;
  }
  interface Events {
    /** A purchase was registered (numbered and posted; a rectification too), after that transaction committed. */
    'purchase.registered': DocumentEventPayload;
    /** The supplier's rectifying document was registered (after its `purchase.registered`); `rectifies_id` names the original. */
    'purchase.rectified': DocumentEventPayload;
    /** Nothing is left of a purchase: rectified by substitution with a zero total, or corrected down to zero. */
    'purchase.cancelled': DocumentEventPayload;
  }
}
