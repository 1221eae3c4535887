/**
 * What syntax and signing plugins use from the einvoice plugin: the model and the extension points'
 * contracts; the model as EN 16931 business terms (how recargo and IRPF are carried) and the
 * business rules; the model builder and renderer for plugins that attach e-invoices.
 */
export type * from './model';
export { InvalidEInvoiceFile, UnprocessableEInvoice, type CertificateState, type EInvoiceSigning, type EInvoiceSyntax, type ReadEInvoice, type SignatureCheck, type SignatureVerifier, type WriteOptions, type XmlSigner } from './syntaxes';
export {
  en16931Of, vatIdentifierOf,
  type En16931Invoice, type En16931Party, type En16931Line, type En16931Charge, type En16931Vat,
} from './en16931';
export { businessRuleViolations, checkEn16931 } from './rules';
export { buildEInvoice, buildEInvoiceOf, vatCategoryOf } from './build';
export { renderEInvoice, installedSyntaxes, syntaxNamed, syntaxSigns, type EInvoiceFile, type SigningChoice } from './service';
export {
  SURCHARGE_PROPERTY, WITHHOLDING_PROPERTY, SURCHARGE_EXEMPTION_REASON, SURCHARGE_REASON, WITHHOLDING_NOTE,
  surchargeReason, parseSurchargeReason, withholdingNote, parseWithholdingNote, vatWithSurcharges, type SurchargeCharge,
} from './spanish-conventions';
export { negatedAmounts } from './credit-note';
export { documentAdjustmentLine } from './document-adjustments';
