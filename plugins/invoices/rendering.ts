import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';
import { ContactService } from '../contacts/api';
import { companyPrintout, partyOfContact, renderDocument } from '../documents/api';
import { pdfStamps } from './extensions';
import { invoiceFileBase, invoicePrintable } from './printable';
import { InvoiceService, type InvoiceView } from './service';

/**
 * The invoice as a file in one of the documents plugin's formats (`pdf`), exactly as
 * GET /invoices/{id}/pdf serves it and the sending plugin attaches it: a draft prints the company
 * and the customer as they are now, an issued invoice its frozen snapshot.
 */
export async function renderInvoice(kernel: Kernel, tx: Tx, view: InvoiceView, format = 'pdf') {
  const customer = view.record.customer ?? partyOfContact(await ContactService.get(tx, view.record.contactId));
  const rectified = await InvoiceService.rectified(tx, view.record);
  const stamps = await pdfStamps(kernel, tx, view.record.id);
  const company = await companyPrintout(kernel, tx);
  return renderDocument(kernel, format, invoicePrintable({ record: view.record, types: view.types, customer, rectified, stamps, ...company }), invoiceFileBase(view.record));
}
