import { ValidationFailed } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';

export interface DocumentNumber { year: number; seq: number; number: string }

/** "F-2026-000123": series, year of the issue date, counter padded to six digits (more when it grows past them). */
export const formatNumber = (series: string, year: number, seq: number): string => `${series}-${year}-${String(seq).padStart(6, '0')}`;

/**
 * Takes the next number of (series, year) in the caller's transaction: one statement that inserts
 * the counter row or increments it, holding its row lock until commit. A rolled-back transaction
 * rolls the increment back with it, so numbers are correlative with no gap and no duplicate (a
 * sequence would leak numbers on rollback). Call it as late as possible in the transaction: every
 * other issue in the same series waits for the lock.
 *
 * With `monotonicDates` (sales invoices) the issue date may not go backwards within the series:
 * not before the last date issued in that year, and not in a year older than one already started
 * (422 with `loc`).
 */
export async function takeNumber(tx: Tx, table: 'invoice_series' | 'purchase_series', series: string, date: string, options: { monotonicDates: boolean; loc: (string | number)[] }): Promise<DocumentNumber> {
  const year = Number(date.slice(0, 4));
  if (!options.monotonicDates) {
    const [row] = await tx.sql<{ n: number }>(`
      insert into ${table} as s (tenant_id, series, year, last_number, last_issue_date) values (:tenant, :series, :year, 1, :date::date)
      on conflict (tenant_id, series, year) do update set last_number = s.last_number + 1, last_issue_date = greatest(s.last_issue_date, excluded.last_issue_date)
      returning last_number as n`, { series, year, date });
    const seq = Number(row.n);
    return { year, seq, number: formatNumber(series, year, seq) };
  }
  const [row] = await tx.sql<{ n: number | null; later: number | null }>(`
    with later as (
      select max(year) as y from ${table} where tenant_id = :tenant and series = :series and year > :year
    ), taken as (
      insert into ${table} as s (tenant_id, series, year, last_number, last_issue_date)
      select :tenant, :series, :year, 1, :date::date where (select y from later) is null
      on conflict (tenant_id, series, year) do update set last_number = s.last_number + 1, last_issue_date = excluded.last_issue_date
        where s.last_issue_date <= excluded.last_issue_date
      returning last_number
    )
    select (select last_number from taken) as n, (select y from later) as later`, { series, year, date });
  if (row.later != null) {
    throw ValidationFailed.field(options.loc, `Series ${series} already has invoices of ${row.later}: an invoice of ${year} cannot be issued after them (issue dates never go backwards within a series)`, 'value_error.issue_date_backwards');
  }
  if (row.n == null) {
    const [last] = await tx.sql<{ d: string }>(`select last_issue_date::text as d from ${table} where tenant_id = :tenant and series = :series and year = :year`, { series, year });
    throw ValidationFailed.field(options.loc, `Series ${series} already has an invoice dated ${last?.d}: the issue date cannot go backwards within a series`, 'value_error.issue_date_backwards');
  }
  const seq = Number(row.n);
  return { year, seq, number: formatNumber(series, year, seq) };
}
