/** The after-commit event of the e-invoice status plugin (webhooks carry it as `einvoice.status_changed`). */
export interface EInvoiceStatusChangedPayload {
  /** The history event's id (GET …/einvoice-status/{event_id}/message for its message). */
  event_id: string;
  /** `invoice` (a sales invoice) or `purchase` (a received invoice). */
  document_type: 'invoice' | 'purchase';
  document_id: string;
  /** `issued`: the company issued the invoice; `received`: the company received it. */
  side: 'issued' | 'received';
  /** The document's number ("F-2026-000001"; purchases: the registration number "P-2026-000001"). */
  number: string;
  /** `rejected`, `paid`, or `payment_reversed` (the settlement that paid it in full was reversed). */
  status: 'rejected' | 'paid' | 'payment_reversed';
  /** YYYY-MM-DD: the day of the rejection, or of the payment. */
  date: string;
  reason_code: string | null;
  reason: string | null;
}

declare module '../../kernel/hooks' {
  interface Events {
    /** A document's e-invoice status changed in a way its parties act on: a rejection, a full payment, or that payment reversed. */
    'einvoice.status_changed': EInvoiceStatusChangedPayload;
  }
}
