import { documentTables } from '../documents/api';

/** Sales invoices as a document kind: its table names (invoices, invoice_lines, invoice_series) derive from this. */
export const INVOICE = documentTables({ name: 'invoice', plugin: 'invoices', noun: 'Invoice', side: 'issued' });
