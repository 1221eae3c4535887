/**
 * What other plugins use from the purchases plugin (treasury and reconciliation record payments;
 * subscribers of `purchase.issued`, declared in ./hooks.ts). Call inside your own unit of work.
 */
export {
  PurchaseService, purchaseToJson, purchaseBreakdown, computePurchaseLines, PURCHASE_SERIES, DEFAULT_EXPENSE_ACCOUNT, PURCHASE_SETTLEMENT,
  type PurchaseRecord, type PurchaseLineRecord, type PurchaseInput, type PurchaseOrigin, type PurchaseView, type PurchaseKind, type PurchaseStatus,
} from './service';
export type { PurchaseIssuedPayload } from './hooks';
export { PurchaseResponse } from './schemas';
export { postPurchase, postPurchasePayment, payableAccountOf, capitalGoodsVatAccount, type PurchasePostingDoc, type PurchasePostingLine } from './posting';
export { purchaseLineNature, purchaseNatureBases, type NatureBases, type PurchaseNature } from './nature';
