import { formatRate, trimDecimal } from './calc';
import type { DocumentRecordCommon, LineRecordCommon } from './rows';

/** The wire shape every document kind shares (InvoiceResponse's fields; PurchaseResponse adds its own). */

export function lineToJson(l: LineRecordCommon) {
  return {
    line_no: l.lineNo, description: l.description, quantity: trimDecimal(l.quantity.toString()), unit_price: trimDecimal(l.unitPrice.toString(), 2),
    discount_pct: formatRate(l.discountPct), tax_type_id: l.taxTypeId, tax_rate: formatRate(l.taxRate),
    surcharge_type_id: l.surchargeTypeId, surcharge_rate: l.surchargeRate ? formatRate(l.surchargeRate) : null,
    withholding_type_id: l.withholdingTypeId, withholding_rate: l.withholdingRate ? formatRate(l.withholdingRate) : null,
    base: l.base.toString(), tax_amount: l.taxAmount.toString(), surcharge_amount: l.surchargeAmount.toString(), withholding_amount: l.withholdingAmount.toString(),
  };
}

/** Fields common to InvoiceResponse and PurchaseResponse; the kind gives its breakdown and legends. */
export function documentToJson<B>(record: DocumentRecordCommon, taxBreakdown: B, legends: string[]) {
  return {
    id: record.id, series: record.series, number: record.number, status: record.status, contact_id: record.contactId, issue_date: record.issueDate,
    due_date: record.dueDate, operation_date: record.operationDate, notes: record.notes, subtotal: record.subtotal.toString(), tax_total: record.taxTotal.toString(),
    surcharge_total: record.surchargeTotal.toString(), withholding_total: record.withholdingTotal.toString(), total: record.total.toString(),
    amount_paid: record.amountPaid.toString(), amount_due: record.substituted ? '0.00' : record.total.sub(record.amountPaid).toString(),
    tax_breakdown: taxBreakdown, legends, rectifies_id: record.rectifiesId,
    rectification_mode: record.rectificationMode, rectification_reason: record.rectificationReason, journal_entry_id: record.journalEntryId,
    issued_at: record.issuedAt, created_at: record.createdAt, updated_at: record.updatedAt,
  };
}
