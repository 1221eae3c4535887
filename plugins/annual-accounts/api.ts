/** What other plugins use from the annual accounts: one statement of a year in a model (the legal books print them). */
export { AnnualAccounts, type AnnualAccountsLine, type AnnualAccountsView, type StatementKind } from './service';
export { MODELS, type ModelKey } from './models';
