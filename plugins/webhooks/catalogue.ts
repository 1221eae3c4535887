/**
 * The event types an endpoint may receive: after-commit events of the installed plugins. An event
 * type whose plugin is not installed is accepted and never arrives (so subscriptions survive
 * installing it later).
 */
export const WEBHOOK_EVENT_TYPES = [
  'invoice.issued', 'invoice.rectified', 'invoice.cancelled',
  'purchase.registered', 'purchase.rectified', 'purchase.cancelled',
  'document.paid', 'settlement.created', 'settlement.reversed',
  'bank_movement.imported', 'bank_movement.created', 'reconciliation.matched',
  'einvoice.status_changed',
  'approval.requested', 'approval.decided',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'invoice.issued': 'A sales invoice was issued (numbered, posted to the books)',
  'invoice.rectified': 'A rectifying invoice was issued (`rectifies_id` names the original)',
  'invoice.cancelled': 'Nothing is left of an invoice after its rectifications',
  'purchase.registered': 'A purchase invoice or expense was registered',
  'purchase.rectified': 'A rectifying purchase was registered',
  'purchase.cancelled': 'Nothing is left of a purchase after its rectifications',
  'document.paid': 'An invoice or purchase was paid in full',
  'settlement.created': 'A payment or collection was recorded against documents',
  'settlement.reversed': 'A payment or collection was reversed',
  'bank_movement.imported': 'A bank statement was imported (treasury plugin)',
  'bank_movement.created': 'A bank movement was recorded (treasury plugin)',
  'reconciliation.matched': 'A bank movement was matched with documents (reconciliation plugin)',
  'einvoice.status_changed': 'An issued or received e-invoice was rejected, paid in full, or that payment reversed (einvoice-status plugin)',
  'approval.requested': 'An API key with the drafts scope asked to issue, post, settle, close, delete or send: the request waits for a person (approvals plugin)',
  'approval.decided': 'A person approved a held request (it ran: `result` has its answer) or rejected it (approvals plugin)',
};
