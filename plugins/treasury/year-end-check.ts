import type { Tx } from '../../kernel/uow';

/**
 * The treasury's answer to the fiscal-years plugin's `year-end-checks` point (a plain object,
 * contributed only when that plugin is installed): bank movements booked in a year that are still
 * unmatched (on the suspense account 555x), which must be reconciled before the year is closed.
 */
export const unreconciledMovementsCheck = {
  name: 'treasury',
  description: 'unreconciled bank movements booked in the year',
  async pending(tx: Tx, period: { from: string; to: string }, limit: number) {
    const rows = await tx.sql<{ id: string; date: string; amount: string; description: string; full_count: number }>(`
      select id::text as id, booking_date::text as date, amount::text as amount, description, count(*) over () as full_count
      from bank_movements where tenant_id = :tenant and status = 'unmatched' and booking_date between :from::date and :to::date
      order by booking_date, id limit :limit`, { from: period.from, to: period.to, limit });
    return {
      total: rows.length ? Number(rows[0].full_count) : 0,
      items: rows.map((r) => ({
        kind: 'unreconciled_bank_movement', id: r.id, date: r.date,
        label: `Unreconciled bank movement ${r.id} (${r.amount}${r.description ? `, ${r.description.slice(0, 60)}` : ''})`,
      })),
    };
  },
};
