import { InvoiceService } from '../invoices/api';
import type { OfferKind } from '../documents/api';

/** Proforma invoices as an offer kind of the documents plugin: series PF, no fiscal effect, printed as FACTURA PROFORMA. */
export const PROFORMA: OfferKind = {
  name: 'proforma', plugin: 'proformas', noun: 'Proforma', series: 'PF', inWords: 'la factura proforma', reference: 'Según factura proforma',
  description: 'Proforma invoices: numbered in series PF, sent, accepted, rejected or expired, printed as FACTURA PROFORMA (sin validez fiscal), and converted once into a draft invoice. No fiscal effect.',
  pdf: { title: 'FACTURA PROFORMA', notices: ['Documento sin validez fiscal'], filename: 'proforma' },
  createDraftInvoice: async (tx, input) => (await InvoiceService.create(tx, input)).record.id,
};
