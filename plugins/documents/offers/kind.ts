import type { Tx } from '../../../kernel/uow';

/**
 * An offer kind: a commercial document that is not an invoice (a quote, a proforma). It has no
 * fiscal effect (no books, no tax register, no VERI*FACTU), is numbered in a series of its own on
 * creation, goes draft → sent → accepted | rejected (expired once `valid_until` passes while
 * sent), and is converted once into a draft invoice. A plugin declares one with `offerPlugin`
 * (./plugin.ts) and writes nothing else.
 */
export interface OfferKind {
  /** Singular, snake_case: tables `<name>s`, `<name>_lines` (`<name>_id`), `<name>_series`. */
  name: string;
  /** The plugin that declares it: routes under `/<plugin>`, permissions `<plugin>.read` / `<plugin>.write`. */
  plugin: string;
  /** How messages and model names call one ("Quote", "Proforma"). */
  noun: string;
  /** The series its numbers carry (`P` → P-2026-000001). */
  series: string;
  /** The OpenAPI tag's description. */
  description: string;
  pdf: {
    /** The PDF's heading ("PRESUPUESTO", "FACTURA PROFORMA"). */
    title: string;
    /** Lines printed under the heading ("Documento sin validez fiscal"). */
    notices: string[];
    /** The file name's stem ("presupuesto" → presupuesto-P-2026-000001.pdf). */
    filename: string;
  };
  /** How a mail names one, with its article ("el presupuesto", "la factura proforma"). */
  inWords: string;
  /** The converted invoice's notes start with this and the number ("Según presupuesto P-2026-000001"). */
  reference: string;
  /**
   * Creates the draft invoice a conversion makes, in the caller's transaction, and answers its id:
   * the kind passes the invoices plugin's public service, which this plugin cannot depend on.
   */
  createDraftInvoice(tx: Tx, input: DraftInvoiceInput): Promise<string>;
}

/** What a conversion hands to the invoices plugin (InvoiceInput, status `draft`). */
export interface DraftInvoiceInput {
  contact_id: string;
  issue_date: string;
  notes: string | null;
  status: 'draft';
  lines: {
    description: string; quantity: string; unit_price: string; discount_pct: string; nature: 'goods' | 'services';
    tax_type_id: string; surcharge_type_id: string | null; withholding_type_id: string | null;
  }[];
}

export const OFFER_STATES = ['draft', 'sent', 'accepted', 'rejected', 'expired'] as const;
export type OfferState = typeof OFFER_STATES[number];

/** The tables of an offer kind, named after it. */
export const offerTables = (kind: Pick<OfferKind, 'name'>) => ({
  table: `${kind.name}s`, linesTable: `${kind.name}_lines`, linesKey: `${kind.name}_id`, seriesTable: `${kind.name}_series` as `${string}_series`,
});
export type OfferTables = ReturnType<typeof offerTables>;
