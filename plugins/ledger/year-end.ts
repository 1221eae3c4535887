import { NotFound, Unprocessable } from '../../kernel/errors';
import { type Decimal, money } from '../../kernel/money';
import { pgArray } from '../../kernel/sql-params';
import type { Tx } from '../../kernel/uow';
import { periodRowsSql } from './balances';
import { isIsoDate, UUID, type IsoDate } from './draft';

/**
 * Year-end postings, set-based: the entry's lines are computed and written by the database in one
 * statement (balances grouped by account from the maintained monthly balances), never loaded into
 * memory, so closing a year costs the same whether it holds a thousand lines or millions.
 *
 * These are the only entries the period lock lets through, and only for the statement that posts
 * them (the transaction setting `cuadra.year_end_posting`, checked by the lock trigger together
 * with a `year_end.*` source type): a year is usually locked before it is closed.
 */
export const YEAR_END_SOURCE_TYPES = {
  /** Regularización: groups 6 and 7 into 129, dated the year's last day. */
  regularisation: 'year_end.regularisation',
  /** Asiento de cierre: every balance-sheet account to zero, dated the year's last day. */
  closing: 'year_end.closing',
  /** Asiento de apertura: the closing entry's mirror, dated the next year's first day. */
  opening: 'year_end.opening',
} as const;

/** The journal accepts at most this many lines per entry (`journal_lines.line_no`). */
const MAX_ENTRY_LINES = 10_000;

export interface BalancesEntry {
  /** The entry's date. */
  date: IsoDate;
  /** Balances as of the end of this day. */
  asOf: IsoDate;
  /** Account code prefixes whose postable accounts are brought to zero (['6', '7']). */
  prefixes: string[];
  /** The account that takes the net balance (129); omitted, the net must be zero. */
  counterpart?: string;
  description: string;
  sourceType: string;
  sourceId?: string | null;
}

export interface PostedSummary { id: string; number: number; date: IsoDate; lines: number }

async function asYearEnd<T>(tx: Tx, sourceType: string, work: () => Promise<T>): Promise<T> {
  if (!sourceType.startsWith('year_end.')) throw new RangeError(`Not a year-end source type: ${sourceType}`);
  await tx.sql(`select set_config('cuadra.year_end_posting', :tenant::text, true)`);
  try {
    return await work();
  } finally {
    // cleared for the rest of the transaction (tenant SQL names :tenant; the flag only ever holds this one)
    await tx.sql(`select set_config('cuadra.year_end_posting', '', true) where :tenant::uuid is not null`);
  }
}

const COUNTER = `ledger_number as (
      insert into ledger_counters as c (tenant_id, last_number) select :tenant, 1 from ledger_gate
      on conflict (tenant_id) do update set last_number = c.last_number + 1
      returning last_number
    )`;

export const YearEnd = {
  /**
   * Posts one entry that brings to zero the balance as of `asOf` of every account starting with
   * one of `prefixes` (a debit balance is credited, a credit balance debited) and puts the net on
   * `counterpart`. One statement: the balances are grouped by account in the database from the
   * maintained monthly balances. Null (nothing posted) when every such account is already at zero.
   * The database checks at commit that the entry balances (without a counterpart: the net must be
   * zero, i.e. the books balance).
   */
  async postBalancesToZero(tx: Tx, spec: BalancesEntry): Promise<(PostedSummary & { net: Decimal }) | null> {
    if (!isIsoDate(spec.date) || !isIsoDate(spec.asOf)) throw new RangeError('Year-end entries need valid dates');
    if (!spec.prefixes.length || spec.prefixes.some((p) => !/^[0-9]{1,12}$/.test(p))) throw new RangeError('Account prefixes are 1 to 12 digits');
    const params: Record<string, unknown> = {
      id: crypto.randomUUID(), date: spec.date, description: spec.description, sourceType: spec.sourceType, sourceId: spec.sourceId ?? null,
      prefixes: pgArray(spec.prefixes.map((p) => `${p}%`)), counterpart: spec.counterpart ?? null, maxLines: MAX_ENTRY_LINES - 1,
    };
    const source = periodRowsSql({ to: spec.asOf }, params);
    return asYearEnd(tx, spec.sourceType, async () => {
      const [row] = await tx.sql<{ number: number | null; net: string; n: number }>(`
        with balances as materialized (
          select account_code, sum(debit) - sum(credit) as balance
          from (${source}) l
          where account_code like any(:prefixes::text[])
          group by account_code having sum(debit) - sum(credit) <> 0
        ), totals as (
          select coalesce(sum(balance), 0) as net, count(*)::int as n from balances
        ), ledger_gate as (
          select 1 from totals where n between 1 and :maxLines
        ), ${COUNTER}, ledger_entry as (
          insert into journal_entries (id, tenant_id, number, date, description, source_type, source_id)
          select :id::uuid, :tenant, last_number, :date::date, :description, :sourceType, :sourceId::uuid from ledger_number
          returning number
        ), ledger_lines as (
          insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit)
          select :tenant, :id::uuid, x.line_no, :date::date, x.account_code, x.debit, x.credit
          from ledger_entry, (
            select (row_number() over (order by account_code))::int as line_no, account_code,
              greatest(-balance, 0) as debit, greatest(balance, 0) as credit
            from balances
            union all
            select n + 1, :counterpart::text collate "C", greatest(net, 0), greatest(-net, 0) from totals where :counterpart::text is not null and net <> 0
          ) x
          returning 1
        )
        select (select number from ledger_entry) as number, (select net from totals)::text as net, (select n from totals) as n`, params);
      const n = Number(row.n);
      if (n > MAX_ENTRY_LINES - 1) throw new Unprocessable(`${n} accounts have a balance: more than one entry of the journal can hold (${MAX_ENTRY_LINES - 1})`);
      if (row.number == null) return null;
      const net = money(row.net);
      return { id: params.id as string, number: Number(row.number), date: spec.date, lines: n + (spec.counterpart && !net.isZero() ? 1 : 0), net };
    });
  },

  /**
   * Posts the mirror of an entry (debits and credits swapped, tax bases negated) dated `date`, in
   * one statement. `reversal: true` links it as the entry's reversal (an entry is reversed once:
   * 409 the second time); otherwise it is a new entry of its own (the opening entry mirrors the
   * closing one).
   */
  async postMirror(tx: Tx, entryId: string, spec: { date: IsoDate; description: string; sourceType: string; sourceId?: string | null; reversal: boolean }): Promise<PostedSummary> {
    if (!UUID.test(entryId) || !isIsoDate(spec.date)) throw new RangeError('A mirror needs an entry id and a valid date');
    const params = {
      id: crypto.randomUUID(), original: entryId, date: spec.date, description: spec.description, sourceType: spec.sourceType,
      sourceId: spec.sourceId ?? null, reversal: spec.reversal,
    };
    return asYearEnd(tx, spec.sourceType, async () => {
      const [row] = await tx.sql<{ number: number | null; n: number }>(`
        with ledger_gate as (
          select 1 from journal_entries where tenant_id = :tenant and id = :original::uuid
        ), ${COUNTER}, ledger_entry as (
          insert into journal_entries (id, tenant_id, number, date, description, source_type, source_id, reversal_of)
          select :id::uuid, :tenant, last_number, :date::date, :description, :sourceType, :sourceId::uuid,
            case when :reversal::boolean then :original::uuid end
          from ledger_number
          returning number
        ), ledger_lines as (
          insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit, contact_id, tax_type_id, tax_base)
          select :tenant, :id::uuid, l.line_no, :date::date, l.account_code, l.credit, l.debit, l.contact_id, l.tax_type_id, -l.tax_base
          from ledger_entry, journal_lines l where l.tenant_id = :tenant and l.entry_id = :original::uuid
          returning 1
        )
        select (select number from ledger_entry) as number, (select count(*) from ledger_lines)::int as n`, params);
      if (row.number == null) throw new NotFound('Journal entry not found');
      return { id: params.id, number: Number(row.number), date: spec.date, lines: Number(row.n) };
    });
  },

  /** The dates of the first and the last entry of the journal (null when it is empty). */
  async dateRange(tx: Tx): Promise<{ first: IsoDate | null; last: IsoDate | null }> {
    const [row] = await tx.sql<{ first: string | null; last: string | null }>(`
      select (select min(date) from journal_entries where tenant_id = :tenant)::text as first,
             (select max(date) from journal_entries where tenant_id = :tenant)::text as last`);
    return { first: row?.first ?? null, last: row?.last ?? null };
  },

  /** Σcredit − Σdebit of groups 6 and 7 over a period (the result: profit positive), read from the monthly balances. */
  async result(tx: Tx, period: { from: IsoDate; to: IsoDate }, excludeSourceTypes: string[] = []): Promise<Decimal> {
    const params: Record<string, unknown> = {};
    const source = periodRowsSql({ ...period, excludeSourceTypes }, params);
    const [row] = await tx.sql<{ result: string }>(`
      select (coalesce(sum(credit), 0) - coalesce(sum(debit), 0))::text as result from (${source}) l
      where account_code like '6%' or account_code like '7%'`, params);
    return money(row?.result ?? '0');
  },
};
