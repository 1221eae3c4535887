import { Forbidden, ValidationFailed } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { isIsoDate, type IsoDate } from './draft';

/**
 * The period lock (cierre de periodo): the company's books are closed up to `locked_until`, and the
 * database refuses every journal entry dated on or before it (the trigger of migration
 * `20270208000100_ledger_period_lock`, answered 409 naming the date). This module only reads and
 * moves the date and keeps its history; the wall itself is the trigger, so no posting path can
 * forget it.
 */
export interface LockChange {
  id: string;
  changed_at: string;
  user_id: string | null;
  api_key_id: string | null;
  role: string | null;
  from: IsoDate | null;
  to: IsoDate | null;
  reason: string;
}

export interface LockState { locked_until: IsoDate | null; history: LockChange[] }

/** Why the lock moved: by hand (`PUT /ledger/lock`), or as part of another operation (a year closed). */
export type LockReason = 'manual' | string;

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export const PeriodLock = {
  /** The current lock date, or null when nothing is locked. */
  async lockedUntil(tx: Tx): Promise<IsoDate | null> {
    const [row] = await tx.sql<{ locked_until: string | null }>(`select locked_until::text as locked_until from ledger_locks where tenant_id = :tenant`);
    return row?.locked_until ?? null;
  },

  /** The lock date and every change of it, oldest first. */
  async state(tx: Tx): Promise<LockState> {
    const rows = await tx.sql<any>(`
      select id::text as id, changed_at, user_id::text as user_id, api_key_id::text as api_key_id, role,
        from_date::text as from_date, to_date::text as to_date, reason
      from ledger_lock_changes where tenant_id = :tenant order by changed_at, id`);
    return {
      locked_until: await PeriodLock.lockedUntil(tx),
      history: rows.map((r) => ({
        id: r.id, changed_at: iso(r.changed_at), user_id: r.user_id, api_key_id: r.api_key_id, role: r.role, from: r.from_date, to: r.to_date, reason: r.reason,
      })),
    };
  },

  /**
   * Moves the lock to `lockedUntil` (null: nothing locked) and records the change. Moving it back
   * (to an earlier date, or lifting it) is for an owner only: 403 for anyone else, unless
   * `mayMoveBack` says the caller already checked (reopening a year, which only an owner may do).
   * The counter row is taken first, as posting does, so a lock and a posting never interleave.
   * Returns the previous date. Setting the same date records nothing.
   */
  async set(tx: Tx, lockedUntil: IsoDate | null, options: { reason?: LockReason; mayMoveBack?: boolean; loc?: (string | number)[] } = {}): Promise<IsoDate | null> {
    if (lockedUntil !== null && !isIsoDate(lockedUntil)) throw ValidationFailed.field(options.loc ?? ['body', 'locked_until'], 'Not a valid date (YYYY-MM-DD)');
    // serialise with posting: every posting statement takes the counter row first
    await tx.sql(`insert into ledger_counters (tenant_id, last_number) values (:tenant, 0)
      on conflict (tenant_id) do update set last_number = ledger_counters.last_number`);
    const [row] = await tx.sql<{ locked_until: string | null }>(`select locked_until::text as locked_until from ledger_locks where tenant_id = :tenant for update`);
    const previous = row?.locked_until ?? null;
    if (previous === lockedUntil) return previous;
    const movesBack = previous !== null && (lockedUntil === null || lockedUntil < previous);
    const principal = tx.principal;
    if (movesBack && !options.mayMoveBack && principal?.role !== 'owner') {
      throw new Forbidden(`Only an owner may move the lock back (from ${previous} to ${lockedUntil ?? 'no lock'})`);
    }
    await tx.sql(`insert into ledger_locks (tenant_id, locked_until, updated_at) values (:tenant, :date::date, now())
      on conflict (tenant_id) do update set locked_until = excluded.locked_until, updated_at = now()`, { date: lockedUntil });
    await tx.sql(`insert into ledger_lock_changes (id, tenant_id, user_id, api_key_id, role, from_date, to_date, reason)
      values (:id::uuid, :tenant, :user::uuid, :key::uuid, :role, :from::date, :to::date, :reason)`, {
      id: crypto.randomUUID(), user: principal?.userId ?? null, key: principal?.apiKeyId ?? null, role: principal?.role ?? null,
      from: previous, to: lockedUntil, reason: options.reason ?? 'manual',
    });
    return previous;
  },
};
