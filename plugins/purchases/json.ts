import { currencyToJson, documentToJson, lineToJson, taxBreakdown, type TaxTypeInfo } from '../documents/api';
import { isReverseCharge } from './kind';
import { nonDeductible, vatDeduction } from './posting';
import type { PurchaseLineRecord, PurchaseView } from './types';

/** Per tax type (and deductibility): Σ bases and Σ amounts of its lines; reverse-charge VAT is flagged self-assessed. */
export const purchaseBreakdown = (lines: readonly PurchaseLineRecord[], types: ReadonlyMap<string, TaxTypeInfo>) =>
  taxBreakdown(lines, types, { vatAmount: (l) => l.taxAmount.add(l.selfAssessedAmount), deductible: (l) => !nonDeductible(l), selfAssessed: isReverseCharge });

export function purchaseToJson({ record, types }: PurchaseView) {
  const vat = vatDeduction(record.lines, types, record.vatDeductedPercent);
  return {
    ...documentToJson(record, purchaseBreakdown(record.lines, types), [] as string[]),
    ...currencyToJson(record.fx),
    kind: record.kind, supplier_invoice_number: record.supplierInvoiceNumber, source: record.source, file_sha256: record.fileSha256,
    self_assessed_total: record.selfAssessedTotal.toString(), payable_account: record.payableAccount,
    vat_deducted_percent: record.vatDeductedPercent, deducted_vat: vat.deducted.toString(), undeducted_vat: vat.undeducted.toString(),
    lines: record.lines.map((l, i) => ({
      ...lineToJson(l), expense_account: l.expenseAccount,
      capital_good: l.capitalGood, self_assessed_amount: l.selfAssessedAmount.toString(), deductible: !nonDeductible(l), undeducted_vat: vat.lines[i].toString(),
    })),
    supplier: record.supplier,
  };
}
