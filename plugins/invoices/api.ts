/**
 * What other plugins use from the invoices plugin: the service (treasury and reconciliation record
 * collections through it, or settle through the documents plugin), the wire shape, and the
 * posting rule. Webhooks take the `invoice.issued` event, declared in ./hooks.ts; VERI*FACTU writes
 * its record through an issue step of the documents plugin.
 * What sales and purchase documents share (arithmetic, numbering, the tax register) is the
 * documents plugin's: see plugins/documents/api.ts. Call inside your own unit of work.
 */
import type { Database } from '../../kernel/database';
import { perTenant } from '../../lib/tenant-sets';
export {
  InvoiceService, invoiceToJson, breakdownOf, legendsOf, computeLines, DEFAULT_SERIES, RECTIFYING_SERIES, INVOICE_SETTLEMENT,
  type InvoiceRecord, type InvoiceLineRecord, type InvoiceView, type InvoiceStatus, type RectificationMode,
} from './service';
export type { InvoiceIssuedPayload } from './hooks';
export { postInvoice, postInvoicePayment, revenueAccountOf, type SalesPostingDoc } from './posting';
export { formatEuro } from '../documents/api';
export { invoicePrintable, type InvoicePrintInput } from './printable';
export type { InvoiceResponseField, InvoicePdfStamp, InvoiceIssueStatementPart, InvoiceAttachmentSource } from './extensions';
export * as InvoiceSchemas from './schemas';

/** Draft invoices, and issued ones past their due date and not fully collected, per company, in one statement (the workspace). */
export async function pendingByTenant(db: Database, tenantIds: readonly string[], today: string): Promise<Map<string, { drafts: number; overdue: number }>> {
  const rows = await perTenant<{ tenant_id: string; drafts: number | string; overdue: number | string }>(db, 'cuadra_invoices_pending', tenantIds, [today]);
  return new Map([...rows].map(([id, row]) => [id, { drafts: Number(row.drafts), overdue: Number(row.overdue) }]));
}
