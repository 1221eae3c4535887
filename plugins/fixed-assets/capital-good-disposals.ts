import type { Tx } from '../../kernel/uow';
import { pgArray } from '../../kernel/sql-params';
import { PurchaseService, purchaseToJson } from '../purchases/api';
import type { CapitalGoodDisposal, CapitalGoodDisposals } from '../tax-models/api';

/**
 * The disposals of the fixed assets made from purchase lines, for the VAT regularisation of
 * capital goods sold within their period (art. 110 LIVA; tax-models' `capital-good-disposals`):
 * each with its line's VAT type, deductibility and base (the purchases plugin's view of the line),
 * the day, the kind and the sale's invoice.
 */
export const FIXED_ASSET_DISPOSALS: CapitalGoodDisposals = {
  name: 'fixed-assets',
  async disposals(tx: Tx, purchaseIds: readonly string[]): Promise<CapitalGoodDisposal[]> {
    const rows = await tx.sql<{ purchase_id: string; purchase_line_no: number; disposed_on: string; disposal_kind: 'sale' | 'write_off'; disposal_invoice_id: string | null }>(`
      select purchase_id::text as purchase_id, purchase_line_no, disposed_on::text as disposed_on, disposal_kind, disposal_invoice_id::text as disposal_invoice_id
      from fixed_assets where tenant_id = :tenant and status = 'disposed' and purchase_id = any(:ids::uuid[]) order by disposed_on, number`, { ids: pgArray(purchaseIds) });
    const purchases = new Map<string, ReturnType<typeof purchaseToJson>>();
    const out: CapitalGoodDisposal[] = [];
    for (const row of rows) {
      if (!purchases.has(row.purchase_id)) purchases.set(row.purchase_id, purchaseToJson(await PurchaseService.get(tx, row.purchase_id)));
      const line = (purchases.get(row.purchase_id)!.lines as any[]).find((l) => l.line_no === Number(row.purchase_line_no));
      if (!line || !line.capital_good) continue;
      out.push({
        purchaseId: row.purchase_id, taxTypeId: line.tax_type_id, deductible: line.deductible !== false, base: line.base,
        date: row.disposed_on, kind: row.disposal_kind, invoiceId: row.disposal_invoice_id,
      });
    }
    return out;
  },
};
