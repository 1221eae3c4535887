import type { StatementImporter } from './types';
export const norma43Importer: StatementImporter = { name: 'norma43', description: 'Norma 43', detect: () => false, parse: () => ({ accounts: [], movements: [], rejected: [] }) };
