/** The hooks the purchases plugin emits (typed by declaration merging; see kernel/hooks.ts). */
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
}
