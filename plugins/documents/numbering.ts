import type { Tx } from '../../kernel/uow';

export interface DocumentNumber { year: number; seq: number; number: string }

/** "F-2026-000123": series, year of the issue date, counter padded to six digits (more when it grows past them). */
export const formatNumber = (series: string, year: number, seq: number): string => `${series}-${year}-${String(seq).padStart(6, '0')}`;

/**
 * Takes the next number of (series, year) in the caller's transaction: one statement that inserts
 * the counter row or increments it, holding its row lock until commit. A rolled-back transaction
 * rolls the increment back with it, so numbers are correlative with no gap and no duplicate (a
 * sequence would leak numbers on rollback). Call it as late as possible in the transaction: every
 * other document numbered in the same series waits for the lock. (Sales invoices, whose issue
 * dates may not go backwards, number inside their issue statement: `monotonicNumberCtes`.)
 */
export async function takeNumber(tx: Tx, table: `${string}_series`, series: string, date: string): Promise<DocumentNumber> {
  const year = Number(date.slice(0, 4));
  const [row] = await tx.sql<{ n: number }>(`
    insert into ${table} as s (tenant_id, series, year, last_number, last_issue_date) values (:tenant, :series, :year, 1, :date::date)
    on conflict (tenant_id, series, year) do update set last_number = s.last_number + 1, last_issue_date = greatest(s.last_issue_date, excluded.last_issue_date)
    returning last_number as n`, { series, year, date });
  const seq = Number(row.n);
  return { year, seq, number: formatNumber(series, year, seq) };
}

/**
 * Numbering inside a larger statement, for a series whose issue dates never go backwards: CTEs
 * `later (y)` (a later year already started in the series: refused), `taken (last_number)` (the
 * counter row incremented, or created, only when `gate` yields a row, the year is the latest and
 * the date is not before the last one issued in the year) and `numbered (seq, number)` formatted
 * as `formatNumber` does. Parameters `:series`, `:year`, `:date`. When `numbered` is empty nothing
 * was taken; `later.y`, or else the counter's `last_issue_date`, says why.
 */
export const monotonicNumberCtes = (table: `${string}_series`, gate: string): string => `later as (
      select max(year) as y from ${table} where tenant_id = :tenant and series = :series and year > :year
    ), taken as (
      insert into ${table} as s (tenant_id, series, year, last_number, last_issue_date)
      select :tenant, :series, :year, 1, :date::date from ${gate} where (select y from later) is null
      on conflict (tenant_id, series, year) do update set last_number = s.last_number + 1, last_issue_date = excluded.last_issue_date
        where s.last_issue_date <= excluded.last_issue_date
      returning last_number
    ), numbered as (
      select last_number as seq, :series || '-' || :year || '-' || lpad(last_number::text, greatest(6, length(last_number::text)), '0') as number from taken
    )`;

/**
 * Numbering inside a larger statement for a series that takes any issue date (as `takeNumber`):
 * the counter row of `:series`, `:year` incremented, or created, when `gate` yields a row, as
 * `numbered (seq, number)`.
 */
export const numberCtes = (table: `${string}_series`, gate: string): string => `numbered as (
      insert into ${table} as s (tenant_id, series, year, last_number, last_issue_date)
      select :tenant, :series, :year, 1, :date::date from ${gate}
      on conflict (tenant_id, series, year) do update set last_number = s.last_number + 1, last_issue_date = greatest(s.last_issue_date, excluded.last_issue_date)
      returning last_number as seq, :series || '-' || :year || '-' || lpad(last_number::text, greatest(6, length(last_number::text)), '0') as number
    )`;
