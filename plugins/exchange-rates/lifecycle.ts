import type { Tx } from '../../kernel/uow';

/** GDPR export: the company's exchange-rate table. */
export async function exportRates(tx: Tx) {
  return tx.sql(`select id::text, currency, rate_date::text as date, rate::text as rate, source, created_at, updated_at
    from exchange_rates where tenant_id = :tenant order by rate_date, currency`);
}

/** Erasing a company: its rates. */
export async function eraseRates(tx: Tx): Promise<void> {
  await tx.sql(`delete from exchange_rates where tenant_id = :tenant`);
}
