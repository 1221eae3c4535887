/**
 * What other plugins may use from the fixed assets: the official coefficients table and the pure
 * depreciation schedule (annual accounts and the fiscal-year close read figures through the ledger).
 */
export { LIS_DEPRECIATION_TABLE, taxTableRow, type TaxTableRow } from './tax-table';
export { depreciationSchedule, accumulatedOn, type DepreciationPlan, type DepreciationRate, type SchedulePeriod } from './schedule';
export { assetAccounts, depreciationEntry, disposalEntry, type AssetAccounts } from './posting';
