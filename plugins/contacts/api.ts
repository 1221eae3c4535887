/** What other plugins may use from the contacts plugin. */
import { Decimal, money } from '../../kernel/money';
import type { ContactStats } from './hooks';

export { ContactService, contactJson, type ContactRow } from './service';
export { actsAs } from './filters';
export type { ContactActivityRow, ContactStats } from './hooks';

/**
 * Adds one plugin's figures to a `contact.stats` payload: counts and money are summed (decimal
 * strings, never JS numbers), dates widen the first/last range.
 */
export function addContactStats(stats: ContactStats, contribution: {
  documents: number; invoiced?: string; purchased?: string; outstanding?: string; firstDate?: string | null; lastDate?: string | null;
}): void {
  const sum = (a: string, b?: string) => (b ? money(a).add(Decimal.parse(b, 2)).round(2).toString() : a);
  stats.documents_count += contribution.documents;
  stats.invoiced_total = sum(stats.invoiced_total, contribution.invoiced);
  stats.purchased_total = sum(stats.purchased_total, contribution.purchased);
  stats.outstanding_total = sum(stats.outstanding_total, contribution.outstanding);
  if (contribution.firstDate && (!stats.first_document_date || contribution.firstDate < stats.first_document_date)) stats.first_document_date = contribution.firstDate;
  if (contribution.lastDate && (!stats.last_document_date || contribution.lastDate > stats.last_document_date)) stats.last_document_date = contribution.lastDate;
}
export { contactJsonSql } from './reads';
export { nameSortKey } from './sort-key';
