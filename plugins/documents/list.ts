import type { Tx } from '../../kernel/uow';
import { listWhere, type DocumentListFilters } from './lifecycle';
import { loadLinesOf, type LinesSource } from './rows';
import { documentPage, documentSearch, type DocumentTable } from './search';
import { loadTaxTypes, type TaxTypeInfo } from './tax-types';

export interface DocumentListQuery extends DocumentListFilters { limit?: number; offset?: number; search?: string; cursor?: string }

/**
 * One page of a kind's list (GET /invoices, GET /purchases): the shared filters plus the kind's
 * own (`filter` adds to the WHERE over alias `d`), searched and paged as `documentPage` does, each
 * document with its lines, and the tax types they name.
 */
export async function documentList<L, R extends { lines: L[] }>(tx: Tx, doc: DocumentTable, query: DocumentListQuery, kind: {
  columns: string; lines: LinesSource<L>; recordOf(row: any, lines: L[]): R; typeIdsOf(records: R[]): string[];
  filter?(where: string, params: Record<string, unknown>): string;
}): Promise<{ records: R[]; types: Map<string, TaxTypeInfo>; total: number; limit: number; offset: number; next_cursor: string | null }> {
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;
  const filtered = listWhere('d', query);
  const where = kind.filter ? kind.filter(filtered.where, filtered.params) : filtered.where;
  const search = await documentSearch(tx, doc, query.search, ['query', 'search']);
  const page = await documentPage(tx, doc, { columns: kind.columns, where, params: filtered.params, search, limit, offset, cursor: query.cursor });
  const lines = await loadLinesOf(tx, kind.lines, page.rows.map((r) => r.id));
  const records = page.rows.map((r) => kind.recordOf(r, lines.get(r.id) ?? []));
  return { records, types: await loadTaxTypes(tx, kind.typeIdsOf(records)), total: page.total, limit, offset, next_cursor: page.nextCursor };
}
