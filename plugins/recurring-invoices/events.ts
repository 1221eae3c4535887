/** The after-commit event of the recurring invoices plugin (typed by declaration merging; see kernel/hooks.ts). */
export interface RecurringInvoiceCreatedPayload {
  template_id: string;
  run_id: string;
  /** The period's date, which is the invoice's issue date. */
  period: string;
  invoice_id: string;
  /** Null for a draft. */
  invoice_number: string | null;
  invoice_status: string;
  contact_id: string;
  /** The template asks for the invoice to be emailed to the customer (only an issued one is sent). */
  send: boolean;
}

declare module '../../kernel/hooks' {
  interface Events {
    /**
     * The job made a period's invoice (issued or draft), published in the transaction that made
     * it. The hook point for sending: a document-sending plugin subscribes and emails the invoice
     * when `send` is true and `invoice_status` is `issued`.
     */
    'recurring-invoice.created': RecurringInvoiceCreatedPayload;
  }
}
