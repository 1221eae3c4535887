import type { InvoiceAttachmentSource } from '../invoices/api';
import { installedSyntaxes, renderEInvoice } from './service';

/**
 * The e-invoice formats as attachments of a sent invoice (`invoice-attachments`): every installed
 * syntax, built as GET /invoices/{id}/einvoice builds it, signed when the syntax signs and the
 * company has a certificate, unsigned otherwise.
 */
export const einvoiceAttachments: InvoiceAttachmentSource = {
  name: 'einvoice',
  formats: (kernel) => installedSyntaxes(kernel),
  async render(kernel, tx, view, format) {
    const file = await renderEInvoice(kernel, tx, view, format, 'when-available');
    return { filename: file.filename, content: file.bytes, contentType: file.contentType };
  },
};
