/**
 * What other plugins use from the purchases plugin (treasury and reconciliation record payments;
 * subscribers of `purchase.issued`, declared in ./hooks.ts). Call inside your own unit of work.
 */
import type { Database } from '../../kernel/database';
import { perTenant } from '../../lib/tenant-sets';
export {
  PurchaseService, purchaseToJson, purchaseBreakdown, computePurchaseLines, PURCHASE_SERIES, DEFAULT_EXPENSE_ACCOUNT, PURCHASE_SETTLEMENT,
  type PurchaseRecord, type PurchaseLineRecord, type PurchaseInput, type PurchaseOrigin, type PurchaseView, type PurchaseKind, type PurchaseStatus,
} from './service';
export type { PurchaseIssuedPayload } from './hooks';
export { PurchaseResponse } from './schemas';
export { postPurchase, postPurchasePayment, payableAccountOf, capitalGoodsVatAccount, undeductedVat, vatDeduction, type PurchasePostingDoc, type PurchasePostingLine } from './posting';

/** Purchases read from a file (source `ocr`) that are still drafts to review, per company, in one statement (the workspace). */
export async function toReviewByTenant(db: Database, tenantIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await perTenant<{ tenant_id: string; purchases: number | string }>(db, 'cuadra_purchases_to_review', tenantIds);
  return new Map([...rows].map(([id, row]) => [id, Number(row.purchases)]));
}
