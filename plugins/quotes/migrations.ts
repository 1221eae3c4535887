import { sqlMigration } from '../../kernel/migration';
import { offerTablesSql } from '../documents/api';
import { QUOTE } from './kind';

/** `quote_series`, `quotes`, `quote_lines` (the documents plugin's offer tables, under row-level security). */
export const migrations = [sqlMigration('20270111000100_quotes', offerTablesSql(QUOTE))];
