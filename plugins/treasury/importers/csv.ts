import type { StatementImporter } from './types';
export const csvImporter: StatementImporter = { name: 'csv', description: 'CSV', fallback: true, detect: () => true, parse: () => ({ accounts: [], movements: [], rejected: [] }) };
