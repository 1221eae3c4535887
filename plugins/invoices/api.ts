/**
 * What other plugins use from the invoices plugin (purchases shares the document arithmetic;
 * treasury and reconciliation record payments; VERI*FACTU and webhooks subscribe to
 * `invoice.issued`, declared in ./hooks.ts). Call inside your own unit of work.
 */
export {
  InvoiceService, invoiceToJson, documentToJson, lineToJson, breakdownOf, legendsOf, computeLines, DEFAULT_SERIES, RECTIFYING_SERIES,
  type InvoiceRecord, type InvoiceLineRecord, type InvoiceView, type InvoiceStatus, type RectificationMode,
} from './service';
export type { InvoiceIssuedPayload } from './hooks';
export { computeAmounts, lineBase, trimDecimal, formatRate, type DocumentAmounts, type LineAmounts, type LineInput, type TaxGroup, type TaxKind } from './calc';
export { postInvoice, postInvoicePayment, sided, revenueAccountOf, type SalesPostingDoc } from './posting';
export { takeNumber, formatNumber, type DocumentNumber } from './numbering';
export { loadTaxTypes, checkLineTaxTypes, type TaxTypeInfo } from './tax-types';
export {
  abs, checkDates, checkMagnitudes, checkPostableAccounts, dec, iso, isoOrNull, jsonOrNull, parseLineNumbers, partyOfContact, partyOfTenant, pgArray,
  MAX_AMOUNT, type Loc, type Party, type ParsedLineCommon, type WireLineCommon,
} from './document';
export { tenantPolicy } from './migrations';
export { documentPage, documentSearch, documentSearchHits, type DocumentTable } from './search';
export { formatEuro } from './pdf';
export * as InvoiceSchemas from './schemas';
