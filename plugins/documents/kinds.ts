/**
 * Document kinds: what a plugin declares to be a document the documents plugin numbers, guards,
 * registers and settles (sales invoices, purchases; next, say, delivery notes or customs
 * documents). A kind is a contribution to the documents plugin's extension point, from the
 * kind's own `index.ts`:
 *
 *   contributes: { 'document-kinds': [{ ...INVOICE, settlement: INVOICE_SETTLEMENT }] }   // INVOICE = documentTables({ name: 'invoice', … })
 *
 * The documents plugin reads them at start-up (`kernel.contributions('document-kinds')`) into the
 * lookup below, which services use where they hold no kernel.
 */
import type { ContactFacts } from './context';
import type { Party } from './document';
import type { OwnColumns } from './kind-store';
import type { RegisterSide } from './tax-register';
import type { SettlementKind } from './settlement';

/** What a kind declares once; `documentTables` derives its table names from it. */
export interface DocumentKindName {
  /** `document_type` in the register and in settlements: 'invoice', 'purchase'. */
  name: string;
  /** The plugin that owns the kind's tables and routes. */
  plugin: string;
  /** "Invoice", "Purchase": how messages name one document. */
  noun: string;
  /** Sales documents go to the issued book, purchases to the received one. */
  side: RegisterSide;
  /**
   * Which of the kind's lines are goods, as SQL over its lines table aliased `l`. A kind without it does not say goods or
   * services: the informative returns list its rows instead of guessing. Read only through
   * `TaxRegisterNature` (./nature.ts), the one rule of goods and services.
   */
  lineNature?: { goods: string };
  /**
   * What splits a document's lines into register rows besides the VAT type, as SQL over its lines
   * table aliased `l`: the capital-good flag and deductibility (a purchase line bearing a surcharge
   * is not deductible). The register backfill groups by it, and `TaxRegisterNature` matches a row to
   * its lines by it. Without it, one row per VAT type.
   */
  registerGroupBy?: { capitalGood: string; deductible: string };
}

/**
 * A kind's tables, named after it (`invoice`: `invoices`, `invoice_lines` with `invoice_id`,
 * `invoice_series`). Every per-kind descriptor (the contribution below, the immutability guard,
 * the register backfill, the list and search table) spreads this one object, so a kind states
 * its table names nowhere else.
 */
export interface DocumentTables extends DocumentKindName {
  table: string;
  linesTable: string;
  /** The lines' column naming their document. */
  linesKey: string;
  /** The numbering counter rows. */
  seriesTable: string;
}

export const documentTables = <Name extends string>(kind: DocumentKindName & { name: Name }) => ({
  ...kind, table: `${kind.name}s` as const, linesTable: `${kind.name}_lines` as const, linesKey: `${kind.name}_id` as const, seriesTable: `${kind.name}_series` as const,
}) satisfies DocumentTables;

export interface DocumentKind extends DocumentTables {
  /** How a document of the kind is settled (its posting rule for payments). */
  settlement: SettlementKind;
  /** How the kind stores an open item brought from another system (./open-items-import.ts); a kind without it takes none. */
  openItems?: OpenItemKind;
}

/** One open item of a file, as the kind's own columns are filled from it. */
export interface OpenItemFields {
  /** The number the file gives (the previous system's, or the supplier's). */
  number: string;
  contact: ContactFacts;
  party: Party;
  issuer: Party;
}

/** A value with its SQL type, for one of the kind's own columns. */
export type OwnValue = readonly [OwnColumns[string], unknown];

/**
 * What a kind declares to take open items (./open-items-import.ts): where the file's number goes
 * and its own columns' values. The documents plugin writes the document (flagged `migrated`,
 * issued, not posted), its lines (one per VAT rate) and its register rows.
 */
export interface OpenItemKind {
  /**
   * `given`: the file's number is the document's number (sales invoices; unique in the company);
   * else the document is numbered in `series` like any other of the kind, and the file's number
   * goes to the column named, unique per contact (a supplier's invoice number).
   */
  numbering: { given: true } | { series: string; numberColumn: string };
  /** Is this contact a counterparty of the kind (a customer for sales)? Else the message refusing it. */
  refuses(contact: ContactFacts): string | null;
  /** The kind's own document columns (the party printed on it among them). */
  own(fields: OpenItemFields): Record<string, OwnValue>;
  /** The kind's own line columns (each line is one VAT rate of the item; nothing is posted from them). */
  lineOwn: Record<string, OwnValue>;
  /** The register row's extras: a purchase's kind, a supplier's number. */
  register?(fields: OpenItemFields): { purchaseKind?: 'invoice' | 'expense'; supplierNumber?: string | null };
}

declare module '../../kernel/extensions' {
  interface ExtensionPoints { 'document-kinds': DocumentKind }
}

const kinds = new Map<string, DocumentKind>();

/** Adds a kind to the lookup (the documents plugin does this for every contribution at start-up). */
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
