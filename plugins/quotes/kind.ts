import { InvoiceService } from '../invoices/api';
import type { OfferKind } from '../documents/api';

/** Quotes (presupuestos) as an offer kind of the documents plugin: series P, no fiscal effect. */
export const QUOTE: OfferKind = {
  name: 'quote', plugin: 'quotes', noun: 'Quote', series: 'P', inWords: 'el presupuesto', reference: 'Según presupuesto',
  description: 'Quotes (presupuestos): numbered in series P, sent, accepted, rejected or expired, printed, and converted once into a draft invoice. No fiscal effect.',
  pdf: { title: 'PRESUPUESTO', notices: ['Documento sin validez fiscal'], filename: 'presupuesto' },
  createDraftInvoice: async (tx, input) => (await InvoiceService.create(tx, input)).record.id,
};
