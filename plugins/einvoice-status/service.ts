import { Conflict, NotFound, ValidationFailed } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';
import { partyOfTenant, type DocumentPaidPayload, type Party, type SettlementPayload } from '../documents/api';
import { InvoiceService } from '../invoices/api';
import { PurchaseService } from '../purchases/api';
import { TenantService } from '../tenants/api';
import type { EInvoiceStatusChangedPayload } from './events';
import { applicationResponseXml } from './message';
import {
  answerDue, currentStatus, overdue, paidInForce, REJECTION_CODES, REPORTABLE, RESPONSE_CODES, sideOf, todayInSpain, transitionRefusal,
  type DocumentType, type EInvoiceStatus, type HistoryEvent, type ReasonCode, type Side,
} from './rules';

/** One row of a document's history. */
export interface StatusEvent extends HistoryEvent {
  id: string;
  documentType: DocumentType;
  documentId: string;
  seq: number;
  reasonCode: string | null;
  reason: string | null;
  settlementId: string | null;
  answerDue: string | null;
  source: 'issue' | 'api' | 'settlement';
  recordedBy: string | null;
  recordedAt: string;
}

/** What the service needs of an invoice or a purchase, read through its plugin's service. */
export interface DocumentFacts {
  type: DocumentType;
  id: string;
  status: string;
  number: string | null;
  /** The supplier's own number of a received invoice (what a message to the supplier names). */
  supplierNumber: string | null;
  issueDate: string;
  issuedAt: string | null;
  /** purchases: `invoice` or `expense` (tickets and receipts, which need no answer). */
  purchaseKind: string | null;
  total: string;
  contactId: string;
  /** The customer (invoices) or the supplier (purchases) as printed on the document. */
  counterparty: Party | null;
  /** The company as printed on an issued invoice (null on purchases: the company now is used). */
  issuer: Party | null;
}

const COLUMNS = `id::text as id, document_type, document_id::text as document_id, seq, status, date::text as date, reason_code, reason,
  settlement_id::text as settlement_id, answer_due::text as answer_due, source, recorded_by::text as recorded_by, recorded_at`;

const eventOf = (row: any): StatusEvent => ({
  id: row.id, documentType: row.document_type, documentId: row.document_id, seq: Number(row.seq), status: row.status, date: row.date,
  reasonCode: row.reason_code, reason: row.reason, settlementId: row.settlement_id, answerDue: row.answer_due, source: row.source,
  recordedBy: row.recorded_by, recordedAt: new Date(row.recorded_at).toISOString(),
});

const madridDay = (timestamp: string) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date(timestamp));

/** The document through its own plugin (404 as that plugin answers it, another company's included). */
export async function documentFacts(tx: Tx, type: DocumentType, id: string): Promise<DocumentFacts> {
  if (type === 'invoice') {
    const { record } = await InvoiceService.get(tx, id);
    return {
      type, id: record.id, status: record.status, number: record.number, supplierNumber: null, issueDate: record.issueDate, issuedAt: record.issuedAt,
      purchaseKind: null, total: record.total.toString(), contactId: record.contactId, counterparty: record.customer, issuer: record.issuer,
    };
  }
  const { record } = await PurchaseService.get(tx, id);
  return {
    type, id: record.id, status: record.status, number: record.number, supplierNumber: record.supplierInvoiceNumber, issueDate: record.issueDate,
    issuedAt: record.issuedAt, purchaseKind: record.kind, total: record.total.toString(), contactId: record.contactId, counterparty: record.supplier, issuer: null,
  };
}

/**
 * The `issued` event of a document: a sales invoice on its issue date; a purchase on the day it is
 * booked (registered), with the last day to answer when it is a supplier's invoice (not an expense
 * ticket). Written by the issue step inside the issue statement, or late (`ensureStarted`) for a
 * document issued before this plugin was installed.
 */
export function issuedEventOf(type: DocumentType, issueDate: string, bookedOn: string, purchaseKind: string | null) {
  const due = type === 'purchase' && purchaseKind === 'invoice' ? answerDue(bookedOn) : null;
  return { date: type === 'purchase' ? bookedOn : issueDate, answerDue: due };
}

export async function historyOf(tx: Tx, documentId: string): Promise<StatusEvent[]> {
  const rows = await tx.sql(`select ${COLUMNS} from einvoice_status_events where tenant_id = :tenant and document_id = :id::uuid order by seq`, { id: documentId });
  return rows.map(eventOf);
}

interface NewEvent {
  documentType: DocumentType; documentId: string; status: EInvoiceStatus; date: string; reasonCode?: string | null; reason?: string | null;
  settlementId?: string | null; answerDue?: string | null; source: StatusEvent['source']; recordedBy?: string | null;
}

/**
 * Appends an event after the document's last. Two writers of one document collide on
 * (document, seq) and the second is a 409. An automatic event (`settlementId`) already recorded is
 * skipped (null): the outbox may deliver an event twice.
 */
async function append(tx: Tx, event: NewEvent): Promise<StatusEvent | null> {
  const conflict = event.settlementId ? 'on conflict (tenant_id, document_id, settlement_id, status) where settlement_id is not null do nothing' : '';
  const [row] = await tx.sql(`insert into einvoice_status_events
      (id, tenant_id, document_type, document_id, seq, status, date, reason_code, reason, settlement_id, answer_due, source, recorded_by)
    select :id::uuid, :tenant, :type, :document::uuid,
      coalesce((select max(seq) from einvoice_status_events where tenant_id = :tenant and document_id = :document::uuid), 0) + 1,
      :status, :date::date, :reasonCode, :reason, :settlement::uuid, :due::date, :source, :by::uuid
    ${conflict}
    returning ${COLUMNS}`, {
    id: crypto.randomUUID(), type: event.documentType, document: event.documentId, status: event.status, date: event.date, reasonCode: event.reasonCode ?? null,
    reason: event.reason ?? null, settlement: event.settlementId ?? null, due: event.answerDue ?? null, source: event.source, by: event.recordedBy ?? null,
  });
  return row ? eventOf(row) : null;
}

/** The history, begun with its `issued` event when the document was issued before this plugin kept one. */
async function ensureStarted(tx: Tx, facts: DocumentFacts): Promise<StatusEvent[]> {
  const history = await historyOf(tx, facts.id);
  if (history.length || facts.status === 'draft') return history;
  const issued = issuedEventOf(facts.type, facts.issueDate, facts.issuedAt ? madridDay(facts.issuedAt) : facts.issueDate, facts.purchaseKind);
  const first = await append(tx, { documentType: facts.type, documentId: facts.id, status: 'issued', ...issued, source: 'issue' });
  return first ? [first] : historyOf(tx, facts.id);
}

/** Rejections, payments and reversed payments reach webhooks as `einvoice.status_changed`. */
function publishChange(tx: Tx, facts: DocumentFacts, event: StatusEvent): void {
  if (event.status !== 'rejected' && event.status !== 'paid' && event.status !== 'payment_reversed') return;
  tx.publish('einvoice.status_changed', {
    event_id: event.id, document_type: facts.type, document_id: facts.id, side: sideOf(facts.type), number: facts.number ?? '', status: event.status,
    date: event.date, reason_code: event.reasonCode, reason: event.reason,
  } satisfies EInvoiceStatusChangedPayload);
}

export interface StatusRequest { status: EInvoiceStatus; reason_code?: string; reason?: string; date?: string }

const noun = (type: DocumentType) => (type === 'invoice' ? 'invoice' : 'purchase');

/**
 * Records a status reported through the API: on a purchase, the company's own answer to its
 * supplier; on an invoice, what the customer reported. A draft is 409; a transition the rules
 * refuse is 409 with the reason; a rejection without its reason, or a date in the future or before
 * the document's, is 422.
 */
export async function recordStatus(tx: Tx, type: DocumentType, id: string, input: StatusRequest, recordedBy: string | null): Promise<{ facts: DocumentFacts; event: StatusEvent }> {
  const facts = await documentFacts(tx, type, id);
  const side = sideOf(type);
  if (!REPORTABLE[side].includes(input.status)) {
    throw ValidationFailed.field(['body', 'status'], `One of ${REPORTABLE[side].join(', ')}`, 'value_error.enum');
  }
  if (facts.status === 'draft') throw new Conflict(`A draft ${noun(type)} has no e-invoice status: issue it first`);
  let reasonCode: ReasonCode | null = null;
  let reason: string | null = null;
  if (input.status === 'rejected') {
    reason = input.reason?.trim() || null;
    if (!reason) throw ValidationFailed.field(['body', 'reason'], 'A rejection needs its reason', 'value_error.missing');
    reasonCode = (input.reason_code ?? 'OTH') as ReasonCode;
    if (!(REJECTION_CODES as readonly string[]).includes(reasonCode)) {
      throw ValidationFailed.field(['body', 'reason_code'], `A rejection's code is one of ${REJECTION_CODES.join(', ')} (OpenPeppol OPStatusReason)`, 'value_error.enum');
    }
  } else if (input.reason_code !== undefined || input.reason !== undefined) {
    throw ValidationFailed.field(['body', input.reason_code !== undefined ? 'reason_code' : 'reason'], 'Only a rejection takes a reason', 'value_error.extra');
  }
  const today = todayInSpain();
  const date = input.date ?? today;
  if (date > today) throw ValidationFailed.field(['body', 'date'], `A status cannot be dated in the future (today is ${today})`, 'value_error.date');
  if (date < facts.issueDate) throw ValidationFailed.field(['body', 'date'], `A status cannot be dated before the ${noun(type)}'s issue date (${facts.issueDate})`, 'value_error.date');
  const history = await ensureStarted(tx, facts);
  const refusal = transitionRefusal(side, history, input.status);
  if (refusal) throw new Conflict(refusal);
  const event = await append(tx, { documentType: type, documentId: facts.id, status: input.status, date, reasonCode, reason, source: 'api', recordedBy });
  publishChange(tx, facts, event!);
  return { facts, event: event! };
}

/**
 * `document.paid`: the settlement that brought the outstanding amount to zero records `paid`,
 * dated as the payment. Nothing when the document already shows as paid (e.g. reported by hand),
 * or when that settlement was reversed meanwhile (events may arrive in either order).
 */
export async function recordSettlementPaid(kernel: Kernel, tx: Tx, payload: DocumentPaidPayload): Promise<void> {
  if (payload.kind !== 'invoice' && payload.kind !== 'purchase') return;
  const settlement = await kernel.service('documents').getSettlement(tx, payload.settlement_id);
  if (!settlement || settlement.reversedAt) return;
  const facts = await documentFacts(tx, payload.kind, payload.id);
  const history = await ensureStarted(tx, facts);
  if (paidInForce(history)) return;
  const event = await append(tx, { documentType: facts.type, documentId: facts.id, status: 'paid', date: settlement.date, settlementId: settlement.id, source: 'settlement' });
  if (event) publishChange(tx, facts, event);
}

/**
 * `settlement.reversed`: a document whose `paid` came from that settlement gets a compensating
 * `payment_reversed` (dated the day it is recorded); its history keeps the payment. A document
 * paid by hand, or paid by another settlement, is left alone.
 */
export async function recordSettlementReversed(tx: Tx, payload: SettlementPayload): Promise<void> {
  for (const allocation of payload.allocations) {
    if (allocation.kind !== 'invoice' && allocation.kind !== 'purchase') continue;
    const history = await historyOf(tx, allocation.document_id);
    if (paidInForce(history)?.settlementId !== payload.id) continue;
    const facts = await documentFacts(tx, allocation.kind, allocation.document_id);
    const event = await append(tx, {
      documentType: facts.type, documentId: facts.id, status: 'payment_reversed', date: todayInSpain(), settlementId: payload.id, source: 'settlement',
    });
    if (event) publishChange(tx, facts, event);
  }
}

/** A document's history as the API shows it. */
export async function statusHistory(tx: Tx, type: DocumentType, id: string, asOf = todayInSpain()) {
  const facts = await documentFacts(tx, type, id);
  const history = await historyOf(tx, facts.id);
  const due = history.find((e) => e.answerDue)?.answerDue ?? null;
  return { facts, history, current: currentStatus(history), answerDue: due, overdue: overdue(due, history, asOf) };
}

/** The ApplicationResponse of one event of the document; 404 for an event of another document, 409 for an event that is no message. */
export async function statusMessage(tx: Tx, type: DocumentType, id: string, eventId: string): Promise<{ xml: string; filename: string }> {
  const facts = await documentFacts(tx, type, id);
  const [row] = await tx.sql(`select ${COLUMNS} from einvoice_status_events where tenant_id = :tenant and document_id = :document::uuid and id = :id::uuid`, { document: facts.id, id: eventId });
  if (!row) throw new NotFound('Status event not found');
  const event = eventOf(row);
  const code = RESPONSE_CODES[event.status];
  if (!code) throw new Conflict(`The "${event.status}" event is Cuadra's own record, not a status message: only delivered, accepted, rejected and paid events have one`);
  const company = facts.issuer ?? partyOfTenant(await TenantService.current(tx));
  const counterparty = facts.counterparty;
  if (!counterparty) throw new Conflict(`The ${noun(type)} has no ${type === 'invoice' ? 'customer' : 'supplier'} data to address the message to`);
  const side: Side = sideOf(type);
  // received: the company answers its supplier; issued: the customer answered the company
  const [sender, receiver] = side === 'received' ? [company, counterparty] : [counterparty, company];
  const [seller, buyer] = side === 'received' ? [counterparty, company] : [company, counterparty];
  const invoiceNumber = side === 'received' ? facts.supplierNumber : facts.number;
  if (!invoiceNumber) throw new Conflict('The purchase has no supplier invoice number: the message could not name the invoice it answers');
  const xml = applicationResponseXml({
    id: event.id, issueDate: madridDay(event.recordedAt), sender, receiver, seller, buyer, code, effectiveDate: event.date,
    reasonCode: event.reasonCode, reason: event.reason,
    invoice: { number: invoiceNumber, issueDate: facts.issueDate, creditNote: facts.total.startsWith('-') },
  });
  return { xml, filename: `einvoice-status-${invoiceNumber.replace(/[^A-Za-z0-9._-]+/g, '_')}-${event.seq}.xml` };
}

/** Received invoices whose four days to answer ran out before `asOf` with no acceptance or rejection, the latest deadline last. */
export async function unansweredPurchases(tx: Tx, query: { asOf: string; limit: number; offset: number }) {
  const rows = await tx.sql<any>(`select e.document_id::text as document_id, e.date::text as booked_on, e.answer_due::text as answer_due, count(*) over () as total
    from einvoice_status_events e
    where e.tenant_id = :tenant and e.answer_due is not null and e.answer_due < :asOf::date
      and not exists (select 1 from einvoice_status_events d where d.tenant_id = e.tenant_id and d.document_id = e.document_id and d.status in ('accepted', 'rejected'))
    order by e.answer_due, e.document_id limit :limit offset :offset`, query);
  const items = [];
  for (const row of rows) {
    const facts = await documentFacts(tx, 'purchase', row.document_id);
    const history = await historyOf(tx, facts.id);
    items.push({
      purchase_id: facts.id, number: facts.number, supplier_invoice_number: facts.supplierNumber, contact_id: facts.contactId,
      supplier_name: facts.counterparty?.legal_name ?? facts.counterparty?.name ?? null, issue_date: facts.issueDate, total: facts.total,
      booked_on: row.booked_on, answer_due: row.answer_due, current_status: currentStatus(history),
    });
  }
  return { items, total: rows.length ? Number(rows[0].total) : await countUnanswered(tx, query.asOf) };
}

async function countUnanswered(tx: Tx, asOf: string): Promise<number> {
  const [row] = await tx.sql<any>(`select count(*)::int as n from einvoice_status_events e
    where e.tenant_id = :tenant and e.answer_due is not null and e.answer_due < :asOf::date
      and not exists (select 1 from einvoice_status_events d where d.tenant_id = e.tenant_id and d.document_id = e.document_id and d.status in ('accepted', 'rejected'))`, { asOf });
  return Number(row.n);
}

/** The company's histories for the GDPR export: each side only when the reader may read that kind of document. */
export async function exportStatuses(tx: Tx, allows: (permission: string) => boolean) {
  const types = [allows('invoices.read') ? 'invoice' : null, allows('purchases.read') ? 'purchase' : null].filter(Boolean);
  if (!types.length) return { events: [] };
  const rows = await tx.sql(`select ${COLUMNS} from einvoice_status_events where tenant_id = :tenant and document_type = any(:types::text[]) order by document_id, seq`,
    { types: `{${types.join(',')}}` });
  return { events: rows.map((row) => eventJson(eventOf(row))) };
}

export async function eraseStatuses(tx: Tx): Promise<void> {
  await tx.sql('delete from einvoice_status_events where tenant_id = :tenant');
}

/** An event on the wire. */
export const eventJson = (event: StatusEvent) => ({
  id: event.id, seq: event.seq, status: event.status, date: event.date, reason_code: event.reasonCode, reason: event.reason,
  response_code: RESPONSE_CODES[event.status] ?? null, settlement_id: event.settlementId, source: event.source, recorded_by: event.recordedBy,
  recorded_at: event.recordedAt,
});
