/**
 * Goods or services, for a purchase line: a capital good, or a line booked on 600–602 (compras) or
 * a group 2 account (fixed assets), is goods; every other expense (62x services, 607 work done by
 * others, 629…) is a service. The purchase kind declares it to the documents plugin, which applies
 * it to the tax register for every return that tells goods from services (349, 390):
 * `TaxRegisterNature` of `plugins/documents/api.ts`. SQL over the lines table aliased `l`.
 */
export const PURCHASE_LINE_NATURE = {
  goods: `(l.capital_good or l.expense_account ~ '^(60[012]|2)')`,
} as const;
