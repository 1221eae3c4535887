import { t } from 'elysia';
import { literalUnion } from '../../kernel/schemas';
import { REASON_CODES, REJECTION_CODES, STATUSES } from './rules';

const IsoDate = (description: string) => t.String({ format: 'date', description });

const reasonCodeDoc = `The rejection's clarification code, OpenPeppol's OPStatusReason list: ${REJECTION_CODES.map((c) => `${c} (${REASON_CODES[c].toLowerCase()})`).join(', ')}. OTH when omitted. Only with \`rejected\``;

const statusRequest = (statuses: readonly string[], description: string) => t.Object({
  status: literalUnion(statuses, { description }),
  reason_code: t.Optional(t.String({ pattern: '^[A-Z]{3}$', description: reasonCodeDoc })),
  reason: t.Optional(t.String({ minLength: 1, maxLength: 500, description: 'Why the invoice is rejected (required with `rejected`, refused with any other status)' })),
  date: t.Optional(IsoDate('The day the status took effect (the payment\'s day for `paid`); today in Spain when omitted; never in the future nor before the invoice\'s issue date')),
}, { additionalProperties: false });

export const PurchaseEInvoiceStatusRequest = statusRequest(['accepted', 'rejected', 'paid'],
  'accepted or rejected: the company\'s commercial answer to the supplier (once: a decision is not reversed); paid: the invoice was paid in full');
export const InvoiceEInvoiceStatusRequest = statusRequest(['delivered', 'accepted', 'rejected', 'paid'],
  'What the customer reported: delivered (it has the invoice), accepted, rejected (with its reason) or paid in full');

export const EInvoiceStatusEvent = t.Object({
  id: t.String({ format: 'uuid', description: 'The event\'s id: GET …/einvoice-status/{id}/message answers its message' }),
  seq: t.Integer({ description: 'Order of the event in the document\'s history, from 1' }),
  status: literalUnion(STATUSES, { description: 'issued (the invoice was issued, or the purchase booked), delivered, accepted, rejected, paid (in full), payment_reversed (the settlement that paid it was reversed)' }),
  date: IsoDate('The day the status took effect'),
  reason_code: t.Union([t.String(), t.Null()], { description: 'A rejection\'s OPStatusReason code' }),
  reason: t.Union([t.String(), t.Null()], { description: 'A rejection\'s reason' }),
  response_code: t.Union([t.String(), t.Null()], { description: 'The UNCL 4343 code of its message (AB delivered, AP accepted, RE rejected, PD paid); null for an event that is no message' }),
  settlement_id: t.Union([t.String({ format: 'uuid' }), t.Null()], { description: 'The settlement that paid the document in full (`paid` recorded on its own), or whose reversal undid it' }),
  source: literalUnion(['issue', 'api', 'settlement'] as const, { description: 'issue: written when the document was issued or booked; api: reported through this API; settlement: recorded from the books\' payments' }),
  recorded_by: t.Union([t.String({ format: 'uuid' }), t.Null()], { description: 'The person who reported it (null for API keys and automatic events)' }),
  recorded_at: t.String({ format: 'date-time' }),
});

export const EInvoiceStatusHistory = t.Object({
  document_type: literalUnion(['invoice', 'purchase'] as const),
  document_id: t.String({ format: 'uuid' }),
  side: literalUnion(['issued', 'received'] as const, { description: 'issued: a sales invoice (statuses come from the customer); received: a purchase (the company answers its supplier)' }),
  number: t.Union([t.String(), t.Null()]),
  current_status: t.Union([literalUnion(STATUSES), t.Null()], { description: 'The status now: the last event, a reversed payment falling back to the status before it; null before the document is issued' }),
  answer_due: t.Union([IsoDate('Received invoices: the last day to accept or reject (four calendar days after booking); null for expenses and sales invoices'), t.Null()]),
  overdue: t.Boolean({ description: 'A received invoice not accepted nor rejected by its answer_due' }),
  items: t.Array(EInvoiceStatusEvent),
});

export const UnansweredQuery = t.Object({
  as_of: t.Optional(IsoDate('The day to judge on (today in Spain by default): invoices whose answer_due is before it')),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, default: 50 })),
  offset: t.Optional(t.Integer({ minimum: 0, maximum: 100000, default: 0 })),
});

export const UnansweredPurchase = t.Object({
  purchase_id: t.String({ format: 'uuid' }),
  number: t.Union([t.String(), t.Null()], { description: 'The registration number (P-…)' }),
  supplier_invoice_number: t.Union([t.String(), t.Null()]),
  contact_id: t.String({ format: 'uuid' }),
  supplier_name: t.Union([t.String(), t.Null()]),
  issue_date: IsoDate('The supplier\'s issue date'),
  total: t.String({ description: 'Decimal string' }),
  booked_on: IsoDate('The day the purchase was booked'),
  answer_due: IsoDate('The last day to accept or reject it'),
  current_status: t.Union([literalUnion(STATUSES), t.Null()]),
});

export const einvoiceStatusModels = {
  PurchaseEInvoiceStatusRequest,
  InvoiceEInvoiceStatusRequest,
  EInvoiceStatusEvent,
  EInvoiceStatusHistory,
  UnansweredPurchaseList: t.Object({
    as_of: IsoDate('The day judged on'), total: t.Integer(), limit: t.Integer(), offset: t.Integer(), items: t.Array(UnansweredPurchase),
  }),
};
