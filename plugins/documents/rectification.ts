import type { Tx } from '../../kernel/uow';
import { publishRectification } from './events';
import type { DocumentTables } from './kinds';
import { markRectified, type RectificationMode } from './lifecycle';

type EventDocument = Parameters<typeof publishRectification>[3];

/**
 * The end of every kind's rectification, once the rectifying document is issued: the original
 * becomes `rectified` when `statusAfterRectification` said so, and `<kind>.rectified` is published
 * (with `<kind>.cancelled` when that leaves the original at nothing: a substitution by an empty
 * document, or corrections that bring it to zero).
 */
export async function completeRectification(tx: Tx, kind: Pick<DocumentTables, 'table' | 'noun'> & { name: 'invoice' | 'purchase' }, rectification: {
  original: EventDocument; rectifying: EventDocument & { total: { isZero(): boolean } }; originalStatus: 'rectified' | null; mode: RectificationMode;
}): Promise<void> {
  const { original, rectifying, originalStatus, mode } = rectification;
  if (originalStatus) await markRectified(tx, kind, original.id);
  publishRectification(tx, kind.name, kind.name, rectifying, original, !!originalStatus && (mode === 'differences' || rectifying.total.isZero()));
}
