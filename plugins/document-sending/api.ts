import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';
import { lastSendings, sendDocument, type SendRequest } from './service';

export type { SendableDocument, SendableFacts } from './extensions';
export type { SendRequest };
export { lastSendings };

/**
 * Mails a document of `kind` to its customer as the company itself (no person sends it: a job
 * does), in `tx`, and records the sending. False, sending nothing, when it was already sent once
 * (an event delivered twice mails once) or when the customer has no email address.
 */
export async function sendOnce(kernel: Kernel, tx: Tx, kind: string, id: string, request: SendRequest = {}): Promise<boolean> {
  const document = kernel.contributions('sendable-documents').find((d) => d.kind === kind);
  if (!document) throw new Error(`No installed plugin sends documents of kind "${kind}"`);
  if ((await lastSendings(tx, [id])).has(id)) return false;
  return (await sendDocument(kernel, tx, null, document, id, request, { withoutRecipient: 'skip' })) !== null;
}
