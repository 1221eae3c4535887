import { ValidationFailed } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { isIsoDate, type IsoDate } from './draft';

/**
 * The journal's lines read page by page for the official books (Libro Diario, Libro Mayor), each
 * page in the caller's short transaction, with keyset pagination. `upTo` is the highest entry
 * number when the book started: entries posted while a long book is being read stay out of it, so
 * the book is one consistent picture however many transactions read it.
 */
export interface BookLine {
  number: number;
  date: IsoDate;
  description: string;
  source_type: string;
  line_no: number;
  account: string;
  account_name: string;
  debit: string;
  credit: string;
}

export interface BookRange { from?: IsoDate; to?: IsoDate; upTo: number }

export type JournalCursor = { date: IsoDate; number: number } | null;
export type LedgerCursor = { account: string; date: IsoDate; number: number; lineNo: number } | null;

function rangeSql(range: BookRange, params: Record<string, unknown>, column: string): string {
  const invalid = (['from', 'to'] as const).filter((k) => range[k] !== undefined && !isIsoDate(range[k]));
  if (invalid.length) throw new ValidationFailed(invalid.map((k) => ({ loc: ['query', k], msg: 'Not a valid date (YYYY-MM-DD)', type: 'value_error' })));
  if (range.from && range.to && range.from > range.to) throw ValidationFailed.field(['query', 'from'], '"from" is after "to"');
  params.upTo = range.upTo;
  let sql = ` and e.number <= :upTo`;
  if (range.from) { sql += ` and ${column} >= :from::date`; params.from = range.from; }
  if (range.to) { sql += ` and ${column} <= :to::date`; params.to = range.to; }
  return sql;
}

const COLUMNS = `e.number, e.date::text as date, e.description, e.source_type, l.line_no, l.account_code as account, a.name as account_name,
  l.debit::text as debit, l.credit::text as credit`;

export const BookPages = {
  /** The highest entry number now: the book's upper bound. */
  async lastNumber(tx: Tx): Promise<number> {
    const [row] = await tx.sql<{ last: number | null }>(`select max(number) as last from journal_entries where tenant_id = :tenant`);
    return Number(row?.last ?? 0);
  },

  /** The lines of the next `entries` entries in the order of the Libro Diario: by date, then number. */
  async journal(tx: Tx, range: BookRange, after: JournalCursor, entries = 1000): Promise<BookLine[]> {
    const params: Record<string, unknown> = { batch: entries };
    let where = `e.tenant_id = :tenant` + rangeSql(range, params, 'e.date');
    if (after) { where += ` and (e.date, e.number) > (:afterDate::date, :afterNumber)`; params.afterDate = after.date; params.afterNumber = after.number; }
    const rows = await tx.sql<BookLine>(`
      with page as (select e.id, e.number, e.date, e.description, e.source_type from journal_entries e where ${where} order by e.date, e.number limit :batch)
      select ${COLUMNS} from page e
      join journal_lines l on l.tenant_id = :tenant and l.entry_id = e.id
      join accounts a on a.tenant_id = :tenant and a.code = l.account_code
      order by e.date, e.number, l.line_no`, params);
    return rows.map((r) => ({ ...r, number: Number(r.number), line_no: Number(r.line_no) }));
  },

  /** The next `lines` lines in the order of the Libro Mayor: by account, date, entry number and line. */
  async ledger(tx: Tx, range: BookRange, after: LedgerCursor, lines = 2000): Promise<BookLine[]> {
    const params: Record<string, unknown> = { batch: lines };
    let where = `l.tenant_id = :tenant` + rangeSql(range, params, 'l.entry_date');
    if (after) {
      where += ` and (l.account_code, l.entry_date, e.number, l.line_no) > (:afterAccount, :afterDate::date, :afterNumber, :afterLine)`;
      Object.assign(params, { afterAccount: after.account, afterDate: after.date, afterNumber: after.number, afterLine: after.lineNo });
    }
    const rows = await tx.sql<BookLine>(`
      select ${COLUMNS} from journal_lines l
      join journal_entries e on e.tenant_id = :tenant and e.id = l.entry_id
      join accounts a on a.tenant_id = :tenant and a.code = l.account_code
      where ${where} and l.account_code >= :afterAccountFloor
      order by l.account_code, l.entry_date, e.number, l.line_no limit :batch`, { ...params, afterAccountFloor: after?.account ?? '' });
    return rows.map((r) => ({ ...r, number: Number(r.number), line_no: Number(r.line_no) }));
  },
};
