import type { Tx } from '../../kernel/uow';

/** GDPR export: the company's treasuries, statement imports and every movement. */
export async function exportTreasury(tx: Tx) {
  return {
    treasuries: await tx.sql(`select id::text, kind, name, iban, provider, currency, ledger_account, suspense_account, opening_balance::text,
      opening_date::text, archived_at, created_at from treasuries where tenant_id = :tenant order by created_at, id`),
    imports: await tx.sql(`select id::text, treasury_id::text, format, file_name, file_sha256, imported, duplicates, rejected, created_at
      from bank_imports where tenant_id = :tenant order by created_at, id`),
    movements: await tx.sql(`select id::text, treasury_id::text, import_id::text, booking_date::text, value_date::text, amount::text, description,
      reference, counterparty, counterparty_iban, status, created_at from bank_movements where tenant_id = :tenant order by booking_date, created_at, id`),
  };
}

/** Erasing a company: its movements, imports and treasuries (its books go with the ledger's erasure). */
export async function eraseTreasury(tx: Tx): Promise<void> {
  await tx.sql(`delete from bank_movements where tenant_id = :tenant`);
  await tx.sql(`delete from bank_imports where tenant_id = :tenant`);
  await tx.sql(`delete from treasuries where tenant_id = :tenant`);
}
