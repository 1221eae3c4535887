import type { Tx } from '../../kernel/uow';
import { rectificationEvents } from './events';
import type { DocumentTables } from './kinds';
import type { Decimal } from '../../kernel/money';
import { checkRectificationAmounts, markRectified, statusAfterRectification, type Rectifiable, type RectificationGround, type RectificationMode } from './lifecycle';
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

/** What rectifying asks of the kind: how to build, store and issue its rectifying document. */
export interface RectifyingKind<R extends EventDocument & Rectifiable & { journalEntryId: string | null }, C extends { total: Decimal }, T> {
  kind: Pick<DocumentTables, 'name' | 'table' | 'noun' | 'side'>;
  /** How the over-rectification message names the original ("invoice F-2026-000001"). */
  original: string;
  /** The corrective lines computed (none: an empty document, for a cancellation by substitution). */
  build(): Promise<{ computed: C; types: T }>;
  /** The rectifying draft stored. */
  insert(computed: C): Promise<R>;
  /** The draft issued (`reverseEntryId`: the original's entry, reversed by a substitution). */
  issue(draft: R, types: T, reverseEntryId: string | null): Promise<R & { number: string | null; total: Decimal }>;
  /** How the rectification names the original (its number, or the supplier's). */
  rectifiesNumber: string | null;
  /** Publishes `<kind>.rectified` and `<kind>.cancelled` under the kind's event names. */
  publish(events: ReturnType<typeof rectificationEvents>): void;
}

/**
 * Rectifying any kind's issued document (art. 15 RD 1619/2012), once `checkRectification` and the
 * kind's own checks passed: by differences (its lines are the corrections; the original becomes
 * `rectified` when they bring its total to zero, never past it) or by substitution (its lines are
 * the full corrected document, none for a cancellation; the original's entry is reversed, refused
 * once payments exist). Then the original's status, the register and the events.
 */
export async function completeRectifying<R extends EventDocument & Rectifiable & { journalEntryId: string | null }, C extends { total: Decimal }, T>(
  tx: Tx, original: R, input: { mode: RectificationMode; lines?: unknown[] }, kind: RectifyingKind<R, C, T>,
): Promise<{ record: R; types: T }> {
  checkRectificationAmounts(original, input.mode, input.lines?.length ?? 0, kind.kind.noun);
  const built = await kind.build();
  const originalStatus = await statusAfterRectification(tx, kind.kind, original, input.mode, built.computed.total, kind.original);
  const draft = await kind.insert(built.computed);
  const issued = await kind.issue(draft, built.types, input.mode === 'substitution' ? original.journalEntryId : null);
  kind.publish(await completeRectification(tx, kind.kind, { original, rectifying: issued, originalStatus, mode: input.mode, rectifiesNumber: kind.rectifiesNumber }));
  return { record: issued, types: built.types };
}
