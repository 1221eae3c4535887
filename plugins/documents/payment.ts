import type { Tx } from '../../kernel/uow';
import { settle, type SettleInput, type SettlementKind } from './settlement';

/**
 * `POST /<kind>/{id}/payments` of every kind: the document found and locked by the kind (404
 * first), settled through the documents plugin, then read again as the kind answers it.
 */
export async function recordPayment<View>(tx: Tx, kind: SettlementKind, id: string, input: SettleInput, document: {
  lock(tx: Tx, id: string): Promise<unknown>; read(tx: Tx, id: string): Promise<View>;
}, prefixes?: string[]): Promise<View> {
  await document.lock(tx, id);
  await settle(tx, kind, id, input, prefixes);
  return document.read(tx, id);
}
