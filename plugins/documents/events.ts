/**
 * The after-commit events of documents and settlements (outbox: delivered once per subscribing
 * plugin after the transaction that made the change commits; nothing when it rolls back). The
 * tenant is the event's (`ctx.tenantId`). Payloads are JSON in snake_case, amounts decimal
 * strings, dates YYYY-MM-DD.
 *
 * The kinds declare their own lifecycle events with `DocumentEventPayload` (invoices:
 * `invoice.issued`, `invoice.rectified`, `invoice.cancelled`; purchases: `purchase.registered`,
 * `purchase.rectified`, `purchase.cancelled`); this plugin declares those of settlements.
 */

/** A document's state change (issued/registered, rectified, cancelled). */
export interface DocumentEventPayload {
  /** The document kind: 'invoice', 'purchase'. */
  kind: string;
  id: string;
  /** "F-2026-000001" (purchases: the registration number "P-2026-000001"). */
  number: string;
  series: string;
  /** The document's status after the change. */
  status: string;
  contact_id: string;
  issue_date: string;
  total: string;
  currency: string;
  /** Only on `*.rectified`: the document this one rectifies. */
  rectifies_id?: string;
}

/** A document whose outstanding amount reached zero. */
export interface DocumentPaidPayload {
  kind: string;
  id: string;
  number: string;
  contact_id: string;
  total: string;
  /** amount_paid (equal to total). */
  paid: string;
  settlement_id: string;
}

/** One payment: the movement on `account` and the documents it settles. */
export interface SettlementPayload {
  id: string;
  date: string;
  /** Net movement on `account`: positive when money comes in (collections), negative when it goes out. */
  amount: string;
  account: string;
  journal_entry_id: string;
  /** Per document: the (positive) amount applied to it. */
  allocations: { kind: string; document_id: string; amount: string }[];
}

declare module '../../kernel/hooks' {
  interface Events {
    /** A document was paid in full (its outstanding amount reached zero). */
    'document.paid': DocumentPaidPayload;
    /** A payment was recorded (POST /settlements, a document's payments route, reconciliation). */
    'settlement.created': SettlementPayload;
    /** A payment was reversed; the payload is the payment as it was created. */
    'settlement.reversed': SettlementPayload;
  }
}

/** A document's currency unless it names another (then `total` is in that currency; ./currency.ts). */
export const DOCUMENT_CURRENCY = 'EUR';

/** The document event payload from a document's wire-independent facts. */
export function documentEventPayload(kind: string, doc: {
  id: string; number: string | null; series: string; status: string; contactId: string; issueDate: string; total: { toString(): string }; currency?: string;
}, rectifiesId?: string | null): DocumentEventPayload {
  const payload: DocumentEventPayload = {
    kind, id: doc.id, number: doc.number ?? '', series: doc.series, status: doc.status, contact_id: doc.contactId, issue_date: doc.issueDate,
    total: doc.total.toString(), currency: doc.currency ?? DOCUMENT_CURRENCY,
  };
  if (rectifiesId) payload.rectifies_id = rectifiesId;
  return payload;
}

/**
 * The payloads of a rectification's events, which the kind publishes under its own names after its
 * rectifying document is issued: `<kind>.rectified` for the rectifying document, and
 * `<kind>.cancelled` for the original when nothing of it is left (a substitution with a zero
 * total, or corrections that bring it to zero; null otherwise).
 */
export function rectificationEvents(kind: string, rectifying: Parameters<typeof documentEventPayload>[1], original: Parameters<typeof documentEventPayload>[1],
  cancelled: boolean): { rectified: DocumentEventPayload; cancelled: DocumentEventPayload | null } {
  return {
    rectified: documentEventPayload(kind, rectifying, original.id),
    cancelled: cancelled ? documentEventPayload(kind, { ...original, status: 'rectified' }) : null,
  };
}
