import { Conflict, Forbidden, ValidationFailed, type FieldError } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { Decimal, money } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { PeriodLock, todayInSpain, YearEnd, YEAR_END_SOURCE_TYPES } from '../ledger/api';
import { TenantService } from '../tenants/api';
import type { YearEndPending } from './api';
import { fiscalYear, fiscalYearOf, type FiscalYearPeriod } from './periods';

/** At most this many pending items are listed per check in a refusal. */
const PENDING_LISTED = 50;

interface ClosingRow {
  id: string; year: number; result: string; forced: boolean; lock_before: string | null;
  regularisation_entry_id: string | null; closing_entry_id: string | null; opening_entry_id: string | null;
  closed_at: unknown; closed_by: string | null;
}

export interface FiscalYearView {
  year: number;
  start_date: string;
  end_date: string;
  status: 'open' | 'closed';
  /** Income (group 7) less expenses (group 6) of the year: profit positive. */
  result: string;
  /** The lock as it bears on this year: the lock date when it falls in the year, the last day when beyond, null when before. */
  locked_until: string | null;
  closed_at: string | null;
  closed_by: string | null;
  forced: boolean | null;
  entries: { regularisation: string | null; closing: string | null; opening: string | null } | null;
}

export interface ClosingResult extends FiscalYearView {
  posted: { regularisation: EntryRef | null; closing: EntryRef | null; opening: EntryRef | null };
}
interface EntryRef { id: string; number: number; date: string; lines: number }

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const ref = (posted: { id: string; number: number; date: string; lines: number } | null): EntryRef | null =>
  posted && { id: posted.id, number: posted.number, date: posted.date, lines: posted.lines };

function checkYear(year: number): void {
  if (!Number.isInteger(year) || year < 1900 || year > 2998) throw ValidationFailed.field(['path', 'year'], 'A year from 1900 to 2998');
}

async function startMonth(tx: Tx): Promise<number> {
  return (await TenantService.current(tx)).fiscalYearStartMonth ?? 1;
}

async function closingInForce(tx: Tx, year: number, lock = false): Promise<ClosingRow | null> {
  const [row] = await tx.sql<ClosingRow>(`
    select id::text as id, year, result::text as result, forced, lock_before::text as lock_before,
      regularisation_entry_id::text as regularisation_entry_id, closing_entry_id::text as closing_entry_id, opening_entry_id::text as opening_entry_id,
      closed_at, closed_by::text as closed_by
    from fiscal_year_closings where tenant_id = :tenant and year = :year and reopened_at is null${lock ? ' for update' : ''}`, { year });
  return row ?? null;
}

function lockOn(period: FiscalYearPeriod, lock: string | null): string | null {
  if (lock === null || lock < period.start) return null;
  return lock < period.end ? lock : period.end;
}

function view(period: FiscalYearPeriod, closing: ClosingRow | null, result: Decimal, lock: string | null): FiscalYearView {
  return {
    year: period.year, start_date: period.start, end_date: period.end, status: closing ? 'closed' : 'open', result: result.toString(),
    locked_until: lockOn(period, lock), closed_at: closing ? iso(closing.closed_at) : null, closed_by: closing?.closed_by ?? null,
    forced: closing ? closing.forced : null,
    entries: closing ? { regularisation: closing.regularisation_entry_id, closing: closing.closing_entry_id, opening: closing.opening_entry_id } : null,
  };
}

/** An open year's result from the books; a closed one's as its regularisation found it. */
async function resultOf(tx: Tx, period: FiscalYearPeriod, closing: ClosingRow | null): Promise<Decimal> {
  if (closing) return money(closing.result);
  return YearEnd.result(tx, { from: period.start, to: period.end });
}

/** What the installed plugins say is pending in the year (drafts, unreconciled movements…). */
async function pendingIn(kernel: Kernel, tx: Tx, period: FiscalYearPeriod): Promise<{ total: number; items: YearEndPending[] }> {
  let total = 0;
  const items: YearEndPending[] = [];
  for (const check of kernel.contributions('year-end-checks')) {
    const found = await check.pending(tx, { from: period.start, to: period.end }, PENDING_LISTED);
    total += found.total;
    items.push(...found.items);
  }
  return { total, items };
}

export const FiscalYears = {
  /**
   * Every year from the first with an entry to the one of today (or of the last entry, if later):
   * status, dates, result and lock. A company without entries sees the current year.
   */
  async list(tx: Tx): Promise<FiscalYearView[]> {
    const month = await startMonth(tx);
    const range = await YearEnd.dateRange(tx);
    const lock = await PeriodLock.lockedUntil(tx);
    const closings = await tx.sql<ClosingRow>(`
      select id::text as id, year, result::text as result, forced, lock_before::text as lock_before,
        regularisation_entry_id::text as regularisation_entry_id, closing_entry_id::text as closing_entry_id, opening_entry_id::text as opening_entry_id,
        closed_at, closed_by::text as closed_by
      from fiscal_year_closings where tenant_id = :tenant and reopened_at is null`);
    const byYear = new Map(closings.map((c) => [Number(c.year), c]));
    const today = fiscalYearOf(todayInSpain(), month).year;
    const years = [today, ...byYear.keys()];
    if (range.first) years.push(fiscalYearOf(range.first, month).year);
    if (range.last) years.push(fiscalYearOf(range.last, month).year);
    const first = Math.min(...years), last = Math.max(...years);
    const out: FiscalYearView[] = [];
    for (let year = first; year <= last; year++) {
      const period = fiscalYear(year, month);
      const closing = byYear.get(year) ?? null;
      out.push(view(period, closing, await resultOf(tx, period, closing), lock));
    }
    return out;
  },

  async get(tx: Tx, year: number): Promise<FiscalYearView> {
    checkYear(year);
    const period = fiscalYear(year, await startMonth(tx));
    const closing = await closingInForce(tx, year);
    return view(period, closing, await resultOf(tx, period, closing), await PeriodLock.lockedUntil(tx));
  },

  /**
   * Closes a year: (1) the regularisation of groups 6 and 7 into 129 and (2) the closing entry
   * bringing every balance-sheet account (groups 1–5) to zero, both dated the last day, (3) the
   * opening entry of the next year on its first day (the closing entry's mirror); then the lock
   * moves to the year's last day (never back). Refused: 409 when the year is closed or an earlier
   * year with entries is still open; 422 listing what is pending (drafts, unreconciled movements)
   * unless `force`.
   */
  async close(kernel: Kernel, tx: Tx, year: number, options: { force?: boolean } = {}): Promise<ClosingResult> {
    checkYear(year);
    const month = await startMonth(tx);
    const period = fiscalYear(year, month);
    // one close at a time per company: the lock row of the ledger is taken first by PeriodLock.set,
    // and a second closing of the same year fails on the unique index (409)
    const existing = await closingInForce(tx, year);
    if (existing) throw new Conflict(`Fiscal year ${year} is already closed (${iso(existing.closed_at).slice(0, 10)}); reopen it first`);
    // years closed under another first month would not line up with this one (a short transition year is not modelled)
    const [misaligned] = await tx.sql<{ year: number; start_date: string }>(`select year, start_date::text as start_date from fiscal_year_closings
      where tenant_id = :tenant and reopened_at is null and extract(month from start_date)::int <> :month order by year desc limit 1`, { month });
    if (misaligned) {
      throw new Conflict(`Fiscal year ${misaligned.year} was closed with years starting on ${misaligned.start_date.slice(5)}, but the company's years now start in month ${month}: reopen the closed years or restore the first month`);
    }
    const range = await YearEnd.dateRange(tx);
    if (range.first && range.first < period.start && !(await closingInForce(tx, year - 1))) {
      throw new Conflict(`Fiscal year ${year - 1} has entries and is still open: close it first (years close in order)`);
    }
    if (!options.force) {
      const pending = await pendingIn(kernel, tx, period);
      if (pending.total > 0) {
        const errors: FieldError[] = pending.items.map((item) => ({
          loc: ['path', 'year'], msg: `${item.label} (${item.date}) is pending in fiscal year ${year}`, type: `year_end.${item.kind}`,
        }));
        if (pending.total > pending.items.length) {
          errors.push({ loc: ['path', 'year'], msg: `and ${pending.total - pending.items.length} more pending in fiscal year ${year}`, type: 'year_end.more' });
        }
        errors.push({ loc: ['body', 'force'], msg: `Issue or delete the drafts and reconcile the movements of fiscal year ${year}, or close with force: true`, type: 'year_end.pending' });
        throw new ValidationFailed(errors);
      }
    }

    const id = crypto.randomUUID();
    const regularisation = await YearEnd.postBalancesToZero(tx, {
      date: period.end, asOf: period.end, prefixes: ['6', '7'], counterpart: '129',
      description: `Regularización del ejercicio ${year}`, sourceType: YEAR_END_SOURCE_TYPES.regularisation, sourceId: id,
    });
    const closing = await YearEnd.postBalancesToZero(tx, {
      date: period.end, asOf: period.end, prefixes: ['1', '2', '3', '4', '5'],
      description: `Asiento de cierre del ejercicio ${year}`, sourceType: YEAR_END_SOURCE_TYPES.closing, sourceId: id,
    });
    const opening = closing && await YearEnd.postMirror(tx, closing.id, {
      date: period.nextStart, description: `Asiento de apertura del ejercicio ${year + 1}`, sourceType: YEAR_END_SOURCE_TYPES.opening, sourceId: id, reversal: false,
    });
    // the regularisation's net is Σ(debit − credit) of groups 6 and 7: the result is its opposite
    const result = regularisation ? regularisation.net.negate() : Decimal.zero(2);

    const lockBefore = await PeriodLock.lockedUntil(tx);
    if (lockBefore === null || lockBefore < period.end) await PeriodLock.set(tx, period.end, { reason: 'fiscal_year.close' });
    await tx.sql(`insert into fiscal_year_closings (id, tenant_id, year, start_date, end_date, result, forced, lock_before,
        regularisation_entry_id, closing_entry_id, opening_entry_id, closed_by)
      values (:id::uuid, :tenant, :year, :start::date, :end::date, :result::numeric, :forced, :lockBefore::date, :reg::uuid, :closing::uuid, :opening::uuid, :by::uuid)`, {
      id, year, start: period.start, end: period.end, result: result.toString(), forced: !!options.force, lockBefore,
      reg: regularisation?.id ?? null, closing: closing?.id ?? null, opening: opening?.id ?? null, by: tx.principal?.userId ?? null,
    });
    const closed = await closingInForce(tx, year);
    return {
      ...view(period, closed, result, await PeriodLock.lockedUntil(tx)),
      posted: { regularisation: ref(regularisation), closing: ref(closing), opening: ref(opening) },
    };
  },

  /**
   * Reopens a closed year (owner only): the lock goes back to the end of the previous year (or to
   * the lock before the closing, when that was earlier), then the opening, closing and
   * regularisation entries are reversed, each by a counter-entry of its own date (the journal keeps
   * both: nothing posted is ever deleted). The closing stays listed as history. 409 when the year is
   * not closed, or the next year is (reopen that one first).
   */
  async reopen(tx: Tx, year: number): Promise<ClosingResult> {
    checkYear(year);
    if (tx.principal?.role !== 'owner') throw new Forbidden('Only an owner may reopen a fiscal year');
    const month = await startMonth(tx);
    const period = fiscalYear(year, month);
    const closing = await closingInForce(tx, year, true);
    if (!closing) throw new Conflict(`Fiscal year ${year} is not closed`);
    if (await closingInForce(tx, year + 1)) throw new Conflict(`Fiscal year ${year + 1} is closed: reopen it first`);

    const current = await PeriodLock.lockedUntil(tx);
    const target = closing.lock_before !== null && closing.lock_before < period.start ? closing.lock_before : (closing.lock_before === null ? null : period.previousEnd);
    if (current !== null && (target === null || target < current)) await PeriodLock.set(tx, target, { reason: 'fiscal_year.reopen', mayMoveBack: true });

    const reversals: Record<'opening' | 'closing' | 'regularisation', EntryRef | null> = { opening: null, closing: null, regularisation: null };
    const steps = [
      ['opening', closing.opening_entry_id, period.nextStart, YEAR_END_SOURCE_TYPES.opening, `Anulación del asiento de apertura del ejercicio ${year + 1}`],
      ['closing', closing.closing_entry_id, period.end, YEAR_END_SOURCE_TYPES.closing, `Anulación del asiento de cierre del ejercicio ${year}`],
      ['regularisation', closing.regularisation_entry_id, period.end, YEAR_END_SOURCE_TYPES.regularisation, `Anulación de la regularización del ejercicio ${year}`],
    ] as const;
    for (const [name, entryId, date, sourceType, description] of steps) {
      if (entryId) reversals[name] = ref(await YearEnd.postMirror(tx, entryId, { date, description, sourceType, sourceId: closing.id, reversal: true }));
    }
    await tx.sql(`update fiscal_year_closings set reopened_at = now(), reopened_by = :by::uuid where tenant_id = :tenant and id = :id::uuid`,
      { id: closing.id, by: tx.principal?.userId ?? null });
    return {
      ...view(period, null, await YearEnd.result(tx, { from: period.start, to: period.end }), await PeriodLock.lockedUntil(tx)),
      posted: reversals,
    };
  },

  /** Every closing of a year, in force or reopened (history), newest first. */
  async history(tx: Tx, year: number) {
    checkYear(year);
    const rows = await tx.sql<any>(`
      select id::text as id, result::text as result, forced, lock_before::text as lock_before, closed_at, closed_by::text as closed_by,
        reopened_at, reopened_by::text as reopened_by
      from fiscal_year_closings where tenant_id = :tenant and year = :year order by closed_at desc, id`, { year });
    return rows.map((r) => ({
      id: r.id, result: r.result, forced: r.forced, lock_before: r.lock_before, closed_at: iso(r.closed_at), closed_by: r.closed_by,
      reopened_at: r.reopened_at == null ? null : iso(r.reopened_at), reopened_by: r.reopened_by,
    }));
  },

  /** GDPR export of the company. */
  async exportForAccount(tx: Tx) {
    return tx.sql(`select year, start_date::text as start_date, end_date::text as end_date, result::text as result, forced, closed_at, reopened_at
      from fiscal_year_closings where tenant_id = :tenant order by year, closed_at`);
  },

  /** The company is erased: its closings go (the ledger then erases the journal). */
  async erase(tx: Tx) {
    await tx.sql(`delete from fiscal_year_closings where tenant_id = :tenant`);
  },
};
