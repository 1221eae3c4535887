import type { SearchNeedle } from '../../lib/listing';
import type { Tx } from '../../kernel/uow';
import { documentSearchHits, newestFirst, type DocumentTable } from '../documents/api';
import { INVOICE } from './kind';

/** Sales invoices, newest first (drafts, unnumbered, before the numbered invoices of their day). */
export const INVOICES: DocumentTable = {
  ...INVOICE,
  headerFields: {
    number: (a) => `${a}.number`,
    customer_name: (a) => `${a}.customer->>'name'`,
    customer_legal_name: (a) => `${a}.customer->>'legal_name'`,
    customer_vat: (a) => `${a}.customer_vat`,
    notes: (a) => `${a}.notes`,
  },
  order: newestFirst({ expression: 'd.series', direction: 'asc', type: 'text' }),
};

/** The search box's invoices: number (or "Borrador"), customer and date. */
export const invoiceSearchHits = (tx: Tx, needle: SearchNeedle, limit: number) => documentSearchHits(tx, INVOICES, 'invoices', needle, limit,
  (row) => ({ title: row.number ?? 'Borrador', subtitle: [row.customer_name, row.issue_date, row.total].filter(Boolean).join(' · ') || null }),
  `d.id::text as id, d.number, d.customer->>'name' as customer_name, d.issue_date::text as issue_date, d.total::text as total`);
