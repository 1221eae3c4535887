import type { Tx } from '../../kernel/uow';

/** GDPR export: the register and the depreciation posted. */
export async function exportFixedAssets(tx: Tx) {
  return {
    assets: await tx.sql(`select id::text, number, name, account, acquisition_date::text, start_date::text, cost::text, residual_value::text, vat_deducted::text,
      method, useful_life_months, tax_table_code, coefficient::text, purchase_id::text, purchase_line_no, status, disposed_on::text, disposal_kind,
      disposal_price::text, disposal_invoice_id::text, disposal_entry_id::text, created_at from fixed_assets where tenant_id = :tenant order by number`),
    depreciations: await tx.sql(`select asset_id::text, period, date::text, amount::text, journal_entry_id::text from fixed_asset_depreciations
      where tenant_id = :tenant order by period, asset_id`),
  };
}

export async function eraseFixedAssets(tx: Tx): Promise<void> {
  await tx.sql(`delete from fixed_asset_depreciations where tenant_id = :tenant`);
  await tx.sql(`delete from fixed_assets where tenant_id = :tenant`);
}
