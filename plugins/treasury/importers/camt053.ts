import type { StatementImporter } from './types';
export const camt053Importer: StatementImporter = { name: 'camt053', description: 'CAMT.053', detect: () => false, parse: () => ({ accounts: [], movements: [], rejected: [] }) };
