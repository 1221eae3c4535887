/**
 * What a tax-model plugin uses: the contract it contributes (`TaxModel`), periods, a box
 * accumulator and the CSV helpers. Contribute with
 *   contributes: { 'tax-models': [myModel] }   (and dependsOn: ['tax-models'])
 */
export type { BoxDefinition, BoxKind, DesignVersion, ModelInput, ModelOptions, ModelResult, Periodicity, RegisterFilter, RenderedFile, RenderInput, ReturnCompany, SettlementInput, TaxModel, TaxPeriod } from './contract';
export { BoxSheet, dec, max, min } from './boxes';
export { boxesCsv, csvLines, CSV_CONTENT_TYPE } from './csv';
export { designOf, designsKnown, dueDateOf, periodContaining, periodOf, periodsOfYear, previousPeriod, standardDueDate } from './periods';
export { computePeriod, yearOfModel, type YearOfModel } from './service';
export { modelListing, type ModelListing } from './listing';
export { taxProfileOf, DEFAULT_PROFILE, type TaxProfile, type LegalForm, type IrpfMethod } from './profile';
export { aeatText, developerTaxId, field, informativeDeclarant, informativeHead, layoutProblems, preDeclarationFile, provinceOf, provinceOrLaPalmaOf, record, recordNif, recordsFile, type DesignField, type FieldKind, type RecordsDesign } from './records';
export {
  definitivePercentOf, PRORRATA_SUMS_BY, prorrataYear, prorrataYearToJson, vatProrrataOf, yearOperations, type ProrrataMethod, type ProrrataOperations, type ProrrataYear, type VatProrrata,
} from './prorrata';
export {
  capitalGoodsRegularisation, capitalGoodsYear, capitalGoodsYearToJson, definitivePercentOfYear, isLandOrBuildingAccount, regulariseGood, REGULARISATION_THRESHOLD,
  type CapitalGood, type CapitalGoodDisposal, type CapitalGoodDisposals, type CapitalGoodSale, type CapitalGoodYear, type CapitalGoodsYear,
} from './capital-goods';
export { dueByTenant, type DueModel } from './due-by-tenant';
export { resultsByTenant, type DueResult } from './results-by-tenant';
