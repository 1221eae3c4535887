import { NotFound } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { sepaId } from './sepa-text';

/** Reading payment orders and remittances alike: a header row with its items, a page of headers, their common JSON. */

/** The columns every batch header has, for raw SQL. */
export const BATCH_COLUMNS = `id::text as id, treasury_id::text as treasury_id, message_id, total::text as total, items_count, settled_on::text as settled_on,
  journal_entry_id::text as journal_entry_id, movement_id::text as movement_id, created_at`;

export interface BatchRow {
  id: string; treasury_id: string; message_id: string; total: string; items_count: number; settled_on: string | null;
  journal_entry_id: string | null; movement_id: string | null; created_at: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** CreDtTm: seconds precision, UTC. */
export const creationTime = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString().slice(0, 19);

/** A transaction's end-to-end id: the batch, the position and the document's number, at most 35 characters. */
export const endToEndIdOf = (messageId: string, position: number, number: string) => `${messageId.slice(2, 14)}-${position}-${sepaId(number, 18)}`.slice(0, 35);

export const batchToJson = (row: BatchRow) => ({
  id: row.id, treasury_id: row.treasury_id, message_id: row.message_id, total: row.total, items_count: Number(row.items_count),
  status: row.settled_on ? 'settled' as const : 'pending' as const, settled_on: row.settled_on, journal_entry_id: row.journal_entry_id,
  movement_id: row.movement_id, created_at: new Date(creationTime(row.created_at) + 'Z').toISOString(),
});

/** Loads and lists one kind of batch: `columns` are the header's own beyond BATCH_COLUMNS, `itemColumns` its items'. */
export function batchReader<H extends BatchRow, I>(spec: { header: string; items: string; key: string; columns: string; itemColumns: string; what: string }) {
  const select = `select ${BATCH_COLUMNS}, ${spec.columns} from ${spec.header}`;
  return {
    async load(tx: Tx, id: string): Promise<{ header: H; items: I[] }> {
      const [header] = UUID.test(id) ? await tx.sql<H>(`${select} where tenant_id = :tenant and id = :id::uuid`, { id }) : [];
      if (!header) throw new NotFound(`${spec.what} not found`);
      const items = await tx.sql<I>(`select ${spec.itemColumns} from ${spec.items} where tenant_id = :tenant and ${spec.key} = :id::uuid order by position`, { id });
      return { header, items };
    },
    async list(tx: Tx, query: { limit: number; offset: number }): Promise<{ rows: H[]; total: number }> {
      const rows = await tx.sql<H & { full_count: string }>(`select x.*, count(*) over () as full_count from (${select} where tenant_id = :tenant) x
        order by x.created_at desc, x.id limit :limit offset :offset`, query);
      return { rows, total: rows.length ? Number(rows[0].full_count) : 0 };
    },
  };
}
