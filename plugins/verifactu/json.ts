import type { Kernel } from '../../kernel/kernel';
import { qrUrl } from './qr';
import { hashFieldsOf, recordQrUrl, type AppendResult, type RecordRow } from './service';
import { verifactuSettings } from './settings';

export const qrEnvironment = (kernel: Kernel) => kernel.settings(verifactuSettings).VERIFACTU_QR_ENVIRONMENT;

export function recordToJson(kernel: Kernel, row: RecordRow) {
  return {
    id: row.id, issuer_tax_id: row.issuer_tax_id, position: row.position, record_type: row.record_type, correction: row.correction,
    invoice_id: row.invoice_id, invoice_number: row.invoice_number, issue_date: row.issue_date, invoice_type: row.invoice_type,
    hash_fields: hashFieldsOf(row) as unknown as Record<string, string>, hash: row.hash, previous_hash: row.previous_hash,
    qr_url: row.record_type === 'registration' ? recordQrUrl(qrEnvironment(kernel), row) : null, reason: row.reason, created_at: row.created_at,
  };
}

/** What an invoice shows (`verifactu` in InvoiceResponse). */
export const invoiceVerifactuJson = (kernel: Kernel, row: RecordRow) => ({ hash: row.hash, previous_hash: row.previous_hash, qr_url: recordQrUrl(qrEnvironment(kernel), row) });

/** The same from what the issue statement's append answered (no read). */
export const appendedJson = (kernel: Kernel, a: AppendResult) => ({
  hash: a.hash, previous_hash: a.previous_hash, qr_url: qrUrl(qrEnvironment(kernel), { nif: a.nif, numserie: a.number, fecha: a.date, importe: a.total }),
});
