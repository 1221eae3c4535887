import type { Kernel } from '../../kernel/kernel';
import type { MailAttachment } from '../../lib/mail';
import type { Tx } from '../../kernel/uow';

/** What a document kind answers about one of its documents so that it can be mailed. */
export interface SendableFacts {
  /** The document's number (null for a draft). */
  number: string | null;
  /** Why it cannot be sent now (a draft: "issue it first"): 409 with this message; null when it can. */
  refusal: string | null;
  /** The customer's address, used when the request names no `to`. */
  customerEmail: string | null;
  /** The subject when the request gives none, e.g. "Factura F-2026-000001 de Empresa SL". */
  defaultSubject: string;
  /** The mail's text when the request gives no `message`. */
  defaultMessage: string;
  /** The document in each of the declaration's `formats`, rendered only when asked for. */
  attachment(format: string): Promise<MailAttachment>;
}

/**
 * A document kind that can be sent by email (`sendable-documents`): the sending plugin mounts
 * `POST /{segment}/{id}/send` and `GET /{segment}/{id}/sendings` for it and records each sending.
 */
export interface SendableDocument {
  /** The document type, as the documents plugin names it ('invoice', 'quote'); unique. */
  kind: string;
  /** The route segment of the kind's documents ('invoices'). */
  segment: string;
  /** 'Invoice': used in messages ("Invoice not found"). */
  noun: string;
  /** The OpenAPI tag of the kind's routes. */
  tag: string;
  /** The permission to send (the one that issues the kind's documents) and the one to read them. */
  sendPermission: string;
  readPermission: string;
  /** The formats `attach` may name; the first is the default ('pdf'). */
  formats: readonly string[];
  /**
   * Further formats known only once the plugins are loaded (an invoice's e-invoice formats), which
   * `attach` and `einvoice_formats` may also name. Optional.
   */
  moreFormats?(kernel: Kernel): readonly string[];
  /** The document's facts in `tx`, or null when there is none (another company's: the same). */
  load(kernel: Kernel, tx: Tx, id: string): Promise<SendableFacts | null>;
  /** Called in the sending's unit of work once it is recorded (a quote becomes `sent`). */
  markSent?(kernel: Kernel, tx: Tx, id: string): Promise<void>;
}

declare module '../../kernel/extensions' {
  interface ExtensionPoints { 'sendable-documents': SendableDocument }
}

export const sendingExtensionPoints = {
  'sendable-documents': { description: 'A document kind that can be sent by email, with its formats', key: (d: SendableDocument) => d.kind },
};
