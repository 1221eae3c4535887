import type { EntityManager } from '@mikro-orm/core';
import type { ArchivePart, ArchiveTable } from '../tenants/api';

/** A contributed table with the part it belongs to. */
export interface PartTable extends ArchiveTable { part: string }

/** Runs one statement in the transaction `em` holds. */
export const statementsIn = (em: EntityManager) => <T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> =>
  em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<T[]>;

export const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * Every contributed table, in an order rows can be inserted in: a table after each table its
 * (non-deferrable) foreign keys point to and after the tables it names in `after`; otherwise in the
 * plugins' load order. A cycle stops the export with the tables involved.
 */
export async function insertionOrder(run: ReturnType<typeof statementsIn>, parts: readonly ArchivePart[]): Promise<PartTable[]> {
  const tables = parts.flatMap((part) => part.tables.map((table) => ({ ...table, part: part.part })));
  const byName = new Map(tables.map((table) => [table.table, table]));
  const edges = await run<{ src: string; dst: string }>(
    `select c.conrelid::regclass::text as src, c.confrelid::regclass::text as dst from pg_constraint c
      join pg_namespace n on n.oid = c.connamespace and n.nspname = current_schema()
      where c.contype = 'f' and not c.condeferrable and c.conrelid <> c.confrelid`);
  const needs = new Map<string, Set<string>>(tables.map((table) => [table.table, new Set(table.after ?? [])]));
  for (const { src, dst } of edges) if (byName.has(src) && byName.has(dst)) needs.get(src)!.add(dst);
  const ordered: PartTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find((table) => !placed.has(table.table) && [...needs.get(table.table)!].every((dst) => placed.has(dst) || !byName.has(dst)));
    if (!next) throw new Error(`Archive tables refer to each other in a cycle: ${tables.filter((t) => !placed.has(t.table)).map((t) => t.table).join(', ')}`);
    ordered.push(next);
    placed.add(next.table);
  }
  return ordered;
}

/** The columns an import writes: all but generated and always-identity columns and the table's `fresh` ones. */
export async function insertedColumns(run: ReturnType<typeof statementsIn>, table: ArchiveTable): Promise<string[]> {
  const rows = await run<{ name: string }>(
    `select a.attname as name from pg_attribute a where a.attrelid = to_regclass(?) and a.attnum > 0 and not a.attisdropped
        and a.attgenerated = '' and a.attidentity <> 'a' order by a.attnum`, [table.table]);
  if (!rows.length) throw new Error(`Archive table ${table.table} does not exist`);
  const fresh = new Set(table.fresh ?? []);
  return rows.map((row) => row.name).filter((name) => !fresh.has(name));
}
