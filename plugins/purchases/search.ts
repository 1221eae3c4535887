import type { SearchNeedle } from '../../lib/listing';
import type { Tx } from '../../kernel/uow';
import { documentSearchHits, newestFirst, type DocumentTable } from '../documents/api';
import { PURCHASE } from './kind';

/** Purchases, newest first (drafts, unnumbered, first within their day): searched like sales invoices. */
export const PURCHASES: DocumentTable = {
  ...PURCHASE,
  headerFields: {
    number: (a) => `${a}.number`,
    supplier_invoice_number: (a) => `${a}.supplier_invoice_number`,
    supplier_name: (a) => `${a}.supplier->>'name'`,
    supplier_legal_name: (a) => `${a}.supplier->>'legal_name'`,
    supplier_vat: (a) => `${a}.supplier->>'tax_id'`,
    notes: (a) => `${a}.notes`,
  },
  order: newestFirst(),
};

/** The search box's purchases: the supplier's invoice number (else ours, else "Borrador"), supplier and date. */
export const purchaseSearchHits = (tx: Tx, needle: SearchNeedle, limit: number) => documentSearchHits(tx, PURCHASES, 'purchases', needle, limit,
  (row) => ({
    title: row.supplier_invoice_number ?? row.number ?? 'Borrador',
    subtitle: [row.supplier_name, row.number, row.issue_date, row.total].filter(Boolean).join(' · ') || null,
  }),
  `d.id::text as id, d.number, d.supplier_invoice_number, d.supplier->>'name' as supplier_name, d.issue_date::text as issue_date, d.total::text as total`);
