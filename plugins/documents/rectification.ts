import type { Tx } from '../../kernel/uow';
import { rectificationEvents } from './events';
import type { DocumentTables } from './kinds';
import { markRectified, type RectificationGround, type RectificationMode } from './lifecycle';
import { registerSubstitution } from './tax-register';

type EventDocument = Parameters<typeof rectificationEvents>[1];

/**
 * The end of every kind's rectification, once the rectifying document is issued: a substitution's
 * reversing rows in the tax register, the original marked `rectified` when
 * `statusAfterRectification` said so, and the payloads of `<kind>.rectified` and (when that leaves
 * the original at nothing: a substitution by an empty document, or corrections that bring it to
 * zero) `<kind>.cancelled`, which the kind publishes under its own event names.
 */
export async function completeRectification(tx: Tx, kind: Pick<DocumentTables, 'name' | 'table' | 'noun' | 'side'>, rectification: {
  original: EventDocument; rectifying: EventDocument & {
    number: string | null; total: Parameters<typeof registerSubstitution>[1]['total']; supplierInvoiceNumber?: string | null; rectificationGround?: RectificationGround | null;
  };
  originalStatus: 'rectified' | null; mode: RectificationMode; rectifiesNumber: string | null;
}): Promise<ReturnType<typeof rectificationEvents>> {
  const { original, rectifying, originalStatus, mode } = rectification;
  if (mode === 'substitution') {
    await registerSubstitution(tx, {
      documentType: kind.name, side: kind.side, documentId: rectifying.id, number: rectifying.number!, supplierNumber: rectifying.supplierInvoiceNumber, issueDate: rectifying.issueDate,
      total: rectifying.total, rectifiesId: original.id, rectifiesIssueDate: original.issueDate, rectifiesNumber: rectification.rectifiesNumber, rectificationGround: rectifying.rectificationGround,
    });
  }
  if (originalStatus) await markRectified(tx, kind, original.id);
  return rectificationEvents(kind.name, rectifying, original, !!originalStatus && (mode === 'differences' || rectifying.total.isZero()));
}
