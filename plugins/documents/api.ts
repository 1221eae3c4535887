/**
 * The document lifecycle, for document kinds (invoices, purchases) and readers of tax data. Call
 * inside your own unit of work. How to add a kind or an issue step: docs/plugin-authors.md.
 *
 * - The kind contract: `documentTables` (the descriptor), `kindStore` (your own columns; find, get,
 *   list, drafts), `linesFromWire` / `computeDocumentLines`, `taxBreakdown`, `documentToJson`;
 *   issuing through the issue steps (`planIssue`, then `issueInTransaction` or `issueInOneWrite`
 *   with your `KindStatement`); `completeRectifying`; `recordPayment` with your `SettlementKind`;
 *   `documentKindPlugin` / `documentKindHooks`; `documentTablesSql` / `documentGuardSql` for your
 *   migrations.
 * - `DocumentIssueStep`: what a plugin contributes to `document-issue-steps` to write its own rows
 *   in every issue statement.
 * - `TaxRegister`: the stable read API of the tax register (tax models, VERI*FACTU, VAT books);
 *   `TaxRegisterNature`: the goods and services parts of its rows, row by row or summed in the
 *   database, by the kinds' `lineNature` (the one rule the 349 and the 390 read).
 * - Settlements: `openItems`, `settle`, `reverseSettlement`; for plugins that know no kind, the documents
 *   service (`kernel.service('documents')`, ./service.ts): open items and payments across every kind.
 * - Events: the payloads of the documents' and settlements' after-commit events (./events.ts).
 * - Printing: `PrintableDocument` (any kind's document as printed), `renderDocument` in a named
 *   format of the `document-formats` extension point (`DocumentFormat`; the plugin's own is `pdf`);
 *   `companyPrintout`: the company's party, registry entry, payment lines (the IBAN from the
 *   `collection-accounts` extension point, which the treasury plugin fills) and logo.
 * - Offer kinds, documents without fiscal effect (quotes, proformas): `offerPlugin` over an
 *   `OfferKind` declaration (./offers).
 * - Lower-level pieces the kind store is made of (rows, lists, search, the context read) stay
 *   exported for kinds not yet on it.
 */
export { computeAmounts, formatRate, lineBase, trimDecimal, type DocumentAmounts, type LineAmounts, type LineInput, type TaxGroup, type TaxKind } from './calc';
export {
  abs, checkDates, checkMagnitudes, checkPostableAccounts, dec, iso, isoOrNull, jsonOrNull, MAX_AMOUNT, parseLineNumbers, partyOfContact, partyOfTenant, pgArray,
  type Loc, type ParsedLineCommon, type Party, type WireLineCommon,
} from './document';
export { contextColumns, contextFromRow, contextOf, loadContext, type ContactFacts, type DocumentContext } from './context';
export { formatNumber, takeNumber, type DocumentNumber } from './numbering';
export { checkLineTaxTypes, loadTaxTypes, namesTaxCodes, resolveTaxCodes, TAX_CODES_ENDPOINT, withTaxTypeIds, type DocumentSide, type TaxTypeInfo } from './tax-types';
export {
  assertUuid, blankToNull, checkHeaderDates, checkRectification, checkRectificationAmounts, ContactAnswers, contactHooks, eraseKind, everyPage, markRectified,
  listWhere, statusAfterRectification, substitutedColumn, UUID, type DocumentListFilters, type DocumentState, type KindTable, type Rectifiable, type RectificationMode,
  RECTIFICATION_GROUNDS, rectificationTypeOf, type RectificationGround, type RectificationType,
} from './lifecycle';
export { registerBackfillSql, registerReclassifySql, type RegisterBackfill } from './migrations';
export { RECTIFIES_SIMPLIFIED_BACKFILL } from './added-migrations';
export { documentGuardSql, documentTablesSql, linesGuardByKeySql, migratedDocumentsSql, type DocumentGuard, type KindTablesOwn } from './kind-schema';
export {
  deductiblePart, registerRows, registerSubstitution, REGISTER_KINDS, TaxRegister, type RegisterDocument, type SubstitutionRegister, type RegisterKind, type RegisterLine, type RegisterSide,
  type TaxRegisterEntry, type TaxRegisterQuery,
} from './tax-register';
export { loadPayment, openItems, reverseSettlement, settle, settleMany, type Allocation, type Payment, type OpenItem, type SettleInput, type SettlementKind, type SettlementPosting } from './settlement';
export { DOCUMENT_CURRENCY, documentEventPayload, rectificationEvents, type DocumentEventPayload, type DocumentPaidPayload, type SettlementPayload } from './events';
export { documentsService, paymentToJson, type DocumentsService, type OpenItemSide, type OpenItemFacts, type OpenItemsQuery, type OpenItemView, type SettleRequest, type SettleResult } from './service';
export { documentKind, documentKinds, documentTables, type DocumentKind, type DocumentKindName, type DocumentTables, type OpenItemFields, type OpenItemKind, type OwnValue } from './kinds';
export { completeRectification, completeRectifying, type RectifyingKind } from './rectification';
export { recordPayment } from './payment';
export { documentKindHooks, documentKindPlugin } from './kind-hooks';
export { documentList, type DocumentListQuery } from './list';
export { DocumentIdParams, documentItemRoutes, type DocumentItemRoutes } from './item-routes';
export { sided, type Side } from './posting';
export { documentPage, documentSearch, documentSearchHits, headerDocument, newestFirst, type DocumentSearch, type DocumentTable } from './search';
export * from './schemas';
export { documentToJson, lineToJson, salesLegends, taxBreakdown } from './json';
export { computeDocumentLines, linesFromWire, wireTypeIds, type ComputedDocument, type LineBasis } from './lines';
export { kindStore, type DraftHeader, type KindRows, type KindStore, type OwnColumns, type OwnValues } from './kind-store';
export {
  commonLineOf, commonRecordOf, documentColumns, findDocumentRow, lineColumns, loadLinesOf, typeIdsOf, type DocumentRecordCommon, type LineRecordCommon,
  type LinesSource,
} from './rows';
export { TAX_REGISTER_MAX_ROWS } from './tax-register';
export { TaxRegisterNature, type NatureAmounts, type NatureParts, type NatureSum, type NatureSumKey } from './nature';
export { numberMark, type DocumentIssueStep, type IssueFacts, type IssuePart } from './issue-steps';
export { issueInOneWrite, issueInTransaction, planIssue, stepResults, type IssueAnswer, type IssuePlan, type KindStatement } from './issue-statement';
export { registerRowDeductible, TAX_REGISTER_AMOUNTS, TaxRegisterSums, type TaxRegisterAmount, type TaxRegisterAmounts, type TaxRegisterSum, type TaxRegisterSumKey } from './tax-register-sums';
export { type PrintableDocument, type PrintableLine, type PrintableTax, type PrintableStamp, printableDate } from './printable';
export { documentFormat, renderDocument, type DocumentFormat } from './formats';
export { formatEuro } from './pdf';
export { collectionAccount, paymentLines, printableIban, type CollectionAccountSource } from './payment-details';
export { companyPrintout } from './company-printout';
// Offer kinds (quotes, proformas): documents without fiscal effect, declared with offerPlugin (./offers/).
export { offerPlugin } from './offers/plugin';
export { offerService, type OfferInput, type OfferPatch, type OfferRecord, type OfferService, type OfferView } from './offers/service';
export { offerTablesSql } from './offers/migration';
export { offerToJson } from './offers/json';
export { offerPdf, offerPrintable } from './offers/pdf';
export { OFFER_STATES, type DraftInvoiceInput, type OfferKind, type OfferState } from './offers/kind';
export { printableLine, printableTotals } from './printable-amounts';
// Documents in another currency: the euro conversion at issue and its record (./currency.ts).
export { BOOK_CURRENCY, currencyToJson, DocumentCurrencies, euroAmountsOf, euroBasis, FOREIGN_CURRENCY_SQL, withEuroAmounts, type DocumentCurrency, type EuroAmounts } from './currency';
