import type { DocumentCurrency, DocumentRecordCommon, LineRecordCommon, Party, RectificationGround, RectificationMode, TaxTypeInfo, WireLineCommon } from '../documents/api';

/** Sales invoices on the wire and as records. */

export type InvoiceStatus = 'draft' | 'issued' | 'partially_paid' | 'paid' | 'rectified';
export type Nature = 'goods' | 'services';
export type { RectificationMode };

export interface InvoiceLineWire extends WireLineCommon {
  quantity: string;
  nature?: Nature;
  revenue_account?: string | null;
}

export interface InvoiceInput {
  contact_id: string;
  series?: string;
  issue_date: string;
  due_date?: string | null;
  operation_date?: string | null;
  notes?: string | null;
  lines: InvoiceLineWire[];
  status?: 'draft' | 'issued';
  /** ISO 4217; EUR by default (plugins/documents/currency.ts). */
  currency?: string;
}

export type InvoicePatch = Partial<Omit<InvoiceInput, 'status'>>;

export interface RectifyInput {
  issue_date: string;
  reason: string;
  mode: RectificationMode;
  legal_ground?: RectificationGround;
  lines?: InvoiceLineWire[];
  due_date?: string | null;
  notes?: string | null;
}

export interface InvoiceLineRecord extends LineRecordCommon {
  nature: Nature;
  revenueAccount: string | null;
}

export interface InvoiceRecord extends DocumentRecordCommon {
  status: InvoiceStatus;
  customer: Party | null;
  issuer: Party | null;
  lines: InvoiceLineRecord[];
  /** A rectifying invoice's legal ground (art. 80 LIVA); null for any other invoice. */
  rectificationGround: RectificationGround | null;
  /** A document in another currency: its currency and, once issued, the conversion; absent or null for EUR. */
  fx?: DocumentCurrency | null;
  /** Just issued: what each issue step (`document-issue-steps`) answered, by step name. */
  issueResults?: Record<string, unknown>;
}

export interface InvoiceListQuery {
  limit?: number;
  offset?: number;
  from?: string;
  to?: string;
  status?: InvoiceStatus;
  contactId?: string;
  series?: string;
  search?: string;
  cursor?: string;
}

/** An invoice with the tax types its lines use (for codes, names and legends). */
export interface InvoiceView { record: InvoiceRecord; types: ReadonlyMap<string, TaxTypeInfo> }

