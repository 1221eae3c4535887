/** Whether a purchase line bought goods or services: the informative returns (349, 390) tell intra-EU acquisitions of goods from those of services. */
export type PurchaseNature = 'goods' | 'services';

/** Goods when a capital good or booked on 600–602 (compras) or a group 2 account; every other expense is a service. */
export function purchaseLineNature(line: { capitalGood: boolean; expenseAccount: string }): PurchaseNature {
  return line.capitalGood || /^(60[012]|2)/.test(line.expenseAccount) ? 'goods' : 'services';
}
