import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';
import { ContactService } from '../contacts/api';
import { partyOfContact, partyOfTenant } from '../documents/api';
import { TenantService } from '../tenants/api';
import { pdfStamps } from './extensions';
import { formatEuro, renderInvoicePdf } from './pdf';
import { InvoiceService, type InvoiceView } from './service';

/** The invoice's PDF exactly as GET /invoices/{id}/pdf renders it. */
async function invoicePdf(kernel: Kernel, tx: Tx, view: InvoiceView): Promise<Uint8Array> {
  const tenant = await TenantService.current(tx);
  const logo = tenant.logoToken ? await TenantService.logo(tx, tenant.logoToken, kernel.files) : undefined;
  const customer = view.record.customer ?? partyOfContact(await ContactService.get(tx, view.record.contactId));
  const rectified = await InvoiceService.rectified(tx, view.record);
  const stamps = await pdfStamps(kernel, tx, view.record.id);
  return renderInvoicePdf({ record: view.record, types: view.types, issuer: partyOfTenant(tenant), customer, logo, rectified, stamps });
}

/**
 * Invoices as a `sendable-documents` kind of the document-sending plugin, when it is installed
 * (plain values: invoices do not depend on it). Sending needs the permission that issues them.
 */
export const sendableInvoice = {
  kind: 'invoice', segment: 'invoices', noun: 'Invoice', tag: 'invoices',
  sendPermission: 'invoices.issue', readPermission: 'invoices.read', formats: ['pdf'],
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
      attachment: async () => ({ filename: `factura-${record.number}.pdf`, content: await invoicePdf(kernel, tx, view), contentType: 'application/pdf' }),
    };
  },
};
