/**
 * What other plugins use from the fiscal-years plugin: the `year-end-checks` extension point (what
 * must be settled before a year is closed) and the pure period arithmetic.
 *
 * A plugin that owns something a year must not be closed with (drafts, unreconciled movements)
 * contributes a check; write it as a plain object under `contributesIfInstalled`, so the plugin
 * keeps working without this one:
 *
 *   contributesIfInstalled: { 'year-end-checks': [{ name: 'documents', description: 'draft documents',
 *     pending: async (tx, period, limit) => ({ total, items: [{ kind: 'draft_invoice', id, date, label }] }) }] }
 */
import type { Database } from '../../kernel/database';
import { perTenant } from '../../lib/tenant-sets';
import type { Tx } from '../../kernel/uow';

export interface YearEndPending {
  /** What it is, as a short snake_case noun: `draft_invoice`, `unreconciled_bank_movement`. */
  kind: string;
  id: string;
  /** YYYY-MM-DD: the date that puts it in the year. */
  date: string;
  /** How a person recognises it ("Factura borrador de 2026-05-03, 121.00"). */
  label: string;
}

export interface YearEndCheck {
  /** Unique among contributions (the contributing plugin's name). */
  name: string;
  description: string;
  /** What is pending in the period (both days included): at most `limit` items, and how many in all. */
  pending(tx: Tx, period: { from: string; to: string }, limit: number): Promise<{ total: number; items: YearEndPending[] }>;
}

declare module '../../kernel/extensions' {
  interface ExtensionPoints { 'year-end-checks': YearEndCheck }
}

export { fiscalYear, fiscalYearOf, type FiscalYearPeriod } from './periods';

/** The last fiscal year closed (and not reopened) per company, in one statement (the workspace). */
export async function lastClosedByTenant(db: Database, tenantIds: readonly string[]): Promise<Map<string, { year: number; endDate: string }>> {
  const rows = await perTenant<{ tenant_id: string; year: number; end_date: string }>(db, 'cuadra_fiscal_years_last_closed', tenantIds);
  return new Map([...rows].map(([id, row]) => [id, { year: Number(row.year), endDate: row.end_date }]));
}
