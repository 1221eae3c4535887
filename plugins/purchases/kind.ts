import { documentTables } from '../documents/api';

/** Purchases as a document kind: its table names (purchases, purchase_lines, purchase_series) derive from this. */
export const PURCHASE = documentTables({ name: 'purchase', plugin: 'purchases', noun: 'Purchase', side: 'received' });
