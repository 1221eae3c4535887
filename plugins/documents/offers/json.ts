import { amountsOf, offerLineToJson, taxBreakdown } from './lines';
import type { OfferView } from './service';

/** An offer on the wire (the kind's `<Noun>Response`). */
export function offerToJson({ record, types }: OfferView) {
  return {
    id: record.id, series: record.series, number: record.number, status: record.status, contact_id: record.contactId, issue_date: record.issueDate,
    valid_until: record.validUntil, notes: record.notes, subtotal: record.subtotal.toString(), tax_total: record.taxTotal.toString(),
    surcharge_total: record.surchargeTotal.toString(), withholding_total: record.withholdingTotal.toString(), total: record.total.toString(),
    tax_breakdown: taxBreakdown(amountsOf(record.lines).amounts, types), lines: record.lines.map(offerLineToJson),
    invoice_id: record.invoiceId, sent_at: record.sentAt, decided_at: record.decidedAt, converted_at: record.convertedAt,
    created_at: record.createdAt, updated_at: record.updatedAt,
  };
}
