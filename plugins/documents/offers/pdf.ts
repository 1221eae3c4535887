import type { Kernel } from '../../../kernel/kernel';
import type { Tx } from '../../../kernel/uow';
import { ContactService } from '../../contacts/api';
import { companyPrintout } from '../company-printout';
import { partyOfContact } from '../document';
import { renderDocument } from '../formats';
import { salesLegends } from '../json';
import { printableDate, type PrintableDocument } from '../printable';
import { printableLine, printableTotals } from '../printable-amounts';
import type { TaxTypeInfo } from '../tax-types';
import type { OfferKind } from './kind';
import { amountsOf, taxBreakdown } from './lines';
import type { OfferRecord, OfferService } from './service';

/** An offer as printed: the kind's title and notices (e.g. "sin validez fiscal"), the current company and customer, lines, taxes and totals. */
export function offerPrintable(kind: OfferKind, record: OfferRecord, types: ReadonlyMap<string, TaxTypeInfo>, parties: Pick<PrintableDocument, 'issuer' | 'customer' | 'logo' | 'issuerRegistry' | 'paymentLines'>): PrintableDocument {
  const { amounts } = amountsOf(record.lines);
  return {
    ...parties,
    title: kind.pdf.title,
    notices: kind.pdf.notices,
    documentTitle: `${kind.noun} ${record.number}`,
    number: record.number,
    reference: record.number,
    headingLines: [`Fecha: ${printableDate(record.issueDate)}`, `Válido hasta: ${printableDate(record.validUntil)}`],
    createdAt: new Date(record.createdAt),
    lines: record.lines.map(printableLine),
    taxes: taxBreakdown(amounts, types).map((tax) => ({ name: tax.name || tax.code, rate: tax.rate, base: tax.base, amount: tax.amount })),
    totals: printableTotals(record),
    grandTotal: ['TOTAL', record.total.toString()],
    legends: salesLegends(record.lines, types),
    notes: record.notes,
  };
}

/** The offer rendered by the documents plugin's `pdf` format, with the company's (registry entry and how to pay it) and the customer's current data. */
export async function offerPdf(tx: Tx, kernel: Kernel, kind: OfferKind, service: OfferService, id: string) {
  const { record, types } = await service.get(tx, id);
  const customer = partyOfContact(await ContactService.get(tx, record.contactId));
  const printable = offerPrintable(kind, record, types, { customer, ...await companyPrintout(kernel, tx) });
  return renderDocument(kernel, 'pdf', printable, `${kind.pdf.filename}-${record.number}`);
}
