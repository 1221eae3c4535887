import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { accumulatedOnDay, type AssetRow } from './assets';
import { taxTableRow } from './tax-table';

/**
 * The register of fixed assets (libro registro de bienes de inversión) for a year: every asset in
 * use at some time in it, with what identifies it, its cost and VAT deducted, its rate, the
 * depreciation of the year by the plan and the accumulated depreciation and book value at the
 * year's end (or at its disposal). Figures follow the plan; what is posted is the journal's.
 */
export async function assetRegister(tx: Tx, year: number) {
  const from = `${year}-01-01`, to = `${year}-12-31`;
  const assets = await tx.sql<AssetRow>(`select id::text as id, number, name, account, acquisition_date::text as acquisition_date, start_date::text as start_date,
      cost::text as cost, residual_value::text as residual_value, vat_deducted::text as vat_deducted, useful_life_months, tax_table_code, coefficient::text as coefficient,
      status, disposed_on::text as disposed_on, disposal_kind, disposal_price::text as disposal_price
    from fixed_assets where tenant_id = :tenant and acquisition_date <= :to::date and (disposed_on is null or disposed_on >= :from::date) order by number`, { from, to });
  const dayBefore = `${year - 1}-12-31`;
  const items = assets.map((asset) => {
    const end = asset.disposed_on && asset.disposed_on <= to ? asset.disposed_on : to;
    const opening = accumulatedOnDay(asset, dayBefore);
    const closing = accumulatedOnDay(asset, end);
    return {
      number: asset.number, id: asset.id, name: asset.name, account: asset.account, acquisition_date: asset.acquisition_date, start_date: asset.start_date,
      cost: asset.cost, vat_deducted: asset.vat_deducted, residual_value: asset.residual_value,
      rate: asset.coefficient != null ? `${asset.coefficient} %` : `${asset.useful_life_months} meses`,
      tax_table_label: asset.tax_table_code ? taxTableRow(asset.tax_table_code)?.label ?? null : null,
      accumulated_at_start: opening.toString(), depreciation_of_year: closing.sub(opening).toString(), accumulated_at_end: closing.toString(),
      net_book_value_at_end: Decimal.parse(asset.cost).sub(closing).toString(),
      disposed_on: asset.disposed_on, disposal_kind: asset.disposal_kind, disposal_price: asset.disposal_price,
    };
  });
  const sum = (field: 'cost' | 'depreciation_of_year' | 'accumulated_at_end' | 'net_book_value_at_end') =>
    items.reduce((total, i) => total.add(Decimal.parse(i[field])), Decimal.zero(2)).toString();
  return {
    year, items,
    totals: { cost: sum('cost'), depreciation_of_year: sum('depreciation_of_year'), accumulated_at_end: sum('accumulated_at_end'), net_book_value_at_end: sum('net_book_value_at_end') },
  };
}
