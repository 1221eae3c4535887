import { pgArray } from '../../kernel/sql-params';
import { systemStatementIn } from '../../kernel/database';
import type { Tx } from '../../kernel/uow';
import { normaliseTaxId } from '../../lib/spanish-tax-id';
import type { TenantKind } from './service';

export interface DirectoryEntry { id: string; name: string; taxId: string; kind: TenantKind }

/**
 * Facts about companies other than the caller's, for flows that cross tenants (an accounting firm
 * and its clients): names, tax ids and kinds only, read as the system role in the unit of work.
 */
export const TenantDirectory = {
  /** The accounting firm (`kind: firm`) with this tax id, if any. */
  async firmByTaxId(tx: Tx, taxId: string): Promise<{ id: string; name: string; taxId: string } | null> {
    const [row] = await systemStatementIn<{ id: string; name: string; tax_id: string }>(tx.em, 'select id, name, tax_id from cuadra_firm_by_tax_id(?)', [normaliseTaxId(taxId)]);
    return row ? { id: row.id, name: row.name, taxId: row.tax_id } : null;
  },

  /** The named companies that exist, by id. */
  async entries(tx: Tx, ids: readonly string[]): Promise<Map<string, DirectoryEntry>> {
    if (!ids.length) return new Map();
    const rows = await systemStatementIn<{ id: string; name: string; tax_id: string; kind: TenantKind }>(tx.em,
      'select id, name, tax_id, kind from cuadra_tenant_directory(?::uuid[])', [pgArray(ids)]);
    return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, taxId: row.tax_id, kind: row.kind }]));
  },
};
