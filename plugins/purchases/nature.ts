import type { Tx } from '../../kernel/uow';
import { PURCHASE } from './kind';

/** Whether a purchase line bought goods or services: the informative returns (349, 390) tell intra-EU acquisitions of goods from those of services. */
export type PurchaseNature = 'goods' | 'services';

/** The expense accounts of goods: 600–602 (compras) and group 2 (fixed assets). */
const GOODS_ACCOUNTS = '^(60[012]|2)';

/** Goods when a capital good or booked on 600–602 (compras) or a group 2 account; every other expense is a service. */
export function purchaseLineNature(line: { capitalGood: boolean; expenseAccount: string }): PurchaseNature {
  return line.capitalGood || new RegExp(GOODS_ACCOUNTS).test(line.expenseAccount) ? 'goods' : 'services';
}

/** The line bases of goods and of services of one VAT type, summed. */
export interface NatureBases { taxTypeId: string; goods: string; services: string }

/**
 * The bases of the lines of registered purchases dated `from`–`to` (both included), neither
 * rectifications nor capital goods, by VAT type and nature (the rule of `purchaseLineNature`),
 * summed in the database: what a return that tells goods from services reads for a whole year.
 */
export async function purchaseNatureBases(tx: Tx, from: string, to: string): Promise<NatureBases[]> {
  const rows = await tx.sql<{ tax_type_id: string; goods: string; services: string }>(`
    select l.tax_type_id::text as tax_type_id,
      coalesce(sum(l.base) filter (where l.expense_account ~ '${GOODS_ACCOUNTS}'), 0)::text as goods,
      coalesce(sum(l.base) filter (where l.expense_account !~ '${GOODS_ACCOUNTS}'), 0)::text as services
    from ${PURCHASE.linesTable} l join ${PURCHASE.table} d on d.tenant_id = l.tenant_id and d.id = l.${PURCHASE.linesKey}
    where d.tenant_id = :tenant and d.status <> 'draft' and d.rectifies_id is null and not l.capital_good and d.issue_date between :from::date and :to::date
    group by l.tax_type_id`, { from, to });
  return rows.map((r) => ({ taxTypeId: r.tax_type_id, goods: r.goods, services: r.services }));
}
