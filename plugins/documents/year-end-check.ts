import type { Tx } from '../../kernel/uow';
import { documentKinds } from './kinds';

/**
 * The documents plugin's answer to the fiscal-years plugin's `year-end-checks` point (a plain
 * object, contributed only when that plugin is installed): the draft documents of every kind dated
 * in a year, which must be issued or deleted before the year is closed.
 */
export const draftDocumentsCheck = {
  name: 'documents',
  description: 'draft documents (invoices, purchases…) dated in the year',
  async pending(tx: Tx, period: { from: string; to: string }, limit: number) {
    const kinds = documentKinds();
    if (!kinds.length) return { total: 0, items: [] };
    const rows = await tx.sql<{ kind_no: number; id: string; date: string; total: string; full_count: number }>(`
      select x.*, count(*) over () as full_count from (
        ${kinds.map((k, i) => `select ${i} as kind_no, id::text as id, issue_date::text as date, total::text as total
          from ${k.table} where tenant_id = :tenant and status = 'draft' and issue_date between :from::date and :to::date`).join('\n        union all\n        ')}
      ) x order by x.date, x.id limit :limit`, { from: period.from, to: period.to, limit });
    return {
      total: rows.length ? Number(rows[0].full_count) : 0,
      items: rows.map((r) => {
        const kind = kinds[Number(r.kind_no)];
        return { kind: `draft_${kind.name}`, id: r.id, date: r.date, label: `Draft ${kind.noun.toLowerCase()} ${r.id} (total ${r.total})` };
      }),
    };
  },
};
