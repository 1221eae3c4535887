import type { Decimal } from '../../kernel/money';
import type { DocumentRecordCommon, LineRecordCommon, Party, RectificationMode, TaxTypeInfo, WireLineCommon, DocumentCurrency } from '../documents/api';

/** Purchases on the wire and as records. */

export type PurchaseKind = 'invoice' | 'expense';
export type PurchaseStatus = 'draft' | 'issued' | 'partially_paid' | 'paid' | 'rectified';
export type { RectificationMode };

export interface PurchaseLineWire extends WireLineCommon {
  expense_account?: string | null;
  capital_good?: boolean;
}

export interface PurchaseInput {
  contact_id: string;
  kind: PurchaseKind;
  supplier_invoice_number?: string | null;
  issue_date: string;
  due_date?: string | null;
  operation_date?: string | null;
  notes?: string | null;
  lines: PurchaseLineWire[];
  status?: 'draft' | 'issued';
  /** ISO 4217; EUR by default (plugins/documents/currency.ts). */
  currency?: string;
}
export type PurchasePatch = Partial<Omit<PurchaseInput, 'status'>>;

export interface PurchaseRectifyInput {
  issue_date: string;
  reason: string;
  mode: RectificationMode;
  supplier_invoice_number?: string | null;
  lines?: PurchaseLineWire[];
  due_date?: string | null;
  notes?: string | null;
}

export interface PurchaseLineRecord extends LineRecordCommon {
  expenseAccount: string;
  capitalGood: boolean;
  selfAssessedAmount: Decimal;
}

export interface PurchaseRecord extends DocumentRecordCommon {
  kind: PurchaseKind;
  status: PurchaseStatus;
  supplierInvoiceNumber: string | null;
  source: 'manual' | 'ocr';
  fileSha256: string | null;
  /** The original file's key in the kernel's file store, when it was kept. */
  fileKey: string | null;
  selfAssessedTotal: Decimal;
  payableAccount: string | null;
  supplier: Party | null;
  /** The percentage of its deductible VAT the purchase deducted when registered (the VAT prorrata; 100 without one, and for drafts). */
  vatDeductedPercent: number;
  lines: PurchaseLineRecord[];
  /** A document in another currency: its currency and, once registered, the conversion; absent or null for EUR. */
  fx?: DocumentCurrency | null;
}

export interface PurchaseView { record: PurchaseRecord; types: ReadonlyMap<string, TaxTypeInfo> }

export interface PurchaseListQuery {
  limit?: number; offset?: number; from?: string; to?: string; status?: PurchaseStatus; contactId?: string; kind?: PurchaseKind; search?: string; cursor?: string;
}

/** Where a purchase came from: typed in, or read from a file (the SHA-256 of its bytes). */
export interface PurchaseOrigin { source: 'manual' | 'ocr'; fileSha256: string | null; fileKey?: string | null }
