import type { Tx } from '../../kernel/uow';

/** GDPR export: the company's mandates, payment orders and remittances with their items. */
export async function exportSepa(tx: Tx) {
  const all = (table: string, order: string) => tx.sql(`select to_jsonb(x) - 'tenant_id' as row from ${table} x where tenant_id = :tenant order by ${order}`)
    .then((rows: any[]) => rows.map((r) => r.row));
  return {
    mandates: await all('sepa_mandates', 'created_at, id'),
    payment_orders: await all('sepa_payment_orders', 'created_at, id'),
    payment_order_items: await all('sepa_payment_order_items', 'order_id, position'),
    remittances: await all('sepa_remittances', 'created_at, id'),
    remittance_items: await all('sepa_remittance_items', 'remittance_id, position'),
  };
}

/** Erasing a company: items first (they name their headers and mandates). */
export async function eraseSepa(tx: Tx): Promise<void> {
  for (const table of ['sepa_payment_order_items', 'sepa_payment_orders', 'sepa_remittance_items', 'sepa_remittances', 'sepa_mandates']) {
    await tx.sql(`delete from ${table} where tenant_id = :tenant`);
  }
}
