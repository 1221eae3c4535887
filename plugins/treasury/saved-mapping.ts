import type { Tx } from '../../kernel/uow';

/**
 * The column mapping of a treasury's spreadsheet or CSV statements: given once with an import,
 * kept on the treasury and used by the next imports that give none (a bank's export keeps its
 * layout). A new mapping given with an import replaces it.
 */
export const SavedMappings = {
  async load(tx: Tx, treasuryId: string): Promise<Record<string, string> | null> {
    const [row] = await tx.sql<{ mapping: Record<string, string> | string | null }>(
      `select statement_mapping as mapping from treasuries where tenant_id = :tenant and id = :id::uuid`, { id: treasuryId });
    const mapping = row?.mapping ?? null;
    return typeof mapping === 'string' ? JSON.parse(mapping) : mapping;
  },

  async save(tx: Tx, treasuryId: string, mapping: Record<string, string>): Promise<void> {
    await tx.sql(`update treasuries set statement_mapping = :mapping::jsonb where tenant_id = :tenant and id = :id::uuid`,
      { id: treasuryId, mapping: JSON.stringify(mapping) });
  },
};
