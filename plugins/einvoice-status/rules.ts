/**
 * The e-invoice status lifecycle as pure rules: the statuses, the code lists the messages use, the
 * transitions each side may record and the four-day answer deadline. No database, no HTTP: the
 * service asks these functions and turns their answers into 409/422.
 */

/** What a document's history holds. `payment_reversed` compensates a `paid` whose settlement was reversed. */
export const STATUSES = ['issued', 'delivered', 'accepted', 'rejected', 'paid', 'payment_reversed'] as const;
export type EInvoiceStatus = (typeof STATUSES)[number];

/** `issued`: a sales invoice (the customer reports to the company); `received`: a purchase (the company reports to the supplier). */
export type Side = 'issued' | 'received';
export type DocumentType = 'invoice' | 'purchase';
export const sideOf = (type: DocumentType): Side => (type === 'invoice' ? 'issued' : 'received');

/** What each side may record through the API. */
export const REPORTABLE: Record<Side, readonly EInvoiceStatus[]> = {
  // The company reports on a received invoice: acceptance or rejection, and its full payment.
  received: ['accepted', 'rejected', 'paid'],
  // The company records what its customer reported on an issued invoice.
  issued: ['delivered', 'accepted', 'rejected', 'paid'],
};

/**
 * UNTDID 4343 as Peppol's Invoice Response 3 narrows it (code list UNCL4343-T111, `listID`
 * UNCL4343OpSubset): the response code of each status that is a message. `issued` and
 * `payment_reversed` are Cuadra's own bookkeeping: no message carries them.
 */
export const RESPONSE_CODES: Partial<Record<EInvoiceStatus, 'AB' | 'AP' | 'RE' | 'PD'>> = {
  delivered: 'AB', // message acknowledgement: the buyer has the invoice and can process it
  accepted: 'AP', // accepted: final approval, the next step is payment
  rejected: 'RE', // rejected: the buyer will not process the invoice any further
  paid: 'PD', // paid
};
export const RESPONSE_CODE_LIST = 'UNCL4343OpSubset';

/**
 * OpenPeppol's status clarification reasons (list `OPStatusReason`), the code of a rejection.
 * NON (no issue) and PPD (partially paid) say nothing against an invoice, so a rejection may not
 * use them.
 */
export const REASON_CODES = {
  NON: 'No issue',
  REF: 'References incorrect',
  LEG: 'Legal information incorrect',
  REC: 'Receiver unknown',
  QUA: 'Item quality insufficient',
  DEL: 'Delivery issues',
  PRI: 'Prices incorrect',
  QTY: 'Quantity incorrect',
  ITM: 'Items incorrect',
  PAY: 'Payment terms incorrect',
  UNR: 'Not recognized',
  FIN: 'Finance incorrect',
  PPD: 'Partially paid',
  OTH: 'Other',
} as const;
export type ReasonCode = keyof typeof REASON_CODES;
export const REASON_CODE_LIST = 'OPStatusReason';
export const REJECTION_CODES = (Object.keys(REASON_CODES) as ReasonCode[]).filter((code) => code !== 'NON' && code !== 'PPD');

/** Calendar days the recipient has to accept or reject a received invoice (the draft order on statuses). */
export const ANSWER_DAYS = 4;

export interface HistoryEvent { status: EInvoiceStatus; date: string; settlementId?: string | null }

const last = (history: readonly HistoryEvent[], statuses: readonly EInvoiceStatus[]) =>
  [...history].reverse().find((e) => statuses.includes(e.status)) ?? null;

/** The `paid` event in force: the last `paid` not followed by a `payment_reversed` of it, or null. */
export function paidInForce(history: readonly HistoryEvent[]): HistoryEvent | null {
  const event = last(history, ['paid', 'payment_reversed']);
  return event?.status === 'paid' ? event : null;
}

/** The status a document is in: its last event, a reversed payment falling back to what came before the payment. */
export function currentStatus(history: readonly HistoryEvent[]): EInvoiceStatus | null {
  if (!history.length) return null;
  if (paidInForce(history)) return 'paid';
  const other = last(history, ['issued', 'delivered', 'accepted', 'rejected']);
  return other?.status ?? null;
}

/**
 * Why `next` may not follow `history` on this side (a 409 detail), or null when it may. A decision
 * (acceptance or rejection) is taken once: a rejected invoice is not accepted afterwards, nor an
 * accepted one rejected — the supplier answers a rejection with a new or rectifying invoice.
 */
export function transitionRefusal(side: Side, history: readonly HistoryEvent[], next: EInvoiceStatus): string | null {
  const noun = side === 'received' ? 'received invoice' : 'invoice';
  if (!REPORTABLE[side].includes(next)) return `The status "${next}" cannot be recorded on a ${noun}`;
  const accepted = last(history, ['accepted']);
  const rejected = last(history, ['rejected']);
  const paid = paidInForce(history);
  switch (next) {
    case 'delivered': {
      const later = last(history, ['delivered', 'accepted', 'rejected', 'paid']);
      return later ? `The invoice is already ${later.status} (${later.date}): delivery is recorded before anything else` : null;
    }
    case 'accepted':
      if (accepted) return `The ${noun} was already accepted on ${accepted.date}`;
      if (rejected) return `The ${noun} was rejected on ${rejected.date}: a rejected invoice cannot be accepted afterwards (the supplier issues a new or rectifying invoice)`;
      return null;
    case 'rejected':
      if (rejected) return `The ${noun} was already rejected on ${rejected.date}`;
      if (accepted) return `The ${noun} was accepted on ${accepted.date}: an accepted invoice cannot be rejected afterwards (ask for a rectifying invoice)`;
      if (paid) return `The ${noun} was paid on ${paid.date}: a paid invoice cannot be rejected`;
      return null;
    case 'paid':
      if (paid) return `The ${noun} was already paid on ${paid.date}`;
      if (rejected) return `The ${noun} was rejected on ${rejected.date}: a rejected invoice is not paid`;
      return null;
    default:
      return `The status "${next}" is recorded by Cuadra itself`;
  }
}

/** YYYY-MM-DD plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last day to answer a received invoice booked on `booked`: four calendar days later. */
export const answerDue = (booked: string): string => addDays(booked, ANSWER_DAYS);

/** Unanswered and late on `asOf`: no acceptance or rejection, and the last day to answer has passed. */
export const overdue = (due: string | null, history: readonly HistoryEvent[], asOf: string): boolean =>
  due !== null && due < asOf && !last(history, ['accepted', 'rejected']);

/** Today in Spain (YYYY-MM-DD): the day a status is dated by default and a purchase's booking day. */
export const todayInSpain = (): string => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date());
