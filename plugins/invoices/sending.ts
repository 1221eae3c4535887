import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';
import { ContactService } from '../contacts/api';
import { formatEuro } from '../documents/api';
import { TenantService } from '../tenants/api';
import { attachmentFormats } from './extensions';
import { renderInvoice } from './rendering';
import { InvoiceService, type InvoiceView } from './service';

/**
 * Invoices as a `sendable-documents` kind of the document-sending plugin, when it is installed
 * (plain values: invoices do not depend on it). Sending needs the permission that issues them.
 */
export const sendableInvoice = {
  kind: 'invoice', segment: 'invoices', noun: 'Invoice', tag: 'invoices',
  sendPermission: 'invoices.issue', readPermission: 'invoices.read', formats: ['pdf'],
  /** The e-invoice formats (`invoice-attachments`, from the einvoice plugin) beside the PDF. */
  moreFormats: (kernel: Kernel) => [...attachmentFormats(kernel).keys()],
  async load(kernel: Kernel, tx: Tx, id: string) {
    const view = await InvoiceService.get(tx, id);
    const { record } = view;
    const issuer = record.issuer?.name ?? (await TenantService.current(tx)).name;
    const due = record.dueDate ? `, con vencimiento el ${record.dueDate}` : '';
    return {
      number: record.number,
      refusal: record.status === 'draft' ? 'A draft invoice cannot be sent: issue it first' : null,
      customerEmail: (await ContactService.get(tx, record.contactId)).email ?? null,
      defaultSubject: `Factura ${record.number} de ${issuer}`,
      defaultMessage: `Le enviamos adjunta la factura ${record.number} por importe de ${formatEuro(record.total)}${due}.\n\nUn saludo,\n${issuer}`,
      attachment: async (format: string) => {
        const source = format === 'pdf' ? undefined : attachmentFormats(kernel).get(format);
        if (source) return source.render(kernel, tx, view, format);
        const file = await renderInvoice(kernel, tx, view, format);
        return { filename: file.filename, content: file.bytes, contentType: file.contentType };
      },
    };
  },
};
