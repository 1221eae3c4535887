/**
 * What other plugins use from the recurring invoices plugin: the `recurring-invoice.created` event
 * (./events.ts: subscribe to send each issued invoice when its template says `send`) and the job,
 * `kernel.service('recurring-invoices').runOnce(today)`.
 */
export type { RecurringInvoiceCreatedPayload } from './events';
export type { PassResult, RecurringInvoiceRunner } from './runner';
import type { RecurringInvoiceRunner } from './runner';

declare module '../../kernel/kernel' {
  interface Services { 'recurring-invoices': RecurringInvoiceRunner }
}
