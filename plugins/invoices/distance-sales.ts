import type { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { dec, pgArray } from '../documents/api';
import { EU_MEMBER_STATES } from '../taxes/api';

/**
 * taxes.distance-sales: bases of the year's issued invoices to customers in another Member State
 * without an EU VAT number or flagged as consumers (as printed on the invoice), net of
 * rectifications. Lines are not told apart by goods/TBE services: every line of such an invoice counts.
 */
export async function distanceSales(tx: Tx, year: number): Promise<Decimal> {
  const [row] = await tx.sql<{ s: string }>(`
    select coalesce(sum(i.subtotal), 0)::text as s from invoices i
    where i.tenant_id = :tenant and i.status <> 'draft' and i.issue_date between make_date(:year, 1, 1) and make_date(:year, 12, 31)
      and i.customer_country <> 'ES' and i.customer_country = any(:eu::text[])
      -- invoices issued before contacts took the value 'individual' keep 'consumer' in their snapshot
      and (i.customer_type in ('individual', 'consumer') or i.customer_vat is null)
      and not exists (select 1 from invoices r where r.tenant_id = i.tenant_id and r.rectifies_id = i.id and r.rectification_mode = 'substitution')`,
  { year, eu: pgArray(EU_MEMBER_STATES) });
  return dec(row.s);
}
