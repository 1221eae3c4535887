import type { Tx } from '../../kernel/uow';
import type { Memory } from './scoring';
import { compactIban, counterpartyKey } from './text';

type MemoryKind = 'contact_by_counterparty' | 'contact_by_iban' | 'account_by_counterparty';

/**
 * What the company taught: every match remembers "this counterparty text (or IBAN) is that
 * contact" and every categorisation "this text goes to that account"; an undo forgets once.
 * The most used (then the latest, then the smallest value: ties always end the same way) answer for a key wins.
 */
export const CompanyMemory = {
  async load(tx: Tx): Promise<Memory> {
    const rows = await tx.sql<{ kind: MemoryKind; key: string; value: string }>(
      `select kind, key, value from reconciliation_memory where tenant_id = :tenant order by uses desc, last_used_at desc, value`);
    const memory: Memory = { contactByCounterparty: new Map(), contactByIban: new Map(), accountByCounterparty: new Map() };
    const maps: Record<MemoryKind, Map<string, string>> = {
      contact_by_counterparty: memory.contactByCounterparty, contact_by_iban: memory.contactByIban, account_by_counterparty: memory.accountByCounterparty,
    };
    for (const row of rows) if (!maps[row.kind].has(row.key)) maps[row.kind].set(row.key, row.value);
    return memory;
  },

  async learnContact(tx: Tx, movement: { counterparty: string | null; counterparty_iban: string | null }, contactIds: string[], delta: 1 | -1) {
    if (new Set(contactIds).size !== 1) return;
    const key = counterpartyKey(movement.counterparty);
    const iban = compactIban(movement.counterparty_iban);
    if (key) await remember(tx, 'contact_by_counterparty', key, contactIds[0], delta);
    if (iban) await remember(tx, 'contact_by_iban', iban, contactIds[0], delta);
  },

  async learnAccount(tx: Tx, movement: { counterparty: string | null; description: string }, account: string, delta: 1 | -1) {
    const key = counterpartyKey(movement.counterparty) ?? counterpartyKey(movement.description);
    if (key) await remember(tx, 'account_by_counterparty', key, account, delta);
  },

  /** A merged contact's lessons go to the survivor. */
  async repointContacts(tx: Tx, survivorId: string, duplicateIds: string[]) {
    for (const id of duplicateIds) {
      await tx.sql(`insert into reconciliation_memory (tenant_id, kind, key, value, uses, last_used_at)
        select tenant_id, kind, key, :survivor, uses, last_used_at from reconciliation_memory
        where tenant_id = :tenant and kind like 'contact_by_%' and value = :id
        on conflict (tenant_id, kind, key, value) do update set uses = reconciliation_memory.uses + excluded.uses`, { survivor: survivorId, id });
      await tx.sql(`delete from reconciliation_memory where tenant_id = :tenant and kind like 'contact_by_%' and value = :id`, { id });
    }
  },

  async forgetContact(tx: Tx, contactId: string) {
    await tx.sql(`delete from reconciliation_memory where tenant_id = :tenant and kind like 'contact_by_%' and value = :id`, { id: contactId });
  },
};

async function remember(tx: Tx, kind: MemoryKind, key: string, value: string, delta: 1 | -1) {
  if (delta > 0) {
    await tx.sql(`insert into reconciliation_memory (tenant_id, kind, key, value) values (:tenant, :kind, :key, :value)
      on conflict (tenant_id, kind, key, value) do update set uses = reconciliation_memory.uses + 1, last_used_at = now()`, { kind, key: key.slice(0, 200), value });
  } else {
    const params = { kind, key: key.slice(0, 200), value };
    await tx.sql(`delete from reconciliation_memory where tenant_id = :tenant and kind = :kind and key = :key and value = :value and uses = 1`, params);
    await tx.sql(`update reconciliation_memory set uses = uses - 1 where tenant_id = :tenant and kind = :kind and key = :key and value = :value`, params);
  }
}
