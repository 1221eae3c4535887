/**
 * Document kinds: what a plugin declares to be a document the documents plugin numbers, guards,
 * registers and settles (sales invoices, purchases; next, say, delivery notes or customs
 * documents). Declared once at import time from the kind's own `index.ts`:
 *
 *   registerDocumentKind({ name: 'invoice', table: 'invoices', side: 'issued', settlement: invoiceSettlement });
 *
 * A small typed registry of its own until the kernel's typed extension points land; then
 * `registerDocumentKind` becomes a thin call to the kernel's, with the same signature.
 */
import type { RegisterSide } from './tax-register';
import type { SettlementKind } from './settlement';

export interface DocumentKind {
  /** `document_type` in the register and in settlements: 'invoice', 'purchase'. */
  name: string;
  /** The plugin that owns the kind's tables and routes. */
  plugin: string;
  /** Its documents' table. */
  table: string;
  /** Sales documents go to the issued book, purchases to the received one. */
  side: RegisterSide;
  /** How a document of the kind is settled (its posting rule for payments). */
  settlement: SettlementKind;
}

const kinds = new Map<string, DocumentKind>();

export function registerDocumentKind(kind: DocumentKind): DocumentKind {
  const existing = kinds.get(kind.name);
  if (existing && existing.plugin !== kind.plugin) throw new Error(`Document kind "${kind.name}" is already declared by plugin ${existing.plugin}`);
  kinds.set(kind.name, kind);
  return kind;
}

/** The declared kinds (every installed document plugin's). */
export const documentKinds = (): readonly DocumentKind[] => [...kinds.values()];

export function documentKind(name: string): DocumentKind | undefined {
  return kinds.get(name);
}
